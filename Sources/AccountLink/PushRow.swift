import Foundation
import Notifications

/// A push as the server keeps it in `baton.pushes`: only what routing needs in the clear (the sending machine's
/// route, the routes of the machines it is for or NULL for every machine, the size, the expiration, timestamps).
/// The push itself, its app, its target device and the sender's name are sealed with the account key and bound to
/// the row's id and sender (a sealed push moved to another row does not open).
enum PushRow {
    /// What the box holds.
    struct Sealed: Codable {
        /// The sending machine's name.
        var machine: String
        var request: PushRelayRequest
    }

    /// The identity a push row's box is bound to.
    static func identity(owner: String, id: String, from: String) -> String { "push2|\(owner)|\(id)|\(from)" }

    /// The sealed push of `item` from machine `machine` (its name; the row holds its route `from`).
    static func seal(_ item: PushOutbox.Item, machine: String, from: String, owner: String, key: AccountKey) throws
        -> (sealed: Data, size: Int)
    {
        let plaintext = try JSONEncoder().encode(Sealed(machine: machine, request: item.request))
        let sealed = try Sealing.seal(plaintext, identity: identity(owner: owner, id: item.id, from: from), key: key)
        return (sealed, sealed.count)
    }

    /// Opens a row's box: the sending machine's name and the push; throws when it does not open or names another
    /// sender than its route.
    static func open(_ sealed: Data, owner: String, id: String, from: String, key: AccountKey) throws -> Sealed {
        let plaintext = try Sealing.open(sealed, identity: identity(owner: owner, id: id, from: from), key: key)
        let row = try JSONDecoder().decode(Sealed.self, from: plaintext)
        guard Routes.machine(row.machine, owner: owner, key: key) == from else {
            throw AccountLinkError.failed("a push's sealed sender is not the one its route names")
        }
        return row
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
