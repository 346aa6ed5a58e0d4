import Foundation
import Notifications

/// An answer of APNs' provider API other than 200: the HTTP status, the reason Apple documents for it, and for
/// 410 the time the device token stopped being valid (milliseconds since 1970). The body is
/// `{"reason": …}` (and `"timestamp"` for 410), as APNs sends it.
public struct APNsRejection: Error, Hashable, Sendable, CustomStringConvertible {
    public var status: Int
    public var reason: String
    public var timestamp: Int64?
    /// Why, for the log (never sent: APNs' bodies carry the reason only).
    public var detail: String

    public init(_ status: Int, _ reason: String, timestamp: Int64? = nil, detail: String = "") {
        self.status = status
        self.reason = reason
        self.timestamp = timestamp
        self.detail = detail
    }

    /// `{"reason":"Unregistered","timestamp":1780000000000}`.
    public var body: Data {
        var text = #"{"reason":"\#(reason)""#
        if let timestamp { text += #","timestamp":\#(timestamp)"# }
        return Data((text + "}").utf8)
    }

    public var description: String { "\(status) \(reason)\(detail.isEmpty ? "" : ": \(detail)")" }

    /// A 400 of `reason`.
    static func bad(_ reason: String, _ detail: String = "") -> APNsRejection {
        APNsRejection(400, reason, detail: detail)
    }

    /// A refused payload or header as APNs answers it: 413 for PayloadTooLarge, 410 for Unregistered (with the
    /// timestamp of its detail, `(timestamp N)`), else 400 with the reason (Baton's own payload reasons, such as
    /// BadAps, where APNs documents none).
    public init(_ error: PushError) {
        switch error.reason {
        case .payloadTooLarge: self.init(413, error.reason.rawValue, detail: error.detail)
        case .unregistered:
            self.init(410, error.reason.rawValue, timestamp: error.timestamp, detail: error.detail)
        default: self.init(400, error.reason.rawValue, detail: error.detail)
        }
    }

    /// A daemon's refusal line (`Reason: detail`) as APNs answers it; a line with no push reason is the
    /// daemon's own failure: 500 InternalServerError.
    public init(daemonRefusal line: String) {
        guard let error = PushError(refusal: line) else {
            self.init(500, "InternalServerError", detail: line)
            return
        }
        self.init(error)
    }
}
