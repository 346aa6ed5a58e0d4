import BatonEnvironment
import Foundation
import Notifications

/// The daemon's size checks on what a client asks it to keep: a request's or push's content, and an app's
/// categories (`NotificationLimits`). Each refusal is one line naming the size and the limit.
enum ContentCheck {
    /// The content's size as stored (encoded JSON), in bytes.
    static func size(of content: NotificationContent) -> Int {
        (try? JSONEncoder().encode(content).count) ?? Int.max
    }

    /// Why `content` is too large to keep, or nil.
    static func problem(with content: NotificationContent, limits: NotificationLimits) -> String? {
        let bytes = size(of: content)
        guard bytes > limits.maxContentBytes else { return nil }
        return "the content (title, subtitle, body, userInfo, attachments…) is \(bytes) bytes; "
            + "at most \(limits.maxContentBytes)"
    }

    /// Why `categories` are refused (too many, too many actions, a text too long), or nil.
    static func problem(with categories: [NotificationCategory], limits: NotificationLimits) -> String? {
        if categories.count > limits.maxCategories {
            return "\(categories.count) categories; an app registers at most \(limits.maxCategories)"
        }
        let bytes = (try? JSONEncoder().encode(categories).count) ?? Int.max
        if bytes > limits.maxCategoriesBytes {
            return "the categories are \(bytes) bytes; at most \(limits.maxCategoriesBytes) for one app on one device"
        }
        func tooLong(_ text: String, _ what: String) -> String? {
            guard text.utf8.count > limits.maxCategoryTextBytes else { return nil }
            return "\(what) is \(text.utf8.count) bytes; at most \(limits.maxCategoryTextBytes)"
        }
        for category in categories {
            let name = BoundedQuote.quote(category.identifier)
            if let problem = tooLong(category.identifier, "a category identifier") { return problem }
            if category.actions.count > limits.maxActionsPerCategory {
                return "category \(name) has \(category.actions.count) actions; at most \(limits.maxActionsPerCategory)"
            }
            for action in category.actions {
                let texts = [
                    (action.identifier, "an action identifier"), (action.title, "an action title"),
                    (action.textInput?.buttonTitle ?? "", "an action's button title"),
                    (action.textInput?.placeholder ?? "", "an action's placeholder"),
                ]
                for (text, what) in texts {
                    if let problem = tooLong(text, what + " in category \(name)") { return problem }
                }
            }
        }
        return nil
    }
}

extension ContentCheck {
    /// What a request's content weighs against the daemon's content budgets: the bytes of its texts, its
    /// userInfo and its attachments list (cheap to compute; within a few hundred bytes of the stored size).
    static func weight(of request: NotificationRequest) -> Int {
        let content = request.content
        let texts = [
            request.identifier, content.title, content.subtitle, content.body, content.categoryIdentifier,
            content.threadIdentifier, content.summaryArgument, content.targetContentIdentifier ?? "",
        ]
        var bytes = texts.reduce(0) { $0 + $1.utf8.count }
        bytes += content.attachments.reduce(0) { $0 + 64 + $1.identifier.utf8.count + $1.url.path.utf8.count }
        if !content.userInfo.isEmpty { bytes += (try? JSONEncoder().encode(content.userInfo).count) ?? 0 }
        return bytes
    }

    /// What categories weigh against the budget of all apps' categories: the bytes of their texts, and 16 for
    /// each category and action.
    static func weight(of categories: [NotificationCategory]) -> Int {
        categories.reduce(0) { total, category in
            category.actions.reduce(total + 16 + category.identifier.utf8.count) { sum, action in
                sum + 16 + action.identifier.utf8.count + action.title.utf8.count
                    + (action.textInput.map { $0.buttonTitle.utf8.count + $0.placeholder.utf8.count } ?? 0)
            }
        }
    }
}
