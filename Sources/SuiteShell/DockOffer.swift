import Foundation
import TerminalUI

/// An activity another device offers, as the dock at the bottom-left shows it.
public struct DockOffer: Hashable, Sendable {
    /// The offer's identity (source device and advertisement): `Ctrl-O` continues exactly this one.
    public var id: String
    public var app: String
    public var title: String
    public var sourceDevice: String
    public var since: Date

    public init(id: String, app: String, title: String, sourceDevice: String, since: Date) {
        self.id = id
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

    /// The dock's words for it: "MonkeyBrowser: Weather — Page · from A".
    public var summary: String { "\(app): \(title) · from \(sourceDevice)" }
}

/// What the shell needs from the Handoff layer: the offers to show and a way to continue one.
public protocol DockSource: AnyObject {
    /// The offers from other devices, newest first (empty when nothing is offered).
    var offers: [DockOffer] { get }
    /// Continues the offer with identity `id` (Ctrl-O), or fails with a banner when it is no longer
    /// offered. Progress and failures come back as messages.
    func continueOffer(id: String, context: SuiteContext)
    /// Lets the source react to a message posted to the UI thread; returns whether it used it.
    func receive(_ message: any Sendable, context: SuiteContext) -> Bool
    /// Why no offer can arrive right now (the account daemon is unreachable), or nil.
    var connectionNote: String? { get }
}

extension DockSource {
    public var connectionNote: String? { nil }
    /// The newest offer, or nil.
    public var currentOffer: DockOffer? { offers.first }
}
