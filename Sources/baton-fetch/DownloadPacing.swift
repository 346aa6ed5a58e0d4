import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A download's cap and its progress reports: a file announced over `limit` is refused before a byte is
/// saved, one that grows past it is stopped and removed. Progress is reported per `reportEvery` bytes or
/// `reportInterval`, not per chunk, and only when the parent's pipe has room (`FrameOutput.sendIfRoom`):
/// a parent that does not read must not stall the writes. (Memory stays constant because the delegate queue makes libcurl wait:
/// `PacedOperationQueue`.)
struct DownloadPacing {
    static let reportEvery = 1 << 20
    static let reportInterval = Duration.milliseconds(100)

    /// The most bytes a download may have (`--max-size`; default 2 GB).
    var limit: Int
    private var reportedAt = 0
    private var reportedWhen = ContinuousClock.now

    init(limit: Int) { self.limit = limit }

    /// Whether a file of `total` bytes (as announced) or of `received` so far is over the cap.
    func isOver(total: Int?) -> Bool { (total ?? 0) > limit }

    /// Whether progress at `received` is worth a frame: the first bytes, then every `reportEvery` bytes or
    /// `reportInterval`, and the end.
    mutating func shouldReport(received: Int, total: Int?) -> Bool {
        let now = ContinuousClock.now
        guard
            reportedAt == 0 || received - reportedAt >= Self.reportEvery || received == total
                || now - reportedWhen >= Self.reportInterval
        else { return false }
        reportedAt = received
        reportedWhen = now
        return true
    }

    /// The one line saying a file is over the cap.
    func refusal(size: Int) -> String {
        "the file is \(Self.megabytes(size)) or more, over the download limit of \(Self.megabytes(limit)) "
            + "(--max-size); it was not saved"
    }

    static func megabytes(_ bytes: Int) -> String {
        if bytes >= 1 << 30 { return String(format: "%.1f GB", Double(bytes) / Double(1 << 30)) }
        return bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }
}
