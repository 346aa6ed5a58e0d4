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
extension ServerSchema {
    static let sealedNames: [String] = [
        "ALTER TABLE baton.machines ADD COLUMN sealed bytea",
        "ALTER TABLE baton.machines ADD COLUMN push_seq bigint NOT NULL DEFAULT 0",
        "ALTER TABLE baton.pushes ADD COLUMN targets text[]",
        "ALTER TABLE baton.pushes ALTER COLUMN bundle DROP NOT NULL",
        "DELETE FROM baton.devices",
        "DELETE FROM baton.offers",
        "DELETE FROM baton.handoff_mail",
        "DELETE FROM baton.pushes",
        "DELETE FROM baton.machines",
        "UPDATE baton.key_values SET machine = '' WHERE machine !~ '^[0-9a-f]{32}$'",
        definer(
            "read_pushes(p_machine text, p_seq bigint) RETURNS void",
            "UPDATE baton.machines SET push_seq = greatest(push_seq, p_seq) WHERE owner = session_user "
                + "AND machine = p_machine; " + deleteReadPushes),
        // Mail is taken with its age (milliseconds by the server's clock), which the taker judges against the
        // continue's own deadline (`HandoffMail.patience`); a server at 7 may hold either form of the function.
        "DROP FUNCTION IF EXISTS baton.take_mail(text, bigint)",
        definer(
            """
            take_mail(p_machine text) RETURNS TABLE (mail_seq bigint, mail_id text,
                mail_from text, mail_header text, mail_sealed bytea, mail_age_ms bigint)
            """,
            """
            DELETE FROM baton.handoff_mail m WHERE m.owner = session_user AND m.to_machine = p_machine
            RETURNING m.seq, m.id, m.from_machine, m.header, m.sealed,
                (extract(epoch FROM now() - m.created_at) * 1000)::bigint
            """, replacing: true),
        "CREATE OR REPLACE FUNCTION baton.forget_pushes(p_machine text) RETURNS void LANGUAGE sql VOLATILE "
            + "SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$ \(deleteReadPushes) $$",
    ]

    /// Deletes the account's push rows that every machine they are for has read (or that expired); a machine not
    /// seen for 30 days holds none back.
    static let deleteReadPushes = """
        DELETE FROM baton.pushes p WHERE p.owner = session_user AND (p.expires_at < now() OR NOT EXISTS (
            SELECT 1 FROM baton.machines m WHERE m.owner = session_user AND m.machine <> p.from_machine
                AND (p.targets IS NULL OR m.machine = ANY(p.targets)) AND m.push_seq < p.seq
                AND m.seen_at > now() - interval '30 days'))
        """
}
