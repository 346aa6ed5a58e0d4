import Crypto
import Foundation
import _CryptoExtras

/// A password as PostgreSQL stores it for SCRAM-SHA-256 (RFC 5802, RFC 7677), worked out here so the password
/// itself never reaches the server: `CREATE ROLE … PASSWORD 'SCRAM-SHA-256$…'` is taken as the stored verifier, and
/// the operator's statement log (`log_statement = ddl`), `pg_stat_activity` and any proxy see only that.
enum ScramVerifier {
    /// PostgreSQL's default iteration count (`scram_iterations`).
    static let iterations = 4096

    /// `SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>` for `password`, with a fresh random salt.
    static func make(_ password: String, salt: Data? = nil) throws -> String {
        let salt = salt ?? SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) }
        // SASLprep's normalisation (NFKC); PostgreSQL uses the password as given when it has none to do.
        let prepared = Data(password.precomposedStringWithCompatibilityMapping.utf8)
        // PostgreSQL's own count, below what swift-crypto checks for new password hashes: this is its format.
        let salted = try KDF.Insecure.PBKDF2.deriveKey(
            from: prepared, salt: salt, using: .sha256, outputByteCount: 32, unsafeUncheckedRounds: iterations)
        let clientKey = HMAC<SHA256>.authenticationCode(for: Data("Client Key".utf8), using: salted)
        let storedKey = Data(SHA256.hash(data: Data(clientKey)))
        let serverKey = Data(HMAC<SHA256>.authenticationCode(for: Data("Server Key".utf8), using: salted))
        return "SCRAM-SHA-256$\(iterations):\(salt.base64EncodedString())$\(storedKey.base64EncodedString())"
            + ":\(serverKey.base64EncodedString())"
    }
}
