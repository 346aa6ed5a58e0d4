extension String {
    /// `count` spaces, written straight into the string's storage (`String(repeating:count:)` goes
    /// character by character and costs about 2 000 instructions for a short run).
    static func spaces(_ count: Int) -> String {
        guard count > 0 else { return "" }
        return String(unsafeUninitializedCapacity: count) { buffer in
            buffer.initialize(repeating: 0x20)
            return count
        }
    }
}
