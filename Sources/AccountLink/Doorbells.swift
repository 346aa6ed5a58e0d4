import Crypto
import Foundation

/// The account's doorbell channels. PostgreSQL has no permission on `LISTEN` or `NOTIFY`: any role may listen on
/// or ring any channel it can name. So a channel's name is an HMAC of the account key (another role can neither
/// guess it nor ring it), and what a doorbell says is sealed with the key (a role that learned the name still reads
/// nothing); a doorbell only says "read the rows", the data is in them.
public enum Doorbells {
    /// The account's channel for `kind` (`kv`: key-value rows and pushes, `ho`: handoff): `baton_<kind>_` and 40
    /// hex digits of HMAC-SHA256(account key, kind and role).
    public static func channel(_ kind: String, owner: String, key: AccountKey) -> String {
        "baton_\(kind)_" + Sealing.mac("baton doorbell v1|\(kind)|\(owner)", key: key).prefix(40)
    }

    /// `text` sealed for `channel` (base64: a NOTIFY payload is text).
    static func seal(_ text: String, channel: String, key: AccountKey) -> String {
        (try? Sealing.seal(Data(text.utf8), identity: "doorbell|\(channel)", key: key))?.base64EncodedString() ?? ""
    }

    /// What a doorbell `seal`ed for `channel` says; nil for anything else.
    static func open(_ payload: String, channel: String, key: AccountKey) -> String? {
        guard let sealed = Data(base64Encoded: payload),
            let plain = try? Sealing.open(sealed, identity: "doorbell|\(channel)", key: key)
        else { return nil }
        return String(decoding: plain, as: UTF8.self)
    }
}
