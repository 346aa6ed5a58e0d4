import Foundation

/// Recognises Apple Store pages (`https://www.apple.com/retail/<slug>/`), which the Stores app can show.
public enum StoreLink {
    /// The store's slug when `url` is a store page.
    public static func slug(of url: URL) -> String? {
        guard ["https", "http"].contains(url.scheme?.lowercased() ?? ""),
            url.host?.lowercased() == "www.apple.com" || url.host?.lowercased() == "apple.com"
        else { return nil }
        let parts = url.path.split(separator: "/").map(String.init)
        guard parts.count == 2, parts[0] == "retail" else { return nil }
        let slug = parts[1]
        guard !slug.isEmpty, slug.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else { return nil }
        return slug
    }
}
