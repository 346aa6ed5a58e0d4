// The server's migrations as they ran: history, not code. Each is the SQL it was when it was written, calling
// nothing that can change later; a change of schema is a new migration at the end (`ServerSchema.migrations`).
// Generated once from the migrations as they stood (they called helpers before), and edited by hand only to add.

extension ServerSchema {
    /// Migration 1: the account tables: accounts, machines, key-value rows; row security on each.
    static let migration1: [String] = [
        #"CREATE SCHEMA IF NOT EXISTS baton"#,
        #"CREATE TABLE baton.schema_version (version integer NOT NULL)"#,
        #"INSERT INTO baton.schema_version VALUES (0)"#,
        #"""
        CREATE TABLE baton.accounts (
            owner name PRIMARY KEY DEFAULT current_user,
            key_check bytea NOT NULL,
            created_at timestamptz NOT NULL DEFAULT now())
        """#,
        #"""
        CREATE TABLE baton.machines (
            owner name NOT NULL DEFAULT current_user,
            machine text NOT NULL,
            joined_at timestamptz NOT NULL DEFAULT now(),
            seen_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (owner, machine))
        """#,
        #"""
        CREATE TABLE baton.key_values (
            owner name NOT NULL DEFAULT current_user,
            key text NOT NULL,
            sealed bytea,
            size integer NOT NULL,
            machine text NOT NULL,
            seq bigint NOT NULL,
            written_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (owner, key))
        """#,
        #"CREATE SEQUENCE baton.change_seq"#,
        #"CREATE INDEX key_values_seq ON baton.key_values (owner, seq)"#,
        #"GRANT USAGE ON SCHEMA baton TO PUBLIC"#,
        #"GRANT SELECT ON baton.schema_version TO PUBLIC"#,
        #"GRANT SELECT, INSERT, UPDATE, DELETE ON baton.accounts, baton.machines, baton.key_values TO PUBLIC"#,
        #"GRANT USAGE ON SEQUENCE baton.change_seq TO PUBLIC"#,
        #"ALTER TABLE baton.accounts ENABLE ROW LEVEL SECURITY"#,
        #"ALTER TABLE baton.accounts FORCE ROW LEVEL SECURITY"#,
        #"CREATE POLICY own_rows ON baton.accounts USING (owner = current_user) WITH CHECK (owner = current_user)"#,
        #"ALTER TABLE baton.machines ENABLE ROW LEVEL SECURITY"#,
        #"ALTER TABLE baton.machines FORCE ROW LEVEL SECURITY"#,
        #"CREATE POLICY own_rows ON baton.machines USING (owner = current_user) WITH CHECK (owner = current_user)"#,
        #"ALTER TABLE baton.key_values ENABLE ROW LEVEL SECURITY"#,
        #"ALTER TABLE baton.key_values FORCE ROW LEVEL SECURITY"#,
        #"CREATE POLICY own_rows ON baton.key_values USING (owner = current_user) WITH CHECK (owner = current_user)"#,
    ]

    /// Migration 2: the devices each machine's daemon serves (names only: what routing and `status` need).
    static let migration2: [String] = [
        #"""
        CREATE TABLE baton.devices (
            owner name NOT NULL DEFAULT current_user,
            machine text NOT NULL,
            device text NOT NULL,
            seen_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (owner, machine, device))
        """#,
        #"GRANT SELECT, INSERT, UPDATE, DELETE ON baton.devices TO PUBLIC"#,
        #"ALTER TABLE baton.devices ENABLE ROW LEVEL SECURITY"#,
        #"ALTER TABLE baton.devices FORCE ROW LEVEL SECURITY"#,
        #"CREATE POLICY own_rows ON baton.devices USING (owner = current_user) WITH CHECK (owner = current_user)"#,
    ]

    /// Migration 3: pushes for other machines' devices: routing in the clear, the push sealed.
    static let migration3: [String] = [
        #"""
        CREATE TABLE baton.pushes (
            owner name NOT NULL DEFAULT current_user,
            id text NOT NULL,
            seq bigint NOT NULL,
            from_machine text NOT NULL,
            bundle text NOT NULL,
            target_device text,
            sealed bytea NOT NULL,
            size integer NOT NULL,
            immediate boolean NOT NULL,
            expires_at timestamptz,
            created_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (owner, id))
        """#,
        #"CREATE INDEX pushes_seq ON baton.pushes (owner, seq)"#,
        #"GRANT SELECT, INSERT, UPDATE, DELETE ON baton.pushes TO PUBLIC"#,
        #"ALTER TABLE baton.pushes ENABLE ROW LEVEL SECURITY"#,
        #"ALTER TABLE baton.pushes FORCE ROW LEVEL SECURITY"#,
        #"CREATE POLICY own_rows ON baton.pushes USING (owner = current_user) WITH CHECK (owner = current_user)"#,
    ]

    /// Migration 4: handoff across machines: each device's current offer and the mail between machines' links.
    static let migration4: [String] = [
        #"""
        CREATE TABLE baton.offers (
            owner name NOT NULL DEFAULT current_user,
            machine text NOT NULL,
            device text NOT NULL,
            apps text NOT NULL,
            bundle text,
            team text,
            activity_type text,
            sequence bigint,
            sealed bytea,
            size integer NOT NULL DEFAULT 0,
            seq bigint NOT NULL,
            updated_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (owner, machine, device))
        """#,
        #"CREATE INDEX offers_seq ON baton.offers (owner, seq)"#,
        #"""
        CREATE TABLE baton.handoff_mail (
            owner name NOT NULL DEFAULT current_user,
            seq bigint NOT NULL,
            id text NOT NULL,
            from_machine text NOT NULL,
            to_machine text NOT NULL,
            header text NOT NULL,
            sealed bytea,
            size integer NOT NULL DEFAULT 0,
            created_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (owner, seq))
        """#,
        #"CREATE INDEX handoff_mail_to ON baton.handoff_mail (owner, to_machine, seq)"#,
        #"GRANT SELECT, INSERT, UPDATE, DELETE ON baton.offers, baton.handoff_mail TO PUBLIC"#,
        #"ALTER TABLE baton.offers ENABLE ROW LEVEL SECURITY"#,
        #"ALTER TABLE baton.offers FORCE ROW LEVEL SECURITY"#,
        #"CREATE POLICY own_rows ON baton.offers USING (owner = current_user) WITH CHECK (owner = current_user)"#,
        #"ALTER TABLE baton.handoff_mail ENABLE ROW LEVEL SECURITY"#,
        #"ALTER TABLE baton.handoff_mail FORCE ROW LEVEL SECURITY"#,
        #"CREATE POLICY own_rows ON baton.handoff_mail USING (owner = current_user) WITH CHECK (owner = current_user)"#,
    ]

    /// Migration 5: each machine's identifier (its home's `machine-id`), so two homes with one name are told apart.
    static let migration5: [String] = [
        #"ALTER TABLE baton.machines ADD COLUMN machine_id text"#
    ]

    /// Migration 6: per-account change numbers (the account's own row, locked by `next_change`) instead of a global sequence.
    static let migration6: [String] = [
        #"ALTER TABLE baton.accounts ADD COLUMN last_change bigint NOT NULL DEFAULT 0"#,
        #"UPDATE baton.accounts SET last_change = (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM baton.change_seq)"#,
        #"""
        CREATE FUNCTION baton.next_change() RETURNS bigint LANGUAGE sql VOLATILE
        SET search_path = pg_catalog, pg_temp
        AS $$ UPDATE baton.accounts SET last_change = last_change + 1 WHERE owner = current_user
            RETURNING last_change $$
        """#,
        #"DROP SEQUENCE baton.change_seq"#,
        #"ALTER TABLE baton.schema_version ENABLE ROW LEVEL SECURITY"#,
        #"ALTER TABLE baton.schema_version FORCE ROW LEVEL SECURITY"#,
        #"CREATE POLICY every_role ON baton.schema_version USING (true)"#,
    ]
}
