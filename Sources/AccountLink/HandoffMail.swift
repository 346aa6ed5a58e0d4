import Foundation
import Wire

/// One message between two machines' links about a handoff, kept as a row of `baton.handoff_mail` until the
/// addressee takes it: the row names the two machines by route (`Routes`); the header (kinds, device names,
/// sequence and request numbers, stream ids, credit), the sender's name and the body (a payload's userInfo, stream
/// bytes, a failure's text) are sealed together with the account key, bound to the row (`MailBox`).
struct HandoffMail: Codable, Sendable, Equatable {
    /// What the mail asks or answers.
    enum Kind: String, Codable, Sendable {
        /// Target machine → source machine: send the payload of `source`'s activity `sequence` for `target`.
        case continueRequest
        /// Source machine → target machine: the answer to `request` (body: `PayloadBody`).
        case payload
        /// Target → source: open continuation stream `streamID` from `target` to `source`'s activity.
        case streamOpen
        /// Either way: bytes on `streamID` (body: the bytes).
        case streamData
        /// Either way: `credit` more bytes may be sent on `streamID`.
        case streamCredit
        /// Either way: `half` of `streamID` (or the whole pair) is over (body: the `WireFailure`, if any).
        case streamClose
    }

    var kind: Kind
    /// The device that offers the activity (on the source machine).
    var source: String
    /// The device that continues it (on the target machine).
    var target: String
    var sequence: UInt64?
    var request: UInt64?
    var streamID: String?
    var credit: Int?
    var half: StreamHalf?
    /// The target's app for the activity (so the source machine can route the continue as from a local device).
    var apps: [AppDescriptor]?
    /// A continue request's deadline: how long after it was mailed (by the server's clock) the source may still
    /// take it and have its answer back before the target gives up (`ContinuePatience`); older, it is dropped.
    var patience: Int64?

    init(
        _ kind: Kind, source: String, target: String, sequence: UInt64? = nil, request: UInt64? = nil,
        streamID: String? = nil, credit: Int? = nil, half: StreamHalf? = nil, apps: [AppDescriptor]? = nil
    ) {
        self.kind = kind
        self.source = source
        self.target = target
        self.sequence = sequence
        self.request = request
        self.streamID = streamID
        self.credit = credit
        self.half = half
        self.apps = apps
    }
}

/// The sealed body of a `payload` mail: the source's userInfo, or why there is none.
struct PayloadBody: Codable, Sendable {
    var userInfo: [String: PropertyListValue]?
    var failure: WireFailure?
}

/// A mail as it was taken from the server: who sent it and its opened body.
struct ReceivedMail: Sendable {
    var from: String
    var header: HandoffMail
    var body: Data?
    /// How long ago it was mailed, in milliseconds by the server's clock.
    var age: Int64 = 0
}
