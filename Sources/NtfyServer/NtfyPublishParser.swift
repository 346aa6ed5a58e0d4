import Foundation

/// A message to publish, read from a request: what ntfy would store and send, and when (a delayed one is a
/// pending notification until `delivery`).
public struct NtfyPublish: Sendable {
    public var message: NtfyMessage
    /// nil: now.
    public var delivery: Date?
    /// False when `Cache: no` asked ntfy to keep it out of the cache (`since=` does not return it).
    public var cached = true
}

/// Reads a publish as ntfy's documentation describes it: the message as the body (or `message=`), every
/// parameter as a header or a query parameter under any of its names (`NtfyField`), or one JSON object
/// posted to `/`. Refusals are ntfy's own (`NtfyError`).
public enum NtfyPublishParser {
    /// Topics ntfy keeps for its own pages.
    static let reserved: Set<String> = [
        "docs", "static", "file", "app", "metrics", "account", "settings", "signup", "login", "v1", "config",
    ]
    /// The longest message kept in the body (ntfy's `message-size-limit`); more would be an attachment.
    public static let maxMessageBytes = 4096

    /// Throws 40009 for a name that is not `[-_A-Za-z0-9]{1,64}`, 40010 for one of ntfy's own.
    public static func checkTopic(_ topic: String) throws(NtfyError) {
        let allowed = topic.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_")
        }
        guard allowed, (1...64).contains(topic.utf8.count) else { throw .topicInvalid }
        guard !reserved.contains(topic) else { throw .topicDisallowed }
    }

    /// `PUT`/`POST /topic`, `GET /topic/publish?message=…`: the parameters from headers and query.
    public static func parse(topic: String, request: NtfyRequest, now: Date) throws(NtfyError) -> NtfyPublish {
        try checkTopic(topic)
        var text = request.value(.message) ?? ""
        if !request.body.isEmpty {
            guard request.body.count <= maxMessageBytes else { throw .tooLarge }
            guard let body = String(validating: request.body, as: UTF8.self) else { throw .messageNotUTF8 }
            if text.isEmpty { text = body }
        }
        var fields: [NtfyField: String] = [:]
        for field in NtfyField.allCases { fields[field] = request.value(field) }
        if request.headers["content-type"]?.lowercased().hasPrefix("text/markdown") == true {
            fields[.markdown] = "yes"
        }
        return try build(topic: topic, message: text, fields: fields, actions: nil, now: now)
    }

    /// A JSON object posted to `/`: `{"topic": …, "message": …, "title": …, "tags": […], "priority": 4, …}`.
    /// As in ntfy, the object's fields stand in for headers: a header it does not name still counts (Apprise
    /// sends `X-Priority`, `X-Tags` and `X-Icon` beside its JSON).
    public static func parseJSON(_ request: NtfyRequest, now: Date) throws(NtfyError) -> NtfyPublish {
        guard let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any],
            let topic = object["topic"] as? String
        else { throw .messageJSONInvalid }
        try checkTopic(topic)
        var fields: [NtfyField: String] = [:]
        for field in NtfyField.allCases where field != .message { fields[field] = request.value(field) }
        for (field, key) in [
            (NtfyField.title, "title"), (.click, "click"), (.attach, "attach"), (.filename, "filename"),
            (.icon, "icon"), (.email, "email"), (.call, "call"), (.delay, "delay"), (.cache, "cache"),
            (.firebase, "firebase"), (.pollID, "poll_id"),
        ] {
            if let value = object[key] as? String, !value.isEmpty { fields[field] = value }
        }
        if let priority = object["priority"] { fields[.priority] = "\(priority)" }
        if let tags = object["tags"] as? [String] { fields[.tags] = tags.joined(separator: ",") }
        if object["markdown"] as? Bool == true { fields[.markdown] = "yes" }
        var actions: [NtfyAction]?
        if let list = object["actions"] {
            guard let objects = list as? [[String: Any]] else { throw .actionsInvalid }
            actions = try NtfyAction.parse(json: objects)
        }
        let text = object["message"] as? String ?? ""
        guard text.utf8.count <= maxMessageBytes else { throw .tooLarge }
        return try build(topic: topic, message: text, fields: fields, actions: actions, now: now)
    }

    private static func build(
        topic: String, message text: String, fields: [NtfyField: String], actions: [NtfyAction]?, now: Date
    ) throws(NtfyError) -> NtfyPublish {
        if fields[.email] != nil { throw .emailDisabled }
        if fields[.call] != nil { throw .callsDisabled }
        var message = NtfyMessage(event: "message", topic: topic, time: now)
        // ntfy's word for a message published with no text (a webhook's `/trigger`).
        message.message = text.isEmpty ? "triggered" : text
        message.title = fields[.title]
        let tags = NtfyTags.parse(fields[.tags])
        message.tags = tags.isEmpty ? nil : tags
        if let priority = fields[.priority] {
            let value = try NtfyPriority.parse(priority)
            message.priority = value == 3 && !["3", "default"].contains(priority.lowercased()) ? nil : value
        }
        message.click = fields[.click]
        if let icon = fields[.icon] {
            guard isWebAddress(icon) else { throw .iconURLInvalid }
            message.icon = icon
        }
        if let attach = fields[.attach] {
            guard isWebAddress(attach), let url = URL(string: attach) else { throw .attachmentURLInvalid }
            let name = fields[.filename] ?? (url.lastPathComponent.isEmpty ? "attachment" : url.lastPathComponent)
            message.attachment = NtfyMessage.Attachment(name: name, url: attach)
        }
        if let actions {
            message.actions = actions
        } else if let text = fields[.actions] {
            message.actions = try NtfyAction.parse(text)
        }
        if message.actions?.isEmpty == true { message.actions = nil }
        if isYes(fields[.markdown]) { message.contentType = "text/markdown" }
        var publish = NtfyPublish(message: message)
        publish.cached = !isNo(fields[.cache])
        if let delay = fields[.delay] {
            if !publish.cached { throw .delayNoCache }
            let delivery = try NtfyTime.delivery(delay, now: now)
            publish.delivery = delivery
            publish.message.time = Int64(delivery.timeIntervalSince1970)
        }
        publish.message.expires = publish.message.time + Int64(NtfyMessage.cacheDuration)
        return publish
    }

    static func isWebAddress(_ text: String) -> Bool {
        let lower = text.lowercased()
        return (lower.hasPrefix("http://") || lower.hasPrefix("https://")) && URL(string: text)?.host != nil
    }

    static func isYes(_ value: String?) -> Bool { ["1", "yes", "true"].contains(value?.lowercased() ?? "") }
    static func isNo(_ value: String?) -> Bool { ["0", "no", "false"].contains(value?.lowercased() ?? "") }
}
