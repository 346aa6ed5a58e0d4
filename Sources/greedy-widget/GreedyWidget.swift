import WidgetExtensionKit

/// A test extension that allocates and touches 64 MB, four times the host's budget.
struct GreedyWidget: WidgetProviding {
    /// The bytes it touches.
    static let size = 64 * 1024 * 1024
    private var hoard: [[UInt8]] = []

    init() {}

    mutating func widgetPerformUpdate(
        context: WidgetExtensionContext, completionHandler: (WidgetUpdate) -> Void
    ) {
        let chunk = 1024 * 1024
        for index in 0..<(Self.size / chunk) {
            hoard.append([UInt8](repeating: UInt8(truncatingIfNeeded: index | 1), count: chunk))
        }
        let total = hoard.reduce(0) { $0 + Int($1[$1.count / 2]) }
        completionHandler(
            WidgetUpdate(result: .newData, content: WidgetContent(lines: ["Hoarded \(total) MB"])))
    }
}
