import Foundation

/// Sealed sizes in buckets: a plaintext is framed (a marker, its length) and padded with zeros so that its box
/// (12-byte nonce and 16-byte tag included) is exactly a power of two from 256 bytes. A title's or an address's
/// length then shows only as the bucket it falls in. Boxes sealed before padding (no marker: their plaintexts are
/// JSON or text) still open as they were.
enum Padding {
    /// The smallest box size.
    static let smallest = 256
    /// What AES-GCM adds around the plaintext.
    static let overhead = 12 + 16
    /// Marks a padded plaintext (no JSON or text starts with it).
    static let marker: [UInt8] = [0xBA, 0x70]
    static let header = 2 + 4

    /// The box size a plaintext of `count` bytes is padded to.
    static func bucket(_ count: Int) -> Int {
        var size = smallest
        while size < count + header + overhead { size *= 2 }
        return size
    }

    static func pad(_ plaintext: Data) -> Data {
        var framed = Data(marker)
        let count = UInt32(clamping: plaintext.count)
        framed.append(contentsOf: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: count >> $0) })
        framed.append(plaintext)
        framed.append(Data(count: bucket(plaintext.count) - overhead - framed.count))
        return framed
    }

    /// The plaintext inside a padded one; an unpadded (older) plaintext as it is.
    static func unpad(_ opened: Data) -> Data {
        let bytes = [UInt8](opened.prefix(header))
        guard bytes.count == header, Array(bytes.prefix(2)) == marker else { return opened }
        let count = bytes[2...].reduce(0) { $0 << 8 | Int($1) }
        guard count <= opened.count - header else { return opened }
        return Data(opened.dropFirst(header).prefix(count))
    }
}
