import AccountClient
import Foundation
import Testing
import Wire

@testable import Handoff

/// Hooks that record what the coordinator tells the app.
private final class RecordingHooks: HandoffAppHooks {
    var willContinue: [String] = []
    var failures: [HandoffError] = []

    func willContinueUserActivity(withType activityType: String) -> Bool {
        willContinue.append(activityType)
        return true
    }
    func continueUserActivity(
        _ activity: UserActivity, restorationHandler: @escaping ([any UserActivityRestoring]) -> Void
    ) -> Bool { true }
    func didFailToContinueUserActivity(withType activityType: String, error: HandoffError) {
        failures.append(error)
    }
}

/// The coordinator fed daemon messages directly (no daemon, the client never connects).
@Suite struct CoordinatorTests {
    private let hooks = RecordingHooks()
    private let coordinator: HandoffCoordinator
    private let type = OfflineCoordinator.probeType

    init() {
        coordinator = OfflineCoordinator.make(hooks: hooks).0
    }

    private func advertisement(from device: String, sequence: UInt64, at seconds: Double, web: String? = nil)
        -> Advertisement
    {
        Advertisement(
            device: device, bundleIdentifier: "com.example.Probe", teamIdentifier: "BATONTEAM1", activityType: type,
            title: "\(device) \(sequence)", sequence: sequence, webpageURL: web.flatMap(URL.init(string:)),
            advertisedAt: Date(timeIntervalSince1970: seconds))
    }

    private func deliver(_ message: WireMessage) {
        #expect(coordinator.handle(AccountEvent.message(message)))
    }

    @Test func newestOfferIsShownAndWithdrawalClearsIt() {
        deliver(
            .offer(
                Offer(
                    advertisement: advertisement(from: "a", sequence: 1, at: 10),
                    target: .app(bundleIdentifier: "com.example.Probe"))))
        deliver(
            .offer(
                Offer(
                    advertisement: advertisement(from: "b", sequence: 5, at: 20),
                    target: .app(bundleIdentifier: "com.example.Probe"))))
        #expect(coordinator.currentOffer?.sourceDevice == "b")
        #expect(coordinator.currentOffer?.appName == "Probe")
        #expect(coordinator.currentOffer?.age(now: Date(timeIntervalSince1970: 23)) == 3)
        deliver(.offerWithdrawn(OfferWithdrawn(device: "b", sequence: 5)))
        #expect(coordinator.currentOffer?.sourceDevice == "a")
        deliver(.offerWithdrawn(OfferWithdrawn(device: "a", sequence: 1)))
        #expect(coordinator.currentOffer == nil)
    }

    /// Ctrl-O names the offer the dock showed: once it is gone, continuing fails with 4608 rather than
    /// continuing the other device's offer that is newest now.
    @Test func continuingAnOfferThatWentFailsWith4608() {
        for (device, sequence, at) in [("a", UInt64(1), 10.0), ("c", 2, 20)] {
            deliver(
                .offer(
                    Offer(
                        advertisement: advertisement(from: device, sequence: sequence, at: at),
                        target: .app(bundleIdentifier: "com.example.Probe"))))
        }
        #expect(coordinator.availableOffers.map(\.sourceDevice) == ["c", "a"])
        let shown = OfferID(device: "c", sequence: 2)
        deliver(.offerWithdrawn(OfferWithdrawn(device: "c", sequence: 2)))
        guard case .failed(let error) = coordinator.continueOffer(shown) else {
            Issue.record("another offer was continued in place of the one shown")
            return
        }
        #expect(error.code == .handoffFailed)
        #expect(error.description.contains("(4608)"))
        #expect(coordinator.currentOffer?.sourceDevice == "a")
    }

    @Test func aStaleWithdrawalKeepsTheNewerOffer() {
        deliver(
            .offer(
                Offer(
                    advertisement: advertisement(from: "a", sequence: 7, at: 10),
                    target: .app(bundleIdentifier: "com.example.Probe"))))
        deliver(.offerWithdrawn(OfferWithdrawn(device: "a", sequence: 6)))
        #expect(coordinator.currentOffer?.title == "a 7")
    }

    @Test func webFallbackOpensThePage() {
        deliver(
            .offer(
                Offer(
                    advertisement: advertisement(from: "a", sequence: 1, at: 10, web: "https://example.com/x"),
                    target: .webpage)))
        #expect(coordinator.currentOffer?.appName == "Web page")
        #expect(coordinator.continueOffer() == .openWebpage(URL(string: "https://example.com/x")!))
    }

    @Test func continuingWhileDisconnectedFailsWith4609() {
        deliver(
            .offer(
                Offer(
                    advertisement: advertisement(from: "a", sequence: 1, at: 10),
                    target: .app(bundleIdentifier: "com.example.Probe"))))
        guard case .failed(let error) = coordinator.continueOffer() else {
            Issue.record("continue did not fail")
            return
        }
        #expect(error.code == .connectionUnavailable)
        #expect(hooks.willContinue == [type])
        #expect(hooks.failures.map(\.code) == [.connectionUnavailable])
    }

    @Test func losingTheDaemonForgetsOffers() {
        deliver(
            .offer(
                Offer(
                    advertisement: advertisement(from: "a", sequence: 1, at: 10),
                    target: .app(bundleIdentifier: "com.example.Probe"))))
        #expect(coordinator.handle(AccountEvent.disconnected))
        #expect(coordinator.currentOffer == nil)
    }

    @Test func otherEventsAreLeftAlone() {
        #expect(!coordinator.handle("a key press"))
        #expect(
            !coordinator.handle(
                AccountEvent.message(.pong(Pong(requestID: 1, daemonPID: 1, startedAt: Date(), connectedDevices: 0)))))
    }
}

/// Credit-based backpressure of continuation streams, without a network.
@Suite struct ContinuationStreamTests {
    @Test func writerStopsAtItsCreditAndResumesOnGrant() {
        var sent: [WireMessage] = []
        let output = ContinuationOutputStream(streamID: "s", send: { sent.append($0) })
        output.write(Data(count: WireLimits.initialStreamCredit * 2))
        let bytesSent = {
            sent.reduce(0) { total, message in
                if case .streamData(let data) = message { return total + data.bytes.count }
                return total
            }
        }
        #expect(bytesSent() == WireLimits.initialStreamCredit)
        #expect(output.bufferedBytes == WireLimits.initialStreamCredit)
        output.grant(1000)
        #expect(bytesSent() == WireLimits.initialStreamCredit + 1000)
        output.close()
        #expect(!sent.contains { if case .streamClose = $0 { true } else { false } })
        output.grant(WireLimits.initialStreamCredit)
        #expect(bytesSent() == WireLimits.initialStreamCredit * 2)
        #expect(sent.last == .streamClose(StreamClose(streamID: "s", half: .output)))
    }

    @Test func readerGrantsCreditAsItConsumes() {
        var sent: [WireMessage] = []
        let input = ContinuationInputStream(streamID: "s", send: { sent.append($0) })
        input.receive(Data(count: 10))
        #expect(sent.isEmpty)
        var read = 0
        input.onData = { read += $0.count }
        #expect(read == 10)
        #expect(sent == [.streamCredit(StreamCredit(streamID: "s", bytes: 10))])
        var ended = false
        input.onClose = { error in ended = error == nil }
        input.end(nil)
        #expect(ended)
    }
}
