import Foundation

/// How far the cursor file says the server was read: only as far as the daemon has stored what the rows brought.
///
/// The link reads a row, writes its value into the daemon and reads on; the daemon stores that write a moment
/// later. A daemon killed or stopped in between never stores it, and the next link starts from the cursor file: had
/// the file moved past the row when it was read, no link would read it again, and the machine would keep an older
/// value than the server's for good (what fits the chaos checker's seed 31337: ten keys behind on a machine after
/// its daemon was killed and restarted just after another machine's re-join sent its queued writes). So the file's
/// `serverSeq` stays below every row whose write the daemon has not answered; a link started after the daemon died
/// reads those rows again (a row the daemon did store is then passed: it holds that value already).
extension KeyValueBridge {
    /// The daemon answered the link's write `requestID` (stored, refused for a newer device write, or rejected):
    /// the row it brought no longer holds the cursor back.
    func answered(_ requestID: UInt64) {
        guard rowWrites.removeValue(forKey: requestID) != nil else { return }
        do {
            try settleServerCursor()
        } catch {
            logger.warning("the link's cursor was not saved", metadata: ["error": "\(error)"])
        }
    }

    /// Saves how far the server was read: up to `readSeq`, but below the oldest row whose write is unanswered.
    func settleServerCursor() throws(AccountLinkError) {
        let settled = rowWrites.values.min().map { Swift.min($0 - 1, readSeq) } ?? readSeq
        try advance { $0.serverSeq = max($0.serverSeq, settled) }
    }
}
