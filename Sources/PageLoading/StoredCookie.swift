import Foundation

/// A cookie as the jar file keeps it: the attributes of Foundation's `HTTPCookie` that RFC 6265 needs.
/// Parsing `Set-Cookie` and making the `Cookie` header are Foundation's (`HTTPCookie`, in `baton-fetch`);
/// this is only the record on disk, which `baton cookies` reads without loading the networking library.
public struct StoredCookie: Codable, Hashable, Sendable {
    public var name: String
    public var value: String
    /// The host it was set by (host-only), or `.example.com` for a `Domain` attribute (that domain and below).
    public var domain: String
    public var path: String
    /// When it expires; nil for a session cookie (dropped when the suite starts).
    public var expires: Date?
    /// Sent only over https.
    public var secure: Bool
    /// Not for scripts (Baton runs none; kept and shown).
    public var httpOnly: Bool
    /// `strict`, `lax` or `none`; nil when the server did not say (treated as `lax`).
    public var sameSite: String?
    public var created: Date

    public init(
        name: String, value: String, domain: String, path: String, expires: Date?, secure: Bool, httpOnly: Bool,
        sameSite: String?, created: Date
    ) {
        self.name = name
        self.value = value
        self.domain = domain
        self.path = path
        self.expires = expires
        self.secure = secure
        self.httpOnly = httpOnly
        self.sameSite = sameSite
        self.created = created
    }

    /// True once `expires` has passed.
    public func isExpired(at now: Date) -> Bool { expires.map { $0 <= now } ?? false }

    /// The same cookie for RFC 6265's purposes (a newer one replaces it).
    public func isSameCookie(as other: StoredCookie) -> Bool {
        name == other.name && domain.lowercased() == other.domain.lowercased() && path == other.path
    }
}
