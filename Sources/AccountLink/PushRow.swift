import Foundation
import Notifications

/// A push as the server keeps it in `baton.pushes`: only what routing needs in the clear (the app, the target
/// device or every device, the size, the expiration, timestamps), the push itself sealed with the account key
/// and bound to the row's identity and routing (a sealed push moved to another row or target does not open).
enum PushRow {
    /// The identity a push row's box is bound to.
    static func identity(owner: String, id: String, bundle: String, device: String?) -> String {
        "push|\(owner)|\(id)|\(bundle)|\(device ?? "*")"
    }

    /// The sealed push of `item`.
    static func seal(_ item: PushOutbox.Item, owner: String, key: AccountKey) throws -> (sealed: Data, size: Int) {
        let plaintext = try JSONEncoder().encode(item.request)
        let intake = item.request.intake
        let sealed = try Sealing.seal(
            plaintext,
            identity: identity(owner: owner, id: item.id, bundle: intake.push.bundleIdentifier, device: intake.device),
            key: key)
        return (sealed, sealed.count)
    }

    /// Opens a row's box: the push and the identifier it is delivered under.
    static func open(
        _ sealed: Data, owner: String, id: String, bundle: String, device: String?, key: AccountKey
    ) throws -> PushRelayRequest {
        let plaintext = try Sealing.open(
            sealed, identity: identity(owner: owner, id: id, bundle: bundle, device: device), key: key)
        return try JSONDecoder().decode(PushRelayRequest.self, from: plaintext)
    }

    /// The expiration date the row carries for routing (nil: none; expiration 0 is `immediate`).
    static func expiresAt(_ push: PushNotification) -> Date? {
        if case .at(let date) = push.expiration { return date }
        return nil
    }

    /// How old (server time, seconds) an expiration-0 push may be when a machine reads it and still deliver it:
    /// a machine that was away when it was written drops it, as APNs does for a device that is not connected.
    static let immediateWindow = 30.0
}
