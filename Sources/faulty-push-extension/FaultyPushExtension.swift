import BatonEnvironment
import Foundation
import NotificationServiceExtensionKit
import Notifications

/// A test extension that misbehaves as its push's `userInfo["fault"]` says: `crash`, `hang` (stops itself:
/// deaf even to the expiry notice), `slow` (leaves a best attempt, never finishes), `slowNoBest`, `flood`
/// (endless output), `greedy` (touches 64 MB), `noAlert`, `exit` (exits without answering), `garbage`,
/// `forkGreedy` (starts a grandchild that touches up to 1 GiB, then hangs), `forkStop` (starts a sleeping
/// grandchild, then stops itself), `forkReply` (starts a sleeping grandchild, then answers);
/// `descriptors` (writes to every descriptor it inherited from 3 up, and titles the push with the list);
/// otherwise it prefixes the title with "Modified: ".
struct FaultyPushExtension: NotificationServiceExtension {
    private var hoard: [[UInt8]] = []

    mutating func didReceive(_ request: NotificationRequest, context: NotificationServiceContext) -> NotificationContent
    {
        var content = request.content
        guard case .string(let fault)? = content.userInfo["fault"] else {
            content.title = "Modified: " + content.title
            return content
        }
        switch fault {
        case "crash":
            kill(getpid(), SIGSEGV)
        case "hang":
            kill(getpid(), SIGSTOP)
        case "slow":
            content.title = "Best attempt"
            context.bestAttemptContent = content
            while true { sleep(60) }
        case "slowNoBest":
            while true { sleep(60) }
        case "flood":
            let text = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)
            while true { _ = text.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) } }
        case "greedy":
            let chunk = 1024 * 1024
            for index in 0..<64 { hoard.append([UInt8](repeating: UInt8(truncatingIfNeeded: index | 1), count: chunk)) }
            content.title = "Hoarded \(hoard.reduce(0) { $0 + Int($1[$1.count / 2]) })"
        case "noAlert":
            content.title = ""
            content.subtitle = ""
            content.body = ""
        case "exit":
            exit(3)
        case "forkGreedy":
            Grandchild.start("--hoard", appGroup: context.appGroupDirectory)
            Grandchild.sleepForever()
        case "forkStop":
            Grandchild.start("--sleep", appGroup: context.appGroupDirectory)
            kill(getpid(), SIGSTOP)
        case "forkReply":
            Grandchild.start("--sleep", appGroup: context.appGroupDirectory)
            content.title = "Modified: " + content.title
        case "descriptors":
            let hostile = Array("{\"kind\":\"notificationDelivered\",\"forged\":true}\n".utf8)
            content.title = OpenDescriptors.line(OpenDescriptors.abuseInherited(hostile))
        case "garbage":
            _ = Array("this is not a reply\n".utf8).withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            while true { sleep(60) }
        default:
            content.title = "Modified: " + content.title
        }
        return content
    }
}
