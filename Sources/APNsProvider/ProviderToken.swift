import Crypto
import Foundation

/// A provider authentication token (`authorization: bearer …`): a JWT whose header names ES256 and the key id
/// and whose claims name the team (`iss`) and the time it was issued (`iat`), signed with the team's `.p8`
/// key. Checked as APNs checks it: the key is known, belongs to the issuer, and signed it; the token is at most
/// an hour old.
public struct ProviderToken: Hashable, Sendable {
    public var keyID: String
    public var team: String
    public var issuedAt: Date
    /// `header.claims`, the bytes the signature covers.
    var signingInput: String
    var signature: Data

    /// How long a token is accepted after it was issued (APNs: one hour).
    public static let lifetime: TimeInterval = 3600
    /// How far ahead of this machine's clock an issue time may be (a provider's clock runs a little fast).
    public static let allowedSkew: TimeInterval = 300

    struct Header: Decodable {
        var alg: String
        var kid: String
    }

    struct Claims: Decodable {
        var iss: String
        var iat: Int64
    }

    /// The token of an `authorization` header value: MissingProviderToken without one (or without `bearer`),
    /// InvalidProviderToken when it is not a JWT of the right shape.
    public init(authorization: String?) throws(APNsRejection) {
        guard let authorization, !authorization.isEmpty else {
            throw APNsRejection(403, "MissingProviderToken", detail: "no authorization header")
        }
        let words = authorization.split(separator: " ", maxSplits: 1)
        guard words.count == 2, words[0].lowercased() == "bearer" else {
            throw APNsRejection(403, "MissingProviderToken", detail: "authorization is not a bearer token")
        }
        let parts = words[1].trimmingCharacters(in: .whitespaces).split(
            separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerData = Self.base64URL(parts[0]), let claimsData = Self.base64URL(parts[1]),
            let signature = Self.base64URL(parts[2]),
            let header = try? JSONDecoder().decode(Header.self, from: headerData),
            let claims = try? JSONDecoder().decode(Claims.self, from: claimsData)
        else { throw Self.invalid("not a JWT with alg, kid, iss and iat") }
        guard header.alg == "ES256" else { throw Self.invalid("alg is \(header.alg), not ES256") }
        keyID = header.kid
        team = claims.iss
        issuedAt = Date(timeIntervalSince1970: TimeInterval(claims.iat))
        signingInput = "\(parts[0]).\(parts[1])"
        self.signature = signature
    }

    /// Checks the signature with `key` (the key `keyID` names, of `team`) and the age at `now`.
    public func verify(with key: P256.Signing.PublicKey, team keyTeam: String, now: Date) throws(APNsRejection) {
        guard team == keyTeam else { throw Self.invalid("key \(keyID) is team \(keyTeam)'s, not \(team)'s") }
        // Raw r‖s as JWTs carry it, or DER as `openssl dgst -sign` writes it (Apple's own curl example).
        let parsed =
            signature.count == 64
            ? try? P256.Signing.ECDSASignature(rawRepresentation: signature)
            : try? P256.Signing.ECDSASignature(derRepresentation: signature)
        guard let parsed, key.isValidSignature(parsed, for: Data(signingInput.utf8)) else {
            throw Self.invalid("the signature is not key \(keyID)'s")
        }
        if issuedAt.timeIntervalSince(now) > Self.allowedSkew { throw Self.invalid("issued in the future") }
        if now.timeIntervalSince(issuedAt) > Self.lifetime {
            throw APNsRejection(403, "ExpiredProviderToken", detail: "issued more than an hour ago")
        }
    }

    /// A signed token for `key` (tests, benchmarks and `baton apns token`): raw r‖s, as JWT libraries sign.
    public static func make(keyID: String, team: String, issuedAt: Date, key: P256.Signing.PrivateKey) throws -> String
    {
        let header = base64URL(Data(#"{"alg":"ES256","kid":"\#(keyID)"}"#.utf8))
        let claims = base64URL(Data(#"{"iss":"\#(team)","iat":\#(Int64(issuedAt.timeIntervalSince1970))}"#.utf8))
        let signature = try key.signature(for: Data("\(header).\(claims)".utf8))
        return "\(header).\(claims).\(base64URL(signature.rawRepresentation))"
    }

    static func invalid(_ detail: String) -> APNsRejection {
        APNsRejection(403, "InvalidProviderToken", detail: detail)
    }

    /// Base64url without padding.
    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Decodes base64url (padding optional); nil when it is not.
    static func base64URL(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
