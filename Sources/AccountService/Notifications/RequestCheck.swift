import BatonEnvironment
import Foundation
import Notifications

/// The daemon's own check of a request before it is scheduled (clients check too; the daemon decides):
/// `NotificationRequest.validate`, then what only the daemon knows (the app's categories) and its own limit
/// on identifiers.
enum RequestCheck {
    /// The longest identifier, in UTF-8 bytes.
    static let maxIdentifierBytes = 256

    /// Why `request` is refused, or nil. `categories` are the app's registered ones.
    static func problem(
        with request: NotificationRequest, categories: [NotificationCategory], now: Date, deviceTimeZone: TimeZone
    ) -> String? {
        if request.identifier.utf8.count > maxIdentifierBytes {
            return "the identifier is \(request.identifier.utf8.count) bytes; at most \(maxIdentifierBytes)"
        }
        do {
            try request.validate(now: now, deviceTimeZone: deviceTimeZone)
        } catch {
            return error.description
        }
        let category = request.content.categoryIdentifier
        if !category.isEmpty, !categories.contains(where: { $0.identifier == category }) {
            return "unknown category \(BoundedQuote.quote(category)): the app registered "
                + (categories.isEmpty
                    ? "none" : categories.map { BoundedQuote.quote($0.identifier) }.joined(separator: ", "))
        }
        return nil
    }
}
