/// `baton ssh [--baton PATH] [ssh options] HOST [-- baton arguments]`, split into what goes to `ssh` and what
/// the remote `baton` runs. Pure: it only reads the words.
public struct SSHInvocation: Equatable, Sendable {
    /// The program run on the remote host (`--baton PATH`; `baton` on the remote `PATH` by default).
    public var remoteBaton: String
    /// The user's own ssh options, in order, passed on unchanged.
    public var sshOptions: [String]
    /// The destination, as ssh takes it (`host`, `user@host`, an alias of ~/.ssh/config).
    public var host: String
    /// The arguments of the remote `baton` (none: the suite).
    public var batonArguments: [String]

    public init(remoteBaton: String = "baton", sshOptions: [String], host: String, batonArguments: [String]) {
        self.remoteBaton = remoteBaton
        self.sshOptions = sshOptions
        self.host = host
        self.batonArguments = batonArguments
    }

    /// ssh options that take a value (OpenSSH 9's `ssh -h`).
    static let optionsWithValue: Set<Character> = Set("BbcDEeFIiJLlmOoPpQRSWw")
    /// ssh options that are flags.
    static let flags: Set<Character> = Set("46AaCfGgKkMNnqsTtVvXxYy")
    /// Options that would stop ssh from running `baton` on the host in this terminal.
    static let refused: [Character: String] = [
        "N": "runs no remote command", "f": "goes to the background", "W": "forwards stdio instead of a command",
        "O": "controls a master instead of logging in", "G": "only prints its configuration",
        "V": "only prints its version", "s": "asks for a subsystem instead of a command",
        "Q": "only lists supported algorithms",
    ]

    /// Splits `arguments` (everything after `baton ssh`); throws a one-line usage error.
    public static func parse(_ arguments: [String]) throws(SSHUsageError) -> SSHInvocation {
        var remoteBaton = "baton"
        var options: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word == "--baton" || word.hasPrefix("--baton=") {
                let value: String
                if word == "--baton" {
                    guard index + 1 < arguments.count else { throw SSHUsageError("--baton needs a PATH") }
                    value = arguments[index + 1]
                    index += 1
                } else {
                    value = String(word.dropFirst("--baton=".count))
                }
                guard !value.isEmpty else { throw SSHUsageError("--baton needs a PATH") }
                remoteBaton = value
                index += 1
                continue
            }
            guard word.hasPrefix("-"), word.count > 1 else { break }
            if word == "--" { throw SSHUsageError("expected HOST before '--' (baton ssh HOST -- devices)") }
            if word.hasPrefix("--") { throw SSHUsageError("unknown option '\(word)'") }
            options.append(word)
            let letters = Array(word.dropFirst())
            for (position, letter) in letters.enumerated() {
                if let reason = refused[letter] {
                    throw SSHUsageError("ssh's -\(letter) \(reason); baton ssh runs baton on HOST")
                }
                if optionsWithValue.contains(letter) {
                    if position == letters.count - 1 {
                        guard index + 1 < arguments.count else {
                            throw SSHUsageError("ssh option -\(letter) needs a value")
                        }
                        options.append(arguments[index + 1])
                        index += 1
                    }
                    break
                }
                guard flags.contains(letter) else { throw SSHUsageError("unknown ssh option -\(letter)") }
            }
            index += 1
        }
        guard index < arguments.count else { throw SSHUsageError("missing HOST (baton ssh [ssh options] HOST)") }
        let host = arguments[index]
        let rest = arguments[(index + 1)...]
        var batonArguments: [String] = []
        if let first = rest.first {
            guard first == "--" else {
                throw SSHUsageError(
                    "unexpected '\(first)' after HOST: baton's arguments follow '--' (baton ssh \(host) -- devices)")
            }
            batonArguments = Array(rest.dropFirst())
        }
        return SSHInvocation(remoteBaton: remoteBaton, sshOptions: options, host: host, batonArguments: batonArguments)
    }

    /// Whether the user chose about a terminal on the remote side (`-t`, `-T`) themselves.
    public var choosesTerminal: Bool {
        sshOptions.contains { word in
            word.hasPrefix("-") && !word.hasPrefix("--") && word.dropFirst().allSatisfy(Self.flags.contains)
                && (word.contains("t") || word.contains("T"))
        }
    }
}

/// Bad `baton ssh` usage: one line for the user (exit 64).
public struct SSHUsageError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
