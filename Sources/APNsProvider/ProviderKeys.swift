import BatonEnvironment
import Crypto
import Foundation
import Synchronization

/// The provider keys this machine's APNs server accepts: `AuthKey_<KEYID>.p8` files (PKCS#8 P-256, as Apple's
/// developer site hands them out) in the state directory's `apns/`, each beside `AuthKey_<KEYID>.json`
/// naming its team. `baton apns key create --team T` makes one, `baton apns key import AuthKey_KEYID.p8 --team T`
/// takes Apple's; deleting its files revokes it.
public final class ProviderKeys: Sendable {
    /// A key's public half and its team.
    public struct Entry: Sendable {
        /// The public key's x9.63 bytes (swift-crypto's key types are not `Sendable` here).
        var publicKeyBytes: Data
        public var team: String
        public var publicKey: P256.Signing.PublicKey? {
            try? P256.Signing.PublicKey(x963Representation: publicKeyBytes)
        }
    }

    struct Record: Codable {
        var keyID: String
        var team: String
        var created: Date
    }

    public let directory: URL
    private let cache = Mutex<[String: Entry]>([:])

    public init(directory: URL) { self.directory = directory }

    /// `apns/` in `paths`' state directory.
    public convenience init(paths: BatonPaths) {
        self.init(directory: paths.stateDirectory.appendingPathComponent("apns", isDirectory: true))
    }

    /// The `.p8` file of `keyID`.
    public func keyFile(_ keyID: String) -> URL { directory.appendingPathComponent("AuthKey_\(keyID).p8") }

    private func recordFile(_ keyID: String) -> URL { directory.appendingPathComponent("AuthKey_\(keyID).json") }

    /// A new key for `team`: writes its `.p8` (0600) and record, and returns its key id (10 characters of A–Z and
    /// 0–9, as Apple's).
    public func create(team: String) throws -> String {
        try Self.checkTeam(team)
        try PrivateFile.createDirectory(directory)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var keyID = ""
        repeat {
            keyID = String((0..<10).map { _ in alphabet.randomElement() ?? "A" })
        } while FileManager.default.fileExists(atPath: keyFile(keyID).path)
        let key = P256.Signing.PrivateKey()
        try save(key, keyID: keyID, team: team)
        return keyID
    }

    /// Imports a key Apple's developer site handed out: `file` is its `AuthKey_KEYID.p8` (PKCS#8 P-256 PEM), the
    /// key id read from the name unless `keyID` gives it; written (0600) with a record naming `team`, as `create`
    /// writes one. Returns the key id; refuses a file that is not such a key, a name without a key id, and a key
    /// id already here.
    public func importKey(_ file: URL, team: String, keyID given: String? = nil) throws -> String {
        try Self.checkTeam(team)
        let name = file.deletingPathExtension().lastPathComponent
        let fromName = name.hasPrefix("AuthKey_") ? String(name.dropFirst("AuthKey_".count)) : nil
        guard let keyID = given ?? fromName, Self.isIdentifier(keyID, maxLength: 32) else {
            throw ProviderKeyError(
                "\(BoundedQuote.quote(file.lastPathComponent)) is not named AuthKey_KEYID.p8: give the key id with --key"
            )
        }
        guard !FileManager.default.fileExists(atPath: keyFile(keyID).path) else {
            throw ProviderKeyError("a key \(keyID) is already here: \(keyFile(keyID).path)")
        }
        let pem = String(decoding: try PrivateFile.read(file), as: UTF8.self)
        guard let key = try? P256.Signing.PrivateKey(pemRepresentation: pem) else {
            throw ProviderKeyError(
                "\(BoundedQuote.quote(file.path)) is not a P-256 private key in PEM (a .p8 from Apple's developer site)"
            )
        }
        try PrivateFile.createDirectory(directory)
        try save(key, keyID: keyID, team: team)
        return keyID
    }

    /// Writes `key`'s `.p8` (0600) and its record naming `team`.
    private func save(_ key: P256.Signing.PrivateKey, keyID: String, team: String) throws {
        try PrivateFile.write(Data((key.pemRepresentation + "\n").utf8), to: keyFile(keyID))
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        try PrivateFile.write(
            try encoder.encode(Record(keyID: keyID, team: team, created: Date())), to: recordFile(keyID))
    }

    private static func checkTeam(_ team: String) throws {
        guard isIdentifier(team, maxLength: 64) else {
            throw ProviderKeyError("a team id is 1 to 64 letters and digits, not \(BoundedQuote.quote(team))")
        }
    }

    /// The private key of `keyID` (for tests and benchmarks that sign as a provider would).
    public func privateKey(_ keyID: String) throws -> P256.Signing.PrivateKey {
        try P256.Signing.PrivateKey(
            pemRepresentation: String(decoding: try PrivateFile.read(keyFile(keyID)), as: UTF8.self))
    }

    /// The key `keyID` names, while its file is there; nil for an unknown (or malformed) key id.
    public func entry(_ keyID: String) -> Entry? {
        guard Self.isIdentifier(keyID, maxLength: 32), FileManager.default.fileExists(atPath: keyFile(keyID).path)
        else {
            cache.withLock { _ = $0.removeValue(forKey: keyID) }
            return nil
        }
        if let known = cache.withLock({ $0[keyID] }) { return known }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let key = try? privateKey(keyID),
            let record = try? decoder.decode(Record.self, from: PrivateFile.read(recordFile(keyID)))
        else { return nil }
        let entry = Entry(publicKeyBytes: key.publicKey.x963Representation, team: record.team)
        cache.withLock { $0[keyID] = entry }
        return entry
    }

    /// Checks an `authorization` header as APNs does (see `ProviderToken`) at `now`; returns the token.
    @discardableResult
    public func authenticate(_ authorization: String?, now: Date) throws(APNsRejection) -> ProviderToken {
        let token = try ProviderToken(authorization: authorization)
        guard let entry = entry(token.keyID), let publicKey = entry.publicKey else {
            throw ProviderToken.invalid("no provider key \(BoundedQuote.quote(token.keyID, limit: 40)) on this machine")
        }
        try token.verify(with: publicKey, team: entry.team, now: now)
        return token
    }

    static func isIdentifier(_ text: String, maxLength: Int) -> Bool {
        !text.isEmpty && text.utf8.count <= maxLength
            && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }
}

/// A provider key that cannot be made or read.
public struct ProviderKeyError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
