/// A `--listen`/`--server` value, `host:port` (`[::1]:port` for IPv6): the endpoints' one reading of it
/// (`baton apns serve`, `baton ntfy serve`).
public enum ListenAddress {
    /// The host and port, nil when `text` is not `host:port` with a port of 0…65535.
    public static func split(_ text: String) -> (host: String, port: Int)? {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
            (0...65535).contains(port)
        else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return host.isEmpty ? nil : (host, port)
    }
}
