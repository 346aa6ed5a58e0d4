import Foundation
import NotificationServiceExtensionKit

// The grandchild `forkGreedy` starts (`--hoard FILE`): touches memory up to 1 GiB once FILE lists it.
switch CommandLine.arguments.dropFirst().first {
case "--hoard": Grandchild.hoard(record: CommandLine.arguments.dropFirst(2).first ?? "")
default: NotificationServiceExtensionRunner.main(FaultyPushExtension.self)
}
