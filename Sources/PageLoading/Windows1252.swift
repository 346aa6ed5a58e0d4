/// The windows-1252 decoder browsers use for unlabelled pages (and for `iso-8859-1` labels).
enum Windows1252 {
    /// Code points for bytes 0x80...0x9F; the other bytes map to the same code point (Latin-1).
    private static let high: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
        0x0152,
        0x8D, 0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC,
        0x2122,
        0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]

    /// The text of `bytes`, written as UTF-8 byte by byte (ASCII bytes as they are, the others as two or
    /// three bytes): a `String.UnicodeScalarView` appended scalar by scalar costs a few hundred
    /// instructions per byte.
    static func decode(_ bytes: [UInt8]) -> String {
        guard bytes.contains(where: { $0 >= 0x80 }) else { return String(decoding: bytes, as: UTF8.self) }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.count + bytes.count / 2)
        for byte in bytes {
            guard byte >= 0x80 else {
                utf8.append(byte)
                continue
            }
            let value = byte <= 0x9F ? high[Int(byte) - 0x80] : UInt32(byte)
            if value < 0x800 {
                utf8.append(UInt8(0xC0 | (value >> 6)))
            } else {
                utf8.append(UInt8(0xE0 | (value >> 12)))
                utf8.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            }
            utf8.append(UInt8(0x80 | (value & 0x3F)))
        }
        return String(decoding: utf8, as: UTF8.self)
    }
}
