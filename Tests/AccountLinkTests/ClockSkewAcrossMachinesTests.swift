import Foundation
import TestSupport
import Testing

/// Machines whose clocks differ by minutes: the order of key-value writes is the server's (its change numbers),
/// never a machine's clock. The laptop's daemon and link run ten minutes behind; its later write still wins on
/// both machines, and writes made while the server was stopped settle on the one the server took last.
@Suite(.serialized) struct ClockSkewAcrossMachinesTests {
    static let skew: TimeInterval = 600

    /// The `modified` date the machine's daemon gave `key` (`baton kv list --json`).
    static func modified(_ machines: LinkedMachines, _ machine: String, _ key: String) throws -> Date? {
        let output = try machines.baton(machine, ["kv", "list", "--json"]).output
        let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        let text = (object?[key] as? [String: Any])?["modified"] as? String
        return text.flatMap { try? Date($0, strategy: .iso8601) }
    }

    @Test func theLaterWriteOnTheServerWinsThoughItsMachinesClockIsMinutesBehind() throws {
        let (server, machines, _) = try KeyValueAcrossMachinesTests.twoLinkedMachines()
        defer { server.remove() }
        defer { machines.tearDown() }
        // The laptop's daemon (and the link it starts) now run ten minutes behind the server machine's.
        #expect(try machines.baton("laptop", ["daemon", "stop"]).status == 0)
        let behind = Date().addingTimeInterval(-Self.skew).formatted(.iso8601)
        #expect(try machines.baton("laptop", ["daemon", "start"], extra: ["BATON_NOW": behind]).status == 0)
        #expect(try machines.baton("laptop", ["kv", "set", "clock-probe", "x"]).status == 0)
        let probe = try #require(try Self.modified(machines, "laptop", "clock-probe"))
        #expect(probe < Date().addingTimeInterval(-Self.skew + 60), "the laptop's clock is not behind: \(probe)")

        // The server machine writes first (its clock right), the laptop after (its clock ten minutes earlier).
        #expect(try machines.baton("server", ["kv", "set", "meeting", "from-the-server"]).status == 0)
        #expect(
            try machines.eventually("the first write on the laptop") {
                try KeyValueAcrossMachinesTests.value(machines, "laptop", "meeting") == "from-the-server"
            })
        #expect(try machines.baton("laptop", ["kv", "set", "meeting", "from-the-laptop"]).status == 0)
        #expect(
            try machines.eventually("the later write on both machines") {
                try KeyValueAcrossMachinesTests.value(machines, "server", "meeting") == "from-the-laptop"
                    && KeyValueAcrossMachinesTests.value(machines, "laptop", "meeting") == "from-the-laptop"
            })
        // The laptop stamped its write minutes before the server machine stamped the one it replaced.
        let laptopStamp = try #require(try Self.modified(machines, "laptop", "meeting"))
        #expect(laptopStamp < Date().addingTimeInterval(-Self.skew + 60))

        // With the server stopped both write; when it is back both hold the value the server ordered last.
        server.stop()
        #expect(try machines.baton("server", ["kv", "set", "offline", "server-wrote"]).status == 0)
        #expect(try machines.baton("laptop", ["kv", "set", "offline", "laptop-wrote"]).status == 0)
        try server.start()
        try KeyValueAcrossMachinesTests.expectTheValueTheServerOrderedLast(server, machines, key: "offline")
    }
}
