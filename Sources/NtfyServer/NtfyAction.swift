import Foundation

/// One of ntfy's action buttons: `view` (open an address), `http` (a request the server sends when it is
/// chosen) or `broadcast` (an Android intent, kept and shown, nothing to do here). At most three per message.
public struct NtfyAction: Codable, Hashable, Sendable {
    public var id: String
    public var action: String
    public var label: String
    public var url: String?
    public var method: String?
    public var headers: [String: String]?
    public var body: String?
    public var intent: String?
    public var extras: [String: String]?
    public var clear: Bool?

    public init(action: String, label: String, url: String? = nil) {
        id = NtfyID.make()
        self.action = action
        self.label = label
        self.url = url
    }

    /// The most a message carries, as in ntfy.
    public static let maxActions = 3
    static let kinds: Set<String> = ["view", "http", "broadcast"]

    /// `Actions` in either form: JSON (an array of objects) or ntfy's short one,
    /// `view, Open, https://x; http, Close door, https://api/door, method=PUT, body='{"a":1}', clear=true`.
    public static func parse(_ text: String) throws(NtfyError) -> [NtfyAction] {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return [] }
        let actions: [NtfyAction]
        if trimmed.hasPrefix("[") {
            guard let data = trimmed.data(using: .utf8),
                let objects = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
            else { throw .actionsInvalid }
            actions = try objects.map { object throws(NtfyError) in try fromJSON(object) }
        } else {
            actions = try ShortForm.split(trimmed, on: ";").map { part throws(NtfyError) in try shortForm(part) }
        }
        return try checked(actions)
    }

    /// The actions of a JSON publish's `actions` array.
    static func parse(json objects: [[String: Any]]) throws(NtfyError) -> [NtfyAction] {
        try checked(objects.map { object throws(NtfyError) in try fromJSON(object) })
    }

    private static func checked(_ actions: [NtfyAction]) throws(NtfyError) -> [NtfyAction] {
        guard actions.count <= maxActions else { throw .actionsInvalid }
        for action in actions {
            guard kinds.contains(action.action), !action.label.isEmpty else { throw .actionsInvalid }
            if action.action != "broadcast", action.url?.isEmpty ?? true { throw .actionsInvalid }
        }
        return actions
    }

    private static func fromJSON(_ object: [String: Any]) throws(NtfyError) -> NtfyAction {
        guard let kind = object["action"] as? String, let label = object["label"] as? String else {
            throw .actionsInvalid
        }
        var action = NtfyAction(action: kind.lowercased(), label: label, url: object["url"] as? String)
        action.method = object["method"] as? String
        action.headers = object["headers"] as? [String: String]
        action.body = object["body"] as? String
        action.intent = object["intent"] as? String
        action.extras = object["extras"] as? [String: String]
        action.clear = object["clear"] as? Bool
        return action
    }

    private static func shortForm(_ text: String) throws(NtfyError) -> NtfyAction {
        var positional: [String] = []
        var named: [String: String] = [:]
        var headers: [String: String] = [:]
        var extras: [String: String] = [:]
        for field in ShortForm.split(text, on: ",") {
            if let (key, value) = ShortForm.keyValue(field) {
                if key.hasPrefix("headers.") {
                    headers[String(key.dropFirst("headers.".count))] = value
                } else if key.hasPrefix("extras.") {
                    extras[String(key.dropFirst("extras.".count))] = value
                } else {
                    named[key] = value
                }
            } else {
                positional.append(ShortForm.unquote(field))
            }
        }
        let kind = (named["action"] ?? positional.first ?? "").lowercased()
        let rest = named["action"] == nil ? Array(positional.dropFirst()) : positional
        guard let label = named["label"] ?? rest.first else { throw .actionsInvalid }
        var action = NtfyAction(action: kind, label: label, url: named["url"] ?? (rest.count > 1 ? rest[1] : nil))
        action.method = named["method"]
        action.body = named["body"]
        action.intent = named["intent"]
        action.clear = named["clear"].map { ["true", "yes", "1"].contains($0.lowercased()) }
        action.headers = headers.isEmpty ? nil : headers
        action.extras = extras.isEmpty ? nil : extras
        return action
    }
}

/// The pieces of ntfy's short action form: separators outside quotes, `key=value` for the keys it knows.
enum ShortForm {
    static let keys: Set<String> = ["action", "label", "url", "clear", "method", "body", "intent"]

    /// `text` split on `separator` where it is outside '…' or "…", each piece trimmed, empty ones dropped.
    static func split(_ text: String, on separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil }
                current.append(character)
            } else if character == "'" || character == "\"" {
                quote = character
                current.append(character)
            } else if character == separator {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// `key=value` when the key is one ntfy knows (or `headers.X`, `extras.X`); nil for a plain field.
    static func keyValue(_ field: String) -> (String, String)? {
        guard let equals = field.firstIndex(of: "=") else { return nil }
        var key = field[..<equals].trimmingCharacters(in: .whitespaces)
        let lower = key.lowercased()
        // A header's or an extra's own name keeps its case (`headers.Authorization`).
        for prefix in ["headers.", "extras."] where lower.hasPrefix(prefix) {
            key = prefix + key.dropFirst(prefix.count)
        }
        guard keys.contains(lower) || lower.hasPrefix("headers.") || lower.hasPrefix("extras.") else { return nil }
        return (keys.contains(lower) ? lower : key, unquote(String(field[field.index(after: equals)...])))
    }

    /// A field without the quotes around it.
    static func unquote(_ text: String) -> String {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard text.count >= 2, let first = text.first, first == "'" || first == "\"", text.last == first else {
            return text
        }
        return String(text.dropFirst().dropLast())
    }
}
