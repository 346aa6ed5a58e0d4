import BatonEnvironment
import Foundation
import Wire

/// Parses APNs payloads as `xcrun simctl push` accepts them: JSON or `.apns` files, `aps` and custom keys.
public enum PushPayload {
    /// APNs' limit for a whole payload, in bytes.
    public static let maxBytes = 4096
    /// APNs' limit for a VoIP push's payload (`apns-push-type: voip`), in bytes.
    public static let maxVoIPBytes = 5120
    /// APNs' limit for `apns-collapse-id`, in bytes.
    public static let maxCollapseIDBytes = 64
    /// The `.apns` file key naming the app.
    public static let targetBundleKey = "Simulator Target Bundle"

    /// Parses `data` with the request headers in `options`; throws the APNs-style reason and the key or
    /// byte offset at fault.
    public static func parse(_ data: Data, options: PushOptions = PushOptions()) throws(PushError)
        -> PushNotification
    {
        let collapseID = try checkCollapseID(options.collapseID)
        let explicitPriority = try checkPriority(options.priority)
        let expiration = try checkExpiration(options.expiration, now: options.now ?? Date())
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw PushError(.payloadEmpty, "the payload is empty")
        }
        // The .apns file's "Simulator Target Bundle" names the app; it is not sent to APNs, so it does not count.
        let limit = options.maxBytes
        let size = data.count - (data.count > limit ? wrapperBytes(data) : 0)
        if size > limit {
            throw PushError(.payloadTooLarge, "the payload is \(size) bytes; APNs allows at most \(limit)")
        }
        guard case .object(let payload) = try JSONValue.parse(data) else {
            throw PushError(.badPayload, "the payload must be a JSON object")
        }
        let bundle = try topic(payload: payload, app: options.app)
        guard let apsValue = payload["aps"] else {
            throw PushError(.badAps, "the payload has no \"aps\" dictionary")
        }
        guard case .object(let aps) = apsValue else {
            throw PushError(.badAps, "\"aps\" must be a dictionary, not \(apsValue.summary)")
        }
        var content = NotificationContent()
        try ApsReader(aps: aps, strings: options.strings ?? LocalizedStrings(table: [:])).read(into: &content)
        content.userInfo = try userInfo(payload)
        let contentAvailable = try flag("content-available", in: aps)
        let kind: PushKind
        if content.hasAlert {
            kind = .alert
        } else if contentAvailable {
            kind = .background
        } else if content.badge != nil || content.sound != nil {
            kind = .silent
        } else {
            throw PushError(.badAps, "\"aps\" has nothing to deliver: no alert, badge, sound or content-available")
        }
        return PushNotification(
            bundleIdentifier: bundle, content: content, kind: kind, contentAvailable: contentAvailable,
            mutableContent: try flag("mutable-content", in: aps),
            filterCriteria: try ApsReader.string("filter-criteria", in: aps, reason: .badApsValue),
            collapseID: collapseID, priority: explicitPriority ?? (kind == .background ? 5 : 10),
            expiration: expiration)
    }

    /// The bytes of the `.apns` wrapper entry (`"Simulator Target Bundle": "…",`) in `data`, if it is a JSON
    /// object holding one (read only for payloads just over the limit).
    static func wrapperBytes(_ data: Data) -> Int {
        guard data.count <= 2 * maxBytes, case .object(let payload)? = try? JSONValue.parse(data),
            case .string(let bundle)? = payload[targetBundleKey]
        else { return 0 }
        // Both quoted, a colon and a comma; the key and value as written (escapes aside).
        return targetBundleKey.utf8.count + bundle.utf8.count + 6
    }

    /// The app: `--app`, else "Simulator Target Bundle"; a bundle identifier's characters only.
    static func topic(payload: [String: JSONValue], app: String?) throws(PushError) -> String {
        var bundle = app
        if bundle == nil, let value = payload[targetBundleKey] {
            guard case .string(let text) = value else {
                throw PushError(.badTopic, "\"\(targetBundleKey)\" must be a string, not \(value.summary)")
            }
            bundle = text
        }
        guard let bundle else {
            throw PushError(.missingTopic, "no app: pass --app BUNDLE or put \"\(targetBundleKey)\" in the payload")
        }
        let allowed = bundle.unicodeScalars.allSatisfy {
            ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "." || $0 == "-"
        }
        guard !bundle.isEmpty, allowed else {
            throw PushError(.badTopic, "\(BoundedQuote.quote(bundle)) is not a bundle identifier")
        }
        return bundle
    }

    /// Every top-level key but `aps` and "Simulator Target Bundle", as property-list values.
    static func userInfo(_ payload: [String: JSONValue]) throws(PushError) -> [String: PropertyListValue] {
        var info: [String: PropertyListValue] = [:]
        for (key, value) in payload where key != "aps" && key != targetBundleKey {
            guard let converted = value.propertyListValue() else {
                throw PushError(
                    .badUserInfo,
                    "\"\(BoundedQuote.escaped(key, limit: 80))\" holds a null, which userInfo cannot carry")
            }
            info[key] = converted
        }
        return info
    }

    /// A 0/1 flag of `aps` (absent: false).
    static func flag(_ key: String, in aps: [String: JSONValue]) throws(PushError) -> Bool {
        switch aps[key] {
        case nil, .integer(0)?: return false
        case .integer(1)?: return true
        case let other?: throw PushError(.badApsValue, "aps.\(key) must be 0 or 1, not \(other.summary)")
        }
    }

    static func checkCollapseID(_ id: String?) throws(PushError) -> String? {
        guard let id else { return nil }
        let bytes = id.utf8.count
        if bytes == 0 { throw PushError(.badCollapseId, "the collapse id is empty") }
        if bytes > maxCollapseIDBytes {
            throw PushError(.badCollapseId, "the collapse id is \(bytes) bytes; at most \(maxCollapseIDBytes)")
        }
        return id
    }

    static func checkPriority(_ text: String?) throws(PushError) -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), [10, 5, 1].contains(value) else {
            throw PushError(.badPriority, "priority \(BoundedQuote.quote(text, limit: 40)) must be 10, 5 or 1")
        }
        return value
    }

    /// "0", UNIX seconds, or an ISO 8601 date (a past date means the same as 0).
    static func checkExpiration(_ text: String?, now: Date) throws(PushError) -> PushExpiration {
        guard let text else { return .never }
        if text == "0" { return .immediately }
        var date: Date?
        if let seconds = Int(text), seconds > 0 {
            date = Date(timeIntervalSince1970: Double(seconds))
        } else {
            date = try? Date(text, strategy: .iso8601)
        }
        guard let date else {
            throw PushError(
                .badExpirationDate,
                "expiration \(BoundedQuote.quote(text, limit: 40)) must be 0, a UNIX time or an ISO 8601 date")
        }
        return date <= now ? .immediately : .at(date)
    }
}
