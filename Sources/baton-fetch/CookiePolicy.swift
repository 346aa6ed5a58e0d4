import Foundation
import PageLoading

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// RFC 6265 for one fetch, over the device's jar: `Set-Cookie` headers are parsed by Foundation's
/// `HTTPCookie` and the `Cookie` header is made by it; what this adds is the choice of cookies, which
/// swift-corelibs-foundation's `HTTPCookieStorage` makes by host alone: path-match, `Secure` only over
/// https, expiry, and `SameSite` (a `Strict` cookie never goes with a request another site started, a `Lax`
/// one only with a top-level `GET`). Sites are compared by their last two host labels (no public suffix list).
///
/// swift-corelibs-foundation's `HTTPCookie` keeps `Max-Age` only as a property (it sets no expiry from it)
/// and drops `SameSite`: the expiry is computed from that property, and `SameSite` is read from the
/// cookie's own attributes in the header (see `sameSiteAttribute`).
enum CookiePolicy {
    /// The `Cookie` header for a request to `url` that the page on `site` started (nil: the user did).
    static func header(for url: URL, method: String, site: String?, jar: [StoredCookie], now: Date) -> String? {
        guard let host = url.host?.lowercased() else { return nil }
        let crossSite = site.map { registrable($0) != registrable(host) } ?? false
        let path = url.path.isEmpty ? "/" : url.path
        let chosen = jar.filter { cookie in
            guard !cookie.isExpired(at: now), domainMatches(host, cookie.domain), pathMatches(path, cookie.path)
            else { return false }
            if cookie.secure && url.scheme?.lowercased() != "https" { return false }
            guard crossSite else { return true }
            switch cookie.sameSite?.lowercased() {
            case "strict": return false
            case "none": return cookie.secure
            default: return method == "GET"
            }
        }
        .sorted { $0.path.count != $1.path.count ? $0.path.count > $1.path.count : $0.created < $1.created }
        guard !chosen.isEmpty else { return nil }
        return HTTPCookie.requestHeaderFields(with: chosen.compactMap(httpCookie))["Cookie"]
    }

    /// `jar` with the cookies of a response from `url` (its `Set-Cookie` headers) taken in: new ones added,
    /// old ones replaced, expired ones removed. Cookies for another domain, and `Secure` ones over http, are
    /// refused.
    static func accept(
        _ headers: [String: String], from url: URL, into jar: [StoredCookie], now: Date
    ) -> [StoredCookie] {
        guard let host = url.host?.lowercased(), headers.keys.contains(where: { $0.lowercased() == "set-cookie" })
        else { return jar }
        var jar = jar.filter { !$0.isExpired(at: now) }
        let header = headers.first { $0.key.lowercased() == "set-cookie" }?.value ?? ""
        let cookies = HTTPCookie.cookies(withResponseHeaderFields: headers, for: url)
        let sameSites = sameSiteAttributes(of: cookies, in: header)
        for (cookie, sameSite) in zip(cookies, sameSites) {
            var stored = stored(cookie, now: now)
            stored.sameSite = sameSite
            guard domainMatches(host, stored.domain) else { continue }
            if stored.secure && url.scheme?.lowercased() != "https" { continue }
            if let old = jar.first(where: { $0.isSameCookie(as: stored) }) { stored.created = old.created }
            jar.removeAll { $0.isSameCookie(as: stored) }
            if !stored.isExpired(at: now) { jar.append(stored) }
        }
        return jar
    }

    static func stored(_ cookie: HTTPCookie, now: Date) -> StoredCookie {
        // `Max-Age` wins over `Expires` (RFC 6265 §5.3); zero or less expires the cookie at once.
        var expires = cookie.expiresDate
        if let maxAge = (cookie.properties?[.maximumAge] as? String).flatMap({
            Int($0.trimmingCharacters(in: .whitespaces))
        }) {
            expires = maxAge > 0 ? now.addingTimeInterval(TimeInterval(maxAge)) : .distantPast
        }
        return StoredCookie(
            name: cookie.name, value: cookie.value, domain: cookie.domain,
            path: cookie.path.isEmpty ? "/" : cookie.path, expires: expires, secure: cookie.isSecure,
            httpOnly: cookie.isHTTPOnly, sameSite: nil, created: now)
    }

    /// Each parsed cookie's `SameSite` value (lowercased), taken from its own stretch of the header: from its
    /// `name=value` to the next cookie's. Only that one attribute is read; Foundation parsed the rest.
    static func sameSiteAttributes(of cookies: [HTTPCookie], in header: String) -> [String?] {
        var starts: [String.Index] = []
        var from = header.startIndex
        for cookie in cookies {
            let found = header.range(of: "\(cookie.name)=\(cookie.value)", range: from..<header.endIndex)
            let start = found?.lowerBound ?? from
            starts.append(start)
            from = found?.upperBound ?? from
        }
        return starts.indices.map { index in
            let end = index + 1 < starts.count ? starts[index + 1] : header.endIndex
            guard starts[index] <= end else { return nil }
            let stretch = header[starts[index]..<end].lowercased()
            guard let attribute = stretch.range(of: "samesite=") else { return nil }
            let value = stretch[attribute.upperBound...].prefix { $0 != ";" && $0 != "," }
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            return ["strict", "lax", "none"].contains(trimmed) ? trimmed : nil
        }
    }

    static func httpCookie(_ stored: StoredCookie) -> HTTPCookie? {
        var properties: [HTTPCookiePropertyKey: Any] = [
            .name: stored.name, .value: stored.value, .domain: stored.domain, .path: stored.path,
        ]
        if let expires = stored.expires { properties[.expires] = expires }
        if stored.secure { properties[.secure] = "TRUE" }
        return HTTPCookie(properties: properties)
    }

    /// RFC 6265 §5.1.3, as Foundation stores domains: a host-only cookie's domain is the host itself, one
    /// with a `Domain` attribute starts with a dot and matches that domain and every host below it.
    static func domainMatches(_ host: String, _ domain: String) -> Bool {
        let domain = domain.lowercased()
        guard domain.hasPrefix(".") else { return host == domain }
        return host == domain.dropFirst() || host.hasSuffix(domain)
    }

    /// RFC 6265 §5.1.4.
    static func pathMatches(_ path: String, _ cookiePath: String) -> Bool {
        if path == cookiePath { return true }
        guard path.hasPrefix(cookiePath) else { return false }
        return cookiePath.hasSuffix("/") || path.dropFirst(cookiePath.count).hasPrefix("/")
    }

    /// The host's last two labels, standing in for its registrable domain (an IP address is its own site).
    static func registrable(_ host: String) -> String {
        let host = host.lowercased()
        if host.allSatisfy({ $0.isNumber || $0 == "." || $0 == ":" }) { return host }
        return host.split(separator: ".").suffix(2).joined(separator: ".")
    }
}
