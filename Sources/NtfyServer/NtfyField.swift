/// The publishing parameters ntfy reads, each with every name it answers to as a header and as a query
/// parameter (the same names, lower case): the one table the parser reads, so an alias cannot be known to one
/// form and not the other. A header wins over a query parameter, the first name over the later ones.
public enum NtfyField: String, CaseIterable, Sendable {
    case message, title, priority, tags, delay, actions, click, attach, filename, icon, markdown, email, call
    case cache, firebase, unifiedPush, pollID

    /// The names, as ntfy's server lists them.
    public var names: [String] {
        switch self {
        case .message: ["x-message", "message", "m"]
        case .title: ["x-title", "title", "ti", "t"]
        case .priority: ["x-priority", "priority", "prio", "p"]
        case .tags: ["x-tags", "tags", "tag", "ta"]
        case .delay: ["x-delay", "delay", "x-at", "at", "x-in", "in"]
        case .actions: ["x-actions", "actions", "action"]
        case .click: ["x-click", "click"]
        case .attach: ["x-attach", "attach", "a"]
        case .filename: ["x-filename", "filename", "file", "f"]
        case .icon: ["x-icon", "icon"]
        case .markdown: ["x-markdown", "markdown", "md"]
        case .email: ["x-email", "x-e-mail", "email", "e-mail", "mail", "e"]
        case .call: ["x-call", "call"]
        case .cache: ["x-cache", "cache"]
        case .firebase: ["x-firebase", "firebase"]
        case .unifiedPush: ["x-unifiedpush", "unifiedpush", "up"]
        case .pollID: ["x-poll-id", "poll-id"]
        }
    }
}

/// One HTTP request as the endpoint reads it: its method, path, query parameters, headers and body.
public struct NtfyRequest: Sendable {
    public var method: String
    public var path: String
    public var query: [String: String]
    /// Header names in lower case, each with its first value.
    public var headers: [String: String]
    public var body: [UInt8]
    /// The client's address (its rate limit's key), and whether it is this machine's.
    public var client: String
    public var isLoopback: Bool

    public init(
        method: String, uri: String, headers: [(String, String)], body: [UInt8] = [], client: String = "127.0.0.1"
    ) {
        self.client = client
        isLoopback = client == "::1" || client.hasPrefix("127.") || client.hasPrefix("::ffff:127.")
        self.method = method.uppercased()
        let parts = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = String(parts.first ?? "/").removingPercentEncoding ?? String(parts.first ?? "/")
        var query: [String: String] = [:]
        if parts.count > 1 {
            for pair in parts[1].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = Self.decode(kv[0]).lowercased()
                if query[name] == nil { query[name] = kv.count > 1 ? Self.decode(kv[1]) : "" }
            }
        }
        self.query = query
        var fields: [String: String] = [:]
        for (name, value) in headers where fields[name.lowercased()] == nil { fields[name.lowercased()] = value }
        self.headers = fields
        self.body = body
    }

    /// `field`'s value: the first of its header names present, else the first of its query parameters;
    /// nil when none is given (an empty value counts as none, as in ntfy).
    public func value(_ field: NtfyField) -> String? {
        for name in field.names { if let value = headers[name], !value.isEmpty { return value } }
        for name in field.names { if let value = query[name], !value.isEmpty { return value } }
        return nil
    }

    /// A query parameter or header that is not a publishing field (`since`, `poll`, `auth`).
    public func parameter(_ name: String) -> String? { query[name] ?? headers[name] ?? headers["x-" + name] }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
