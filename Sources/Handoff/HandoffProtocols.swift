/// The delegate of a `UserActivity`, as `NSUserActivityDelegate`.
public protocol UserActivityDelegate: AnyObject {
    /// The activity is about to be sent to another device and `needsSave` is set: update `userInfo` now.
    func userActivityWillSave(_ activity: UserActivity)
    /// The activity was continued on another device.
    func userActivityWasContinued(_ activity: UserActivity)
    /// The continuing device opened a stream pair to this (source) activity.
    func userActivity(
        _ activity: UserActivity, didReceive inputStream: ContinuationInputStream,
        outputStream: ContinuationOutputStream)
}

extension UserActivityDelegate {
    public func userActivityWillSave(_ activity: UserActivity) {}
    public func userActivityWasContinued(_ activity: UserActivity) {}
    public func userActivity(
        _ activity: UserActivity, didReceive inputStream: ContinuationInputStream,
        outputStream: ContinuationOutputStream
    ) {
        inputStream.close()
        outputStream.close()
    }
}

/// An object (a view, a tab) that restores its state from a continued activity.
public protocol UserActivityRestoring: AnyObject {
    func restoreUserActivityState(_ activity: UserActivity)
}

/// The app-delegate hooks of Handoff, as `UIApplicationDelegate`'s continuation methods.
public protocol HandoffAppHooks: AnyObject {
    /// The user chose to continue an activity of `activityType`. Return true when the app shows its own
    /// progress ("Continuing Activity…"), false to let the suite show it.
    func willContinueUserActivity(withType activityType: String) -> Bool
    /// The payload arrived: restore state. Pass the objects that restore to `restorationHandler`; it calls
    /// `restoreUserActivityState(_:)` on each. Return whether the app handled the activity.
    func continueUserActivity(
        _ activity: UserActivity, restorationHandler: @escaping ([any UserActivityRestoring]) -> Void
    ) -> Bool
    /// Continuing failed; `error` carries Apple's code and a message.
    func didFailToContinueUserActivity(withType activityType: String, error: HandoffError)
}
