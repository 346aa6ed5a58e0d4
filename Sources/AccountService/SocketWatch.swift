import Foundation
import Logging
import NIOCore

/// Stops the daemon when its socket file is removed or replaced (its BATON_HOME or runtime directory
/// was deleted): no client can reach it any more, so it would otherwise linger for ever.
final class SocketWatch: Sendable {
    private let task: RepeatedTask

    init(
        path: String, on eventLoop: EventLoop, interval: TimeAmount = .seconds(2), logger: Logger,
        orphaned: @escaping @Sendable () -> Void
    ) {
        let identity = SocketWatch.identity(of: path)
        task = eventLoop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { task in
            guard let identity, SocketWatch.identity(of: path) != identity else { return }
            logger.notice("socket removed or replaced; stopping", metadata: ["socket": "\(path)"])
            task.cancel()
            orphaned()
        }
    }

    func cancel() { task.cancel() }

    /// Device and inode of the file at `path`, or nil when there is none.
    static func identity(of path: String) -> [UInt64]? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return [UInt64(status.st_dev), UInt64(status.st_ino)]
    }
}
