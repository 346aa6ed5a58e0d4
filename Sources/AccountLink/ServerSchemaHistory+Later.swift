// The server's migrations as they ran: history, not code. Each is the SQL it was when it was written, calling
// nothing that can change later; a change of schema is a new migration at the end (`ServerSchema.migrations`).
// Generated once from the migrations as they stood (they called helpers before), and edited by hand only to add.

extension ServerSchema {
    /// Migration 7: what an account may not hold over the others. `LOCK TABLE` in any mode stronger than `ROW EXCLUSIVE`
    /// needs `UPDATE`, `DELETE` or `TRUNCATE` on the whole table, and an account holding such a lock in an open
    /// transaction stalls every account's reads and writes of it. So accounts get `SELECT` and `INSERT` on the tables,
    /// `UPDATE` only on the columns an upsert changes (a column privilege does not let one lock the table), and delete
    /// and number their rows through these functions, which run as the schema's owner (`SECURITY DEFINER`, a fixed
    /// `search_path`). Inside them `current_user` is the owner, so the row policy and the functions name the account
    /// by `session_user`, the role that logged in (only a superuser can change it).
    static let migration7: [String] = [
        #"ALTER TABLE baton.accounts ALTER COLUMN owner SET DEFAULT session_user"#,
        #"DROP POLICY own_rows ON baton.accounts"#,
        #"CREATE POLICY own_rows ON baton.accounts USING (owner = session_user) WITH CHECK (owner = session_user)"#,
        #"ALTER TABLE baton.machines ALTER COLUMN owner SET DEFAULT session_user"#,
        #"DROP POLICY own_rows ON baton.machines"#,
        #"CREATE POLICY own_rows ON baton.machines USING (owner = session_user) WITH CHECK (owner = session_user)"#,
        #"ALTER TABLE baton.key_values ALTER COLUMN owner SET DEFAULT session_user"#,
        #"DROP POLICY own_rows ON baton.key_values"#,
        #"CREATE POLICY own_rows ON baton.key_values USING (owner = session_user) WITH CHECK (owner = session_user)"#,
        #"ALTER TABLE baton.devices ALTER COLUMN owner SET DEFAULT session_user"#,
        #"DROP POLICY own_rows ON baton.devices"#,
        #"CREATE POLICY own_rows ON baton.devices USING (owner = session_user) WITH CHECK (owner = session_user)"#,
        #"ALTER TABLE baton.pushes ALTER COLUMN owner SET DEFAULT session_user"#,
        #"DROP POLICY own_rows ON baton.pushes"#,
        #"CREATE POLICY own_rows ON baton.pushes USING (owner = session_user) WITH CHECK (owner = session_user)"#,
        #"ALTER TABLE baton.offers ALTER COLUMN owner SET DEFAULT session_user"#,
        #"DROP POLICY own_rows ON baton.offers"#,
        #"CREATE POLICY own_rows ON baton.offers USING (owner = session_user) WITH CHECK (owner = session_user)"#,
        #"ALTER TABLE baton.handoff_mail ALTER COLUMN owner SET DEFAULT session_user"#,
        #"DROP POLICY own_rows ON baton.handoff_mail"#,
        #"CREATE POLICY own_rows ON baton.handoff_mail USING (owner = session_user) WITH CHECK (owner = session_user)"#,
        #"""
        CREATE OR REPLACE FUNCTION baton.next_change() RETURNS bigint LANGUAGE sql VOLATILE SECURITY DEFINER
        SET search_path = pg_catalog, pg_temp
        AS $$ UPDATE baton.accounts SET last_change = last_change + 1 WHERE owner = session_user
            RETURNING last_change $$
        """#,
        #"""
        CREATE FUNCTION baton.forget_devices(p_machine text, p_keep text[]) RETURNS void LANGUAGE sql VOLATILE SECURITY DEFINER
        SET search_path = pg_catalog, pg_temp
        AS $$ DELETE FROM baton.devices WHERE owner = session_user AND machine = p_machine AND NOT (device = ANY(p_keep)) $$
        """#,
        #"""
        CREATE FUNCTION baton.forget_machine(p_machine text) RETURNS void LANGUAGE sql VOLATILE SECURITY DEFINER
        SET search_path = pg_catalog, pg_temp
        AS $$ DELETE FROM baton.devices WHERE owner = session_user AND machine = p_machine; DELETE FROM baton.machines WHERE owner = session_user AND machine = p_machine $$
        """#,
        #"""
        CREATE FUNCTION baton.take_mail(p_machine text, p_max_age bigint) RETURNS TABLE (mail_seq bigint, mail_id text,
            mail_from text, mail_header text, mail_sealed bytea, mail_fresh boolean) LANGUAGE sql VOLATILE SECURITY DEFINER
        SET search_path = pg_catalog, pg_temp
        AS $$ DELETE FROM baton.handoff_mail m WHERE m.owner = session_user AND m.to_machine = p_machine
        RETURNING m.seq, m.id, m.from_machine, m.header, m.sealed,
            m.created_at > now() - make_interval(secs => p_max_age) $$
        """#,
        #"""
        CREATE FUNCTION baton.collect_handoff_garbage() RETURNS void LANGUAGE sql VOLATILE SECURITY DEFINER
        SET search_path = pg_catalog, pg_temp
        AS $$ DELETE FROM baton.offers o WHERE o.owner = session_user AND NOT EXISTS (
            SELECT 1 FROM baton.machines m WHERE m.owner = o.owner AND m.machine = o.machine);
        DELETE FROM baton.handoff_mail WHERE owner = session_user AND created_at < now() - interval '5 minutes';
        DELETE FROM baton.offers WHERE owner = session_user AND sealed IS NULL
            AND updated_at < now() - interval '10 minutes' $$
        """#,
        #"""
        CREATE FUNCTION baton.forget_key_value(p_key text) RETURNS void LANGUAGE sql VOLATILE SECURITY DEFINER
        SET search_path = pg_catalog, pg_temp
        AS $$ DELETE FROM baton.key_values WHERE owner = session_user AND key = p_key $$
        """#,
        #"""
        CREATE FUNCTION baton.forget_account() RETURNS void LANGUAGE sql VOLATILE SECURITY DEFINER
        SET search_path = pg_catalog, pg_temp
        AS $$ DELETE FROM baton.handoff_mail WHERE owner = session_user; DELETE FROM baton.offers WHERE owner = session_user; DELETE FROM baton.pushes WHERE owner = session_user; DELETE FROM baton.devices WHERE owner = session_user; DELETE FROM baton.key_values WHERE owner = session_user; DELETE FROM baton.machines WHERE owner = session_user; DELETE FROM baton.accounts WHERE owner = session_user $$
        """#,
        #"""
        CREATE FUNCTION baton.forget_pushes(p_machine text) RETURNS void LANGUAGE sql VOLATILE SECURITY DEFINER
        SET search_path = pg_catalog, pg_temp
        AS $$ DELETE FROM baton.pushes WHERE owner = session_user AND from_machine = p_machine AND (expires_at < now() OR created_at < now() - interval '30 days') $$
        """#,
    ]

    /// Migration 8: the server learns no machine or device name, app, bundle identifier, team or activity type
    /// (`Routes`, `MachineCard`). Machines are keyed by their route and seal their name and device list in their own
    /// row (`baton.devices` is no longer written); offers are keyed by machine and device routes and seal the device,
    /// its apps and the advertisement; mail seals its header and its sender with the body; pushes name their target
    /// machines by route and seal their app, target device and sender with the push.
    ///
    /// The server cannot compute a route (it has no key), so rows written before hold names it cannot rewrite: the
    /// migration removes those that the machines write again anyway — machine rows (each link writes its row again,
    /// sealed, when it next reaches the server; a machine that never comes back is no longer listed), device rows,
    /// offers (published again), mail (taken within seconds, or dropped) and pushes not yet read (they are lost: a
    /// machine that was away when the server was upgraded does not get them) — and blanks the writing machine of
    /// key-value rows. Key names written before names were sealed stay until the key is written again (its sealed row
    /// replaces them). A push row is deleted once every machine it is for has read past it (`read_pushes`); a machine
    /// not seen for 30 days holds none back.
    static let migration8: [String] = [
        #"ALTER TABLE baton.machines ADD COLUMN sealed bytea"#,
        #"ALTER TABLE baton.machines ADD COLUMN push_seq bigint NOT NULL DEFAULT 0"#,
        #"ALTER TABLE baton.pushes ADD COLUMN targets text[]"#,
        #"ALTER TABLE baton.pushes ALTER COLUMN bundle DROP NOT NULL"#,
        #"DELETE FROM baton.devices"#,
        #"DELETE FROM baton.offers"#,
        #"DELETE FROM baton.handoff_mail"#,
        #"DELETE FROM baton.pushes"#,
        #"DELETE FROM baton.machines"#,
        #"UPDATE baton.key_values SET machine = '' WHERE machine !~ '^[0-9a-f]{32}$'"#,
        #"""
        CREATE FUNCTION baton.read_pushes(p_machine text, p_seq bigint) RETURNS void LANGUAGE sql VOLATILE SECURITY DEFINER
        SET search_path = pg_catalog, pg_temp
        AS $$ UPDATE baton.machines SET push_seq = greatest(push_seq, p_seq) WHERE owner = session_user AND machine = p_machine; DELETE FROM baton.pushes p WHERE p.owner = session_user AND (p.expires_at < now() OR NOT EXISTS (
            SELECT 1 FROM baton.machines m WHERE m.owner = session_user AND m.machine <> p.from_machine
                AND (p.targets IS NULL OR m.machine = ANY(p.targets)) AND m.push_seq < p.seq
                AND m.seen_at > now() - interval '30 days')) $$
        """#,
        #"DROP FUNCTION IF EXISTS baton.take_mail(text, bigint)"#,
        #"""
        CREATE OR REPLACE FUNCTION baton.take_mail(p_machine text) RETURNS TABLE (mail_seq bigint, mail_id text,
            mail_from text, mail_header text, mail_sealed bytea, mail_age_ms bigint) LANGUAGE sql VOLATILE SECURITY DEFINER
        SET search_path = pg_catalog, pg_temp
        AS $$ DELETE FROM baton.handoff_mail m WHERE m.owner = session_user AND m.to_machine = p_machine
        RETURNING m.seq, m.id, m.from_machine, m.header, m.sealed,
            (extract(epoch FROM now() - m.created_at) * 1000)::bigint $$
        """#,
        #"""
        CREATE OR REPLACE FUNCTION baton.forget_pushes(p_machine text) RETURNS void LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$ DELETE FROM baton.pushes p WHERE p.owner = session_user AND (p.expires_at < now() OR NOT EXISTS (
            SELECT 1 FROM baton.machines m WHERE m.owner = session_user AND m.machine <> p.from_machine
                AND (p.targets IS NULL OR m.machine = ANY(p.targets)) AND m.push_seq < p.seq
                AND m.seen_at > now() - interval '30 days')) $$
        """#,
    ]

    /// Migration 9: each machine's mark, the newest revision of its daemon's store it has written (`KeyValueBridge.pushOnce`).
    static let migration9: [String] = [
        #"ALTER TABLE baton.machines ADD COLUMN kv_store text"#,
        #"ALTER TABLE baton.machines ADD COLUMN kv_revision bigint NOT NULL DEFAULT 0"#,
    ]

    /// Migration 10: what the server holds of each machine: how far it has read, a keyed digest of the write at its mark.
    static let migration10: [String] = [
        #"ALTER TABLE baton.machines ADD COLUMN kv_read bigint"#,
        #"ALTER TABLE baton.machines ADD COLUMN kv_digest text"#,
    ]
}
