/// A Handoff callback as a message: what `HandoffAppHooks` and `UserActivityDelegate` would be called with,
/// delivered through the app's own update (the suite's `receive`) with its context, instead of as a call
/// outside it. The app's answer (`receive`'s Bool) is the callback's return value where it has one.
///
/// Unchecked Sendable: it carries the activity and streams, which live on the UI thread; the event is made
/// and delivered there, synchronously, and never crosses threads.
public enum HandoffEvent: @unchecked Sendable {
    /// The user chose to continue an activity of this type. Answer true when the app shows its own progress;
    /// false lets the suite show its "Continuing Activity…" indicator.
    case willContinue(activityType: String)
    /// The payload arrived: restore state, passing the objects that restore to `restoration`. Answer whether
    /// the app handled the activity.
    case `continue`(UserActivity, restoration: ([any UserActivityRestoring]) -> Void)
    /// Continuing failed.
    case didFailToContinue(activityType: String, error: HandoffError)
    /// This (source) activity was continued on another device.
    case wasContinued(UserActivity)
    /// This activity is about to be sent: update its `userInfo` now.
    case willSave(UserActivity)
    /// The continuing device opened a stream pair to this (source) activity.
    case didReceiveStreams(UserActivity, input: ContinuationInputStream, output: ContinuationOutputStream)
}

/// Turns Handoff's callbacks into `HandoffEvent`s for one app: register it as the app's hooks and make it the
/// delegate of the app's activities; `connect` says where the events go (the suite's inbox of the app).
///
/// Until it is connected, events get the callbacks' defaults (no progress of its own, not handled, streams
/// closed).
public final class HandoffEventRelay: HandoffAppHooks, UserActivityDelegate {
    private var deliver: ((HandoffEvent) -> Bool)?
    private var indicator: ((Bool) -> Void)?

    public init() {}

    /// Sends events to `deliver` (which returns the app's answer); `continuingIndicator` shows or hides the
    /// suite's "Continuing Activity…" indicator.
    public func connect(
        deliver: @escaping (HandoffEvent) -> Bool, continuingIndicator: @escaping (Bool) -> Void
    ) {
        self.deliver = deliver
        indicator = continuingIndicator
    }

    public func willContinueUserActivity(withType activityType: String) -> Bool {
        let showsOwnProgress = deliver?(.willContinue(activityType: activityType)) ?? false
        indicator?(!showsOwnProgress)
        return showsOwnProgress
    }

    public func continueUserActivity(
        _ activity: UserActivity, restorationHandler: @escaping ([any UserActivityRestoring]) -> Void
    ) -> Bool {
        indicator?(false)
        return deliver?(.continue(activity, restoration: restorationHandler)) ?? false
    }

    public func didFailToContinueUserActivity(withType activityType: String, error: HandoffError) {
        indicator?(false)
        _ = deliver?(.didFailToContinue(activityType: activityType, error: error))
    }

    public func userActivityWillSave(_ activity: UserActivity) { _ = deliver?(.willSave(activity)) }

    public func userActivityWasContinued(_ activity: UserActivity) { _ = deliver?(.wasContinued(activity)) }

    public func userActivity(
        _ activity: UserActivity, didReceive inputStream: ContinuationInputStream,
        outputStream: ContinuationOutputStream
    ) {
        let used = deliver?(.didReceiveStreams(activity, input: inputStream, output: outputStream)) ?? false
        if !used {
            inputStream.close()
            outputStream.close()
        }
    }
}
