import Foundation
import HTMLText
import NotificationContentExtensionKit
import Notifications
import PageLoading
import TextWidth

/// MonkeyBrowser's content extension: a reminder (category `reminder`) expanded shows the page it points to,
/// its title, its address and its first lines, laid out by the same HTML → text code as `baton dump`.
///
/// The title and address are drawn at once (the first frame); the page's lines follow once it is loaded.
struct PagePreviewExtension: NotificationContentExtension {
    mutating func didReceive(_ request: ContentExtensionRequest, context: NotificationContentContext)
        -> ContentDrawing
    {
        let content = request.notification.request.content
        guard case .string(let text) = content.userInfo["url"], let url = URL(string: text) else {
            return ContentDrawing(text: ["This reminder names no page."], style: .muted)
        }
        let width = max(10, request.width)
        let heading = Self.heading(title: nil, url: url, width: width)
        context.redraw(ContentDrawing(lines: heading + [[ContentRun("Loading…", style: .muted)]]))
        let loaded: LoadedPage
        do {
            loaded = try PageLoader(timeout: 10, maximumBytes: 512 * 1024).loadBlocking(url)
        } catch {
            return ContentDrawing(lines: heading + [[ContentRun("Cannot load the page: \(error)", style: .muted)]])
        }
        let page = HTMLDocument.parsedAndLaidOut(html: loaded.htmlSource, url: loaded.url, width: width).page
        let room = max(0, request.height - 3)
        let body = page.lines.drop { $0.text.allSatisfy(\.isWhitespace) }.prefix(room).map(Self.runs)
        return ContentDrawing(lines: Self.heading(title: page.title, url: loaded.url, width: width) + body)
    }

    /// The page's title (bold) and address (a link, cut in the middle to `width` so that its file name stays
    /// in view, as the address bar does), then a blank line.
    static func heading(title: String?, url: URL, width: Int) -> [[ContentRun]] {
        let shown = title.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        return [
            [ContentRun(shown.isEmpty ? url.lastPathComponent : shown, style: .title)],
            [ContentRun(TextWidth.elideMiddle(url.absoluteString, to: width), style: .link)],
            [],
        ]
    }

    /// One laid-out line as runs, each span in the style closest to its own.
    static func runs(_ line: TextLine) -> [ContentRun] {
        line.spans.map { span in
            let style: ContentStyle =
                if span.style.headingLevel != nil || span.style.traits.contains(.bold) {
                    .bold
                } else if span.style.link != nil || span.style.traits.contains(.linkNumber) {
                    .link
                } else if span.style.traits.contains(.italic) {
                    .emphasis
                } else {
                    .plain
                }
            return ContentRun(span.text, style: style)
        }
    }
}
