import Foundation

/// The roles of a shared server (`baton server init`): the account schema belongs to `owner`, a role nobody logs
/// in as; every account's login role is a member of `accounts`, which may only read and write rows (row-level
/// security, forced on every table, shows each role its own) and number its own changes. PUBLIC gets nothing.
public enum ServerRoles {
    /// Owns the schema, its tables and functions; cannot log in.
    public static let owner = "baton_owner"
    /// The group of account roles: row access only (no ownership, no DDL, no BYPASSRLS).
    public static let accounts = "baton_accounts"

    /// The account tables (every one has an `owner` column and the `own_rows` policy).
    static let rowTables = ["accounts", "machines", "key_values", "devices", "pushes", "offers", "handoff_mail"]

    /// What `server init` runs (as a superuser, after the migrations) to give the schema to `owner` and the rows
    /// to `accounts`; every statement can run again.
    static func shape(database: String) -> [String] {
        let database = quoted(database)
        return [
            "ALTER SCHEMA baton OWNER TO \(owner)",
            "REVOKE ALL ON SCHEMA baton FROM PUBLIC",
            "REVOKE ALL ON ALL TABLES IN SCHEMA baton FROM PUBLIC",
            "REVOKE ALL ON ALL SEQUENCES IN SCHEMA baton FROM PUBLIC",
            "REVOKE ALL ON ALL FUNCTIONS IN SCHEMA baton FROM PUBLIC",
            "REVOKE ALL ON DATABASE \(database) FROM PUBLIC",
            "REVOKE CREATE ON SCHEMA public FROM PUBLIC",
            "GRANT CONNECT ON DATABASE \(database) TO \(accounts)",
            "GRANT USAGE ON SCHEMA baton TO \(accounts)",
            "REVOKE ALL ON ALL TABLES IN SCHEMA baton FROM \(accounts)",
            "GRANT SELECT ON baton.schema_version TO \(accounts)",
            // Row access without a table-wide UPDATE or DELETE, which would let an account lock a whole table
            // (`ServerSchema.migration7`).
            "GRANT SELECT, INSERT ON " + rowTables.map { "baton.\($0)" }.joined(separator: ", ") + " TO \(accounts)",
        ]
            + updatableColumns.map { table, columns in
                "GRANT UPDATE (\(columns.joined(separator: ", "))) ON baton.\(table) TO \(accounts)"
            }
            + (["schema_version"] + rowTables).flatMap { table in
                [
                    "ALTER TABLE baton.\(table) OWNER TO \(owner)",
                    "ALTER TABLE baton.\(table) ENABLE ROW LEVEL SECURITY",
                    "ALTER TABLE baton.\(table) FORCE ROW LEVEL SECURITY",
                ]
            }
            + [functionsToTheOwner, "GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA baton TO \(accounts)", hideActivity]
    }

    /// The columns an account's upserts and updates change, table by table.
    static let updatableColumns: [(String, [String])] = [
        ("key_values", ["sealed", "size", "machine", "seq", "written_at"]),
        ("machines", ["seen_at", "machine_id", "sealed", "kv_store", "kv_revision", "kv_read", "kv_digest"]),
        ("devices", ["seen_at"]),
        ("offers", ["apps", "bundle", "team", "activity_type", "sequence", "sealed", "size", "seq", "updated_at"]),
    ]

    /// Every function of the schema to `owner` (the `SECURITY DEFINER` ones run as it).
    static let functionsToTheOwner = """
        DO $$ DECLARE f regprocedure; BEGIN
            FOR f IN SELECT p.oid::regprocedure FROM pg_proc p WHERE p.pronamespace = 'baton'::regnamespace LOOP
                EXECUTE format('ALTER FUNCTION %s OWNER TO \(owner)', f);
            END LOOP;
        END $$
        """

    /// Every role may call the statistics and lock functions behind `pg_stat_*`, `pg_statio_*` and `pg_locks`:
    /// who is connected from where and since when, how many rows each table gained, which locks are held. In this
    /// database they are for the server's own monitoring roles only (`pg_read_all_stats`, superusers).
    static let hideActivity = """
        DO $$ DECLARE f regprocedure; BEGIN
            FOR f IN SELECT p.oid::regprocedure FROM pg_proc p
                WHERE p.pronamespace = 'pg_catalog'::regnamespace
                    AND (p.proname LIKE 'pg\\_stat\\_get\\_%' OR p.proname IN ('pg_lock_status', 'pg_blocking_pids',
                        'pg_safe_snapshot_blocking_pids'))
            LOOP
                EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC', f);
                EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO pg_read_all_stats', f);
            END LOOP;
        END $$
        """

    /// Whether `name` is a role name Baton makes (lower-case letters, digits and `_`, not starting with a digit,
    /// at most 63 bytes, not one of its own roles nor `pg_…`).
    public static func isAccountName(_ name: String) -> Bool {
        guard let first = name.first, first.isLetter || first == "_", name.utf8.count <= 63 else { return false }
        guard name.allSatisfy({ ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "_" }) else { return false }
        return name != owner && name != accounts && !name.hasPrefix("pg_")
    }

    /// `identifier` quoted for SQL.
    static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
