import Foundation

@testable import Handoff

/// App hooks and activity delegate for continuation-stream tests: continues everything, records the
/// restored activity or the failure, and hands each stream pair opened to this (source) side to `onStreams`.
final class StreamHooks: HandoffAppHooks, UserActivityDelegate {
    var restored: UserActivity?
    var failure: HandoffError?
    var onStreams: ((ContinuationInputStream, ContinuationOutputStream) -> Void)?

    func willContinueUserActivity(withType activityType: String) -> Bool { true }

    func continueUserActivity(
        _ activity: UserActivity, restorationHandler: @escaping ([any UserActivityRestoring]) -> Void
    ) -> Bool {
        restored = activity
        return true
    }

    func didFailToContinueUserActivity(withType activityType: String, error: HandoffError) { failure = error }

    func userActivity(
        _ activity: UserActivity, didReceive inputStream: ContinuationInputStream,
        outputStream: ContinuationOutputStream
    ) {
        onStreams?(inputStream, outputStream)
    }
}
