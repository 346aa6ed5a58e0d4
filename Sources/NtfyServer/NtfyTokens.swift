import BatonEnvironment
import Foundation

/// The endpoint's access tokens and their per-topic grants (`baton ntfy token add|remove|list`,
/// `baton ntfy access TOKEN TOPIC PERMISSION`), kept in the state directory's `ntfy-tokens.json` (0600). A
/// token is ntfy's form, `tk_` and 29 lower-case letters and digits; a grant's topic may end in `*`, as in
/// ntfy's access control. Read again on each request, so a change holds at once without a restart.
public struct NtfyTokens: Codable, Equatable, Sendable {
    /// One token and what it may do.
    public struct Token: Codable, Equatable, Sendable {
        public var token: String
        public var label: String
        public var grants: [Grant]
    }

    /// Read and write on topics matching `topic` (`*` at its end matches any rest).
    public struct Grant: Codable, Equatable, Sendable {
        public var topic: String
        public var read: Bool
        public var write: Bool

        func matches(_ name: String) -> Bool {
            topic.hasSuffix("*") ? name.hasPrefix(String(topic.dropLast())) : name == topic
        }
    }

    public var tokens: [Token] = []

    public init() {}

    static func file(_ paths: BatonPaths) -> URL { paths.stateDirectory.appendingPathComponent("ntfy-tokens.json") }

    /// The tokens kept in `paths`' state directory (none when there is no file or it is unreadable).
    public static func load(paths: BatonPaths) -> NtfyTokens {
        guard let data = try? Data(contentsOf: file(paths)) else { return NtfyTokens() }
        return (try? JSONDecoder().decode(NtfyTokens.self, from: data)) ?? NtfyTokens()
    }

    /// Writes them (0600, replaced atomically).
    public func save(paths: BatonPaths) throws {
        try FileManager.default.createDirectory(at: paths.stateDirectory, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try PrivateFile.write(try encoder.encode(self), to: Self.file(paths))
    }

    /// A new token with no grants, kept with `label`.
    public mutating func add(label: String) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        let token = "tk_" + String((0..<29).map { _ in alphabet[Int(generator.next(upperBound: UInt(36)))] })
        tokens.append(Token(token: token, label: label, grants: []))
        return token
    }

    /// `permission` on topics matching `topic` for `token` (ntfy's words: `read-write`/`rw`, `read-only`/`ro`,
    /// `write-only`/`wo`, `deny`); false when there is no such token or permission.
    public mutating func grant(_ token: String, topic: String, permission: String) -> Bool {
        guard let index = tokens.firstIndex(where: { $0.token == token }) else { return false }
        let (read, write): (Bool, Bool)
        switch permission.lowercased() {
        case "read-write", "rw": (read, write) = (true, true)
        case "read-only", "read", "ro": (read, write) = (true, false)
        case "write-only", "write", "wo": (read, write) = (false, true)
        case "deny", "none": (read, write) = (false, false)
        default: return false
        }
        tokens[index].grants.removeAll { $0.topic == topic }
        tokens[index].grants.append(Grant(topic: topic, read: read, write: write))
        return true
    }

    /// The token's entry, nil when there is none.
    public func entry(_ token: String) -> Token? { tokens.first { $0.token == token } }
}
