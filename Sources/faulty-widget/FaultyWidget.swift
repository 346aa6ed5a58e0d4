import FoundationEssentials
import WidgetExtensionKit

#if canImport(Glibc)
    import Glibc
#endif

/// A test extension that misbehaves as told by `faulty-widget-mode` in the app group:
/// `crash`, `hang`, `garbage`, `silent` (never answers), `cancel`, `open` (asks for URLs), else works.
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
        default:
            completionHandler(WidgetUpdate(result: .noData, content: WidgetContent(lines: ["Behaving"])))
        }
    }
}
