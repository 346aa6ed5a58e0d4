import Foundation
import NotificationServiceExtensionKit

// The grandchild `forkGreedy` starts: touches memory up to 1 GiB, 16 MB at a time, then sleeps for ever.
switch CommandLine.arguments.dropFirst().first {
case "--hoard": Grandchild.hoard()
default: NotificationServiceExtensionRunner.main(FaultyPushExtension.self)
}
