import Foundation
import TestSupport
import Wire

@testable import AccountLink

/// The server's order of every key-value write: a trigger (the administrator's, not the account's) copies each row
/// written to `baton.key_values` into `public.chaos_audit`; the checker opens each row as the link does
/// (`KeyValueRow`: the row's key is the name's route, the name sealed with the value in a padded box).
enum ChaosAudit {
    /// A key's row as the server ordered it: the value (nil for a removal) and the machine that wrote it (its name,
    /// sealed in the row).
    struct Row: Equatable, CustomStringConvertible {
        var seq: Int64
        var key: String
        var value: String?
        var machine: String
        var description: String { "#\(seq) \(key)=\(value ?? "∅") by \(machine)" }
    }

    static func install(_ server: TestPostgres) throws {
        try server.psql(
            database: "baton",
            """
            CREATE TABLE public.chaos_audit (id bigserial PRIMARY KEY, item jsonb);
            CREATE FUNCTION public.chaos_audit_row() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
            BEGIN INSERT INTO public.chaos_audit (item) VALUES (to_jsonb(NEW)); RETURN NEW; END $$;
            CREATE TRIGGER chaos_audit AFTER INSERT OR UPDATE ON baton.key_values
                FOR EACH ROW EXECUTE FUNCTION public.chaos_audit_row();
            """)
    }

    /// Every write in the server's order (by change number).
    static func history(_ server: TestPostgres, key: AccountKey, owner: String) throws -> [Row] {
        try rows(
            server,
            """
            SELECT item->>'seq', item->>'key', coalesce(item->>'sealed', ''), item->>'machine'
            FROM public.chaos_audit ORDER BY (item->>'seq')::bigint, id
            """, key: key, owner: owner)
    }

    /// The last row of each key (the server's final state).
    static func final(_ server: TestPostgres, key: AccountKey, owner: String) throws -> [String: Row] {
        let rows = try rows(
            server,
            "SELECT seq::text, key, coalesce(encode(sealed, 'hex'), ''), machine FROM baton.key_values ORDER BY seq",
            key: key, owner: owner, hexPrefix: false)
        return Dictionary(rows.map { ($0.key, $0) }, uniquingKeysWith: { $1 })
    }

    private static func rows(
        _ server: TestPostgres, _ sql: String, key: AccountKey, owner: String, hexPrefix: Bool = true
    ) throws -> [Row] {
        let output = try server.psql(database: "baton", sql)
        return try output.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, let seq = Int64(fields[0]) else { return nil }
            let hex = hexPrefix ? String(fields[2].dropFirst(2)) : fields[2]
            let opened = try KeyValueRow.open(
                route: fields[1], sealed: hex.isEmpty ? nil : bytes(hex: hex), owner: owner, key: key)
            // The row's machine column is the writer's route (`Routes`); its name is sealed in the row.
            return Row(seq: seq, key: opened.name, value: opened.value.map(text), machine: opened.machine ?? fields[3])
        }
    }

    private static func bytes(hex: String) -> Data {
        var bytes = Data()
        var index = hex.startIndex
        while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }

    private static func text(_ value: PropertyListValue) -> String {
        if case .string(let text) = value { return text }
        return "\(value)"
    }
}
