import Foundation
import HTMLText

/// A page ready to show in a tab: the parsed document, its layout at the pane's width and where its
/// links sit. Parsing happens once (off the UI thread); a resize only lays it out again.
public struct DisplayedPage: Sendable {
    /// The address the page was loaded from (after redirects), with the fragment asked for.
    public let url: URL
    public let document: HTMLDocument
    public private(set) var layout: TextPage
    public private(set) var linkSpots: [LinkSpot]
    /// The width of the widest line that scrolls sideways (`pre`, a table wider than the pane); 0 when none.
    public private(set) var widestSidewaysLine = 0
    /// A note for the status line: "HTTP 404", "cut at 10 MB", …
    public let note: String?
    /// True when the page explains a failure instead of showing content.
    public let isErrorPage: Bool
    /// The page's character encoding label (forms are sent in it unless they say otherwise).
    public var charset: String?
    /// For a page that answered a form sent by `POST`, the HTML it was made from: a handoff carries it, so the
    /// other device shows the same answer without sending the form again.
    public var answerSource: String?
    /// Field numbers (as shown in `[n]`) to indexes into `document.fields`.
    public let fieldIndexes: [Int: Int]

    public init(url: URL, document: HTMLDocument, width: Int, note: String? = nil, isErrorPage: Bool = false) {
        self.init(
            url: url, document: document, layout: document.layout(width: width, wideTables: .overflow), note: note,
            isErrorPage: isErrorPage)
    }

    /// A page already laid out (`layout` is `document` at `layout.width`, as `HTMLDocument.parsedAndLaidOut`
    /// gives).
    public init(url: URL, document: HTMLDocument, layout: TextPage, note: String? = nil, isErrorPage: Bool = false) {
        self.url = url
        self.document = document
        self.note = note
        self.isErrorPage = isErrorPage
        self.layout = layout
        linkSpots = LinkSpot.spots(in: layout.lines)
        widestSidewaysLine = Self.widestSidewaysLine(layout)
        var indexes: [Int: Int] = [:]
        for field in document.fields { if let number = field.number { indexes[number] = field.index } }
        fieldIndexes = indexes
    }

    private static func widestSidewaysLine(_ layout: TextPage) -> Int {
        layout.lines.lazy.filter(\.isPreformatted).map(\.width).max() ?? 0
    }

    /// The field shown as `[number]`, if that number is a field's.
    public func field(number: Int) -> FormField? {
        fieldIndexes[number].map { document.fields[$0] }
    }

    /// The page's title, or its address when it has none.
    public var title: String { document.title.isEmpty ? url.absoluteString : document.title }

    public var lineCount: Int { layout.lines.count }

    /// Lays the page out `width` columns wide; returns the line that starts at about the same text
    /// as line `top` did, so the reader stays in place.
    public mutating func reflow(width: Int, keeping top: Int) -> Int {
        guard width != layout.width else { return top }
        let offset = textOffset(ofLine: top)
        layout = document.layout(width: width, wideTables: .overflow)
        linkSpots = LinkSpot.spots(in: layout.lines)
        widestSidewaysLine = Self.widestSidewaysLine(layout)
        return line(atTextOffset: offset)
    }

    /// The line a `#fragment` (or the URL's own fragment) points at.
    public func line(forFragment fragment: String) -> Int? { layout.line(forFragment: fragment) }

    /// Where line `line` starts as a place in the document: the non-blank characters before it (the same
    /// text at any width).
    public func textOffset(ofLine line: Int) -> Int {
        layout.lines.prefix(max(0, line)).reduce(0) {
            $0 + $1.text.unicodeScalars.count { !$0.properties.isWhitespace }
        }
    }

    /// The line holding the character at text offset `offset` (see `textOffset(ofLine:)`).
    public func line(atTextOffset offset: Int) -> Int {
        var seen = 0
        for (index, line) in layout.lines.enumerated() {
            let count = line.text.unicodeScalars.count { !$0.properties.isWhitespace }
            if seen + count > offset { return index }
            seen += count
        }
        return max(0, layout.lines.count - 1)
    }
}
