import Foundation

/// Machine output for `--json`: sorted keys, ISO 8601 dates, one document per call, and one rule for text from
/// outside (`escaped`): every control, C1, bidirectional and line-separator character is written as JSON's
/// `\uXXXX`, never raw, so a script that prints a field, or a person who runs `--json` in a terminal, gets
/// no escape sequence and no reordered line. Foundation's encoders leave DEL, C1 (U+009B is a CSI on many
/// terminals), U+2028/U+2029 and the bidi overrides and isolates raw; every JSON `baton` prints comes through here.
public enum JSONOutput {
    public static func print<T: Encodable>(_ value: T) throws {
        try StandardOutput.emit(try encode(value) + Data("\n".utf8))
    }

    /// One compact line (for streams of events).
    public static func line(_ object: [String: Any]) {
        guard let data = try? serialize(object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return }
        try? StandardOutput.emit(data + Data("\n".utf8))
    }

    /// `value` as pretty, key-sorted JSON, escaped by `escaped`.
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return escaped(try encoder.encode(value))
    }

    /// `value` as pretty, key-sorted JSON text, escaped by `escaped`.
    public static func string<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try encode(value), as: UTF8.self)
    }

    /// `object` (property-list values, as `JSONSerialization` takes them) as JSON, escaped by `escaped`.
    public static func serialize(_ object: Any, options: JSONSerialization.WritingOptions) throws -> Data {
        escaped(try JSONSerialization.data(withJSONObject: object, options: options))
    }

    /// Valid JSON `data` with every character `TerminalText` escapes written as `\uXXXX` instead of raw.
    /// Only a string can hold such a character in valid JSON (outside strings there is only ASCII punctuation,
    /// literals and whitespace), so replacing their UTF-8 sequences wherever they are is exact; the whitespace
    /// between tokens (newline, tab, carriage return) is left alone, and an encoder never writes it raw in a string.
    public static func escaped(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        var output: [UInt8] = []
        var copied = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard let length = TerminalText.unsafeLength(in: bytes, at: index),
                byte != 0x0A, byte != 0x09, byte != 0x0D
            else {
                index += 1
                continue
            }
            if output.isEmpty { output.reserveCapacity(bytes.count + 16) }
            output.append(contentsOf: bytes[copied..<index])
            let value: UInt32 =
                switch length {
                case 1: UInt32(byte)
                case 2: UInt32(byte & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                default:
                    UInt32(byte & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                }
            let hex = String(value, radix: 16)
            output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            index += length
            copied = index
        }
        guard copied > 0 else { return data }
        output.append(contentsOf: bytes[copied...])
        return Data(output)
    }
}
