import Foundation
import TestSupport
import Testing

/// The link is known by how it connected, never by a name (issue 37). Before, a write counted as the link's when
/// its writer's name began with `machine:`, and default device names are `host:tty`: on a host called `machine`
/// no device's write ever left the machine. Measured then: a device named `machine:pts/3` set a key and the other
/// machine never saw it, while its plain-named sibling's write crossed in under a second.
@Suite(.serialized) struct LinkIdentityTests {
    typealias Across = KeyValueAcrossMachinesTests

    @Test func aDeviceNamedLikeAMachineSyncsLikeAnyOther() throws {
        let (server, machines, _) = try Across.twoLinkedMachines()
        defer { server.remove() }
        defer { machines.tearDown() }
        let set = try machines.baton("laptop", ["kv", "set", "--device", "machine:pts/3", "named", "like-a-link"])
        #expect(set.status == 0, "\(set.output)")
        #expect(
            try machines.baton("laptop", ["kv", "set", "--device", "laptop:pts/4", "plain", "sibling"]).status == 0)
        #expect(
            try machines.eventually("the plain-named device's write on the other machine") {
                try Across.value(machines, "server", "plain") == "sibling"
            })
        #expect(
            try machines.eventually("the machine-named device's write on the other machine") {
                try Across.value(machines, "server", "named") == "like-a-link"
            })
        // And back: the other machine's write of the key reaches the laptop over the device's value.
        #expect(try machines.baton("server", ["kv", "set", "named", "from-the-server"]).status == 0)
        #expect(
            try machines.eventually("the other machine's write back on the laptop") {
                try Across.value(machines, "laptop", "named") == "from-the-server"
            })
    }
}
