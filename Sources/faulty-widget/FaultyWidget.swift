import FoundationEssentials
import WidgetExtensionKit

#if canImport(Glibc)
    import Glibc
#endif

/// A test extension that misbehaves as told by `faulty-widget-mode` in the app group:
/// `crash`, `hang`, `garbage`, `silent` (never answers), `cancel`, `open` (asks for URLs),
/// `descriptors` (writes to every descriptor it inherited from 3 up, and shows the list), else works.
struct FaultyWidget: WidgetProviding {

    mutating func widgetPerformUpdate(
        context: WidgetExtensionContext, completionHandler: (WidgetUpdate) -> Void
    ) {
        let file = URL(fileURLWithPath: context.request.appGroupPath).appendingPathComponent(
            "faulty-widget-mode")
        let mode = (try? String(contentsOf: file, encoding: .utf8))?.split(
            whereSeparator: \.isWhitespace
        ).first
        switch mode {
        case "crash":
            kill(getpid(), SIGSEGV)
        case "hang":
            while true { sleep(60) }
        case "garbage":
            let text = Array("this is not a frame\n".utf8)
            _ = text.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            while true { sleep(60) }
        case "silent":
            return
        case "cancel":
            context.cancelRequest(reason: "nothing to show")
        case "open":
            context.open("baton://stores?store=regent-street")
            context.open("https://example.com/")
            completionHandler(WidgetUpdate(result: .newData, content: WidgetContent(lines: ["Opened"])))
            context.completeRequest()
        case "descriptors":
            let held = Self.heldDescriptors()
            for descriptor in held where descriptor > STDERR_FILENO {
                _ = Self.hostile.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            }
            let line = "descriptors " + held.map(String.init).joined(separator: " ")
            completionHandler(WidgetUpdate(result: .newData, content: WidgetContent(lines: [line])))
            context.completeRequest()
        default:
            completionHandler(WidgetUpdate(result: .noData, content: WidgetContent(lines: ["Behaving"])))
        }
    }

    /// The descriptors this process holds, but the one that lists them (widgets link no Foundation beyond
    /// FoundationEssentials, so not `BatonEnvironment.OpenDescriptors`).
    static func heldDescriptors() -> [Int32] {
        guard let directory = opendir("/proc/self/fd") else { return [] }
        defer { closedir(directory) }
        var held: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let descriptor = Int32(name), descriptor != dirfd(directory) { held.append(descriptor) }
        }
        return held.sorted()
    }

    /// A title change and a cleared screen on a terminal; a frame's length prefix and garbage on a socket.
    static let hostile = Array("\u{1B}]0;widget was here\u{07}\u{1B}[2J{\"kind\":\"forged\"}\n".utf8)
}
