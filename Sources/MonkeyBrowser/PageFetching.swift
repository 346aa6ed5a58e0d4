import Foundation
import PageLoading

/// Fetches a page for the browser; `PageLoader` is the real one.
public protocol PageFetching: Sendable {
    func fetch(_ url: URL) async throws -> LoadedPage
}

extension PageLoader: PageFetching {
    public func fetch(_ url: URL) async throws -> LoadedPage { try await load(url) }
}
