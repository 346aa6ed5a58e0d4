import Foundation

/// The name of this terminal as a device of the account.
public enum DeviceName {
    /// The stable name commands run outside a terminal act as (`box:no-tty`), so a script's
    /// `baton location set` and `baton location get` reach the same device.
    public static func outsideTerminal(host: String = hostName()) -> String { "\(host):no-tty" }

    /// `--device`, else `BATON_DEVICE`, else host name plus the terminal's tty (`box:pts-3`), else (no
    /// terminal) `box:no-tty`.
    public static func resolve(
        option: String?, environment: [String: String] = ProcessEnvironment.subset(["BATON_DEVICE"])
    )
        -> String
    {
        if let option, !option.isEmpty { return option }
        if let named = environment["BATON_DEVICE"], !named.isEmpty { return named }
        guard let tty = ttyName() else { return outsideTerminal() }
        return "\(hostName()):\(tty)"
    }

    /// The machine's host name, without the domain.
    public static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(
            decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.split(separator: ".").first.map(String.init) ?? "localhost"
    }

    /// The controlling terminal of standard input, as `pts-3` or `tty1`.
    public static func ttyName() -> String? {
        for fd in [STDIN_FILENO, STDOUT_FILENO] {
            if let raw = ttyname(fd) {
                let path = String(cString: raw)
                let trimmed = path.hasPrefix("/dev/") ? String(path.dropFirst(5)) : path
                return trimmed.replacingOccurrences(of: "/", with: "-")
            }
        }
        return nil
    }
}
