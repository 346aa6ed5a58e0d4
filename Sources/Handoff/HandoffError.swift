import Wire

/// A Handoff failure as `NSUserActivity` reports it: one of Apple's codes and a human message.
public struct HandoffError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `NSUserActivity`'s error codes.
    public enum Code: Int, Sendable, CaseIterable {
        /// The activity could not be continued (the source went away or refused).
        case handoffFailed = 4608
        /// The account's connection is unavailable.
        case connectionUnavailable = 4609
        /// The source app did not answer in time.
        case remoteAppTimedOut = 4610
        /// The activity's userInfo is larger than the limit.
        case userInfoTooLarge = 4611

        /// What the code means, in words for the user.
        public var summary: String {
            switch self {
            case .handoffFailed: "Handoff failed: the other device could not send the activity."
            case .connectionUnavailable: "Handoff is unavailable: Baton's account service cannot be reached."
            case .remoteAppTimedOut: "Handoff timed out: the app on the other device did not answer."
            case .userInfoTooLarge: "Handoff failed: the activity carries too much data."
            }
        }
    }

    public var code: Code
    /// The specific reason (which device, how many bytes…).
    public var detail: String

    public init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    /// The error a wire failure stands for; unknown codes count as `handoffFailed`.
    public init(_ failure: WireFailure) {
        self.init(Code(rawValue: failure.code) ?? .handoffFailed, failure.message)
    }

    /// The user-facing message: the summary and the reason.
    public var description: String { "\(code.summary) \(detail) (\(code.rawValue))" }

    /// The wire form of this error.
    public var wireFailure: WireFailure { WireFailure(code: code.rawValue, message: detail) }
}

/// A programming error in using `UserActivity`: reported at the call, never sent to another device.
public enum UserActivityError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The app's manifest does not list the type in `NSUserActivityTypes`.
    case undeclaredType(type: String, app: String, declared: [String])
    /// `webpageURL` must be http or https.
    case unsupportedWebpageURL(String)
    /// The activity was invalidated and cannot become current again.
    case invalidated(String)
    /// The app is not registered with a coordinator any more.
    case appUnavailable(String)
    /// The advertisement does not fit in a frame even with its title shortened (4611).
    case tooLarge(HandoffError)

    public var description: String {
        switch self {
        case .undeclaredType(let type, let app, let declared):
            "activity type '\(type)' is not declared by \(app); NSUserActivityTypes lists: "
                + (declared.isEmpty ? "(none)" : declared.joined(separator: ", "))
        case .unsupportedWebpageURL(let url): "webpageURL must use http or https: \(url)"
        case .invalidated(let type): "the activity '\(type)' was invalidated and cannot become current"
        case .appUnavailable(let app): "\(app) is not registered for Handoff"
        case .tooLarge(let error): error.description
        }
    }
}
