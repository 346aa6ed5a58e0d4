import Crypto
import Foundation
import Notifications
import Wire

/// End-to-end encrypted pushes ("send a page to my other terminal"): `seal` turns a plain APNs payload into
/// one whose alert text and custom keys travel as AES-GCM `encrypted-content`; an app's service extension
/// `open`s it with the same key from the app group.
public enum EncryptedPush {
    /// The payload key that carries the sealed box (base64 of nonce, ciphertext and tag).
    public static let contentKey = "encrypted-content"
    /// The alert shown if the extension cannot decrypt.
    public static let placeholderTitle = "New page"
    public static let placeholderBody = "Encrypted content"

    /// What is sealed: the alert's text and the custom keys (the URL among them).
    struct Secret: Codable {
        var title: String
        var subtitle: String
        var body: String
        var userInfo: [String: PropertyListValue]
    }

    /// Seals `payload` (APNs JSON, as `baton push` reads it) with `key`: the alert text and every custom
    /// key move into `encrypted-content`; `aps` keeps its other fields, gets a placeholder alert and
    /// `mutable-content: 1`; "Simulator Target Bundle" stays. Throws when the payload does not parse or the
    /// sealed one would be over 4096 bytes.
    public static func seal(payload: Data, key: SymmetricKey) throws -> Data {
        let parsed = try PushPayload.parse(payload, options: PushOptions(app: "com.baton.seal"))
        guard parsed.content.hasAlert else { throw EncryptedPushError.noAlert }
        let secret = Secret(
            title: parsed.content.title, subtitle: parsed.content.subtitle, body: parsed.content.body,
            userInfo: parsed.content.userInfo)
        let box = try AES.GCM.seal(try JSONEncoder().encode(secret), using: key)
        guard let combined = box.combined else { throw EncryptedPushError.sealFailed }
        guard var object = try JSONSerialization.jsonObject(with: payload) as? [String: Any],
            var aps = object["aps"] as? [String: Any]
        else { throw EncryptedPushError.sealFailed }
        aps["alert"] = ["title": placeholderTitle, "body": placeholderBody]
        aps["mutable-content"] = 1
        var sealed: [String: Any] = ["aps": aps, contentKey: combined.base64EncodedString()]
        if let bundle = object.removeValue(forKey: PushPayload.targetBundleKey) {
            sealed[PushPayload.targetBundleKey] = bundle
        }
        let data = try JSONSerialization.data(withJSONObject: sealed, options: [.sortedKeys])
        if data.count > PushPayload.maxBytes { throw EncryptedPushError.tooLarge(bytes: data.count) }
        return data
    }

    /// Decrypts `content.userInfo["encrypted-content"]` into the title, subtitle, body and userInfo
    /// (the URL to open is `userInfo["url"]`); the sealed box is removed.
    public static func open(_ content: NotificationContent, key: SymmetricKey) throws -> NotificationContent {
        guard case .string(let text)? = content.userInfo[contentKey] else { throw EncryptedPushError.notEncrypted }
        guard let combined = Data(base64Encoded: text) else { throw EncryptedPushError.badBox }
        let plain: Data
        do {
            plain = try AES.GCM.open(try AES.GCM.SealedBox(combined: combined), using: key)
        } catch {
            throw EncryptedPushError.cannotDecrypt
        }
        let secret = try JSONDecoder().decode(Secret.self, from: plain)
        var opened = content
        opened.title = secret.title
        opened.subtitle = secret.subtitle
        opened.body = secret.body
        opened.userInfo.removeValue(forKey: contentKey)
        opened.userInfo.merge(secret.userInfo) { _, secret in secret }
        return opened
    }
}

/// Why a push could not be sealed or opened.
public enum EncryptedPushError: Error, Equatable, CustomStringConvertible {
    case noAlert
    case sealFailed
    case tooLarge(bytes: Int)
    case notEncrypted
    case badBox
    case cannotDecrypt
    case keyFile(path: String, problem: String)

    public var description: String {
        switch self {
        case .noAlert: "only a push with alert text can be encrypted"
        case .sealFailed: "the payload could not be sealed"
        case .tooLarge(let bytes):
            "the encrypted payload would be \(bytes) bytes, over APNs' \(PushPayload.maxBytes); shorten the text"
        case .notEncrypted: "the push has no \(EncryptedPush.contentKey)"
        case .badBox: "\(EncryptedPush.contentKey) is not base64"
        case .cannotDecrypt: "\(EncryptedPush.contentKey) does not open with this key"
        case .keyFile(let path, let problem): "push key \(path): \(problem)"
        }
    }
}
