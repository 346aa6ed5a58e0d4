import Foundation
import WidgetExtensionKit

/// One enabled widget on the panel: what it shows and whether an update is running.
public struct WidgetCard: Sendable, Equatable {
    /// What the card shows between updates.
    public enum Status: Sendable, Equatable {
        /// No update has finished yet.
        case loading
        case loaded(WidgetContent)
        /// iOS's "Unable to Load", with the reason for the expanded view.
        case unableToLoad(String)
    }

    public var widget: WidgetManifest
    public var displayMode: WidgetDisplayMode = .compact
    public var status: Status = .loading
    /// Whether an update is running (the card shows a spinner).
    public var isUpdating = false
    /// Counts update requests; a result from an older request is dropped.
    public var generation = 0
    /// When the widget asked to be updated next.
    public var requestedUpdate: Date?
    /// The last `baton://` URL the widget asked to open.
    public var openURL: URL?

    public init(widget: WidgetManifest) {
        self.widget = widget
    }

    /// Takes in a finished update. A failed update that is not a failure of the process keeps
    /// the old content, as iOS does with `NCUpdateResult.failed`.
    public mutating func apply(_ outcome: WidgetOutcome) {
        isUpdating = false
        requestedUpdate = outcome.requestedUpdate
        if let url = outcome.openedURLs.last { openURL = url }
        if let failure = outcome.failure {
            status = .unableToLoad(failure.description)
        } else if let content = outcome.content {
            status = .loaded(content)
        } else if case .loading = status, outcome.result != .noData {
            status = .unableToLoad("the widget sent no content")
        }
    }
}

/// Posted to the UI thread when a widget update finishes off it.
public struct WidgetUpdateFinished: Sendable {
    public var widget: String
    public var generation: Int
    public var outcome: WidgetOutcome
}
