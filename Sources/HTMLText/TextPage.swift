import Foundation
import TextWidth

/// A run of characters sharing one style.
public struct TextSpan: Hashable, Sendable {
    public var text: String
    public var style: SpanStyle

    public init(text: String, style: SpanStyle = .plain) {
        self.text = text
        self.style = style
    }
}

/// One line of a laid-out page.
public struct TextLine: Hashable, Sendable {
    public var spans: [TextSpan]
    /// True for lines never wrapped (from `<pre>`, or the rows of a table laid out with
    /// `WideTableLayout.overflow`), so they may be wider than the page;
    /// a viewer clips or scrolls them sideways.
    public var isPreformatted: Bool

    public init(spans: [TextSpan] = [], isPreformatted: Bool = false) {
        self.spans = spans
        self.isPreformatted = isPreformatted
    }

    /// The line's characters without styling.
    public var text: String { spans.reduce(into: "") { $0 += $1.text } }

    /// Display width in terminal columns.
    public var width: Int { spans.reduce(0) { $0 + DisplayWidth.of($1.text) } }
}

/// A numbered link of a page: `[number]` in the text, an absolute URL.
public struct PageLink: Hashable, Sendable {
    public var number: Int
    /// The resolved URL; `nil` when the href could not be parsed.
    public var url: URL?
    /// The href as written in the page.
    public var href: String
    /// The link's visible text, whitespace collapsed.
    public var text: String
}

/// An HTML document laid out at a fixed width: styled lines, numbered links, anchors and title.
public struct TextPage: Sendable {
    public var title: String
    public var width: Int
    public var lines: [TextLine]
    public var links: [PageLink]
    /// Element ids and `<a name>` values mapped to the index of the line where they start.
    public var anchors: [String: Int]

    public init(
        title: String, width: Int, lines: [TextLine], links: [PageLink], anchors: [String: Int]
    ) {
        self.title = title
        self.width = width
        self.lines = lines
        self.links = links
        self.anchors = anchors
    }

    /// The line a `#fragment` points at (the leading `#` is optional; percent-escapes are decoded).
    public func line(forFragment fragment: String) -> Int? {
        let name = fragment.hasPrefix("#") ? String(fragment.dropFirst()) : fragment
        if let line = anchors[name] { return line }
        if let decoded = name.removingPercentEncoding { return anchors[decoded] }
        return nil
    }

    /// The link shown as `[number]`, if there is one.
    public func link(number: Int) -> PageLink? {
        let index = links.partitioningIndex { $0.number >= number }
        guard index < links.count, links[index].number == number else { return nil }
        return links[index]
    }

    /// The page as plain text, one `\n`-terminated line per line, trailing spaces removed.
    public var plainText: String {
        var out: [UInt8] = []
        appendPlainText(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `plainText` as UTF-8 (the text is built as bytes: no String growth per span).
    func appendPlainText(to out: inout [UInt8]) {
        out.reserveCapacity(out.count + lines.count * (width + 1))
        for line in lines {
            var end = line.spans.count
            var kept = 0
            while end > 0 {
                let utf8 = line.spans[end - 1].text.utf8
                if let keep = utf8.lastIndex(where: { $0 != 0x20 }) {
                    kept = utf8.distance(from: utf8.startIndex, to: keep) + 1
                    break
                }
                end -= 1
            }
            for span in line.spans.prefix(max(0, end - 1)) { out.appendUTF8(of: span.text) }
            if end > 0 { out.appendUTF8(of: line.spans[end - 1].text, count: kept) }
            out.append(0x0A)
        }
    }
}

extension [UInt8] {
    /// Appends the first `count` UTF-8 bytes of `text` (all of them by default) with one copy.
    mutating func appendUTF8(of text: String, count: Int? = nil) {
        var text = text
        text.withUTF8 { bytes in
            append(contentsOf: UnsafeBufferPointer(rebasing: bytes.prefix(count ?? bytes.count)))
        }
    }

    /// Appends a static string's UTF-8 bytes.
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }
}
