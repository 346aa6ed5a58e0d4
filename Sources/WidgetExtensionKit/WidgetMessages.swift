import FoundationEssentials

/// The version of the host ↔ extension protocol; the host refuses an extension that says another.
public enum WidgetProtocol {
    /// The version both sides speak.
    public static let version = 1
    /// The largest frame either side accepts, in bytes.
    public static let maximumFrameLength = 64 * 1024
}

/// How much room the host gives a widget (Apple's `NCWidgetDisplayMode`).
public enum WidgetDisplayMode: String, Codable, Sendable, CaseIterable {
    case compact
    case expanded
}

/// What an update produced (Apple's `NCUpdateResult`).
public enum WidgetUpdateResult: String, Codable, Sendable {
    case newData
    case noData
    case failed
}

/// One update request: everything the extension may know about the world.
public struct WidgetRequest: Codable, Sendable, Equatable {
    /// The current time, seconds since 1970 (the host's clock, which honours `--now`).
    public var now: Double
    /// The local time zone's offset from UTC at `now`, in seconds.
    public var utcOffsetSeconds: Int
    /// The local time zone's identifier, for display.
    public var timeZone: String
    /// Compact or expanded.
    public var displayMode: WidgetDisplayMode
    /// The shared app group container the suite and its extensions read and write.
    public var appGroupPath: String
    /// The widest line the host can show, in terminal columns.
    public var maximumWidth: Int

    public init(
        now: Double, utcOffsetSeconds: Int, timeZone: String, displayMode: WidgetDisplayMode,
        appGroupPath: String, maximumWidth: Int
    ) {
        self.now = now
        self.utcOffsetSeconds = utcOffsetSeconds
        self.timeZone = timeZone
        self.displayMode = displayMode
        self.appGroupPath = appGroupPath
        self.maximumWidth = maximumWidth
    }
}

/// What a widget shows: a title and lines of plain text.
public struct WidgetContent: Codable, Sendable, Equatable {
    /// A title to show instead of the manifest's display name, if any.
    public var title: String?
    /// The lines of text, each at most `maximumWidth` columns.
    public var lines: [String]

    public init(title: String? = nil, lines: [String]) {
        self.title = title
        self.lines = lines
    }
}

/// The answer to one update: the result, the content and when to ask again.
public struct WidgetUpdate: Codable, Sendable, Equatable {
    public var result: WidgetUpdateResult
    public var content: WidgetContent?
    /// When the widget wants its next update, seconds since 1970 (nil: the host's schedule).
    public var nextUpdate: Double?

    public init(result: WidgetUpdateResult, content: WidgetContent? = nil, nextUpdate: Double? = nil) {
        self.result = result
        self.content = content
        self.nextUpdate = nextUpdate
    }
}

/// A message from the host to an extension.
public enum HostMessage: Codable, Sendable, Equatable {
    /// Perform an update (`widgetPerformUpdate`).
    case update(WidgetRequest)
    /// The host is done with the extension; it exits.
    case end
}

/// A message from an extension to the host.
public enum ExtensionMessage: Codable, Sendable, Equatable {
    /// The first message: the extension is running and speaks `version`.
    case hello(version: Int)
    /// Ask the host to open a `baton://` URL in the container suite.
    case openURL(String)
    /// The update finished (`completionHandler(result)`).
    case updated(WidgetUpdate)
    /// `completeRequest`: the extension is done and exits.
    case completed
    /// `cancelRequest(withError:)`: the extension gives up on the request and exits.
    case cancelled(reason: String)
}
