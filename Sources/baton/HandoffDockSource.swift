import AccountClient
import Foundation
import Handoff
import SuiteNotifications
import SuiteShell
import TerminalUI

/// The dock's offers from the Handoff coordinator: shows the newest offer, continues it on `Ctrl-O`
/// (switching to the app that declares the type, or opening the web page), turns continuation failures into
/// banners with the error's meaning, and says when the account daemon is unreachable. Messages addressed to
/// the dock (the daemon's Handoff events and connection changes) go to the coordinator.
final class HandoffDockSource: DockSource {
    let coordinator: HandoffCoordinator
    /// Opens a web page when no app continues the offer (MonkeyBrowser, else `xdg-open`, else a banner).
    var openWebpage: (URL, SuiteContext) -> Void = { url, context in WebpageOpener.open(url, context: context) }
    /// Failures the coordinator reported during the current call, shown with that call's context as it ends
    /// (the coordinator reports only while the dock hands it a message or a continue).
    private var failures: [String] = []

    init(coordinator: HandoffCoordinator) {
        self.coordinator = coordinator
        coordinator.continueFailed = { [weak self] _, error in
            self?.failures.append("Handoff failed: \(error.description)")
        }
        coordinator.problemReported = { [weak self] problem in self?.failures.append("Account: \(problem)") }
    }

    private func showFailures(_ context: SuiteContext) {
        for failure in failures { context.showBanner(failure, kind: .error) }
        failures = []
    }

    var offers: [DockOffer] {
        coordinator.availableOffers.map {
            DockOffer(
                id: $0.id.description, app: $0.appName, title: $0.title, sourceDevice: $0.sourceDevice,
                since: $0.advertisedAt)
        }
    }

    func continueOffer(id: String, context: SuiteContext) {
        defer { showFailures(context) }
        let offer = coordinator.availableOffers.first { $0.id.description == id }
        let identity = offer?.id ?? Self.offerID(id)
        switch coordinator.continueOffer(identity) {
        case .started:
            if let appName = offer?.appName { context.activate(app: appName) }
        case .openWebpage(let url):
            openWebpage(url, context)
        case .failed(let error) where offer == nil:
            // Short enough for the banner row: the code first, then which device.
            context.showBanner("Handoff failed (\(error.code.rawValue)): \(error.detail)", kind: .error)
        case .failed:
            break  // continueFailed already showed the banner.
        case .nothingOffered:
            context.showBanner("No activity to continue: nothing is offered from another device", kind: .warning)
        }
    }

    /// The identity an offer's id string names ("device#sequence"); an unreadable one names no offer.
    private static func offerID(_ text: String) -> OfferID {
        guard let mark = text.lastIndex(of: "#"), let sequence = UInt64(text[text.index(after: mark)...]) else {
            return OfferID(device: text, sequence: 0)
        }
        return OfferID(device: String(text[..<mark]), sequence: sequence)
    }

    /// Set while the account daemon is unreachable (the client reconnects on its own).
    private(set) var connectionNote: String?

    func receive(_ message: any Sendable, context: SuiteContext) -> Bool {
        defer { showFailures(context) }
        if let event = message as? AccountEvent {
            switch event {
            case .connected: connectionNote = nil
            case .disconnected: connectionNote = "account offline · reconnecting…"
            case .refused(let reason): connectionNote = "account refused: \(reason)"
            case .message, .timer: break
            }
        }
        return coordinator.handle(message)
    }
}

/// Opens a URL outside the suite: `xdg-open` when the desktop has it, else shows the address.
enum WebpageOpener {
    static func open(_ url: URL, context: SuiteContext) {
        let candidates = ["/usr/bin/xdg-open", "/usr/local/bin/xdg-open"]
        if let opener = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }),
            AttachmentOpener.spawnDetached(opener, [url.absoluteString], ProcessInfo.processInfo.environment)
        {
            // Detached and with none of the suite's descriptors (its terminal, its daemon connection).
            context.showBanner("Opened \(url.absoluteString) in the desktop's browser")
            return
        }
        context.showBanner("Continue in a browser: \(url.absoluteString)", kind: .info)
    }
}
