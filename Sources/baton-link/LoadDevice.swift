import AccountClient
import AccountLink
import BatonEnvironment
import Foundation
import Wire

/// One simulated device of the load run: a registered connection to its machine's daemon. The observer (device 0
/// of each machine) subscribes to the key-value store and reports what it hears to the ledger; the others act on
/// ticks, as `LoadAction` mixes.
final class LoadDevice: @unchecked Sendable {
    let machine: Int
    let index: Int
    let socket: URL
    let ledger: DeliveryLedger
    private let lock = NSLock()
    private var link: DaemonLink?
    private var generation = 0
    private var sequence = 0
    private var lastToken: String?

    init(machine: Int, index: Int, socket: URL, ledger: DeliveryLedger) {
        self.machine = machine
        self.index = index
        self.socket = socket
        self.ledger = ledger
    }

    private var name: String { lock.withLock { "load-\(machine)-\(index)-\(generation)" } }

    /// Connects and registers; an observer also subscribes to every key-value change.
    func open(observer: Bool) async throws {
        let ledger = ledger
        let machine = machine
        let link = try await DaemonLink.connect(
            to: socket,
            onFrame: { frame in
                guard observer, case .message(.keyValueChanged(let changed)) = frame else { return }
                for entry in changed.entries {
                    if case .string(let token)? = entry.value { ledger.heard(token, on: machine) }
                }
            }, onClose: {}
        ).get()
        link.send(.registerDevice(RegisterDevice(name: name, pid: getpid(), apps: [])))
        if observer { link.send(.keyValueFetch(KeyValueFetch(requestID: 1, subscribe: true))) }
        lock.withLock { self.link = link }
    }

    func close() { lock.withLock { link }?.close() }

    /// Does `action`: a write, or a reopen, only when this device's previous write has reached every other machine
    /// of its account (a later write to the key would supersede it before it crossed); otherwise the tick is idle.
    /// Returns whether a write was sent.
    func perform(_ action: LoadAction, others: [Int], measured: Bool) async throws -> Bool {
        switch action {
        case .keyValueWrite:
            if let last = lock.withLock({ lastToken }), ledger.pending(last) { return false }
            let (token, requestID, link) = lock.withLock { () -> (String, UInt64, DaemonLink?) in
                sequence += 1
                lastToken = "\(machine)-\(index)-\(sequence)"
                return (lastToken ?? "", UInt64(sequence + 10), self.link)
            }
            ledger.sent(token, origin: machine, others: others, measured: measured)
            link?.send(
                .keyValueWrite(
                    KeyValueWrite(
                        requestID: requestID, key: "load-\(machine)-\(index)", value: .string(token),
                        writeID: requestID - 10)))
            return true
        case .deviceReopen:
            // As a client quits only once its writes are acknowledged: a connection closed with a write the daemon
            // has not read yet may lose it (seen at saturation, when the daemon pauses reading a busy client).
            if let last = lock.withLock({ lastToken }), ledger.pending(last) { return false }
            close()
            lock.withLock { generation += 1 }
            try await open(observer: false)
            return false
        }
    }
}
