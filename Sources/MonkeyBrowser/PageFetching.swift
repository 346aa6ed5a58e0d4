import Foundation
import PageLoading

/// Fetches a page for the browser (by `POST` when `post` is given); `PageLoader` is the real one.
public protocol PageFetching: Sendable {
    func fetch(_ url: URL, post: PostBody?) async throws -> LoadedPage
}

extension PageLoader: PageFetching {
    public func fetch(_ url: URL, post: PostBody?) async throws -> LoadedPage { try await load(url, post: post) }
}
