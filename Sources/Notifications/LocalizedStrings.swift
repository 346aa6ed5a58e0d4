import Foundation

/// An app's `Localizable.strings` table, used to resolve `title-loc-key`, `subtitle-loc-key` and
/// `loc-key` in push payloads.
public struct LocalizedStrings: Hashable, Sendable {
    public var table: [String: String]

    public init(table: [String: String]) { self.table = table }

    /// Reads a `.strings` file (old-style property list, XML or binary) with `PropertyListSerialization`.
    public init(contentsOf url: URL) throws(PushError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PushError(.badLocalization, "cannot read \(url.path)")
        }
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw PushError(.badLocalization, "\(url.path) is not a strings file (\(error.localizedDescription))")
        }
        guard let dictionary = object as? [String: Any] else {
            throw PushError(.badLocalization, "\(url.path) is not a table of strings")
        }
        table = dictionary.compactMapValues { $0 as? String }
    }

    /// The app's `Localizable.strings` in its resource directory: `Localizable.strings`, else
    /// `en.lproj/`, else `Base.lproj/`; nil when it has none.
    public static func file(inApp directory: URL) -> URL? {
        ["Localizable.strings", "en.lproj/Localizable.strings", "Base.lproj/Localizable.strings"]
            .map { directory.appendingPathComponent($0) }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The format for `key` (the key itself when the table lacks it) with `arguments` substituted.
    public func resolve(key: String, arguments: [String]) -> String {
        Self.substitute(arguments, into: table[key] ?? key)
    }

    /// Replaces `%@` (in turn) and `%n$@` (by position) with `arguments`, `%%` with `%`. A placeholder with
    /// no argument becomes empty; nothing else is interpreted (no C varargs are involved).
    public static func substitute(_ arguments: [String], into format: String) -> String {
        var result = ""
        var next = 0
        var index = format.startIndex
        while index < format.endIndex {
            let character = format[index]
            guard character == "%" else {
                result.append(character)
                index = format.index(after: index)
                continue
            }
            let rest = format[format.index(after: index)...]
            if rest.hasPrefix("%") {
                result.append("%")
                index = format.index(index, offsetBy: 2)
            } else if rest.hasPrefix("@") {
                result += next < arguments.count ? arguments[next] : ""
                next += 1
                index = format.index(index, offsetBy: 2)
            } else if let dollar = rest.firstIndex(of: "$"), let position = Int(rest[rest.startIndex..<dollar]),
                position >= 1, format[format.index(after: dollar)...].hasPrefix("@")
            {
                result += position <= arguments.count ? arguments[position - 1] : ""
                index = format.index(dollar, offsetBy: 2)
            } else {
                result.append(character)
                index = format.index(after: index)
            }
        }
        return result
    }
}
