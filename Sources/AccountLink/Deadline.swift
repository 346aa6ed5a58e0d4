import Synchronization

/// Waiting on the server for a bounded time: the answer if it came in time, else nil. Past the deadline the work
/// goes on in the background (what it writes is idempotent), unless `cancelLate`: then it is cancelled, so
/// now-or-never work (a push with expiration 0) does not land later, when the server is back.
enum Deadline {
    static func within<T: Sendable>(
        _ seconds: Double, cancelLate: Bool = false, _ body: @escaping @Sendable () async throws -> T
    ) async -> Result<T, any Error>? {
        await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, any Error>?, Never>) in
            let once = ResumeOnce(continuation)
            let work = Task {
                do {
                    once.resume(.success(try await body()))
                } catch {
                    once.resume(.failure(error))
                }
            }
            Task {
                try? await Task.sleep(for: .seconds(seconds))
                once.resume(nil)
                if cancelLate { work.cancel() }
            }
        }
    }

    /// A continuation resumed by whichever comes first.
    private final class ResumeOnce<Value: Sendable>: Sendable {
        private let continuation: Mutex<CheckedContinuation<Value, Never>?>
        init(_ continuation: CheckedContinuation<Value, Never>) { self.continuation = Mutex(continuation) }
        func resume(_ value: Value) {
            continuation.withLock { taken in
                taken?.resume(returning: value)
                taken = nil
            }
        }
    }
}
