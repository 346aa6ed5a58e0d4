import AccountClient
import BatonEnvironment
import Foundation
import Logging
import PostgresNIO
import Wire

/// The link between this machine's daemon (still the authority for its terminals) and the account's server, for
/// the key-value store: one pool per machine. Local changes are sealed and written to `baton.key_values` with the
/// server's next change number; `NOTIFY` on the account's channel is only the doorbell; every machine reads the rows
/// after its cursor, its own included, and writes the server's word on each key into its daemon as writer
/// `machine:<name>` (unless it holds a newer unsent write of the key), so its devices hear a server change and
/// every machine ends on each key's last row (docs/consistency.md). While the server is away the daemon's own
/// store is the durable queue: the cursor says which local revisions were not pushed yet, and they go first when
/// the server is back (the server's order decides).
public actor KeyValueBridge {
    /// How the link names the machine a value came from when it writes it into its daemon (`machine:laptop`):
    /// a name to show, never how a write is known as the link's (`KeyValueEntry.viaLink` is).
    public static let remoteWriterPrefix = "machine:"

    /// A value as the link writes it from the server: `machine`'s, marked as the link's.
    static func fromServer(
        _ name: String, _ value: PropertyListValue?, machine: String, revision: Int64 = 0
    ) -> KeyValueEntry {
        KeyValueEntry(
            key: name, value: value, revision: revision, modified: Date(), writer: remoteWriterPrefix + machine,
            viaLink: true)
    }

    let record: AccountLinkRecord
    let key: AccountKey
    let files: LinkFiles
    let logger: Logger
    var cursor: LinkCursor
    var local: [String: KeyValueEntry] = [:]
    private var daemon: DaemonLink?
    private var requestCounter: UInt64 = 100
    /// The card this link last wrote into the machine's row (its devices, those connected and those away).
    var publishedCard: MachineCard?
    /// Whether the daemon's store has arrived: until then nothing is pushed or read (a server row must not
    /// overwrite a local write the link has not seen yet).
    var storeKnown = false
    /// The daemon store's identity (`KeyValueSnapshot.storeID`): its revisions count within it. The server keeps
    /// the newest revision this machine has written of it, so a write sent again is written once (`pushOnce`).
    var storeID = ""
    /// The daemon store's revision when it arrived (`KeyValueSnapshot.revision`): a home restored from an old copy
    /// holds less than the server's mark of it (`checkHistory`).
    var storeRevision: Int64 = 0
    /// How far this link last told the server it has read (`noteReads`); nil until it has this run.
    var notedRead: Int64?
    /// The serve loop's gate while it is connected: the daemon's changes ring it (`.send`), so the serve loop's
    /// rounds are the one place that writes to the server.
    private var gate: PullGate?
    /// Counts push rounds: a round that overran its deadline and went on in the background stops before its next
    /// statement once a newer round has started (`pushOnce`), so two rounds never write the same key in turn.
    var pushRound = 0
    /// This machine's devices as the daemon last named them (published by the serve loop's next round).
    private var wantedCard: MachineCard?
    /// Keys whose rows from before names were sealed (named in the clear) are still on the server: the next write
    /// of one removes that row (`KeyValueRow`).
    var legacyNames: Set<String> = []
    /// The link's writes into the daemon not answered yet, by request.
    private var ownWrites: [UInt64: KeyValueEntry] = [:]
    /// How far this link has read the server's rows (the next read starts after it). The cursor file's
    /// `serverSeq` stays below every row whose write into the daemon is not answered yet (`rowWrites`).
    var readSeq: Int64
    /// The change number of the server row each unanswered write into the daemon brings, by request.
    var rowWrites: [UInt64: Int64] = [:]
    let skipped: SkippedRows
    /// Pushes for other machines' devices, on the same pool and doorbell.
    let pushes: PushBridge

    public init(record: AccountLinkRecord, key: AccountKey, files: LinkFiles, logger: Logger) {
        self.record = record
        self.key = key
        self.files = files
        self.logger = logger
        cursor = files.readCursor()
        readSeq = cursor.serverSeq
        skipped = SkippedRows(files: files)
        pushes = PushBridge(
            record: record, key: key, files: files, channel: Doorbells.channel("kv", owner: record.owner, key: key),
            logger: logger)
    }

    /// The account's doorbell channel (a name only holders of the key can work out, `Doorbells`).
    var channel: String { pushes.channel }

    /// Runs until the local daemon goes away (the daemon starts the link again when it starts); with `shared`,
    /// on the machine's pool (which its owner runs), else on a pool of its own.
    public func run(client shared: PostgresClient? = nil) async throws(AccountLinkError) {
        let address = try ServerAddress(url: record.url)
        let configuration = try address.clientConfiguration()
        let client = shared ?? PostgresClient(configuration: configuration, backgroundLogger: logger)
        let (frames, sink) = AsyncStream.makeStream(of: InboundFrame?.self)
        let link: DaemonLink
        do {
            link = try await DaemonLink.connect(
                to: files.paths.socket, onFrame: { sink.yield($0) }, onClose: { sink.yield(nil) }
            ).get()
        } catch {
            throw .failed("cannot reach this machine's daemon at \(files.paths.socket.path): \(error)")
        }
        daemon = link
        // First, the claim to be this machine's link (the daemon wrote the token for the link it starts, and checks
        // that this process holds the link's lock): only then are this connection's writes the link's.
        let token = (try? PrivateFile.read(files.paths.linkToken)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        link.send(.linkHello(LinkHello(requestID: 3, token: token)))
        link.send(.keyValueFetch(KeyValueFetch(requestID: 1, subscribe: true, removals: true)))
        await pushes.attach(link)
        await withTaskGroup(of: Void.self) { group in
            if shared == nil { group.addTask { await client.run() } }
            group.addTask { await self.serve(client) }
            group.addTask {
                // The daemon announces no device changes to a link: it asks every two seconds.
                while !Task.isCancelled {
                    link.send(.devicesQuery(DevicesQuery(requestID: 2)))
                    try? await Task.sleep(for: .seconds(2))
                }
            }
            var assembler = KeyValueSnapshotAssembler()
            for await frame in frames {
                guard let frame else { break }
                guard case .message(let message) = frame else { continue }
                switch message {
                case .keyValueSnapshot(let piece):
                    if let snapshot = try? assembler.add(piece) { self.adoptStore(snapshot) }
                case .keyValueChanged(let changed):
                    for entry in changed.entries where !entry.isViaLink {
                        logger.info(
                            "a local write", metadata: ["key": "\(entry.key)", "revision": "\(entry.revision)"])
                    }
                    self.adopt(changed.entries)
                    self.ringSend()
                case .devicesReply(let reply):
                    // Devices of other machines shown here by the handoff link (its pid) are not this machine's.
                    self.wantDevices(
                        reply.devices.filter { $0.pid != getpid() }.map(\.name), remembered: reply.remembered ?? [])
                case .notification(let envelope):
                    // The daemon's answers to posted pushes move the push cursor: the serve loop tells the server.
                    if await self.pushes.receive(envelope, client) { self.ringPushes() }
                case .error(let failure) where failure.requestID == 3:
                    logger.error("the daemon refused this link", metadata: ["reason": "\(failure.failure)"])
                case .error(let failure):
                    if await self.pushes.failed(failure) { self.ringPushes() }
                case .keyValueWritten(let reply):
                    self.written(reply)
                    self.ringSend()
                case .keyValueRejected(let rejected):
                    self.answered(rejected.requestID)
                default:
                    break
                }
            }
            logger.notice("the local daemon went away; the link stops")
            group.cancelAll()
        }
    }

    /// Keeps the server side going: push what is pending, read what is new, then read again when the doorbell
    /// rings (coalesced by a `PullGate`: one read running, at most one waiting, whatever the rate of rings) or
    /// the slow poll comes round; after a failure (server stopped, restarted, unreachable) try again a second later.
    private func serve(_ client: PostgresClient) async {
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await self.waitForTheStore()
                    try await connection.listen(on: self.channel) { notifications in
                        let gate = PullGate()
                        self.serving(gate)
                        gate.ring([.keyValues, .pushes, .touch])
                        try await withThrowingTaskGroup(of: Void.self) { group in
                            group.addTask { try await self.drain(gate, client) }
                            group.addTask {
                                while !Task.isCancelled {
                                    try await Task.sleep(for: PullGate.pollInterval)
                                    // The touch writes this machine's row again if it went (`touchMachine`).
                                    gate.ring([.keyValues, .pushes, .touch])
                                }
                            }
                            for try await note in notifications {
                                gate.ring(note.payload == "push" ? .pushes : .keyValues)
                            }
                            group.cancelAll()
                        }
                    }
                }
            } catch {
                if Task.isCancelled { return }
                logger.warning("server link down; retrying", metadata: ["error": "\(ServerErrors.describe(error))"])
            }
            gate = nil
            try? await Task.sleep(for: .seconds(1))
        }
    }

    /// How long one round with the server may take before it is given up and tried again. A query on a pooled
    /// connection the server ended while this link was stopped (SIGSTOP, a suspended laptop) was seen to wait for
    /// ever; without a deadline the round, and every write after it, waited with it (the chaos checker's seed 2027).
    static let roundBudget: Duration = .seconds(30)

    /// Reads what the gate's rings asked for, one round at a time; a failed round, or one over `roundBudget`, is
    /// tried again a second later. A round given up may go on in the background: its pushes stop at the next
    /// statement (`pushRound`) and its reads skip rows a newer round has taken (`readSeq`), so it repeats nothing.
    private func drain(_ gate: PullGate, _ client: PostgresClient) async throws {
        for await _ in gate.wakes {
            let asked = gate.take()
            guard !asked.isEmpty else { continue }
            do {
                try await ServerDeadline.within(Self.roundBudget, "a round of the key-value link") {
                    try await self.round(asked, client)
                }
                gate.finished()
            } catch {
                if Task.isCancelled { return }
                logger.warning(
                    "a read from the server failed; again in a second",
                    metadata: ["error": "\(ServerErrors.describe(error))"])
                try await Task.sleep(for: .seconds(1))
                gate.ring(asked)
            }
        }
    }

    /// One round: what `asked` names, in order (touch, key values sent then read, pushes sent then read).
    private func round(_ asked: PullGate.Asked, _ client: PostgresClient) async throws {
        if asked.contains(.touch) {
            try await touchMachine(client)
            try await checkHistory(client)
            try await findLegacyRows(client)
        }
        if !asked.isDisjoint(with: [.keyValues, .send]) {
            if let wantedCard { await publish(wantedCard, client) }
            try await pushPendingOrThrow(client)
        }
        if asked.contains(.keyValues) {
            try await pull(client)
            try await noteReads(client)
        }
        if asked.contains(.pushes) {
            try await pushes.flush(client)
            try await pushes.pull(client)
        }
    }

    private func serving(_ gate: PullGate) { self.gate = gate }

    /// The daemon named this machine's devices, connected and remembered: the serve loop publishes them when they
    /// changed (the loop that talks to the daemon never waits on the server). A device remembered but away (its
    /// daemon just restarted, its terminal closed) stays a target of pushes from other machines: they wait for it
    /// in its daemon, as this machine's own pushes do.
    private func wantDevices(_ names: [String], remembered: [String]) {
        let connected = Set(names)
        let card = MachineCard(
            name: record.machine, devices: connected.sorted(),
            away: Set(remembered).subtracting(connected).sorted())
        guard card != publishedCard else { return }
        wantedCard = card
        gate?.ring(.send)
    }

    /// A device wrote (or the daemon answered a write): the serve loop sends what is pending. With no server
    /// connection nothing rings; the next connection's first round sends it.
    private func ringSend() { gate?.ring(.send) }

    /// The push cursor moved: the serve loop's next round tells the server (`read_pushes`).
    private func ringPushes() { gate?.ring(.pushes) }

    private func adopt(_ entries: [KeyValueEntry]) {
        for entry in entries { local[entry.key] = entry }
    }

    private func adoptStore(_ snapshot: KeyValueSnapshot) {
        adopt(snapshot.entries)
        storeID = snapshot.storeID
        storeRevision = snapshot.revision
        logger.info(
            "the daemon's store arrived",
            metadata: [
                "keys": "\(snapshot.entries.count)", "revision": "\(snapshot.revision)",
                "sent": "\(cursor.pushedRevision)", "read": "\(cursor.serverSeq)",
            ])
        if let bring = cursor.keepAside { keepAside(bringing: bring) }
        storeKnown = true
    }

    /// Waits until the daemon's store has arrived (`storeKnown`).
    private func waitForTheStore() async throws {
        while !storeKnown { try await Task.sleep(for: .milliseconds(50)) }
    }

    func write(_ name: String, _ value: PropertyListValue?, from machine: String) {
        write(Self.fromServer(name, value, machine: machine))
    }

    /// Writes `entry`'s value into the daemon as its writer, only if the key holds no device's write newer than
    /// `heard` (unless given, the revision of the key this link holds); the answer says as which revision
    /// (`written`). Every write of the link's is conditional: a device's write it has not heard yet (one that
    /// reached the daemon after the link read the key) stays, and is sent once heard. Unconditional, it was
    /// overwritten in the daemon and, if the link ended before it heard the write and wrote it back, lost. A write
    /// that brings the server's `row` holds the cursor file below that row until the daemon answers it
    /// (`settleServerCursor`).
    func write(
        _ entry: KeyValueEntry, unlessNewerThan heard: Int64? = nil, row: Int64? = nil, asThisMachine: Bool = false
    ) {
        requestCounter += 1
        ownWrites[requestCounter] = entry
        if let row { rowWrites[requestCounter] = row }
        daemon?.send(
            .keyValueWrite(
                KeyValueWrite(
                    requestID: requestCounter, key: entry.key, value: entry.value, writer: entry.writer,
                    unlessNewerThan: heard ?? local[entry.key]?.revision ?? 0, asThisMachine: asThisMachine ? true : nil
                )))
    }

    /// The daemon stored a write of the link's as `reply.revision`: the link holds it, unless it heard a later
    /// change of the key meanwhile. No device's write was overwritten by it: the daemon stores a link's write only
    /// if the key holds no device's write the link had not heard (`write`), and refuses it otherwise.
    private func written(_ reply: KeyValueWritten) {
        answered(reply.requestID)
        guard var entry = ownWrites.removeValue(forKey: reply.requestID), let revision = reply.revision else { return }
        entry.revision = revision
        if let held = local[entry.key], held.revision > revision { return }  // A later change is known already.
        local[entry.key] = entry
    }

    func advance(_ change: (inout LinkCursor) -> Void) throws(AccountLinkError) {
        var next = cursor
        change(&next)
        guard next != cursor else { return }
        cursor = next
        try files.write(cursor: next)
    }
}
