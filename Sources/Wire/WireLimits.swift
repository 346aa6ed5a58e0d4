/// The hard limits every frame and payload on the wire obeys.
public enum WireLimits {
    /// The largest frame body accepted or sent: 1 MiB.
    public static let maxFrameBytes = 1 << 20
    /// The largest encoded `userInfo` an activity may hand off: 64 KB (Apple's limit).
    public static let maxUserInfoBytes = 64 * 1024
    /// Above this encoded size a `userInfo` is logged as a warning: 3 KB (Apple's advice).
    public static let warnUserInfoBytes = 3 * 1024
    /// The credit a stream receiver grants before it has read anything.
    public static let initialStreamCredit = 256 * 1024
}
