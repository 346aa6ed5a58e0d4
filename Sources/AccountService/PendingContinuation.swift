import BatonEnvironment
import Wire

/// A continue request waiting for the source's payload.
struct PendingContinuation {
    /// The id the target used for its request.
    let targetRequestID: UInt64
    let target: ClientConnection
    let source: ClientConnection
    let advertisement: Advertisement
    /// Fails the request with 4610 when the source does not answer in time.
    let timeout: any ArmedDeadline
}
