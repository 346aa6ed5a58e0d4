import Foundation

/// One of ntfy's refusals, as its server writes them: `{"code":40007,"http":400,"error":"…","link":"…"}`. The
/// five-digit code is the HTTP status followed by a number of ntfy's own, so a client that reads `code` (the
/// apps, Apprise, python libraries) tells the refusals apart exactly as against ntfy.sh.
public struct NtfyError: Error, Equatable, Sendable, CustomStringConvertible {
    public var code: Int
    public var error: String
    public var link: String?

    public init(_ code: Int, _ error: String, link: String? = nil) {
        self.code = code
        self.error = error
        self.link = link
    }

    /// The HTTP status: the code's first three digits.
    public var http: Int { code / 100 }

    public var description: String { "\(code) \(error)" }

    /// The answer's body, one line of JSON followed by a newline, as ntfy sends it.
    public var json: Data {
        var object: [String: Any] = ["code": code, "http": http, "error": error]
        if let link { object["link"] = link }
        let data =
            (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data("{}".utf8)
        return data + Data("\n".utf8)
    }

    private static let docs = "https://ntfy.sh/docs/"

    public static let emailDisabled = NtfyError(
        40001, "e-mail notifications are not enabled", link: docs + "config/#e-mail-notifications")
    public static let delayNoCache = NtfyError(40002, "cannot disable cache for delayed message")
    public static let delayNoEmail = NtfyError(40003, "delayed e-mail notifications are not supported")
    public static let delayCannotParse = NtfyError(
        40004, "invalid delay parameter: unable to parse delay", link: docs + "publish/#scheduled-delivery")
    public static let delayTooSmall = NtfyError(
        40005, "invalid delay parameter: too small, please refer to the docs",
        link: docs + "publish/#scheduled-delivery")
    public static let delayTooLarge = NtfyError(
        40006, "invalid delay parameter: too large, please refer to the docs",
        link: docs + "publish/#scheduled-delivery")
    public static let priorityInvalid = NtfyError(
        40007, "invalid priority parameter", link: docs + "publish/#message-priority")
    public static let sinceInvalid = NtfyError(
        40008, "invalid since parameter", link: docs + "subscribe/api/#fetch-cached-messages")
    public static let topicInvalid = NtfyError(40009, "invalid request: topic invalid")
    public static let topicDisallowed = NtfyError(40010, "invalid request: topic name is not allowed")
    public static let messageNotUTF8 = NtfyError(40011, "invalid request: message must be UTF-8 encoded")
    public static let attachmentURLInvalid = NtfyError(
        40013, "invalid request: attachment URL is invalid", link: docs + "publish/#attachments")
    public static let attachmentsDisallowed = NtfyError(
        40014, "invalid request: attachments not allowed", link: docs + "config/#attachments")
    public static let webSocketUpgradeMissing = NtfyError(
        40016, "invalid request: client not using the websocket protocol", link: docs + "subscribe/api/#websockets")
    public static let messageJSONInvalid = NtfyError(
        40017, "invalid request: request body must be message JSON", link: docs + "publish/#publish-as-json")
    public static let actionsInvalid = NtfyError(
        40018, "invalid request: actions invalid", link: docs + "publish/#action-buttons")
    public static let iconURLInvalid = NtfyError(
        40021, "invalid request: icon URL is invalid", link: docs + "publish/#icons")
    public static let callsDisabled = NtfyError(
        40033, "invalid request: calling is disabled", link: docs + "config/#phone-calls")
    public static let unauthorized = NtfyError(40101, "unauthorized", link: docs + "publish/#authentication")
    public static let forbidden = NtfyError(40301, "forbidden", link: docs + "publish/#authentication")
    public static let notFound = NtfyError(40401, "page not found")
    public static let methodNotAllowed = NtfyError(40501, "method not allowed")
    public static let tooLarge = NtfyError(
        41301, "attachment too large, or bandwidth limit reached", link: docs + "publish/#limitations")
    public static let jsonTooLarge = NtfyError(41303, "JSON body too large")
    public static let tooManyRequests = NtfyError(
        42901, "limit reached: too many requests", link: docs + "publish/#limitations")
    public static let tooManySubscriptions = NtfyError(
        42903, "limit reached: too many active subscriptions", link: docs + "publish/#limitations")
    public static let internalError = NtfyError(50001, "internal server error")
    public static let unavailable = NtfyError(50301, "Baton's daemon is not running")
}
