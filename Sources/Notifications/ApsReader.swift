import Foundation

/// Reads the `aps` dictionary into notification content, naming the key at fault.
struct ApsReader {
    let aps: [String: JSONValue]
    let strings: LocalizedStrings

    func read(into content: inout NotificationContent) throws(PushError) {
        try readAlert(into: &content)
        if let badge = aps["badge"] {
            guard case .integer(let value) = badge, value >= 0 else {
                throw PushError(.badBadge, "aps.badge must be a non-negative integer, not \(badge.summary)")
            }
            content.badge = value
        }
        content.sound = try sound()
        content.threadIdentifier = try Self.string("thread-id", in: aps, reason: .badApsValue) ?? ""
        content.categoryIdentifier = try Self.string("category", in: aps, reason: .badApsValue) ?? ""
        content.targetContentIdentifier = try Self.string("target-content-id", in: aps, reason: .badApsValue)
        if let level = aps["interruption-level"] {
            let levels: [String: InterruptionLevel] = [
                "passive": .passive, "active": .active, "time-sensitive": .timeSensitive, "critical": .critical,
            ]
            guard case .string(let text) = level, let parsed = levels[text] else {
                throw PushError(
                    .badInterruptionLevel,
                    "aps.interruption-level must be passive, active, time-sensitive or critical, not \(level.summary)")
            }
            content.interruptionLevel = parsed
        }
        if let score = aps["relevance-score"] {
            let value: Double? =
                switch score {
                case .integer(let number): Double(number)
                case .number(let number): number
                default: nil
                }
            guard let value, (0...1).contains(value) else {
                throw PushError(
                    .badRelevanceScore, "aps.relevance-score must be a number from 0 to 1, not \(score.summary)")
            }
            content.relevanceScore = value
        }
    }

    /// `alert` as a string (the body) or a dictionary.
    private func readAlert(into content: inout NotificationContent) throws(PushError) {
        guard let alert = aps["alert"] else { return }
        switch alert {
        case .string(let body):
            content.body = body
        case .object(let fields):
            content.title = try text(fields, plain: "title", key: "title-loc-key", arguments: "title-loc-args") ?? ""
            content.subtitle =
                try text(fields, plain: "subtitle", key: "subtitle-loc-key", arguments: "subtitle-loc-args") ?? ""
            content.body = try text(fields, plain: "body", key: "loc-key", arguments: "loc-args") ?? ""
            content.summaryArgument =
                try Self.string("summary-arg", in: fields, reason: .badAlert, prefix: "aps.alert.") ?? ""
            for key in ["launch-image", "action-loc-key"] {
                _ = try Self.string(key, in: fields, reason: .badAlert, prefix: "aps.alert.")
            }
        default:
            throw PushError(.badAlert, "aps.alert must be a string or a dictionary, not \(alert.summary)")
        }
    }

    /// A localized text (`*-loc-key` with its arguments, which wins) or the plain one.
    private func text(_ fields: [String: JSONValue], plain: String, key: String, arguments: String) throws(PushError)
        -> String?
    {
        let plainText = try Self.string(plain, in: fields, reason: .badAlert, prefix: "aps.alert.")
        let locKey = try Self.string(key, in: fields, reason: .badAlert, prefix: "aps.alert.")
        var args: [String] = []
        if let value = fields[arguments] {
            guard case .array(let items) = value else {
                throw PushError(.badAlert, "aps.alert.\(arguments) must be an array of strings, not \(value.summary)")
            }
            for (index, item) in items.enumerated() {
                switch item {
                case .string(let text): args.append(text)
                case .integer(let number): args.append(String(number))
                case .number(let number): args.append(String(number))
                default:
                    throw PushError(
                        .badAlert, "aps.alert.\(arguments)[\(index)] must be a string, not \(item.summary)")
                }
            }
        }
        guard let locKey else { return plainText }
        return strings.resolve(key: locKey, arguments: args)
    }

    /// `sound`: "default", a file name, or `{critical, name, volume}`.
    private func sound() throws(PushError) -> NotificationSound? {
        guard let value = aps["sound"] else { return nil }
        switch value {
        case .string("default"): return .default
        case .string(""): return nil
        case .string(let name): return .named(name)
        case .object(let fields):
            let name = try Self.string("name", in: fields, reason: .badSound, prefix: "aps.sound.")
            let critical: Bool
            switch fields["critical"] {
            case nil, .integer(0)?: critical = false
            case .integer(1)?: critical = true
            case let other?: throw PushError(.badSound, "aps.sound.critical must be 0 or 1, not \(other.summary)")
            }
            var volume = 1.0
            switch fields["volume"] {
            case nil: break
            case .integer(let number)? where (0...1).contains(number): volume = Double(number)
            case .number(let number)? where (0...1).contains(number): volume = number
            case let other?:
                throw PushError(.badSound, "aps.sound.volume must be a number from 0 to 1, not \(other.summary)")
            }
            if critical { return .critical(name: name == "default" ? nil : name, volume: volume) }
            guard let name else { throw PushError(.badSound, "aps.sound needs a \"name\"") }
            return name == "default" ? .default : .named(name)
        default:
            throw PushError(.badSound, "aps.sound must be a string or a dictionary, not \(value.summary)")
        }
    }

    /// An optional string field; any other type is refused naming `prefix + key`.
    static func string(
        _ key: String, in fields: [String: JSONValue], reason: PushReason, prefix: String = "aps."
    ) throws(PushError) -> String? {
        guard let value = fields[key] else { return nil }
        guard case .string(let text) = value else {
            throw PushError(reason, "\(prefix)\(key) must be a string, not \(value.summary)")
        }
        return text
    }
}
