import Foundation

/// Who may read and write, as ntfy decides it with `auth-default-access: deny-all` beyond loopback: a client on
/// loopback (this machine) may do anything without credentials, as `baton notify` may; any other may only
/// what its token's grants allow. Credentials are ntfy's: `Authorization: Bearer tk_…`, `Basic` with the
/// token as the password (any user, as ntfy's clients send it), or the `auth` query parameter (that header,
/// base64url). No credentials beyond loopback: 403 (40301); credentials that name no token: 401 (40101); a
/// token without the grant: 403 (40301).
public enum NtfyAccess {
    /// What a request wants to do on a topic.
    public enum Operation: Sendable { case read, write }

    /// Throws ntfy's refusal unless `request` may do `operation` on every one of `topics`.
    public static func check(
        _ request: NtfyRequest, _ operation: Operation, topics: [String], tokens: @autoclosure () -> NtfyTokens
    ) throws(NtfyError) {
        let entry: NtfyTokens.Token
        switch token(in: request) {
        case .none:
            if request.isLoopback { return }
            throw .forbidden
        case .some(.none): throw .unauthorized
        case .some(.some(let token)):
            guard let found = tokens().entry(token) else { throw .unauthorized }
            entry = found
        }
        for topic in topics {
            let grant = entry.grants.last { $0.matches(topic) }
            let allowed = operation == .read ? grant?.read : grant?.write
            if allowed != true { throw .forbidden }
        }
    }

    /// The token the request carries: `.some(nil)` for credentials that are not a token (a user's password),
    /// nil for none.
    static func token(in request: NtfyRequest) -> String?? {
        var header = request.headers["authorization"]
        if header == nil, let auth = request.query["auth"] {
            header = decodeBase64URL(auth).map { String(decoding: $0, as: UTF8.self) }
            if header == nil { return .some(nil) }
        }
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return .some(nil) }
        switch parts[0].lowercased() {
        case "bearer": return .some(parts[1].trimmingCharacters(in: .whitespaces))
        case "basic":
            guard let data = Data(base64Encoded: parts[1].trimmingCharacters(in: .whitespaces)),
                let pair = String(data: data, encoding: .utf8), let colon = pair.firstIndex(of: ":")
            else { return .some(nil) }
            return .some(String(pair[pair.index(after: colon)...]))
        default: return .some(nil)
        }
    }

    /// Base64 in its URL alphabet, padded or not (ntfy's `auth` parameter is unpadded).
    static func decodeBase64URL(_ text: String) -> Data? {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while standard.count % 4 != 0 { standard += "=" }
        return Data(base64Encoded: standard)
    }
}
