import Foundation

/// A manifest that cannot be used, with the file and the rule it breaks.
public enum ManifestError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case missingKey(path: String, key: String)
    case invalidBundleIdentifier(path: String, value: String)
    case invalidTeamIdentifier(path: String, value: String)
    case invalidActivityType(path: String, value: String)
    case duplicateActivityType(path: String, value: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): not a readable property list: \(reason)"
        case .missingKey(let path, let key): "\(path): missing \(key)"
        case .invalidBundleIdentifier(let path, let value):
            "\(path): CFBundleIdentifier '\(value)' must be reverse-DNS (letters, digits, '-' and '.', e.g. com.example.App)"
        case .invalidTeamIdentifier(let path, let value):
            "\(path): TeamIdentifier '\(value)' must be 10 uppercase letters or digits (e.g. BATONTEAM1)"
        case .invalidActivityType(let path, let value):
            "\(path): NSUserActivityTypes entry '\(value)' must be a non-empty reverse-DNS string without spaces"
        case .duplicateActivityType(let path, let value): "\(path): NSUserActivityTypes lists '\(value)' twice"
        }
    }
}

/// The rules a manifest must follow.
enum ManifestValidation {
    static func check(_ manifest: AppManifest, raw: RawInfo, source: String) throws(ManifestError) {
        guard let bundle = raw.bundleIdentifier else { throw .missingKey(path: source, key: "CFBundleIdentifier") }
        guard isReverseDNS(bundle) else { throw .invalidBundleIdentifier(path: source, value: bundle) }
        guard let team = raw.teamIdentifier else { throw .missingKey(path: source, key: "TeamIdentifier") }
        guard team.count == 10, team.allSatisfy({ ($0.isUppercase || $0.isNumber) && $0.isASCII }) else {
            throw .invalidTeamIdentifier(path: source, value: team)
        }
        var seen = Set<String>()
        for type in manifest.activityTypes {
            guard isReverseDNS(type) else { throw .invalidActivityType(path: source, value: type) }
            guard seen.insert(type).inserted else { throw .duplicateActivityType(path: source, value: type) }
        }
    }

    /// Dot-separated, at least two non-empty parts of ASCII letters, digits, '-' and '_'.
    private static func isReverseDNS(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2
            && parts.allSatisfy { part in
                !part.isEmpty
                    && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
            }
    }
}
