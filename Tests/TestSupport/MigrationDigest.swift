/// A stable 64-bit digest (FNV-1a) of a migration's SQL, so a test can record what each past migration was and
/// fail when one is edited: migrations are history (issue 37), a change of schema is a new migration.
public enum MigrationDigest {
    public static func of(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
