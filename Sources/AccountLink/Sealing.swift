import Crypto
import Foundation

/// End-to-end sealing with the account key: AES-GCM, a fresh random nonce per message, the row's identity as
/// associated data (a sealed value moved to another row does not open). The server stores only the box, padded
/// (`Padding`) so its size says only which power of two from 256 bytes the plaintext fits in.
public enum Sealing {
    /// `nonce ‖ ciphertext ‖ tag` of `plaintext` (padded), bound to `identity`.
    public static func seal(_ plaintext: Data, identity: String, key: AccountKey) throws(AccountLinkError) -> Data {
        do {
            let box = try AES.GCM.seal(
                Padding.pad(plaintext), using: key.key, nonce: AES.GCM.Nonce(), authenticating: Data(identity.utf8))
            guard let combined = box.combined else { throw AccountLinkError.failed("cannot seal a value") }
            return combined
        } catch {
            throw .failed("cannot seal a value: \(error)")
        }
    }

    /// The plaintext of a box `seal` made for `identity`; fails for another key, another row or a damaged box.
    public static func open(_ sealed: Data, identity: String, key: AccountKey) throws(AccountLinkError) -> Data {
        do {
            return Padding.unpad(
                try AES.GCM.open(
                    AES.GCM.SealedBox(combined: sealed), using: key.key, authenticating: Data(identity.utf8)))
        } catch {
            throw .failed("a sealed value does not open with this account key (wrong key, or a damaged row)")
        }
    }

    /// What a key check row seals: opening it proves a machine holds the account's key.
    public static let keyCheckPlaintext = Data("baton account key check v1".utf8)

    /// The identity a key check is bound to.
    public static func keyCheckIdentity(owner: String) -> String { "account-key-check|\(owner)" }

    /// 64 hex digits of HMAC-SHA256(account key, `text`): a name the server can route by and nobody without the key
    /// can work out or reverse.
    static func mac(_ text: String, key: AccountKey) -> String {
        HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: key.key).map { String(format: "%02x", $0) }
            .joined()
    }

    /// The identity of a key-value row written before names were sealed (`KeyValueRow`).
    public static func keyValueIdentity(owner: String, key: String) -> String { "kv|\(owner)|\(key)" }
}
