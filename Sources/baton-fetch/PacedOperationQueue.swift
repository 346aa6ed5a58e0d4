import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// URLSession's delegate queue for `baton-fetch`, with room for `capacity` waiting calls. URLSession
/// (swift-corelibs-foundation over libcurl) hands every chunk it reads to the delegate queue without
/// waiting, so a delegate slower than the network (a disk, a parent that reads slowly) let the chunks pile
/// up: 1.49 GB resident at 4.3 GB downloaded. Here the session's own thread waits for room before it
/// queues a chunk, which stops libcurl reading and lets TCP slow the sender: memory stays constant
/// whatever the size. (Suspending the task is no substitute: corelibs restarts the request on resume.)
final class PacedOperationQueue: OperationQueue, @unchecked Sendable {
    /// Chunks are at most 16 KB (libcurl's write size): about 4 MB wait at most.
    static let capacity = 256
    private let room = DispatchSemaphore(value: PacedOperationQueue.capacity)

    override init() {
        super.init()
        maxConcurrentOperationCount = 1
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        room.wait()
        let room = room
        super.addOperation {
            block()
            room.signal()
        }
    }

    /// Cancels `task` from another thread: its session's thread may be waiting for room on this queue, and
    /// `cancel` waits for that thread.
    static func cancel(_ task: URLSessionTask) {
        DispatchQueue.global().async { task.cancel() }
    }
}
