import Foundation
import Logging
import PostgresNIO

/// `baton account create|join|leave|status`: what each does on the server and in the state directory.
public struct AccountOperations: Sendable {
    public let files: LinkFiles
    let logger: Logger

    public init(files: LinkFiles, logger: Logger) {
        self.files = files
        self.logger = logger
    }

    /// What `create` and `join` report.
    public struct Joined: Codable, Sendable {
        public var account: String
        public var machine: String
        public var server: String
        public var keyFile: String
        /// Only after `create`: the key, shown this once.
        public var key: String?
    }

    /// Makes the schema (migrations), the account of the URL's role and this machine in it; the new key is
    /// written 0600 to the state directory and returned to be shown once. A role that owns (or would create) the
    /// schema, or may bypass row security, could read and change every other account's rows: refused unless
    /// `singleAccountServer` says the server is this account's alone.
    public func create(url: String, machine: String, singleAccountServer: Bool = false) async throws(AccountLinkError)
        -> Joined
    {
        try refuseIfLinked()
        let address = try ServerAddress(url: url)
        let key = AccountKey.generate()
        let identifier = files.machineID()
        let logger = logger
        let owner = try await ServerSession.with(address, logger: logger) { connection in
            if !singleAccountServer { try await Self.refuseAnUntrustworthyRole(connection, logger: logger) }
            try await ServerSchema.migrate(connection, logger: logger)
            return try await ServerErrors.describing("cannot create the account") {
                try await connection.withTransaction(logger: logger) { connection in
                    let owner =
                        try await connection.query("SELECT current_user::text", logger: logger)
                        .collect().first?.decode(String.self) ?? address.user
                    let existing = try await connection.query(
                        "SELECT 1 FROM baton.accounts WHERE owner = current_user", logger: logger
                    ).collect()
                    guard existing.isEmpty else {
                        throw AccountLinkError.failed(
                            "role \(owner) already has an account on this server; join it with its key "
                                + "(baton account join URL --key-file FILE)")
                    }
                    let check = try Sealing.seal(
                        Sealing.keyCheckPlaintext, identity: Sealing.keyCheckIdentity(owner: owner), key: key)
                    try await connection.query(
                        "INSERT INTO baton.accounts (key_check) VALUES (\(check))", logger: logger)
                    let (route, card) = try MachineCard(name: machine, devices: []).seal(owner: owner, key: key)
                    try await connection.query(
                        """
                        INSERT INTO baton.machines (machine, machine_id, sealed)
                        VALUES (\(route), \(identifier), \(card))
                        """, logger: logger)
                    return owner
                }
            }
        }
        try files.startPushes(after: 0)  // A new account: every push is after its creation.
        try files.write(link: AccountLinkRecord(url: url, machine: machine, owner: owner), key: key)
        try files.keep(machineID: identifier)
        return Joined(
            account: owner, machine: machine, server: address.redacted, keyFile: files.key.path, key: key.text)
    }

    /// Joins this machine to the URL's account; a key that does not open the account's key check fails here,
    /// before anything is written on the server or in the state directory. `storeRevision` is the daemon store's
    /// revision now (nil when no daemon answered): what a home from another account keeps aside.
    public func join(
        url: String, key: AccountKey, machine: String, bring: LinkCursor.Bring = .keys([]), storeRevision: Int64? = nil
    ) async throws(AccountLinkError) -> Joined {
        try refuseIfLinked()
        let address = try ServerAddress(url: url)
        let identifier = files.machineID()
        let logger = logger
        let (owner, newestPush) = try await ServerSession.with(address, logger: logger) { connection in
            // A database without Baton's schema has no account to join: nothing is created there.
            let exists =
                try await connection.query("SELECT to_regclass('baton.accounts') IS NOT NULL", logger: logger)
                .collect().first?.decode(Bool.self) ?? false
            guard exists else {
                throw AccountLinkError.failed(
                    "role \(address.user) has no account on this server (database \(address.database) has no Baton "
                        + "schema; nothing was written); create one: baton account create URL")
            }
            try await ServerSchema.migrate(connection, logger: logger)
            return try await ServerErrors.describing("cannot join the account") {
                try await connection.withTransaction(logger: logger) { connection in
                    let rows = try await connection.query(
                        "SELECT owner::text, key_check FROM baton.accounts WHERE owner = current_user",
                        logger: logger
                    ).collect()
                    guard let row = rows.first else {
                        throw AccountLinkError.failed(
                            "role \(address.user) has no account on this server (create one: baton account create URL)")
                    }
                    let (owner, check) = try row.decode((String, Data).self)
                    do {
                        _ = try Sealing.open(check, identity: Sealing.keyCheckIdentity(owner: owner), key: key)
                    } catch {
                        throw AccountLinkError.failed(
                            "the account key does not match account \(owner); nothing was written")
                    }
                    // A name another home of the account uses is refused (its rows and writes would be taken for
                    // this machine's); this home joining again under its own name is welcome.
                    let (route, card) = try MachineCard(name: machine, devices: []).seal(owner: owner, key: key)
                    let holder = try await connection.query(
                        "SELECT machine_id FROM baton.machines WHERE machine = \(route)", logger: logger
                    ).collect().first?.decode(String?.self)
                    if let other = holder, other != identifier {
                        throw AccountLinkError.failed(
                            "machine name \(machine) is already used by another machine of account \(owner); "
                                + "join with --machine NAME (a name of its own); nothing was written")
                    }
                    // A home that left this account takes its mark back (`LastSync.mark`); a row still here (the
                    // leave did not reach the server) keeps its own.
                    let mark = files.markToRestore(owner: owner, server: address.redacted)
                    try await connection.query(
                        """
                        INSERT INTO baton.machines (machine, machine_id, sealed, kv_store, kv_revision)
                        VALUES (\(route), \(identifier), \(card), \(mark?.store), coalesce(\(mark?.revision), 0))
                        ON CONFLICT (owner, machine) DO UPDATE SET seen_at = now(),
                            machine_id = coalesce(baton.machines.machine_id, EXCLUDED.machine_id),
                            sealed = coalesce(baton.machines.sealed, EXCLUDED.sealed)
                        """, logger: logger)
                    // The push history this machine does not get ends here: a push sent after the join reaches it,
                    // however late its link first reads (`PushBridge.pull`).
                    let newestPush =
                        try await connection.query(
                            "SELECT coalesce(max(seq), 0)::bigint FROM baton.pushes", logger: logger
                        ).collect().first?.decode(Int64.self) ?? 0
                    return (owner, newestPush)
                }
            }
        }
        let record = AccountLinkRecord(url: url, machine: machine, owner: owner)
        // Before the link file: a link the daemon starts as soon as that appears must find its cursor.
        if let cursor = try files.startingCursor(joining: record, bring: bring, storeRevision: storeRevision) {
            try files.write(cursor: cursor)
        }
        try files.startPushes(after: newestPush)
        try files.write(link: record, key: key)
        try files.keep(machineID: identifier)
        return Joined(account: owner, machine: machine, server: address.redacted, keyFile: files.key.path, key: nil)
    }

    /// Returns this machine to its local account: the link file goes first (so nothing starts the link again),
    /// `stopLink` ends the running link and waits for it, then the key, cursors and push outbox go, then its row
    /// leaves the server when the server answers (its mark read in the same transaction, kept in `LastSync`); the
    /// local store stays as it is.
    public func leave(stopLink: () async -> Void = {}) async throws(AccountLinkError) -> String {
        guard let record = try files.readLink() else {
            throw .failed("this machine is not linked to an account (its account is local)")
        }
        let address = try ServerAddress(url: record.url)
        let logger = logger
        let heldByTheDaemon =
            FileManager.default.contents(atPath: files.relayHeld.path).flatMap {
                (try? JSONSerialization.jsonObject(with: $0)) as? [Any]
            }?.count ?? 0
        let dropped = PushOutbox(url: files.pushOutbox).items.count + heldByTheDaemon
        let route = (try? files.readKey()).map { Routes.machine(record.machine, owner: record.owner, key: $0) }
        // The link is stopped before its cursor is read: one still running could send past what is remembered.
        try? FileManager.default.removeItem(at: files.link)
        await stopLink()
        let pushedRevision = files.readCursor().pushedRevision
        try? files.rememberLastSync(of: record, pushedRevision: pushedRevision, mark: nil)
        files.remove()
        var note = dropped == 0 ? "" : "; \(dropped) queued push\(dropped == 1 ? "" : "es") for other machines dropped"
        do {
            let mark = try await ServerSession.with(address, logger: logger, timeout: .seconds(10)) { connection in
                try await connection.withTransaction(logger: logger) { connection in
                    // The mark as the last write left it (`FOR UPDATE` waits for one still running), then the rows
                    // go: a write after this finds no row and is not made.
                    var mark: LastSync.Mark?
                    if let route,
                        let (store, revision) = try await connection.query(
                            "SELECT kv_store, kv_revision FROM baton.machines WHERE machine = \(route) FOR UPDATE",
                            logger: logger
                        ).collect().first?.decode((String?, Int64?).self), let store, let revision
                    {
                        mark = LastSync.Mark(store: store, revision: revision)
                    }
                    // A machine row written before names were sealed is named in the clear.
                    for machine in [route, record.machine].compactMap({ $0 }) {
                        try await connection.query("SELECT baton.forget_machine(\(machine))", logger: logger)
                    }
                    return mark
                }
            }
            try? files.rememberLastSync(of: record, pushedRevision: pushedRevision, mark: mark)
        } catch {
            note += "; the server was not reached (\(error)), so it still lists \(record.machine)"
        }
        return "left account \(record.owner) on \(address.redacted); local data kept\(note)"
    }

    /// `status`: the link, the server's machines and whether the server answers.
    public struct Status: Codable, Sendable {
        public var linked: Bool
        public var account: String?
        public var machine: String?
        public var server: String?
        public var serverReachable: Bool?
        public var error: String?
        public var machines: [MachineRow]?
        public var keyValues: Int?
        public var linkRunning: Bool?
        /// How often the daemon restarted the link, and why the last time.
        public var linkRestarts: Int?
        public var linkLastReason: String?
        /// One line per machine whose rows this machine passed because they did not open.
        public var skippedRows: [String]?
        /// Pushes made here for other machines and not on the server yet (the link's outbox and what the daemon
        /// holds for a link that is not attached): sent when the server is reachable again.
        public var queuedPushes: Int?
    }

    /// A machine of the account as the server lists it.
    public struct MachineRow: Codable, Sendable {
        public var machine: String
        public var joinedAt: Date
        public var seenAt: Date
        /// The devices its daemon serves, as its link last published them.
        public var devices: [String] = []
    }

    public func status(linkRunning: Bool) async throws(AccountLinkError) -> Status {
        guard let record = try files.readLink() else { return Status(linked: false) }
        let address = try ServerAddress(url: record.url)
        var status = Status(
            linked: true, account: record.owner, machine: record.machine, server: address.redacted,
            linkRunning: linkRunning)
        let skipped = SkippedRows(files: files).read()
        status.skippedRows = skipped.isEmpty ? nil : SkippedRows.summary(skipped)
        status.queuedPushes = files.queuedPushes
        let logger = logger
        let key = try? files.readKey()
        do {
            let (machines, count) = try await ServerSession.with(address, logger: logger, timeout: .seconds(10)) {
                connection in
                var machines: [MachineRow] = []
                for try await (route, sealed, joined, seen) in try await connection.query(
                    "SELECT machine, sealed, joined_at, seen_at FROM baton.machines", logger: logger
                ).decode((String, Data?, Date, Date).self) {
                    // A row that does not open shows as its route (it is not this key's).
                    let card = key.flatMap {
                        MachineCard.open(route: route, sealed: sealed, owner: record.owner, key: $0)
                    }
                    machines.append(
                        MachineRow(
                            machine: card?.name ?? route, joinedAt: joined, seenAt: seen,
                            devices: card?.devices.sorted() ?? []))
                }
                machines.sort { $0.machine < $1.machine }
                let count =
                    try await connection.query("SELECT count(*)::int FROM baton.key_values", logger: logger)
                    .collect().first?.decode(Int.self) ?? 0
                return (machines, count)
            }
            status.serverReachable = true
            status.machines = machines
            status.keyValues = count
        } catch {
            status.serverReachable = false
            status.error = error.description
        }
        return status
    }

    /// Refuses a role that owns the account schema (or would create it) or may bypass row security: one line
    /// naming `baton server init`.
    static func refuseAnUntrustworthyRole(_ connection: PostgresConnection, logger: Logger) async throws {
        let row = try await connection.query(
            """
            SELECT current_user::text, r.rolsuper OR r.rolbypassrls,
                (SELECT pg_has_role(current_user, nspowner, 'USAGE') FROM pg_namespace WHERE nspname = 'baton')
            FROM pg_roles r WHERE r.rolname = current_user
            """, logger: logger
        ).collect().first
        guard let (role, bypasses, owns) = try row?.decode((String, Bool, Bool?).self) else { return }
        let reason =
            if bypasses { "can bypass row security" } else if owns == true {
                "owns the account schema"
            } else if owns == nil { "would own the account schema (the database has none yet)" } else { "" }
        guard !reason.isEmpty else { return }
        throw AccountLinkError.failed(
            "role \(role) \(reason), so every account on this server would be open to it; the server's operator "
                + "sets it up with baton server init ADMIN-URL and baton server add-account ADMIN-URL NAME, or pass "
                + "--single-account-server if this server is this account's alone")
    }

    private func refuseIfLinked() throws(AccountLinkError) {
        if let record = try files.readLink() {
            throw .failed(
                "this machine is already linked to account \(record.owner) as \(record.machine) "
                    + "(baton account leave first)")
        }
    }
}
