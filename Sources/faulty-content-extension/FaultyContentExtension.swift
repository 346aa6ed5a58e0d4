import BatonEnvironment
import Foundation
import NotificationContentExtensionKit
import Notifications

#if canImport(Glibc)
    import Glibc
#endif

/// A test content extension that misbehaves as its notification's `userInfo["fault"]` says: `crash` (a
/// signal), `hang` (never draws), `hoard` (touches 64 MB), `exit` (exits before drawing), `garbage` (writes
/// what is not the protocol), `flood` (a line past the protocol's limit), `hostile` (draws escape sequences), `descriptors`
/// (writes to every descriptor it inherited from 3 up, and draws the list), `crashOnAction` and `hangOnAction` (draw, then fail at a button); else it draws
/// two lines. A button's answer is `userInfo["answer"]` (a `ContentResponseOption`), and the button
/// `swap` replaces the category's buttons with one named `Swapped` (answered `doNotDismiss`).
struct FaultyContentExtension: NotificationContentExtension {
    var fault = ""
    var answer = ContentResponseOption.dismissAndForwardAction

    mutating func didReceive(_ request: ContentExtensionRequest, context: NotificationContentContext)
        -> ContentDrawing
    {
        let info = request.notification.request.content.userInfo
        if case .string(let text) = info["fault"] { fault = text }
        if case .string(let text) = info["answer"], let option = ContentResponseOption(rawValue: text) {
            answer = option
        }
        switch fault {
        case "crash": kill(getpid(), SIGSEGV)
        case "hang": while true { sleep(60) }
        case "exit": exit(3)
        case "hoard": Self.hoard()
        case "flood":
            // One line that never ends: the host stops reading at the protocol's line limit.
            let text = [UInt8](repeating: UInt8(ascii: "x"), count: 256 * 1024)
            _ = text.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            while true { sleep(60) }
        case "hostile":
            return ContentDrawing(lines: [
                [ContentRun("\u{1B}[2J\u{1B}]0;pwned\u{07}cleared?", style: .title)],
                [ContentRun("\u{202E}reversed\u{202C} and a tab\there")],
            ])
        case "descriptors":
            let held = OpenDescriptors.abuseInherited(Array("\u{1B}]0;extension was here\u{07}\u{1B}[2J".utf8))
            return ContentDrawing(lines: [[ContentRun(OpenDescriptors.line(held))]])
        case "garbage":
            let text = Array("this is not the protocol\n".utf8)
            _ = text.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            while true { sleep(60) }
        default: break
        }
        return ContentDrawing(lines: [
            [ContentRun("Drawn by the extension", style: .title)],
            [ContentRun("for ", style: .muted), ContentRun(request.notification.request.identifier)],
        ])
    }

    mutating func didReceive(_ action: ContentActionRequest, context: NotificationContentContext)
        -> ContentResponseOption
    {
        switch fault {
        case "crashOnAction": kill(getpid(), SIGSEGV)
        case "hangOnAction": while true { sleep(60) }
        default: break
        }
        if action.actionIdentifier == "swap" {
            context.setActions([NotificationAction(identifier: "swapped", title: "Swapped")])
            return .doNotDismiss
        }
        return answer
    }

    /// Touches 64 MB, page by page, then waits to be ended.
    static func hoard() -> Never {
        let size = 64 << 20
        guard let block = malloc(size) else { exit(4) }
        memset(block, 1, size)
        while true { sleep(60) }
    }
}
