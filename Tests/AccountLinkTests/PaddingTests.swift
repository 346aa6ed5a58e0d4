import Crypto
import Foundation
import Testing

@testable import AccountLink

/// Sealed boxes come in powers of two from 256 bytes, whatever the plaintext's length; boxes sealed before padding
/// still open.
@Suite struct PaddingTests {
    @Test func boxSizesAreBucketsAndPlaintextsComeBackExactly() throws {
        let key = AccountKey.generate()
        var sizes: [Int: Int] = [:]
        for count in [0, 1, 100, 222, 223, 478, 479, 3_000, 32 * 1024] {
            let plaintext = Data((0..<count).map { UInt8(truncatingIfNeeded: $0 * 7 + 1) })
            let box = try Sealing.seal(plaintext, identity: "row", key: key)
            sizes[count] = box.count
            #expect(try Sealing.open(box, identity: "row", key: key) == plaintext)
        }
        #expect(
            sizes == [
                0: 256, 1: 256, 100: 256, 222: 256, 223: 512, 478: 512, 479: 1024, 3_000: 4096,
                32 * 1024: 65536,
            ])
    }

    @Test func aBoxSealedBeforePaddingStillOpens() throws {
        let key = AccountKey.generate()
        let plaintext = Data(#"{"string":"favourite"}"#.utf8)
        let old = try #require(
            try AES.GCM.seal(plaintext, using: key.key, nonce: AES.GCM.Nonce(), authenticating: Data("row".utf8))
                .combined)
        #expect(try Sealing.open(old, identity: "row", key: key) == plaintext)
    }
}
