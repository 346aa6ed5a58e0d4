import Foundation
import TerminalUI

/// An activity another device offers, as the dock at the bottom-left shows it.
public struct DockOffer: Hashable, Sendable {
    public var app: String
    public var title: String
    public var sourceDevice: String
    public var since: Date

    public init(app: String, title: String, sourceDevice: String, since: Date) {
        self.app = app
        self.title = title
        self.sourceDevice = sourceDevice
        self.since = since
    }

    /// "3s", "2m", "1h": how long the offer has stood.
    public func age(at now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(since)))
        if seconds < 60 { return "\(seconds)s" }
        if seconds < 3600 { return "\(seconds / 60)m" }
        return "\(seconds / 3600)h"
    }
}

/// What the shell needs from the Handoff layer: the offer to show and a way to continue it.
public protocol DockSource: AnyObject {
    /// The newest offer from another device, or nil.
    var currentOffer: DockOffer? { get }
    /// Continues the current offer (Ctrl-O). Progress and failures come back as messages.
    func continueCurrentOffer(context: SuiteContext)
    /// Lets the source react to a message posted to the UI thread; returns whether it used it.
    func receive(_ message: any Sendable, context: SuiteContext) -> Bool
    /// Why no offer can arrive right now (the account daemon is unreachable), or nil.
    var connectionNote: String? { get }
}

extension DockSource {
    public var connectionNote: String? { nil }
}
