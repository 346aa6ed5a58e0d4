import AccountLink
import Foundation

/// Network namespaces for a bench's machines, each joined to this process's network by a veth pair: the machine
/// reaches the server at `serverAddress(machine)` across its own link, as another host on a LAN would (without
/// the LAN's wire delay). Needs root and iproute2; removed by `tearDown`.
final class BenchNetwork: @unchecked Sendable {
    /// iproute2's `ip`.
    static var ip: String {
        ["/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
            ?? "/usr/sbin/ip"
    }

    let machines: [String]
    private let prefix: String
    private let subnet: Int

    init(machines: [String]) throws {
        self.machines = machines
        prefix = "bb\(getpid() % 100_000)"
        subnet = 100 + Int(getpid() % 100)
        do {
            for (index, machine) in machines.enumerated() { try add(machine, index + 1) }
        } catch {
            tearDown()
            throw AccountLinkError.failed("cannot set up network namespaces (\(error)); run without --netns")
        }
    }

    /// The machine's namespace name.
    func namespace(_ machine: String) -> String { "\(prefix)-\(machine)" }

    /// The server side of the machine's veth link (what the machine connects to).
    func serverAddress(_ machine: String) -> String {
        "10.\(subnet).\((machines.firstIndex(of: machine) ?? 0) + 1).1"
    }

    /// The addresses the server must listen on, and the network its clients come from.
    var serverAddresses: [String] { machines.map(serverAddress) }
    var clientNetwork: String { "10.\(subnet).0.0/16" }

    private func add(_ machine: String, _ index: Int) throws {
        let namespace = namespace(machine)
        let host = "\(prefix)h\(index)"
        let inside = "\(prefix)n\(index)"
        let net = "10.\(subnet).\(index)"
        try Self.ip(["netns", "add", namespace])
        try Self.ip(["link", "add", host, "type", "veth", "peer", "name", inside])
        try Self.ip(["link", "set", inside, "netns", namespace])
        try Self.ip(["addr", "add", "\(net).1/24", "dev", host])
        try Self.ip(["link", "set", host, "up"])
        try Self.ip(["netns", "exec", namespace, Self.ip, "addr", "add", "\(net).2/24", "dev", inside])
        try Self.ip(["netns", "exec", namespace, Self.ip, "link", "set", inside, "up"])
        try Self.ip(["netns", "exec", namespace, Self.ip, "link", "set", "lo", "up"])
    }

    /// Removes the veth links and the namespaces (processes in them must have stopped).
    func tearDown() {
        for index in machines.indices {
            _ = try? Self.ip(["link", "del", "\(prefix)h\(index + 1)"])
            _ = try? Self.ip(["netns", "del", namespace(machines[index])])
        }
    }

    private static func ip(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ip)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw AccountLinkError.failed("ip \(arguments.joined(separator: " ")): \(output)")
        }
    }
}
