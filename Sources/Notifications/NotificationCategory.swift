import Foundation

/// `UNNotificationAction` (and `UNTextInputNotificationAction` when `textInput` is set).
public struct NotificationAction: Codable, Hashable, Sendable {
    public var identifier: String
    public var title: String
    public var options: ActionOptions
    public var textInput: TextInput?

    public init(identifier: String, title: String, options: ActionOptions = [], textInput: TextInput? = nil) {
        self.identifier = identifier
        self.title = title
        self.options = options
        self.textInput = textInput
    }

    /// A text-input action's button title and placeholder.
    public struct TextInput: Codable, Hashable, Sendable {
        public var buttonTitle: String
        public var placeholder: String
        public init(buttonTitle: String, placeholder: String) {
            self.buttonTitle = buttonTitle
            self.placeholder = placeholder
        }
    }
}

/// `UNNotificationActionOptions`.
public struct ActionOptions: OptionSet, Codable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let authenticationRequired = ActionOptions(rawValue: 1 << 0)
    public static let destructive = ActionOptions(rawValue: 1 << 1)
    public static let foreground = ActionOptions(rawValue: 1 << 2)
}

/// `UNNotificationCategory`: the actions shown with notifications of this category.
public struct NotificationCategory: Codable, Hashable, Sendable {
    public var identifier: String
    public var actions: [NotificationAction]
    public var options: CategoryOptions

    public init(identifier: String, actions: [NotificationAction], options: CategoryOptions = []) {
        self.identifier = identifier
        self.actions = actions
        self.options = options
    }
}

/// `UNNotificationCategoryOptions`.
public struct CategoryOptions: OptionSet, Codable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let customDismissAction = CategoryOptions(rawValue: 1 << 0)
    public static let hiddenPreviewsShowTitle = CategoryOptions(rawValue: 1 << 2)
    public static let hiddenPreviewsShowSubtitle = CategoryOptions(rawValue: 1 << 3)
}
