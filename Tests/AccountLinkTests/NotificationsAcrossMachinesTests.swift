import Foundation
import TestSupport
import Testing

/// `baton push` on one machine of an account reaches the devices of the other through the server: sealed rows,
/// every device once, a `--device` on the other machine, and pushes made while the server is stopped go when it is
/// back (expiration 0 ones do not).
@Suite(.serialized) struct NotificationsAcrossMachinesTests {
    static let app = "com.baton.cli"

    /// Writes an APNs payload with `title` and `body` and returns its path.
    static func payload(_ machines: LinkedMachines, title: String, body: String) throws -> String {
        let file = machines.root.appendingPathComponent("push-\(UUID().uuidString).json")
        let json = #"{"aps": {"alert": {"title": "\#(title)", "body": "\#(body)"}}, "secret": "\#(body)-info"}"#
        try json.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// The titles of `app`'s notifications delivered to `device` on `machine`.
    static func delivered(_ machines: LinkedMachines, _ machine: String, _ device: String) throws -> String {
        try machines.baton(machine, ["notifications", "delivered", "--device", device, "--app", app, "--json"]).output
    }

    /// Records every push row the server is given (the rows go once read) into a table only the administrator
    /// reads.
    static func auditPushes(_ server: TestPostgres) throws {
        try server.psql(
            database: "baton",
            """
            CREATE TABLE public.push_audit AS SELECT * FROM baton.pushes WHERE false;
            CREATE FUNCTION public.audit_push() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
            BEGIN INSERT INTO public.push_audit SELECT NEW.*; RETURN NEW; END $$;
            CREATE TRIGGER audit AFTER INSERT ON baton.pushes FOR EACH ROW EXECUTE FUNCTION public.audit_push();
            """)
    }

    @Test func aPushWithoutADeviceReachesBothMachinesAndTheServerHoldsNoContent() throws {
        let pair = try TwoLinkedDevices()
        defer { pair.close() }
        let (server, machines) = (pair.server, pair.machines)
        try Self.auditPushes(server)

        let title = "Gate-\(UUID().uuidString.prefix(8))"
        let body = "boarding-\(UUID().uuidString.prefix(8))"
        let pushed = try machines.baton(
            "laptop", ["push", try Self.payload(machines, title: title, body: body), "--app", Self.app])
        #expect(pushed.status == 0, "\(pushed.output)")
        #expect(pushed.output.contains("delivered to alpha"), "\(pushed.output)")
        #expect(pushed.output.contains("sent to 1 other machine (server)"), "\(pushed.output)")
        #expect(
            try machines.eventually("the push on the server machine's device") {
                try Self.delivered(machines, "server", "beta").contains(title)
            })
        #expect(try Self.delivered(machines, "laptop", "alpha").contains(title))
        // Once on each device: the laptop's device is not sent it again, the server machine does not send it back.
        // A marker pushed from the server machine afterwards crosses the same rows in the server's order: once it
        // is on both devices, an echo of the first push would have arrived before it.
        let marker = "Marker-\(UUID().uuidString.prefix(8))"
        let marked = try machines.baton(
            "server", ["push", try Self.payload(machines, title: marker, body: "m"), "--app", Self.app])
        #expect(marked.status == 0, "\(marked.output)")
        #expect(
            try machines.eventually("the marker on both machines' devices") {
                try Self.delivered(machines, "laptop", "alpha").contains(marker)
                    && Self.delivered(machines, "server", "beta").contains(marker)
            })
        #expect(try Self.delivered(machines, "server", "beta").components(separatedBy: title).count == 2)
        #expect(try Self.delivered(machines, "laptop", "alpha").components(separatedBy: title).count == 2)
        // One row per push: the first from the laptop, the marker from the server machine, no echo; each is
        // deleted once every machine has read it.
        let audited = try server.psql(database: "baton", "SELECT count(*) FROM public.push_audit")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let auditedRows = try server.psql(database: "baton", "SELECT * FROM public.push_audit")
        #expect(audited == "2", "\(auditedRows)")
        #expect(
            try machines.eventually("the pushes deleted once both machines read them") {
                try server.psql(database: "baton", "SELECT count(*) FROM baton.pushes")
                    .trimmingCharacters(in: .whitespacesAndNewlines) == "0"
            })

        // Every byte the server was given for the push: routing only, no app, title, body or userInfo.
        let rows = try server.psql(
            database: "baton",
            "SELECT row_to_json(a)::text, encode(sealed, 'escape'), encode(sealed, 'hex') FROM public.push_audit a")
        for secret in [Self.app, title, body, "\(body)-info", "boarding", "Gate-"] {
            #expect(!rows.contains(secret), "the server holds \(secret)")
            #expect(!rows.contains(Data(secret.utf8).map { String(format: "%02x", $0) }.joined()))
        }
        // Another account's role on the same server sees none of these rows.
        let seen = try server.psql(
            url: try machines.tenant("bob", password: "b-pass", on: server), "SELECT count(*) FROM baton.pushes")
        #expect(seen.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test func aPushToADeviceOnTheOtherMachineReachesOnlyIt() throws {
        let pair = try TwoLinkedDevices()
        defer { pair.close() }
        let (server, machines) = (pair.server, pair.machines)

        let title = "Only-beta-\(UUID().uuidString.prefix(8))"
        let pushed = try machines.baton(
            "laptop",
            ["push", try Self.payload(machines, title: title, body: "b"), "--app", Self.app, "--device", "beta"])
        #expect(pushed.status == 0, "\(pushed.output)")
        #expect(pushed.output.contains("sent to 1 other machine (server)"), "\(pushed.output)")
        #expect(
            try machines.eventually("the push on beta") {
                try Self.delivered(machines, "server", "beta").contains(title)
            })
        #expect(!(try Self.delivered(machines, "laptop", "alpha").contains(title)))
        // A device no machine has: APNs' BadDeviceToken, as on one machine.
        let unknown = try machines.baton(
            "laptop",
            ["push", try Self.payload(machines, title: "x", body: "y"), "--app", Self.app, "--device", "nowhere"])
        #expect(unknown.status == 37, "\(unknown.output)")
        #expect(unknown.output.contains("BadDeviceToken"), "\(unknown.output)")
    }

    /// An encrypted push is opened by the service extension of the machine it was pushed to (whose copy of the app
    /// holds the key); the other machine gets what the extension made of it, sealed with the account key on the way.
    @Test func anEncryptedPushArrivesOpenedOnTheOtherMachine() throws {
        let pair = try TwoLinkedDevices()
        defer { pair.close() }
        let machines = pair.machines
        let browser = "com.example.apple-samplecode.MonkeyBrowser"
        let title = "Tides-\(UUID().uuidString.prefix(8))"
        let file = machines.root.appendingPathComponent("sealed-\(UUID().uuidString).json")
        try #"{"aps":{"alert":{"title":"\#(title)","body":"Open on this terminal"}},"url":"https://example.com/tides"}"#
            .write(to: file, atomically: true, encoding: .utf8)
        // The extension runs first: without --wait the answer is "accepted" (issue 22, finding 3).
        let pushed = try machines.baton("laptop", ["push", file.path, "--encrypt", "--app", browser, "--wait"])
        #expect(pushed.status == 0, "\(pushed.output)")
        #expect(pushed.output.contains("sent to 1 other machine (server)"), "\(pushed.output)")
        func delivered(_ machine: String, _ device: String) throws -> String {
            try machines.baton(machine, ["notifications", "delivered", "--device", device, "--app", browser, "--json"])
                .output
        }
        #expect(
            try machines.eventually("the opened push on the server machine") {
                try delivered("server", "beta").contains(title)
            })
        #expect(try delivered("laptop", "alpha").contains(title))
    }

    @Test func pushesMadeWhileTheServerIsStoppedGoWhenItIsBackButExpirationZeroDoesNot() throws {
        let pair = try TwoLinkedDevices()
        defer { pair.close() }
        let (server, machines) = (pair.server, pair.machines)

        server.stop()
        let kept = "Kept-\(UUID().uuidString.prefix(8))"
        let queued = try machines.baton(
            "laptop", ["push", try Self.payload(machines, title: kept, body: "k"), "--app", Self.app])
        #expect(queued.status == 0, "\(queued.output)")
        #expect(queued.output.contains("delivered to alpha"), "\(queued.output)")
        #expect(queued.output.contains("queued for other machines"), "\(queued.output)")
        let now = "Now-or-never-\(UUID().uuidString.prefix(8))"
        let immediate = try machines.baton(
            "laptop",
            ["push", try Self.payload(machines, title: now, body: "n"), "--app", Self.app, "--expiration", "0"])
        #expect(immediate.status == 0, "\(immediate.output)")
        #expect(immediate.output.contains("not sent to other machines"), "\(immediate.output)")
        // The queue is on disk: it survives the laptop's daemon and link restarting while the server is away.
        #expect(try machines.baton("laptop", ["daemon", "stop"]).status == 0)
        #expect(try machines.baton("laptop", ["daemon", "start"]).status == 0)

        try server.start()
        #expect(
            try machines.eventually("the queued push on the server machine", limit: 90) {
                try Self.delivered(machines, "server", "beta").contains(kept)
            })
        #expect(!(try Self.delivered(machines, "server", "beta").contains(now)))
    }
}

/// Two linked machines with a device on each (alpha on the laptop, beta on the server machine), both published
/// to the account.
final class TwoLinkedDevices {
    let server: TestPostgres
    let machines: LinkedMachines
    private let probes: [Process]

    init() throws {
        (server, machines, _) = try KeyValueAcrossMachinesTests.twoLinkedMachines()
        probes = [try machines.device("alpha", on: "laptop"), try machines.device("beta", on: "server")]
        let machines = machines
        #expect(
            try machines.eventually("both devices published") {
                let status = try machines.baton("laptop", ["account", "status"]).output
                return status.contains("devices: alpha") && status.contains("devices: beta")
            })
    }

    func close() {
        probes.forEach { $0.terminate() }
        machines.tearDown()
        server.remove()
    }
}
