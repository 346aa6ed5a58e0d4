import Notifications

/// A connection that follows a whole device (every app there) stands in for that device: the apps it adds
/// notifications and categories for are installed there. The freedesktop notification server
/// (`baton-notification-server`) posts for every program on the machine that calls `Notify`, each its own app,
/// none known to the daemon before its first notification. A one-shot `baton notify --app` follows nothing, so
/// a misspelt app is still refused.
extension NotificationService {
    func installIfStandingIn(_ owner: NotificationOwner, from connection: ClientConnection) {
        guard let follower = followers[connection.id], follower.filter.bundleIdentifier == nil,
            follower.filter.device == owner.device
        else { return }
        knownApps.insert(owner.bundleIdentifier)
    }
}
