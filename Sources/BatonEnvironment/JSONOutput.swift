import Foundation

/// Machine output for `--json`: sorted keys, ISO 8601 dates, one document per call.
public enum JSONOutput {
    public static func print<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        try StandardOutput.emit(try encoder.encode(value) + Data("\n".utf8))
    }

    /// One compact line (for streams of events).
    public static func line(_ object: [String: Any]) {
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return }
        try? StandardOutput.emit(data + Data("\n".utf8))
    }
}
