import BatonEnvironment
import Foundation
import Notifications

#if canImport(Glibc)
    import Glibc
#endif

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
    /// What one kept request costs beyond its texts: its entry in the scheduler's book and heap (the request
    /// value, its owner's two strings, dictionary and heap slots) and its row in SQLite (row header, the
    /// owner and identifier index entries). 256 bytes is a floor of that, not a measure: issue 36 saw about
    /// 2 KB of memory and 560 bytes of database per tiny request, when the old weight counted 3 bytes for
    /// one, so 120 000 of them passed a 4 MiB budget. With the floor, 4 MiB holds at most 16 384 requests.
    static let rowOverhead = 256

    /// What `owner`'s request weighs against the daemon's content budgets: the bytes of its texts, its
    /// userInfo and its attachments list, its owner's bundle identifier and device name, `rowOverhead`,
    /// and each attachment's copy by its size on disk (cheap to compute; a `stat` per attachment).
    static func weight(of request: NotificationRequest, owner: NotificationOwner) -> Int {
        let content = request.content
        let texts = [
            request.identifier, content.title, content.subtitle, content.body, content.categoryIdentifier,
            content.threadIdentifier, content.summaryArgument, content.targetContentIdentifier ?? "",
            owner.bundleIdentifier, owner.device,
        ]
        var bytes = rowOverhead + texts.reduce(0) { $0 + $1.utf8.count }
        bytes += content.attachments.reduce(0) {
            $0 + 64 + $1.identifier.utf8.count + $1.url.path.utf8.count + bytesOnDisk($1.url)
        }
        if !content.userInfo.isEmpty { bytes += (try? JSONEncoder().encode(content.userInfo).count) ?? 0 }
        return bytes
    }

    /// The size of the file at `url` (the daemon's copy of an attachment), 0 when it is not there.
    static func bytesOnDisk(_ url: URL) -> Int {
        var info = stat()
        guard url.isFileURL, stat(url.path, &info) == 0 else { return 0 }
        return Int(info.st_size)
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
