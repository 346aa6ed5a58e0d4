import Foundation

/// Turns page bytes into a String in a known encoding; invalid bytes become U+FFFD, never a failure.
enum TextDecoding {
    static func decode(_ bytes: [UInt8], as encoding: TextEncodingLabel) -> String {
        switch encoding {
        case .utf8:
            let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
            return String(decoding: body, as: UTF8.self)
        case .utf16LittleEndian:
            return decodeUTF16(bytes, bigEndian: false)
        case .utf16BigEndian:
            return decodeUTF16(bytes, bigEndian: true)
        case .windows1252:
            return Windows1252.decode(bytes)
        case .foundation(_, let foundationEncoding):
            // Foundation refuses the whole text on one bad byte; fall back rather than fail.
            return String(data: Data(bytes), encoding: foundationEncoding) ?? Windows1252.decode(bytes)
        }
    }

    private static func decodeUTF16(_ bytes: [UInt8], bigEndian: Bool) -> String {
        var start = 0
        if bytes.count >= 2,
            (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)
        {
            start = 2
        }
        var units: [UInt16] = []
        units.reserveCapacity((bytes.count - start) / 2)
        var index = start
        while index + 1 < bytes.count {
            let high = UInt16(bytes[bigEndian ? index : index + 1])
            let low = UInt16(bytes[bigEndian ? index + 1 : index])
            units.append(high << 8 | low)
            index += 2
        }
        var text = String(decoding: units, as: UTF16.self)
        if index < bytes.count { text.append("\u{FFFD}") }  // an odd trailing byte
        return text
    }
}
