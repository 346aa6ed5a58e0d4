import Foundation

/// An HTML document parsed once into a render tree; `layout(width:)` lays it out again cheaply at any width.
public struct HTMLDocument: Sendable {
    /// The `<title>`, whitespace collapsed ("" when the page has none).
    public let title: String
    /// The numbered links, in order (links and form fields share one sequence of numbers).
    public let links: [PageLink]
    /// The forms, in order; `FormField.form` indexes them.
    public let forms: [HTMLForm]
    /// Every form field in document order, hidden ones included; `FormField.index` is the position here.
    public let fields: [FormField]
    /// The page's `<meta http-equiv="refresh">`, if it has a valid one.
    public let refresh: MetaRefresh?
    /// The URL relative links were resolved against (`<base href>` or the document URL).
    public let baseURL: URL?
    private let blocks: [RenderBlock]

    /// Parses `html` (already decoded to a String); `url` is where it came from, for relative links.
    public init(html: String, url: URL? = nil) {
        self.init(GumboTreeWalker.parse(html), url: url)
    }

    /// Below this size a page is walked and laid out on one thread: starting a thread costs more than the
    /// overlap saves (measured: 0.2 ms lost on a 10 KB page, 0.4 ms won at 60 KB, 1.5 ms at 200 KB).
    static let pipelineMinimumBytes = 48 * 1024

    /// Parses `html` and lays it out `width` columns wide in one go: for pages of 48 KB and more the layout
    /// runs on a second thread, taking each top-level block as soon as the tree walk has settled it. The
    /// same as `init(html:url:)` then `layout(width:)`, line for line, in less time.
    public static func parsedAndLaidOut(
        html: String, url: URL? = nil, width: Int, wideTables: WideTableLayout = .linearise
    ) -> (document: HTMLDocument, page: TextPage) {
        parsedAndLaidOut(
            html: html, url: url, width: width, wideTables: wideTables, pipelineMinimumBytes: pipelineMinimumBytes)
    }

    /// `parsedAndLaidOut(html:url:width:)` with the size from which the second thread is used, and how
    /// that thread is started. When it cannot be, the page is laid out on the calling thread.
    static func parsedAndLaidOut(
        html: String, url: URL?, width: Int, wideTables: WideTableLayout = .linearise, pipelineMinimumBytes: Int,
        startThread: (@escaping @Sendable () -> Void) -> Bool = DetachedThread.start
    ) -> (document: HTMLDocument, page: TextPage) {
        let width = max(1, width)
        guard html.utf8.count >= pipelineMinimumBytes,
            let pipeline = LayoutPipeline(width: width, wideTables: wideTables, startThread: startThread)
        else {
            let document = HTMLDocument(html: html, url: url)
            return (document, document.layout(width: width, wideTables: wideTables))
        }
        let document = HTMLDocument(GumboTreeWalker.parse(html, pipeline: pipeline), url: url)
        return (document, document.page(pipeline.finish(), width: width))
    }

    private init(_ parsed: GumboTreeWalker.Result, url: URL?) {
        title = parsed.title.collapsingWhitespace
        let base = URLResolution.base(documentURL: url, baseHref: parsed.baseHref)
        baseURL = base
        forms = parsed.forms
        fields = parsed.fields
        refresh = parsed.refreshContent.flatMap { MetaRefresh(content: $0, base: base, documentURL: url) }
        links = parsed.links.map { link in
            PageLink(
                number: link.number, url: URLResolution.resolve(link.href, against: base), href: link.href,
                text: link.text)
        }
        blocks = parsed.blocks
    }

    /// The document laid out `width` columns wide (at least 1; `pre` lines, and tables with
    /// `wideTables: .overflow`, may be wider).
    public func layout(width: Int, wideTables: WideTableLayout = .linearise) -> TextPage {
        let width = max(1, width)
        var writer = LineWriter(wideTables: wideTables)
        BlockLayout.layout(blocks, width: width, indent: 0, into: &writer)
        return page(writer.finish(), width: width)
    }

    /// The field shown as `[number]`, if that number is a field's.
    public func field(number: Int) -> FormField? {
        fields.first { $0.number == number }
    }

    private func page(_ output: LineWriter.Output, width: Int) -> TextPage {
        let last = max(0, output.lines.count - 1)
        return TextPage(
            title: title, width: width, lines: output.lines, links: links,
            anchors: output.anchors.mapValues { min($0, last) })
    }
}
