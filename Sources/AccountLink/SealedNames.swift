import Foundation

/// Machine and device names never reach the server in the clear. Where a row needs a name to be found or upserted
/// (a machine's row, an offer's device, a mail's or push's machines, a key-value row's writer) it holds a route:
/// 32 hex digits of HMAC-SHA256(account key, role and name), which every machine of the account can work out from
/// a name and nobody without the key can reverse. The names themselves travel only inside sealed, padded boxes.
enum Routes {
    /// The route of machine `name`.
    static func machine(_ name: String, owner: String, key: AccountKey) -> String {
        String(Sealing.mac("baton machine v1|\(owner)|\(name)", key: key).prefix(32))
    }

    /// The route of device `name` of machine `machine` (a name, not a route).
    static func device(_ name: String, machine: String, owner: String, key: AccountKey) -> String {
        String(Sealing.mac("baton device v1|\(owner)|\(machine)|\(name)", key: key).prefix(32))
    }

    /// Whether `text` looks like a route (rows written before names were sealed hold names).
    static func isRoute(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}

/// What a machine's row of `baton.machines` seals: its name, the devices its daemon serves now and those it
/// remembers while they are away (what `status`, `baton devices` and a push to one device need), bound to the
/// row's route.
struct MachineCard: Codable, Sendable, Equatable {
    var name: String
    /// The devices connected to the machine's daemon (`baton devices` shows them).
    var devices: [String]
    /// The devices its daemon remembers but that are not connected now: a push to one waits there until it
    /// connects again, as a push to one of this machine's own absent devices does. Absent from older cards.
    var away: [String]? = nil

    /// Every device a push to one device may name on this machine.
    var reachable: Set<String> { Set(devices).union(away ?? []) }

    static func identity(owner: String, route: String) -> String { "machine|\(owner)|\(route)" }

    func seal(owner: String, key: AccountKey) throws(AccountLinkError) -> (route: String, sealed: Data) {
        let route = Routes.machine(name, owner: owner, key: key)
        let plaintext: Data
        do { plaintext = try JSONEncoder().encode(self) } catch { throw .failed("cannot encode a machine: \(error)") }
        return (route, try Sealing.seal(plaintext, identity: Self.identity(owner: owner, route: route), key: key))
    }

    /// The card of a row; nil for a row that does not open, or whose name is not the one its route names.
    static func open(route: String, sealed: Data?, owner: String, key: AccountKey) -> MachineCard? {
        guard let sealed,
            let plaintext = try? Sealing.open(sealed, identity: identity(owner: owner, route: route), key: key),
            let card = try? JSONDecoder().decode(MachineCard.self, from: plaintext),
            Routes.machine(card.name, owner: owner, key: key) == route
        else { return nil }
        return card
    }
}
