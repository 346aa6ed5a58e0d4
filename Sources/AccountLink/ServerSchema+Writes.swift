/// Migration 7: what an account may not hold over the others. `LOCK TABLE` in any mode stronger than `ROW EXCLUSIVE`
/// needs `UPDATE`, `DELETE` or `TRUNCATE` on the whole table, and an account holding such a lock in an open
/// transaction stalls every account's reads and writes of it. So accounts get `SELECT` and `INSERT` on the tables,
/// `UPDATE` only on the columns an upsert changes (a column privilege does not let one lock the table), and delete
/// and number their rows through these functions, which run as the schema's owner (`SECURITY DEFINER`, a fixed
/// `search_path`). Inside them `current_user` is the owner, so the row policy and the functions name the account
/// by `session_user`, the role that logged in (only a superuser can change it).
extension ServerSchema {
    static let accountWrites: [String] =
        ServerRoles.rowTables.flatMap { table in
            [
                "ALTER TABLE baton.\(table) ALTER COLUMN owner SET DEFAULT session_user",
                "DROP POLICY own_rows ON baton.\(table)",
                "CREATE POLICY own_rows ON baton.\(table) USING (owner = session_user) WITH CHECK (owner = session_user)",
            ]
        } + [
            """
            CREATE OR REPLACE FUNCTION baton.next_change() RETURNS bigint LANGUAGE sql VOLATILE SECURITY DEFINER
            SET search_path = pg_catalog, pg_temp
            AS $$ UPDATE baton.accounts SET last_change = last_change + 1 WHERE owner = session_user
                RETURNING last_change $$
            """,
            definer(
                "forget_devices(p_machine text, p_keep text[]) RETURNS void",
                "DELETE FROM baton.devices WHERE owner = session_user AND machine = p_machine "
                    + "AND NOT (device = ANY(p_keep))"),
            definer(
                "forget_machine(p_machine text) RETURNS void",
                "DELETE FROM baton.devices WHERE owner = session_user AND machine = p_machine; "
                    + "DELETE FROM baton.machines WHERE owner = session_user AND machine = p_machine"),
            definer(
                """
                take_mail(p_machine text, p_max_age bigint) RETURNS TABLE (mail_seq bigint, mail_id text,
                    mail_from text, mail_header text, mail_sealed bytea, mail_fresh boolean)
                """,
                """
                DELETE FROM baton.handoff_mail m WHERE m.owner = session_user AND m.to_machine = p_machine
                RETURNING m.seq, m.id, m.from_machine, m.header, m.sealed,
                    m.created_at > now() - make_interval(secs => p_max_age)
                """),
            definer(
                "collect_handoff_garbage() RETURNS void",
                """
                DELETE FROM baton.offers o WHERE o.owner = session_user AND NOT EXISTS (
                    SELECT 1 FROM baton.machines m WHERE m.owner = o.owner AND m.machine = o.machine);
                DELETE FROM baton.handoff_mail WHERE owner = session_user AND created_at < now() - interval '5 minutes';
                DELETE FROM baton.offers WHERE owner = session_user AND sealed IS NULL
                    AND updated_at < now() - interval '10 minutes'
                """),
            definer(
                "forget_key_value(p_key text) RETURNS void",
                "DELETE FROM baton.key_values WHERE owner = session_user AND key = p_key"),
            definer(
                "forget_account() RETURNS void",
                ServerRoles.rowTables.reversed().map { "DELETE FROM baton.\($0) WHERE owner = session_user" }
                    .joined(separator: "; ")),
            definer(
                "forget_pushes(p_machine text) RETURNS void",
                "DELETE FROM baton.pushes WHERE owner = session_user AND from_machine = p_machine "
                    + "AND (expires_at < now() OR created_at < now() - interval '30 days')"),
        ]

    /// A `SECURITY DEFINER` SQL function of the schema with a fixed search path (`replacing` one of the same
    /// signature and result, if there is one).
    static func definer(_ signature: String, _ body: String, replacing: Bool = false) -> String {
        """
        CREATE \(replacing ? "OR REPLACE " : "")FUNCTION baton.\(signature) LANGUAGE sql VOLATILE SECURITY DEFINER
        SET search_path = pg_catalog, pg_temp
        AS $$ \(body) $$
        """
    }
}
