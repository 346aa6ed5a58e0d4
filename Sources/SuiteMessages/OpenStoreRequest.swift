/// Posted on the suite's message port when a link to an Apple Store page
/// (`https://www.apple.com/retail/<slug>/`) is followed: Stores opens that store's details.
public struct OpenStoreRequest: Sendable, Hashable {
    /// The store's slug, the path component after `/retail/`.
    public var slug: String

    public init(slug: String) {
        self.slug = slug
    }
}
