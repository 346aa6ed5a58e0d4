import Foundation
import Wire

/// A key-value row as the server keeps it: the key's name never in the clear. The row's `key` is a route, 64 hex
/// digits of HMAC-SHA256(account key, role and name), which the upsert needs; the name travels sealed with the
/// value (a removal seals the name alone), and the box is bound to the route. Rows written before names were
/// sealed (the name as `key`, the value alone sealed, or nothing for a removal) still read.
struct KeyValueRow {
    /// What the box holds.
    struct Sealed: Codable {
        var name: String
        var value: PropertyListValue?
        /// The writing machine's name (its route is the row's `machine`); nil in rows written before it was sealed.
        var machine: String?
    }

    static func route(_ name: String, owner: String, key: AccountKey) -> String {
        Sealing.mac("baton kv name v1|\(owner)|\(name)", key: key)
    }

    static func identity(owner: String, route: String) -> String { "kv2|\(owner)|\(route)" }

    /// The route, box and the size the server sees (the box's) of `name` set to `value` (nil: removed).
    static func seal(
        _ name: String, _ value: PropertyListValue?, machine: String, owner: String, key: AccountKey
    ) throws -> (route: String, sealed: Data, size: Int) {
        let route = route(name, owner: owner, key: key)
        let sealed = try Sealing.seal(
            JSONEncoder().encode(Sealed(name: name, value: value, machine: machine)),
            identity: identity(owner: owner, route: route), key: key)
        return (route, sealed, value == nil ? 0 : sealed.count)
    }

    /// The name, value and writing machine (nil: not sealed in the row) of a row; throws for a row that does not
    /// open or whose name is not its route's.
    static func open(route: String, sealed: Data?, owner: String, key: AccountKey) throws -> (
        name: String, value: PropertyListValue?, machine: String?
    ) {
        guard let sealed else { return (route, nil, nil) }  // a removal written before names were sealed
        if let plaintext = try? Sealing.open(sealed, identity: identity(owner: owner, route: route), key: key) {
            let row = try JSONDecoder().decode(Sealed.self, from: plaintext)
            guard Self.route(row.name, owner: owner, key: key) == route else {
                throw AccountLinkError.failed("a key-value row's sealed name is not the one its route names")
            }
            return (row.name, row.value, row.machine)
        }
        let plaintext = try Sealing.open(sealed, identity: Sealing.keyValueIdentity(owner: owner, key: route), key: key)
        return (route, try JSONDecoder().decode(PropertyListValue.self, from: plaintext), nil)
    }
}
