import Foundation
import TestSupport
import Wire

/// One handoff device per machine (`h0`, …) on a socket of its own with a reader thread: it records offers,
/// continue replies and "was continued" notes, and answers every payload request at once, as an app does.
final class ChaosHandoff: @unchecked Sendable {
    /// What one device heard.
    final class Device: @unchecked Sendable {
        let socket: RawDaemonSocket
        private let lock = NSLock()
        private var offers: [String: Offer] = [:]
        private var replies: [UInt64: ContinueReply] = [:]
        private var continued: [WasContinued] = []
        private var closed = false

        init(socket: RawDaemonSocket) { self.socket = socket }

        var isClosed: Bool { lock.withLock { closed } }
        func offer(_ title: String) -> Offer? { lock.withLock { offers[title] } }
        func reply(_ requestID: UInt64) -> ContinueReply? { lock.withLock { replies[requestID] } }
        var wasContinued: [WasContinued] { lock.withLock { continued } }

        /// Reads until the daemon closes the connection.
        func read() {
            while true {
                guard let frame = socket.nextFrame(limit: 1) else {
                    var byte: UInt8 = 0
                    let peeked = recv(socket.descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
                    if peeked == 0 || (peeked < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
                        lock.withLock { closed = true }
                        return
                    }
                    continue
                }
                guard case .message(let message) = frame else { continue }
                switch message {
                case .offer(let offer): lock.withLock { offers[offer.advertisement.title] = offer }
                case .continueReply(let reply): lock.withLock { replies[reply.requestID] = reply }
                case .wasContinued(let note): lock.withLock { continued.append(note) }
                case .payloadRequest(let request):
                    try? socket.send(
                        .payloadResponse(PayloadResponse(requestID: request.requestID, userInfo: ["n": .string("x")])))
                default: break
                }
            }
        }
    }

    let machines: LinkedMachines
    private let lock = NSLock()
    private var devices: [Int: Device] = [:]
    /// Every note "continued by" any device has heard, kept across restarts of its daemon.
    private var heard: [(machine: Int, note: WasContinued)] = []

    init(machines: LinkedMachines) { self.machines = machines }

    static func name(_ machine: Int) -> String { "h\(machine)" }

    /// The machine's handoff device, connected again if its daemon went away.
    func device(_ machine: Int) throws -> Device {
        if let device = lock.withLock({ devices[machine] }), !device.isClosed { return device }
        forget(machine)
        let handoff = try HandoffDevice(Self.name(machine), on: ChaosCluster.name(machine), of: machines)
        let device = Device(socket: handoff.socket)
        Thread.detachNewThread { device.read() }
        lock.withLock { devices[machine] = device }
        return device
    }

    /// Drops the machine's device (its daemon is gone), keeping what it heard.
    func forget(_ machine: Int) {
        lock.withLock {
            if let device = devices.removeValue(forKey: machine) {
                heard += device.wasContinued.map { (machine, $0) }
                shutdown(device.socket.descriptor, Int32(SHUT_RDWR))
            }
        }
    }

    /// Every "was continued" note heard by the machines' devices.
    var continuedNotes: [(machine: Int, note: WasContinued)] {
        lock.withLock { heard + devices.flatMap { machine, device in device.wasContinued.map { (machine, $0) } } }
    }

    func close() {
        for machine in lock.withLock({ Array(devices.keys) }) { forget(machine) }
    }
}
