import Foundation
import Wire

/// What an offer row seals: the device's name and apps and its advertisement (nil: the row is cleared and holds no
/// box). The row is keyed by the machine's and the device's routes; the box is bound to them, and its names must be
/// the ones the routes name. The receiving machine opens it and decides which of its devices can continue it.
struct OfferBox: Codable, Sendable {
    var machine: String
    var device: String
    var apps: [AppDescriptor]
    var activity: Advertisement

    static func identity(owner: String, machine: String, device: String) -> String {
        "offer2|\(owner)|\(machine)|\(device)"
    }

    /// The box of `device`'s offer on `machine` (names) and the routes its row is keyed by.
    func seal(owner: String, key: AccountKey) throws -> (machine: String, device: String, sealed: Data) {
        let machineRoute = Routes.machine(machine, owner: owner, key: key)
        let deviceRoute = Routes.device(device, machine: machine, owner: owner, key: key)
        let sealed = try Sealing.seal(
            JSONEncoder().encode(self),
            identity: Self.identity(owner: owner, machine: machineRoute, device: deviceRoute),
            key: key)
        return (machineRoute, deviceRoute, sealed)
    }

    /// The box of the row keyed by `machine` and `device` (routes); throws when it does not open or names another
    /// machine or device than its routes.
    static func open(_ sealed: Data, machine: String, device: String, owner: String, key: AccountKey) throws -> OfferBox
    {
        let plaintext = try Sealing.open(
            sealed, identity: identity(owner: owner, machine: machine, device: device), key: key)
        let box = try JSONDecoder().decode(OfferBox.self, from: plaintext)
        guard Routes.machine(box.machine, owner: owner, key: key) == machine,
            Routes.device(box.device, machine: box.machine, owner: owner, key: key) == device
        else { throw AccountLinkError.failed("an offer row's sealed names are not the ones its routes name") }
        return box
    }
}

/// What a mail row seals: its sender's name, its header (kinds, device names, numbers) and its body. The row holds
/// only the two machines' routes and an empty header; the box is bound to the row's routes and id.
struct MailBox: Codable, Sendable {
    var from: String
    var header: HandoffMail
    var body: Data?

    static func identity(owner: String, from: String, to: String, id: String) -> String {
        "handoff2|\(owner)|\(from)|\(to)|\(id)"
    }

    /// Opens a mail row's box; throws when it does not open or names another sender than its route.
    static func open(_ sealed: Data, from: String, to: String, id: String, owner: String, key: AccountKey) throws
        -> MailBox
    {
        let plaintext = try Sealing.open(sealed, identity: identity(owner: owner, from: from, to: to, id: id), key: key)
        let box = try JSONDecoder().decode(MailBox.self, from: plaintext)
        guard Routes.machine(box.from, owner: owner, key: key) == from else {
            throw AccountLinkError.failed("a mail's sealed sender is not the one its route names")
        }
        return box
    }
}
