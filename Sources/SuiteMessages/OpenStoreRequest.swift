/// Asks the Stores app to show one Apple Store, named by the slug of its web address
/// (`https://www.apple.com/retail/<slug>/`); posted by MonkeyBrowser when a store page link is followed.
public struct OpenStoreRequest: Sendable, Hashable {
    /// The store's slug, e.g. `unionsquare`.
    public var slug: String

    public init(slug: String) {
        self.slug = slug
    }
}
