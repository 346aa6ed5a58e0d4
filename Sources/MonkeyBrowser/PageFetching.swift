import Foundation
import PageLoading

/// Fetches a page for the browser (by `POST` when `post` is given; `site` is the host of the page that asked
/// for it, for cookies); a file that is not a page is saved, `progress` hearing how it goes. `PageLoader` is
/// the real one.
public protocol PageFetching: Sendable {
    func fetch(
        _ url: URL, post: PostBody?, site: String?, progress: (@Sendable (DownloadProgress) -> Void)?
    ) async throws -> LoadedPage

    /// The same, saving a file only as `consent` allows (else `PageLoadError.download`, which the browser
    /// turns into a question).
    func fetch(
        _ url: URL, post: PostBody?, site: String?, consent: DownloadConsent,
        progress: (@Sendable (DownloadProgress) -> Void)?
    ) async throws -> LoadedPage
}

extension PageFetching {
    public func fetch(
        _ url: URL, post: PostBody?, site: String?, consent: DownloadConsent,
        progress: (@Sendable (DownloadProgress) -> Void)?
    ) async throws -> LoadedPage {
        try await fetch(url, post: post, site: site, progress: progress)
    }
}

extension PageLoader: PageFetching {
    public func fetch(
        _ url: URL, post: PostBody?, site: String?, progress: (@Sendable (DownloadProgress) -> Void)?
    ) async throws -> LoadedPage {
        try await load(url, post: post, site: site, progress: progress)
    }

    public func fetch(
        _ url: URL, post: PostBody?, site: String?, consent: DownloadConsent,
        progress: (@Sendable (DownloadProgress) -> Void)?
    ) async throws -> LoadedPage {
        try await load(url, post: post, site: site, consent: consent, progress: progress)
    }
}
