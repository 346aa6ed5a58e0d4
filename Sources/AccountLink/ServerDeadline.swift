import Foundation
import Synchronization

/// Runs a call to the server with a deadline that holds even when the call ignores cancellation (a pool waiting
/// for a server that is gone): the caller gets a clear error on time and the call is cancelled behind it — or,
/// with `cancelLate: false`, goes on in the background (for idempotent work worth finishing, such as sending a
/// queued push whose outbox entry it then removes).
enum ServerDeadline {
    static func within<T: Sendable>(
        _ limit: Duration, _ what: String, cancelLate: Bool = true, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let slot = Mutex<CheckedContinuation<T, any Error>?>(nil)
        let resume: @Sendable (Result<T, any Error>) -> Bool = { result in
            guard
                let continuation = slot.withLock({ slot in
                    defer { slot = nil }
                    return slot
                })
            else {
                return false
            }
            continuation.resume(with: result)
            return true
        }
        return try await withCheckedThrowingContinuation { continuation in
            slot.withLock { $0 = continuation }
            let timer = Mutex<Task<Void, Never>?>(nil)
            let work = Task {
                do { _ = resume(.success(try await body())) } catch { _ = resume(.failure(error)) }
                timer.withLock { $0?.cancel() }
            }
            let sleeper = Task {
                guard (try? await Task.sleep(for: limit)) != nil else { return }
                if resume(.failure(AccountLinkError.failed("the server did not answer \(what) within \(limit)"))),
                    cancelLate
                {
                    work.cancel()
                }
            }
            timer.withLock { $0 = sleeper }
        }
    }
}
