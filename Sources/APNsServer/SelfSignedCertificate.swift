import BatonEnvironment
import Crypto
import Foundation
import SwiftASN1
import X509

/// `baton apns serve --self-signed DIR`: a P-256 certificate of its own for localhost, 127.0.0.1 and ::1 in
/// `DIR/cert.pem` (give it to the provider: `curl --cacert DIR/cert.pem`) with its key in `DIR/key.pem`
/// (0600). Kept while it is valid for another day, so a provider that trusts it keeps trusting it.
public enum SelfSignedCertificate {
    /// How long a new certificate is valid (Apple's limit for server certificates clients trust).
    static let validity: TimeInterval = 398 * 24 * 3600

    /// The certificate and key files in `directory`, made when missing or about to expire.
    public static func ensure(in directory: URL, now: Date = Date()) throws -> (certificate: URL, key: URL) {
        let certificateFile = directory.appendingPathComponent("cert.pem")
        let keyFile = directory.appendingPathComponent("key.pem")
        if FileManager.default.fileExists(atPath: keyFile.path),
            let pem = try? String(contentsOf: certificateFile, encoding: .utf8),
            let existing = try? Certificate(pemEncoded: pem), existing.notValidAfter > now.addingTimeInterval(86_400)
        {
            return (certificateFile, keyFile)
        }
        try PrivateFile.createDirectory(directory)
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName { CommonName("Baton APNs on localhost") }
        let extensions = try Certificate.Extensions {
            Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
            Critical(KeyUsage(digitalSignature: true, keyCertSign: true))
            try ExtendedKeyUsage([.serverAuth])
            SubjectAlternativeNames([
                .dnsName("localhost"), .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1])),
                .ipAddress(ASN1OctetString(contentBytes: ArraySlice([UInt8](repeating: 0, count: 15) + [1]))),
            ])
        }
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key.publicKey),
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(validity),
            issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions,
            issuerPrivateKey: .init(key))
        try PrivateFile.write(Data((key.pemRepresentation + "\n").utf8), to: keyFile)
        try Data((try certificate.serializeAsPEM().pemString + "\n").utf8).write(to: certificateFile, options: .atomic)
        return (certificateFile, keyFile)
    }
}
