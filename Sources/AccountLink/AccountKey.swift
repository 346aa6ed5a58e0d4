import Crypto
import Foundation

/// The account key: 256 random bits that seal everything a machine sends the server (AES-GCM), shown once as
/// `baton-key-<base64url>` and kept 0600 in the state directory.
public struct AccountKey: Sendable, Equatable {
    /// The key's 32 bytes (kept as bytes: swift-crypto's key type is not `Sendable`).
    let bytes: Data

    /// The key for AES-GCM.
    public var key: SymmetricKey { SymmetricKey(data: bytes) }

    public init(_ key: SymmetricKey) { bytes = key.withUnsafeBytes { Data($0) } }

    /// A fresh random key.
    public static func generate() -> AccountKey { AccountKey(SymmetricKey(size: .bits256)) }

    public static let prefix = "baton-key-"

    /// The key as the user copies it.
    public var text: String {
        Self.prefix
            + bytes.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Parses `baton-key-…` (whitespace around it ignored).
    public init(text: String) throws(AccountLinkError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix(Self.prefix) else {
            throw .usage("an account key starts with '\(Self.prefix)' (as 'baton account create' printed it)")
        }
        var base64 = String(trimmed.dropFirst(Self.prefix.count))
            .replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64), data.count == 32 else {
            throw .usage("the account key is damaged: expected 32 bytes after '\(Self.prefix)'")
        }
        bytes = data
    }
}
