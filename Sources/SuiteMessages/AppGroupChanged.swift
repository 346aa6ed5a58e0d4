/// Says a file in the suite's app group changed (Stores rewrote `favorites.json` after a favourite changed
/// here or on another device); the Today panel updates its widgets, as WidgetKit reloads timelines.
public struct AppGroupChanged: Sendable, Hashable {
    /// The file's name inside the app group directory.
    public var fileName: String

    public init(fileName: String) {
        self.fileName = fileName
    }
}
