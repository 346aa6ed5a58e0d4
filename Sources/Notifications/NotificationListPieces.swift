import Foundation
import Wire

/// A long `pendingList` or `deliveredList` answer in frames under the frame limit: the daemon sends zero or
/// more pieces (`pendingPiece`, `deliveredPiece`) and then the list itself with the rest, all answering one
/// request; the answer is the pieces' items in order followed by the list's.
public enum NotificationListPieces {
    /// `items` in consecutive groups of at most `budget` encoded bytes each (one item alone when it is
    /// larger); at least one group, empty for no items.
    public static func groups<Item: Encodable>(_ items: [Item], budget: Int) -> [[Item]] {
        let encoder = JSONEncoder()
        var groups: [[Item]] = [[]]
        var bytes = 0
        for item in items {
            // The comma between items counts too.
            let size = ((try? encoder.encode(item).count) ?? budget) + 1
            if bytes + size > budget, !groups[groups.count - 1].isEmpty {
                groups.append([])
                bytes = 0
            }
            groups[groups.count - 1].append(item)
            bytes += size
        }
        return groups
    }

    /// The frames of a pending answer: pieces, then the list.
    public static func pending(_ items: [PendingNotification], budget: Int) -> [NotificationMessage] {
        let parts = groups(items, budget: budget)
        return parts.dropLast().map { .pendingPiece($0) } + [.pendingList(parts.last ?? [])]
    }

    /// The frames of a delivered answer: pieces, then the list.
    public static func delivered(_ items: [DeliveredNotification], budget: Int) -> [NotificationMessage] {
        let parts = groups(items, budget: budget)
        return parts.dropLast().map { .deliveredPiece($0) } + [.deliveredList(parts.last ?? [])]
    }
}

/// Puts an answer sent in pieces back together (`NotificationListPieces`): feed it each answer frame of one
/// request; it hands back the whole answer once the last frame is in. Used by the CLI and
/// `UserNotificationCenter`.
public struct NotificationListAssembler: Sendable {
    private var pending: [PendingNotification] = []
    private var delivered: [DeliveredNotification] = []

    public init() {}

    /// Nil for a piece (more follow); the whole answer for the last frame, or any other message as it is.
    public mutating func add(_ message: NotificationMessage) -> NotificationMessage? {
        switch message {
        case .pendingPiece(let items):
            pending += items
            return nil
        case .deliveredPiece(let items):
            delivered += items
            return nil
        case .pendingList(let items):
            defer { pending = [] }
            return .pendingList(pending + items)
        case .deliveredList(let items):
            defer { delivered = [] }
            return .deliveredList(delivered + items)
        default:
            return message
        }
    }
}
