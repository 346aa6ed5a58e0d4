import Foundation
import HTMLText
import PageLoading

/// What a load came to: a page to show, a file saved, or a file to ask about (one the user did not ask
/// for directly: after a redirect or a page's refresh).
enum PreparedLoad: Sendable {
    case page(DisplayedPage)
    case saved(SavedFile)
    case offered(DownloadOffer)
}

/// Loads, decodes, parses and lays out a page; runs off the UI thread. Every failure becomes an
/// error page; only cancellation yields nothing.
enum PagePreparation {
    static func prepare(
        _ url: URL, post: PostBody? = nil, site: String? = nil, consent: DownloadConsent = .direct,
        fetcher: any PageFetching, width: Int, progress: (@Sendable (DownloadProgress) -> Void)? = nil
    ) async -> PreparedLoad? {
        let loaded: LoadedPage
        do {
            loaded = try await fetcher.fetch(url, post: post, site: site, consent: consent, progress: progress)
        } catch PageLoadError.cancelled {
            return nil
        } catch PageLoadError.download(let file, let filename, let contentType) where consent != .given {
            return .offered(DownloadOffer(url: file, filename: filename, contentType: contentType))
        } catch let error as PageLoadError {
            return .page(ErrorPage.make(address: url.absoluteString, message: error.description, width: width))
        } catch {
            if Task.isCancelled { return nil }
            return .page(ErrorPage.make(address: url.absoluteString, message: "\(error)", width: width))
        }
        if Task.isCancelled { return nil }
        if let saved = loaded.saved { return .saved(saved) }
        let (document, layout) = HTMLDocument.parsedAndLaidOut(
            html: loaded.htmlSource, url: loaded.url, width: width, wideTables: .overflow)
        if Task.isCancelled { return nil }
        var shown = loaded.url
        if let fragment = url.fragment, shown.fragment == nil,
            let withFragment = URL(string: shown.absoluteString + "#" + fragment)
        {
            shown = withFragment
        }
        var page = DisplayedPage(url: shown, document: document, layout: layout, note: note(for: loaded))
        page.charset = loaded.encoding.name
        if post != nil { page.answerSource = loaded.htmlSource }
        return .page(page)
    }

    private static func note(for page: LoadedPage) -> String? {
        var parts: [String] = []
        if let status = page.statusCode, !page.isSuccess { parts.append("HTTP \(status)") }
        if page.isTruncated { parts.append("too large: cut short") }
        if !page.isHTML { parts.append(page.mediaType) }
        if let problem = page.cookieProblem { parts.append(problem) }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}
