import Foundation

/// Which URLs a widget may ask the container suite to open: `baton://<app>…` only.
public enum ExtensionURLPolicy {
    /// The one scheme widgets may open.
    public static let scheme = "baton"

    /// The URL when it is allowed, else a reason.
    public static func check(_ text: String) -> Result<URL, RefusedURL> {
        guard let url = URL(string: text), let scheme = url.scheme else {
            return .failure(RefusedURL(url: text, reason: "not a URL"))
        }
        guard scheme.lowercased() == Self.scheme else {
            return .failure(RefusedURL(url: text, reason: "only baton:// URLs open from a widget"))
        }
        guard let host = url.host, !host.isEmpty else {
            return .failure(RefusedURL(url: text, reason: "names no app (baton://APP…)"))
        }
        return .success(url)
    }
}

/// A URL a widget may not open.
public struct RefusedURL: Error, Equatable, Sendable, CustomStringConvertible {
    public var url: String
    public var reason: String
    public var description: String { "\(url): \(reason)" }
}
