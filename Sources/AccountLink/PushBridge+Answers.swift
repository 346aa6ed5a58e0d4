import Foundation
import Notifications
import Wire

/// How far the push cursor file says the server was read: only as far as the daemon has answered what the rows
/// brought (issue 27, the push cursor's gap).
///
/// The link reads a row, posts its push (or answer) into the daemon and reads on; the daemon answers once what it
/// promises has committed (`pushed`, `pushed` with `state: accepted` once a service extension's push is held, `done`
/// for a `remoteAnswer`, or an error). A daemon killed, or a connection dropped, in between never takes it, and the
/// next link starts from the cursor file: had the file moved past the row when it was posted, no link would post it
/// again and the push would be lost on this machine. So the file (and what the server is told, `read_pushes`)
/// stays below every row whose post is unanswered; reads go on from `readSeq`, so a row is posted once in a link's
/// life (again only when the daemon could not store it). A row posted again after a restart that the old daemon had taken is answered by the daemon without being
/// delivered again (`TakenPushes`, by the row's id). Rows passed (expired, not for this machine, not opening)
/// move the file on at once.
extension PushBridge {
    /// The daemon answered the link's post `requestID`: its row no longer holds the cursor back. Whether the saved
    /// cursor moved.
    func answered(_ requestID: UInt64?) -> Bool {
        guard let requestID, posts.removeValue(forKey: requestID) != nil else { return false }
        let before = cursor.seq
        do {
            try settleCursor()
        } catch {
            logger.warning("the link's push cursor was not saved", metadata: ["error": "\(error)"])
        }
        return cursor.seq != before
    }

    /// The daemon refused a post: answered (a push for an unknown app or device is refused again, nothing to
    /// redo), unless it could not store it (507: nothing was changed, try again), which is posted again a second
    /// later and holds the cursor meanwhile. Whether the saved cursor moved.
    func failed(_ error: ErrorMessage) -> Bool {
        guard let requestID = error.requestID, let post = posts[requestID] else { return false }
        guard error.failure.code != WireFailure.storageFailed else {
            logger.warning(
                "this machine's daemon could not store a push from another machine; posted again in a second",
                metadata: ["seq": "\(post.seq)", "error": "\(error.failure.message)"])
            Task {
                try? await Task.sleep(for: .seconds(1))
                await self.postAgain(requestID)
            }
            return false
        }
        logger.info(
            "this machine's daemon refused a push from another machine",
            metadata: ["seq": "\(post.seq)", "error": "\(error.failure.message)"])
        return answered(requestID)
    }

    /// Posts the unanswered post `requestID` again, under a new request id.
    private func postAgain(_ requestID: UInt64) {
        guard let post = posts.removeValue(forKey: requestID) else { return }
        send(post)
    }

    /// Saves how far the server was read: up to `readSeq`, but below the oldest row whose post is unanswered.
    func settleCursor() throws(AccountLinkError) {
        guard let readSeq else { return }
        try cursor.advance(to: posts.values.map(\.seq).min().map { Swift.min($0 - 1, readSeq) } ?? readSeq)
    }

    /// A push or answer posted into the daemon: the row it brought, and the message (posted again after a 507).
    struct Post {
        let seq: Int64
        let message: NotificationMessage
    }
}
