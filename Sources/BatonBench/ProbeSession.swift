import AccountClient
import ArgumentParser
import BatonEnvironment
import Foundation
import Handoff
import Wire

/// One probe device: a client, a coordinator with one app, and a single-threaded event loop,
/// the same shape the suite has.
public final class ProbeSession {
    public let coordinator: HandoffCoordinator
    public let hooks = ProbeHooks()
    public let app: HandoffApp
    private let client: AccountClient
    private let events: AsyncStream<any Sendable>
    private let lifetime: Double
    private static let deadlineToken = UInt64.max
    /// Exit code when the time given by `--seconds` ran out.
    public static let timedOutExit: Int32 = 3
    /// Exit code when the daemon refused this device.
    public static let refusedExit: Int32 = 4

    public init(device: String, manifest: AppManifest, lifetime: Double) {
        FileLogHandler.bootstrap(file: BatonPaths().logDirectory.appendingPathComponent("probe.log"))
        let (events, continuation) = AsyncStream<any Sendable>.makeStream()
        self.events = events
        self.lifetime = lifetime
        client = AccountClient(sink: { continuation.yield($0) })
        coordinator = HandoffCoordinator(deviceName: device, client: client)
        coordinator.problemReported = { JSONOutput.line(["event": "problem", "message": $0]) }
        app = coordinator.register(manifest: manifest, hooks: hooks)
        coordinator.offerChanged = { offer in
            if let offer {
                JSONOutput.line([
                    "event": "offer", "device": offer.sourceDevice, "title": offer.title, "app": offer.appName,
                    "type": offer.activityType, "sequence": offer.advertisement.sequence,
                ])
            } else {
                JSONOutput.line(["event": "withdrawn"])
            }
        }
    }

    /// For probes that run until their time is up: that is success; anything else is the exit code.
    public func exitUnlessTimedOut(_ code: Int32) throws {
        if code != 0, code != Self.timedOutExit { throw ExitCode(code) }
    }

    public func start() {
        client.start()
        client.post(after: .milliseconds(Int64(lifetime * 1000)), token: Self.deadlineToken)
    }

    /// Processes events until `step` returns an exit code (checked after each event) or time runs out.
    @discardableResult
    public func loop(stall: Bool, step: (ProbeSession) -> Int32?) async throws -> Int32 {
        defer { client.stop() }
        for await event in events {
            if let accountEvent = event as? AccountEvent {
                switch accountEvent {
                case .timer(Self.deadlineToken):
                    JSONOutput.line(["event": "timeout"])
                    return Self.timedOutExit
                case .connected(let pid): JSONOutput.line(["event": "connected", "daemonPID": Int(pid)])
                case .disconnected: JSONOutput.line(["event": "disconnected"])
                case .refused(let reason):
                    JSONOutput.line(["event": "refused", "message": reason])
                    return Self.refusedExit
                case .message(.payloadRequest) where stall:
                    JSONOutput.line(["event": "payloadRequested"])
                    continue
                case .message(.error(let error)):
                    JSONOutput.line([
                        "event": "daemonError", "code": error.failure.code, "message": error.failure.message,
                    ])
                default: break
                }
            }
            coordinator.handle(event)
            if let code = step(self) { return code }
        }
        return 0
    }
}

/// The probe's app hooks, activity delegate and restoring object: each call prints a JSON line.
public final class ProbeHooks: HandoffAppHooks, UserActivityDelegate, UserActivityRestoring {
    /// Set when a continue finished: 0 restored, 1 failed.
    public var outcome: Int32?

    public func willContinueUserActivity(withType activityType: String) -> Bool {
        JSONOutput.line(["event": "willContinue", "type": activityType])
        return false
    }

    public func continueUserActivity(
        _ activity: UserActivity, restorationHandler: @escaping ([any UserActivityRestoring]) -> Void
    ) -> Bool {
        restorationHandler([self])
        return true
    }

    public func restoreUserActivityState(_ activity: UserActivity) {
        let tagged = (try? JSONEncoder().encode(activity.userInfo ?? [:])).flatMap {
            try? JSONSerialization.jsonObject(with: $0)
        }
        JSONOutput.line([
            "event": "restored", "type": activity.activityType, "title": activity.title ?? "",
            "device": activity.sourceDevice ?? "", "userInfo": tagged ?? [:],
        ])
        outcome = 0
    }

    public func didFailToContinueUserActivity(withType activityType: String, error: HandoffError) {
        JSONOutput.line([
            "event": "failed", "type": activityType, "code": error.code.rawValue, "message": error.description,
        ])
        outcome = 1
    }

    public func userActivityWillSave(_ activity: UserActivity) {
        JSONOutput.line(["event": "willSave"])
        activity.addUserInfoEntries(from: ["savedAt": .string("willSave")])
    }

    public func userActivityWasContinued(_ activity: UserActivity) {
        JSONOutput.line(["event": "wasContinued", "type": activity.activityType])
    }

    public func userActivity(
        _ activity: UserActivity, didReceive inputStream: ContinuationInputStream,
        outputStream: ContinuationOutputStream
    ) {
        JSONOutput.line(["event": "streamsOpened"])
        inputStream.onData = { outputStream.write($0) }
        inputStream.onClose = { _ in outputStream.close() }
    }
}
