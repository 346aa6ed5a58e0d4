/// Why an account command or the link failed: one line for the user, and the exit code it maps to.
public enum AccountLinkError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Bad usage or input (exit 64).
    case usage(String)
    /// The server or the account refused (exit 1).
    case failed(String)

    public var description: String {
        switch self {
        case .usage(let message), .failed(let message): message
        }
    }
}
