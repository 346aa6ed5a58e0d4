/// A widget extension's principal class (Apple's `NCWidgetProviding`).
///
/// The runner makes one with `init()` and calls `widgetPerformUpdate` for every update the
/// host asks for; the widget calls `completionHandler` exactly once, before returning.
public protocol WidgetProviding {
    init()

    /// Brings the widget's content up to date for `context.request`.
    mutating func widgetPerformUpdate(
        context: WidgetExtensionContext,
        completionHandler: (WidgetUpdate) -> Void
    )
}
