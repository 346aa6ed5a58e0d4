import AccountClient
import BatonEnvironment
import Foundation
import Logging
import PostgresNIO
import Wire

/// Handoff across the machines of an account, through its server. This machine's devices' current offers are
/// mirrored to `baton.offers` (the daemon tells the link every change: `activitiesWatch`); other machines'
/// offers become devices here (`RemoteDeviceProxy`, `device@machine`) that advertise them, so local docks show
/// them as any local device's. A continue or a continuation stream to such a device travels as mail rows
/// (`HandoffMail`, the payload and bytes sealed) to the source machine's link, which asks its daemon through
/// the same path a local target would (a proxy of the requesting device). NOTIFY is only the doorbell; order
/// comes from the server's change numbers, liveness from heartbeats judged on the server's clock.
public actor HandoffBridge {
    let record: AccountLinkRecord
    let key: AccountKey
    let files: LinkFiles
    let logger: Logger
    let events: AsyncStream<HandoffBridgeEvent>
    let sink: AsyncStream<HandoffBridgeEvent>.Continuation

    var server: HandoffServer?
    var serverUp = false
    /// This machine's devices with a current offer, as the daemon last told the link.
    var local: [String: ActivityChanged] = [:]
    /// Other machines' offer rows, by machine and device.
    var remote: [RemoteKey: HandoffServer.OfferRow] = [:]
    /// Machines whose heartbeat counts.
    var live: Set<String> = []
    var proxies: [String: RemoteDeviceProxy] = [:]
    var generation = 0
    var nextRequest: UInt64 = 1
    /// Continues asked of another machine for a device here: by mail request number.
    var outgoing: [UInt64: OutgoingContinue] = [:]
    /// Continues asked of this machine's daemon for another machine: by the request number sent here.
    var incoming: [UInt64: IncomingContinue] = [:]
    /// Continuation streams crossing machines, by stream id.
    var streams: [String: CrossingStream] = [:]
    var ticks = 0

    /// How long a call to the server may take before the link treats the server as away.
    static let serverDeadline: Duration = .seconds(2)
    /// The most remote devices shown here at once (each is one connection of the local daemon).
    static let maxProxies = 32
    /// How long a proxy with nothing to do stays connected.
    static let proxyLinger: Duration = .seconds(30)

    public init(record: AccountLinkRecord, key: AccountKey, files: LinkFiles, logger: Logger) {
        self.record = record
        self.key = key
        self.files = files
        self.logger = logger
        (events, sink) = AsyncStream.makeStream(of: HandoffBridgeEvent.self)
    }

    /// Runs until the local daemon goes away; then clears this machine's offers on the server and returns.
    public func run(client: PostgresClient) async throws(AccountLinkError) {
        let server = HandoffServer(
            client: client, owner: record.owner, machine: record.machine, key: key, logger: logger)
        self.server = server
        let sink = sink
        let watch: DaemonLink
        do {
            watch = try await DaemonLink.connect(
                to: files.paths.socket,
                onFrame: { frame in if case .message(let message) = frame { sink.yield(.local(message)) } },
                onClose: { sink.yield(.localClosed) }
            ).get()
        } catch {
            throw .failed("cannot reach this machine's daemon at \(files.paths.socket.path): \(error)")
        }
        watch.send(.activitiesWatch(ActivitiesWatch(requestID: 1)))
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await Self.listen(server, sink) }
            group.addTask {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(2))
                    sink.yield(.tick)
                }
            }
            for await event in events {
                guard await self.handle(event) else { break }
            }
            group.cancelAll()
        }
        watch.close()
    }

    /// Keeps a connection listening on the account's handoff doorbell; says when it is up and when it broke.
    static func listen(_ server: HandoffServer, _ sink: AsyncStream<HandoffBridgeEvent>.Continuation) async {
        while !Task.isCancelled {
            do {
                try await server.client.withConnection { connection in
                    try await connection.listen(on: server.channel) { notifications in
                        sink.yield(.serverUp)
                        for try await notification in notifications { sink.yield(.doorbell(notification.payload)) }
                    }
                }
            } catch {
                if Task.isCancelled { return }
                sink.yield(.serverDown(ServerErrors.describe(error)))
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    /// Handles one event; false when the link should stop.
    func handle(_ event: HandoffBridgeEvent) async -> Bool {
        switch event {
        case .local(.activityChanged(let change)): await localChanged(change)
        case .local: break
        case .localClosed:
            await daemonWentAway()
            return false
        case .serverUp: await synchronize()
        case .serverDown(let reason): serverLost(reason)
        case .doorbell(let payload): await rang(payload)
        case .tick: await tick()
        case .proxy(let name, let generation, let message):
            guard proxies[name]?.generation == generation else { break }
            await proxyReceived(message, from: name)
        case .proxyClosed(let name, let generation):
            guard proxies[name]?.generation == generation else { break }
            await proxyClosed(name)
        }
        return true
    }

    /// Runs `body` against the server within the deadline; a failure is logged, marks the server away and is
    /// returned as nil.
    @discardableResult
    func onServer<T: Sendable>(_ what: String, _ body: @escaping @Sendable (HandoffServer) async throws -> T) async
        -> T?
    {
        guard serverUp, let server else { return nil }
        do {
            return try await ServerDeadline.within(Self.serverDeadline, what) { try await body(server) }
        } catch {
            serverLost("\(what): \(ServerErrors.describe(error))")
            return nil
        }
    }

    /// The server answered again (or for the first time): bring the schema up to date, publish this machine's
    /// offers, read everyone else's, take waiting mail.
    func synchronize() async {
        guard let server else { return }
        do {
            let local = Array(local.values)
            let (live, rows, mail) = try await ServerDeadline.within(.seconds(10), "the handoff synchronisation") {
                try await server.migrate()
                for change in local {
                    try await server.publish(device: change.device, apps: change.apps, activity: change.activity)
                }
                try await server.clearOffers(except: local.map(\.device))
                let live = try await server.heartbeat()
                return (live, try await server.offers(), try await server.takeMail())
            }
            serverUp = true
            self.live = live
            remote = Dictionary(rows.map { (RemoteKey(machine: $0.machine, device: $0.device), $0) }) { $1 }
            logger.info("handoff link up", metadata: ["offers": "\(rows.count)"])
            await reconcileAll()
            for letter in mail { await deliver(letter) }
        } catch {
            logger.warning("handoff link not up yet", metadata: ["error": "\(ServerErrors.describe(error))"])
        }
    }

    /// The server is away: continues waiting for another machine fail with 4609 now, crossing streams break,
    /// and other machines' offers leave the docks (they cannot be continued until the server is back).
    func serverLost(_ reason: String) {
        guard serverUp else { return }
        serverUp = false
        logger.warning("handoff link down", metadata: ["reason": "\(reason)"])
        let failure = WireFailure(
            code: WireFailure.connectionUnavailable,
            message: "the account's server is unreachable; the other machine cannot be asked")
        for (_, pending) in outgoing {
            proxies[pending.proxy]?.link.send(
                .payloadResponse(PayloadResponse(requestID: pending.daemonRequest, userInfo: nil, failure: failure)))
        }
        outgoing = [:]
        incoming = [:]
        for (id, route) in streams {
            proxies[route.proxy]?.link.send(.streamClose(StreamClose(streamID: id, failure: failure)))
        }
        streams = [:]
        for name in proxies.keys { proxies[name]?.withdraw() }
    }

    /// Every two seconds: the heartbeat (and the machines whose heartbeat counts), the offers and mail read again
    /// (`poll`: the doorbell may be quiet), a retry when the server was away, proxies with nothing to do closed, old
    /// rows collected.
    func tick() async {
        ticks += 1
        guard serverUp, let server else {
            if !serverUp { await synchronize() }
            return
        }
        do {
            live = try await ServerDeadline.within(Self.serverDeadline, "the heartbeat") {
                try await server.heartbeat()
            }
        } catch {
            serverLost("heartbeat: \(ServerErrors.describe(error))")
        }
        await poll()
        await reconcileAll()
        closeIdleProxies()
        if ticks % 30 == 0 { await onServer("the clean-up") { try await $0.collectGarbage() } }
    }

    func daemonWentAway() async {
        logger.notice("the local daemon went away; this machine's offers are cleared and the link stops")
        local = [:]
        await onServer("clearing this machine's offers") { try await $0.clearOffers(except: []) }
        for proxy in proxies.values { proxy.link.close() }
        proxies = [:]
    }
}

/// What the handoff link reacts to, one at a time.
enum HandoffBridgeEvent: Sendable {
    case local(WireMessage)
    case localClosed
    case proxy(name: String, generation: Int, WireMessage)
    case proxyClosed(name: String, generation: Int)
    case serverUp
    case serverDown(String)
    case doorbell(String)
    case tick
}

/// A device of another machine.
struct RemoteKey: Hashable, Sendable {
    var machine: String
    var device: String
}

/// A continue a device here asked of another machine's device (through its proxy).
struct OutgoingContinue {
    var proxy: String
    var daemonRequest: UInt64
    var machine: String
}

/// A continue another machine asked of a device here (through the proxy of its requesting device).
struct IncomingContinue {
    var machine: String
    var request: UInt64
    var proxy: String
}

/// A continuation stream between a device here (through `proxy`) and a device of `machine`; its two directions
/// close independently, as locally.
struct CrossingStream {
    var proxy: String
    var machine: String
    var source: String
    var target: String
    /// Whether the device here is the stream's target (it opened the stream).
    var localIsTarget: Bool
    var towardSourceClosed = false
    var towardTargetClosed = false

    /// Records a close from the device here (`local`) or the other machine's; true when the stream is over.
    mutating func close(_ half: StreamHalf?, failed: Bool, local: Bool) -> Bool {
        guard let half, !failed else { return true }
        let fromTarget = local == localIsTarget
        switch half {
        case .output: if fromTarget { towardSourceClosed = true } else { towardTargetClosed = true }
        case .input: if fromTarget { towardTargetClosed = true } else { towardSourceClosed = true }
        }
        return towardSourceClosed && towardTargetClosed
    }
}
