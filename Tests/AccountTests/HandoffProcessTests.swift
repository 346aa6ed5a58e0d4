import Foundation
import Testing
import Wire

/// Two real `baton` client processes and the daemon they start, in an isolated BATON_HOME.
@Suite(.serialized) struct HandoffProcessTests {
    @Test func advertisementReachesTheOtherDevice() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        _ = try harness.advertise(device: "alpha", extra: ["--title", "Weather in Paris"])
        let watcher = try harness.probe("watch", device: "beta")
        let offer = await watcher.waitForEvent("offer") { $0["device"] as? String == "alpha" }
        #expect(offer?["title"] as? String == "Weather in Paris", "\(watcher.transcript)")
        #expect(offer?["app"] as? String == "MonkeyBrowser")
    }

    @Test func continueRestoresThePayloadAndTheSourceHearsIt() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let source = try harness.advertise(
            device: "alpha", extra: ["--user-info", #"{"n":1,"d":2.5,"b":true,"s":"x"}"#, "--needs-save"])
        let target = try harness.probe("continue", device: "beta")
        let restored = try #require(await target.waitForEvent("restored"), "\(target.transcript)")
        let tagged = try JSONSerialization.data(withJSONObject: restored["userInfo"] ?? [:])
        let userInfo = try JSONDecoder().decode([String: PropertyListValue].self, from: tagged)
        #expect(
            userInfo == [
                "n": .int(1), "d": .double(2.5), "b": .bool(true), "s": .string("x"), "savedAt": .string("willSave"),
            ])
        #expect(restored["device"] as? String == "alpha")
        #expect(await source.waitForEvent("willSave") != nil, "\(source.transcript)")
        #expect(await source.waitForEvent("wasContinued") != nil, "\(source.transcript)")
        #expect(await target.exitStatus() == 0)
    }

    @Test func killingTheSourceMidContinueFailsWith4608() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        // The daemon's 5 s deadline (4610) must not win the race with the kill on a loaded machine.
        harness.environment["BATON_DAEMON_LIMITS"] = "continue-ms=600000"
        let source = try harness.advertise(device: "alpha", extra: ["--stall"])
        let target = try harness.probe("continue", device: "beta")
        #expect(await source.waitForEvent("payloadRequested") != nil, "\(source.transcript)")
        source.kill()
        let failed = await target.waitForEvent("failed")
        #expect(failed?["code"] as? Int == 4608, "\(target.transcript)")
        #expect(await target.exitStatus() == 1)
    }

    /// Continues an activity advertised with `sourceOptions` and expects the target to fail with `code`.
    private func expectContinueFailure(
        _ code: Int, limits: String = "continue-ms=5000", sourceOptions: (BatonHarness) throws -> [String]
    ) async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        harness.environment["BATON_DAEMON_LIMITS"] = limits
        _ = try harness.advertise(device: "alpha", extra: sourceOptions(harness))
        let target = try harness.probe("continue", device: "beta")
        let failed = await target.waitForEvent("failed")
        #expect(failed?["code"] as? Int == code, "\(target.transcript)")
        #expect(await target.exitStatus() == 1)
    }

    @Test func aSilentSourceFailsWith4610() async throws {
        try await expectContinueFailure(4610) { _ in ["--stall"] }
    }

    @Test func a100KBUserInfoFailsWith4611() async throws {
        try await expectContinueFailure(4611) { harness in
            let file = harness.home.appendingPathComponent("big.json")
            try Data(#"{"blob":"\#(String(repeating: "x", count: 100_000))"}"#.utf8).write(to: file)
            return ["--user-info", "@" + file.path]
        }
    }

    @Test func aDeviceWithoutTheAppGetsTheWebPage() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        _ = try harness.advertise(device: "alpha", extra: ["--webpage", "https://example.com/weather"])
        let stores = BatonHarness.repository.appendingPathComponent("Resources/Stores/Info.plist").path
        let target = try harness.launch(
            ["handoff-probe", "continue", "--manifest", stores, "--device", "beta", "--seconds", "600"])
        let offer = await target.waitForEvent("offer")
        #expect(offer?["app"] as? String == "Web page", "\(target.transcript)")
        let page = await target.waitForEvent("webpage")
        #expect(page?["url"] as? String == "https://example.com/weather", "\(target.transcript)")
    }

    @Test func undeclaredTypeIsRefusedAtBecomeCurrent() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let source = try harness.advertise(device: "alpha", type: "com.baton.monkeybrowser.tab.secret")
        let error = await source.waitForEvent("error")
        #expect((error?["message"] as? String)?.contains("not declared") == true, "\(source.transcript)")
        #expect(await source.exitStatus() == 2)
    }

    @Test func anotherUserIsRefused() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        #expect(try await harness.launch(["daemon", "start"]).exitStatus() == 0)
        // Let "nobody" reach the socket so that the daemon's own uid check is what refuses it.
        chmod(harness.home.path, 0o711)
        chmod(harness.runDirectory.path, 0o711)
        chmod(harness.socket.path, 0o666)
        // Baton's own commands refuse a home that is not the user's before they connect (StrictModes), so
        // the stranger speaks to the socket directly, as a hostile program would.
        let stranger = try ProbeProcess(
            command: [
                "/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c",
                "import socket, sys; s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); s.settimeout(5); "
                    + "print(s.recv(65536)[10:].decode())",
                harness.socket.path,
            ], environment: [:])
        #expect(await stranger.exitStatus() == 0, "\(stranger.transcript)")
        #expect(stranger.transcript.contains("refused"), "\(stranger.transcript)")
        #expect(stranger.transcript.contains("uid 65534"))
        let own = try await harness.run(
            ["daemon", "status"], prefix: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"])
        #expect(own.status == 78, "\(own.output)")
        #expect(own.output.contains("it belongs to root (uid 0), not to you"), "\(own.output)")
    }

    @Test func killingTheDaemonReconnectsAndReadvertises() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        _ = try harness.advertise(device: "alpha", extra: ["--title", "Before the crash"])
        let watcher = try harness.probe("watch", device: "beta")
        #expect(await watcher.waitForEvent("offer") != nil, "\(watcher.transcript)")
        let first = try #require(harness.daemonPID)
        kill(first, SIGKILL)
        #expect(await watcher.waitForEvent("disconnected") != nil, "\(watcher.transcript)")
        let reconnected = await watcher.waitForEvent("connected") { ($0["daemonPID"] as? Int).map(Int32.init) != first }
        #expect(reconnected != nil, "\(watcher.transcript)")
        let again = await watcher.waitForEvent("offer", skipping: 1)
        #expect(again?["title"] as? String == "Before the crash", "\(watcher.transcript)")
    }
}
