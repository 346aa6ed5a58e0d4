import CSystemdBus
import Foundation

/// The bus thread: runs sd-bus (which is not thread-safe) and the work other threads post to it (the daemon's
/// answers arrive on a NIO thread), waking on the bus's descriptor, its timeout, or a pipe written by `post`.
public final class BusLoop: @unchecked Sendable {
    private let bus: OpaquePointer
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var queue: [@Sendable () -> Void] = []
    /// Guarded by `lock`: `stop` was called.
    private var stopping = false

    public init(bus: OpaquePointer) throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        self.bus = bus
        wakeRead = ends[0]
        wakeWrite = ends[1]
    }

    deinit {
        close(wakeRead)
        close(wakeWrite)
    }

    /// Runs `work` on the bus thread, soon.
    public func post(_ work: @escaping @Sendable () -> Void) {
        lock.lock()
        queue.append(work)
        lock.unlock()
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)  // A full pipe already wakes the loop.
    }

    /// Ends `run` (after the work posted before it).
    public func stop() {
        lock.lock()
        stopping = true
        lock.unlock()
        post {}
    }

    /// Processes messages and posted work until the bus connection fails (sd-bus's negative error) or `stop`
    /// (0).
    public func run() -> Int32 {
        while true {
            var result: Int32
            repeat { result = sd_bus_process(bus, nil) } while result > 0
            if result < 0 { return result }
            if drain() {
                if lock.withLock({ stopping }) { return 0 }
                continue
            }  // The work may have queued messages: process again before sleeping.
            var timeout: UInt64 = 0
            var milliseconds: Int32 = -1
            if sd_bus_get_timeout(bus, &timeout) >= 0, timeout != UInt64.max {
                let now = UInt64(baton_monotonic_usec())
                milliseconds = timeout <= now ? 0 : Int32(min((timeout - now + 999) / 1000, UInt64(Int32.max)))
            }
            var fds = [
                pollfd(fd: sd_bus_get_fd(bus), events: Int16(truncatingIfNeeded: sd_bus_get_events(bus)), revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            _ = poll(&fds, 2, milliseconds)
        }
    }

    /// Runs the posted work; false when there was none.
    private func drain() -> Bool {
        var bytes = [UInt8](repeating: 0, count: 256)
        while read(wakeRead, &bytes, bytes.count) > 0 {}
        lock.lock()
        let work = queue
        queue.removeAll()
        lock.unlock()
        for item in work { item() }
        return !work.isEmpty
    }
}
