import APNsProvider
import APNsServer
import Foundation
import NIOCore
import Testing

/// Issue 26: how APNs ends a provider's connection, seen by an HTTP/2 client in the test (curl does not show a
/// GOAWAY's debug data): `{"reason":"IdleTimeout"}` after the idle time, and on stopping `{"reason":"Shutdown"}`,
/// a push already handed over still answered 200 and a request completed after it 503 Shutdown.
@Suite(.serialized) struct APNsProviderGoAwayTests {
    @Test func anIdleConnectionGetsGoAwayIdleTimeout() async throws {
        var limits = APNsLimits()
        limits.idleTimeout = .milliseconds(200)
        let harness = try await APNsHarness(limits: limits)
        let client = try await APNsHTTP2Client(host: "127.0.0.1", port: harness.port, caFile: harness.caFile)
        #expect(try await client.goAway() == #"{"reason":"IdleTimeout"}"#)
        await client.close()
        await harness.stop()
    }

    @Test func stoppingSaysShutdownAndAnswersWhatIsOpen() async throws {
        let gate = PushGate()
        let harness = try await APNsHarness(gate: gate)
        let token = try harness.token()
        let client = try await APNsHTTP2Client(host: "127.0.0.1", port: harness.port, caFile: harness.caFile)
        let headers = try harness.alertHeaders().map { line -> (String, String) in
            let parts = line.split(separator: ":", maxSplits: 1)
            return (String(parts[0]), String(parts[1].dropFirst()))
        }
        let body = Data(#"{"aps":{"alert":"test"}}"#.utf8)
        // Its HEADERS go first; its body only after the server began stopping.
        let late = try await client.open(path: "/3/device/\(token)", headers: headers, length: body.count)
        let handedOver = Task { try await client.post(path: "/3/device/\(token)", headers: headers, body: body) }
        var arrived = gate.arrived.makeAsyncIterator()
        _ = await arrived.next()  // The second push reached the daemon's sink (so the server read both HEADERS).
        harness.connections.shutdown()
        #expect(try await client.goAway() == #"{"reason":"Shutdown"}"#)
        let (lateStatus, lateBody) = try await late.finish(body: body)
        #expect(lateStatus == 503 && String(decoding: lateBody, as: UTF8.self) == #"{"reason":"Shutdown"}"#)
        gate.open()
        let (status, _) = try await handedOver.value
        #expect(status == 200)
        await client.close()
        await harness.stop()
    }
}
