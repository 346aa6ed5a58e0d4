import Foundation

/// The environment a detached process (the daemon started on demand, the helpers it keeps) gets: never the whole
/// environment of the terminal whose command happened to start it (`TERM`, `TMUX`, `SSH_*`, `PWD`, a shell's
/// variables), only what the daemon and its helpers read. Under systemd's user manager the service gets the
/// manager's environment instead (`baton.service`), which is the same idea.
public enum DetachedEnvironment {
    /// Variables kept by name.
    public static let kept: Set<String> = [
        "HOME", "USER", "LOGNAME", "PATH", "LANG", "LANGUAGE", "TZ", "TMPDIR", "DBUS_SESSION_BUS_ADDRESS",
        // Service extensions and the account link reach the network as the user's tools do.
        "http_proxy", "https_proxy", "no_proxy", "all_proxy", "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "ALL_PROXY",
        "SSL_CERT_FILE", "SSL_CERT_DIR",
    ]
    /// Variables kept by prefix: Baton's own, the XDG base directories and the locale's categories.
    public static let keptPrefixes = ["BATON_", "XDG_", "LC_"]

    /// Baton's variables that name the terminal that started the daemon, not the account: the daemon serves
    /// every device, so the first suite's `BATON_DEVICE` must not become the name its helpers act under.
    public static let terminalOnly: Set<String> = ["BATON_DEVICE"]

    /// `environment` with only the kept variables.
    public static func filter(_ environment: [String: String]) -> [String: String] {
        environment.filter { name, _ in
            !terminalOnly.contains(name) && (kept.contains(name) || keptPrefixes.contains(where: name.hasPrefix))
        }
    }
}
