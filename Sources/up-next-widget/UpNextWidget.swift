import FoundationEssentials
import WidgetExtensionKit

#if canImport(Glibc)
    import Glibc
#endif

/// The Up Next widget: the next pending notification of the suite on this device and how long until it
/// fires (expanded: the next three).
struct UpNextWidget: WidgetProviding {
    mutating func widgetPerformUpdate(
        context: WidgetExtensionContext, completionHandler: (WidgetUpdate) -> Void
    ) {
        let file = URL(fileURLWithPath: context.request.appGroupPath).appendingPathComponent(UpNextFile.fileName)
        let device = getenv("BATON_DEVICE").map { String(cString: $0) } ?? ""
        guard let data = try? Data(contentsOf: file) else {
            completionHandler(WidgetUpdate(result: .newData, content: WidgetContent(lines: ["Nothing scheduled"])))
            return
        }
        guard let upNext = try? JSONDecoder().decode(UpNextFile.self, from: data) else {
            context.cancelRequest(reason: "up-next.json in the app group is not the suite's Up Next file")
            return
        }
        let now = context.request.now
        let entries = (upNext.devices[device] ?? []).filter { $0.fireDate > now }
        guard let first = entries.first else {
            completionHandler(WidgetUpdate(result: .newData, content: WidgetContent(lines: ["Nothing scheduled"])))
            return
        }
        let shown = context.request.displayMode == .expanded ? Array(entries.prefix(3)) : [first]
        let lines = shown.map { "\($0.title) · \($0.app) · in \(Self.countdown($0.fireDate - now))" }
        // Again when the countdown's shown unit changes (at most a minute), or when the first one fires.
        let next = min(first.fireDate, now + (first.fireDate - now < 120 ? 1 : 60))
        completionHandler(WidgetUpdate(result: .newData, content: WidgetContent(lines: lines), nextUpdate: next))
    }

    /// "45 s", "12 min", "3 h 5 min", "2 d".
    static func countdown(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.up))
        switch total {
        case ..<60: return "\(total) s"
        case ..<3600: return "\((total + 59) / 60) min"
        case ..<86_400: return "\(total / 3600) h \((total % 3600) / 60) min"
        default: return "\(total / 86_400) d"
        }
    }
}
