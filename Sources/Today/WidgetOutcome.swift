import Foundation
import WidgetExtensionKit

/// What one update of one widget produced, with the figures the host measured.
public struct WidgetOutcome: Sendable, Equatable {
    /// The widget's bundle identifier.
    public var widget: String
    /// `newData`, `noData` or `failed` (always `failed` when `failure` is set).
    public var result: WidgetUpdateResult
    /// What to show, when the widget answered.
    public var content: WidgetContent?
    /// When the widget asked to be updated next, if it did.
    public var requestedUpdate: Date?
    /// Why the widget is "Unable to Load", if it is.
    public var failure: WidgetFailure?
    /// The child's peak resident set size, in KB.
    public var peakRSSKB: Int
    /// Spawn to first message, in milliseconds; nil when no message came.
    public var launchMilliseconds: Double?
    /// `baton://` URLs the widget asked the suite to open.
    public var openedURLs: [URL]
    /// URLs refused, with the reason.
    public var refusedURLs: [String]

    public init(widget: String) {
        self.widget = widget
        result = .failed
        peakRSSKB = 0
        openedURLs = []
        refusedURLs = []
    }

    /// Whether the panel shows "Unable to Load".
    public var isUnableToLoad: Bool { failure != nil }

    /// The text to show: the content's lines, or iOS's "Unable to Load".
    public var text: String {
        if failure != nil { return "Unable to Load" }
        return content?.lines.joined(separator: "\n") ?? ""
    }
}
