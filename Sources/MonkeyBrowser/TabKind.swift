/// Which tab of the browser this is: the four tabs of the Handoff sample, each with its own activity
/// type, or an extra tab opened with `Ctrl-T` (they share the `other` type).
public enum TabKind: String, Codable, CaseIterable, Sendable {
    case weather, favorites, coffee, work, other

    /// The four tabs a new browser starts with, in order.
    public static let initial: [TabKind] = [.weather, .favorites, .coffee, .work]

    /// The activity type declared for the tab in `Resources/MonkeyBrowser/Info.plist`.
    public var activityType: String { "com.baton.monkeybrowser.tab.\(rawValue)" }

    /// The kind whose activity type is `activityType`, if any.
    public init?(activityType: String) {
        guard let kind = TabKind.allCases.first(where: { $0.activityType == activityType }) else { return nil }
        self = kind
    }

    /// The name of the tab in the tab bar and in activity titles ("Tab" for extra tabs).
    public var title: String {
        switch self {
        case .weather: "Weather"
        case .favorites: "Favorites"
        case .coffee: "Coffee"
        case .work: "Work"
        case .other: "Tab"
        }
    }

    /// The start page's file in `Resources/MonkeyBrowser/Pages`; extra tabs start on about:blank.
    public var startPage: String? {
        self == .other ? nil : "\(rawValue).html"
    }
}
