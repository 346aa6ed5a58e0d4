import Foundation

/// A download cap as people write it: `2G`, `500M`, `64K` or bytes (`--max-size`, `BATON_MAX_DOWNLOAD`).
public enum DownloadSize {
    /// The environment variable the suite reads (the suite's setting; `baton --max-size` sets it).
    public static let variable = "BATON_MAX_DOWNLOAD"

    /// The bytes `text` names, or nil when it is not a positive size.
    public static func parse(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
        var digits = Substring(trimmed)
        var unit = 1
        if let last = digits.last, let scale = units[last] {
            unit = scale
            digits = digits.dropLast()
        }
        if digits.hasSuffix("B"), unit == 1 { digits = digits.dropLast() }
        guard let number = Double(digits), number > 0, number * Double(unit) < Double(Int.max) else { return nil }
        return Int(number * Double(unit))
    }

    /// The cap `environment` sets, if it sets a valid one.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Int? {
        environment[variable].flatMap(parse)
    }
}
