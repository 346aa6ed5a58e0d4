import Synchronization

/// Waiting on the server for a bounded time: the answer if it came in time, else nil (the work goes on in the
/// background; what it writes is idempotent).
enum Deadline {
    static func within<T: Sendable>(
        _ seconds: Double, _ body: @escaping @Sendable () async throws -> T
    ) async -> Result<T, any Error>? {
        await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, any Error>?, Never>) in
            let once = ResumeOnce(continuation)
            Task {
                do {
                    once.resume(.success(try await body()))
                } catch {
                    once.resume(.failure(error))
                }
            }
            Task {
                try? await Task.sleep(for: .seconds(seconds))
                once.resume(nil)
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
