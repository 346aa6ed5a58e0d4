import CGumbo
import Foundation

/// Builds the render tree from elements and text delivered in document order by the tree walker.
///
/// Containers (lists, quotes, tables) nest at most `maxContainerDepth` deep; deeper ones are laid out
/// as plain blocks, so the tree stays shallow whatever the document's depth.
struct RenderTreeBuilder {
    /// What closing an element must undo; returned by `open` and handed back to `close`.
    struct Exit: OptionSet {
        let rawValue: UInt16
        static let popStyle = Exit(rawValue: 1 << 0)
        static let endBlock = Exit(rawValue: 1 << 1)
        static let gapBefore = Exit(rawValue: 1 << 2)
        static let gapAfter = Exit(rawValue: 1 << 3)
        static let popContainer = Exit(rawValue: 1 << 4)
        static let endPreformatted = Exit(rawValue: 1 << 5)
        static let endLink = Exit(rawValue: 1 << 6)
        static let closeQuote = Exit(rawValue: 1 << 7)
        static let closeBracket = Exit(rawValue: 1 << 8)
        static let endTitle = Exit(rawValue: 1 << 9)
        /// Children are not visited.
        static let skipChildren = Exit(rawValue: 1 << 10)
        /// An aligned container was opened inside the element's own container.
        static let popAlignment = Exit(rawValue: 1 << 11)
        static let endForm = Exit(rawValue: 1 << 12)
        /// A `<button>` ends: its number follows.
        static let endButton = Exit(rawValue: 1 << 13)
    }

    static let maxContainerDepth = 40

    var containers: [OpenContainer] = [OpenContainer(kind: .root)]
    /// How many top-level blocks `takeSettledBlocks` has handed out.
    var settledTaken = 0
    var inline = InlineBuffer()
    var pre = PreformattedBuffer()
    var preDepth = 0
    var styles: [SpanStyle] = [.plain]
    var listDepth = 0
    var currentLink: Int?
    var linkText = ""
    var titleDepth = 0
    private(set) var title = ""
    /// Links in order of appearance: their number, the raw href and the visible text.
    var links: [(number: Int, href: String, text: String)] = []
    /// The last number given to a link or a form field (they share one sequence).
    var lastNumber = 0
    /// The forms and fields seen so far.
    var forms = FormCollector()
    private(set) var baseHref: String?
    /// The first `<meta http-equiv=refresh>`'s content.
    private(set) var refreshContent: String?

    var style: SpanStyle { styles[styles.count - 1] }

    // MARK: Elements

    /// Handles an element's start tag and says what its end must undo.
    mutating func open(_ element: GumboElementRef) -> Exit {
        if element.hasAttribute("hidden") || Self.isDisplayNone(element.attribute("style")) {
            return .skipChildren
        }
        let role = ElementRole.of(element.tag)
        if case .skipped = role {
            if element.tag == GUMBO_TAG_HEAD { readHead(element) }
            if element.tag == GUMBO_TAG_META { readMeta(element) }
            return .skipChildren
        }
        var exit: Exit = []
        let anchor =
            element.attribute("id") ?? (element.tag == GUMBO_TAG_A ? element.attribute("name") : nil)
        if preDepth > 0 {
            exit = openInsidePreformatted(element, role: role)
        } else {
            exit = openBlockOrInline(element, role: role)
            if let alignment = Self.alignment(of: element, role: role) {
                let pushed = pushContainer(.aligned(alignment), gaps: false)
                if pushed.contains(.popContainer) { exit.insert(.popAlignment) }
            }
        }
        if let anchor, !anchor.isEmpty {
            if preDepth > 0 { pre.appendAnchor(anchor) } else { inline.appendAnchor(anchor) }
        }
        return exit
    }

    /// Handles an element's end tag.
    mutating func close(_ exit: Exit) {
        if exit.contains(.endLink) { endLink() }
        if exit.contains(.closeQuote) { appendText("”") }
        if exit.contains(.closeBracket) { appendGlued("]") }
        if exit.contains(.endButton) { endButton() }
        if exit.contains(.endForm) { forms.closeForm() }
        if exit.contains(.endTitle) { titleDepth -= 1 }
        if exit.contains(.endPreformatted) {
            preDepth -= 1
            if preDepth == 0 {
                top.appendGap()
                top.blocks.append(.preformatted(pre.finish()))
                top.appendGap()
            }
        }
        if exit.contains(.popStyle) { styles.removeLast() }
        if exit.contains(.endBlock) { flushParagraph() }
        if exit.contains(.popAlignment) { popContainer() }
        if exit.contains(.popContainer) { popContainer() }
        if exit.contains(.gapAfter) { top.appendGap() }
    }

    // MARK: Text

    /// Text of a text node, as UTF-8 bytes.
    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        if titleDepth > 0 || currentLink != nil || preDepth > 0 {
            let text = String(decoding: bytes, as: UTF8.self)
            if titleDepth > 0 {
                title += text
                return
            }
            if currentLink != nil { linkText += text }
            if preDepth > 0 {
                pre.append(text, style: style)
                return
            }
        }
        inline.appendCollapsing(bytes, style: style)
    }

    /// The finished tree.
    mutating func finish() -> [RenderBlock] {
        flushParagraph()
        while containers.count > 1 { popContainer() }
        return containers[0].trimmedBlocks()
    }

    // MARK: Opening

    mutating func openInsidePreformatted(_ element: GumboElementRef, role: ElementRole)
        -> Exit
    {
        switch role {
        case .lineBreak:
            pre.appendLineBreak()
            return []
        case .preformatted:
            preDepth += 1
            return .endPreformatted
        default:
            return openInline(element, role: role)
        }
    }

    mutating func openBlockOrInline(_ element: GumboElementRef, role: ElementRole) -> Exit {
        switch role {
        case .block, .definitionTerm:
            flushParagraph()
            return .endBlock
        case .spacedBlock:
            startBlock(gap: true)
            return [.endBlock, .gapAfter]
        case .heading(let level):
            startBlock(gap: true)
            pushStyle(traits: .bold, headingLevel: level)
            return [.endBlock, .gapAfter, .popStyle]
        case .lineBreak:
            inline.appendLineBreak()
            return []
        case .rule:
            flushParagraph()
            top.blocks.append(.rule)
            return .skipChildren
        case .preformatted:
            startBlock(gap: true)
            preDepth += 1
            pushStyle(traits: .preformatted)
            return [.endPreformatted, .popStyle]
        case .blockquote:
            startBlock(gap: true)
            return pushContainer(.indented(4), gaps: true)
        case .definitionList:
            startBlock(gap: listDepth == 0)
            return listDepth == 0 ? [.endBlock, .gapAfter] : .endBlock
        case .definitionDescription:
            flushParagraph()
            return pushContainer(.indented(4), gaps: false)
        case .list(let ordered):
            return openList(element, ordered: ordered)
        case .listItem:
            flushParagraph()
            guard top.isList else { return .endBlock }
            let value = element.attribute("value").flatMap {
                ListNumbering.number($0)
            }
            containers.append(OpenContainer(kind: .listItem(value: value)))
            return [.endBlock, .popContainer]
        case .table:
            startBlock(gap: true)
            guard containers.count + 2 <= Self.maxContainerDepth else { return [.endBlock, .gapAfter] }
            let border = element.attribute("border").map { $0 != "0" } ?? false
            containers.append(OpenContainer(kind: .table(hasBorder: border)))
            return [.endBlock, .popContainer, .gapAfter]
        case .tableRow:
            flushParagraph()
            if top.isTable { top.rows.append([]) }
            return .endBlock
        case .tableCell(let header):
            flushParagraph()
            var exit: Exit = .endBlock
            if top.isTable {
                let span = element.attribute("colspan").flatMap { Int($0.trimmingHTMLWhitespace) } ?? 1
                let rows = element.attribute("rowspan").flatMap { Int($0.trimmingHTMLWhitespace) } ?? 1
                let kind = OpenContainer.Kind.cell(
                    columnSpan: min(max(span, 1), 100), rowSpan: min(max(rows, 1), 1000), isHeader: header)
                containers.append(OpenContainer(kind: kind))
                exit.insert(.popContainer)
            }
            if header {
                pushStyle(traits: .bold)
                exit.insert(.popStyle)
            }
            return exit
        case .tableCaption:
            flushParagraph()
            return .endBlock
        case .form:
            flushParagraph()
            return forms.openForm(element) ? [.endBlock, .endForm] : .endBlock
        default:
            return openInline(element, role: role)
        }
    }

    mutating func openList(_ element: GumboElementRef, ordered: Bool) -> Exit {
        let outermost = listDepth == 0
        startBlock(gap: outermost)
        let numbering =
            ordered
            ? ListNumbering(
                style: .init(typeAttribute: element.attribute("type")),
                start: element.attribute("start").flatMap(ListNumbering.number),
                reversed: element.hasAttribute("reversed")) : nil
        var exit = pushContainer(
            .list(numbering: numbering, depth: listDepth), gaps: outermost)
        if exit.contains(.popContainer) {
            listDepth += 1
        } else {
            exit.remove(.popContainer)
        }
        return exit
    }

    /// Reads `<title>` and `<base href>` from the skipped `<head>`.
    mutating func readHead(_ head: GumboElementRef) {
        for child in head.childElements {
            if child.tag == GUMBO_TAG_TITLE, title.isEmpty {
                title = child.textContent
            } else if child.tag == GUMBO_TAG_BASE, baseHref == nil, let href = child.attribute("href") {
                baseHref = href.trimmingHTMLWhitespace
            } else if child.tag == GUMBO_TAG_META {
                readMeta(child)
            }
        }
    }

    /// Keeps the first `<meta http-equiv="refresh" content>`.
    mutating func readMeta(_ meta: GumboElementRef) {
        guard refreshContent == nil, meta.attribute("http-equiv")?.trimmingHTMLWhitespace.lowercased() == "refresh",
            let content = meta.attribute("content")
        else { return }
        refreshContent = content
    }

    // MARK: Helpers

    var top: OpenContainer { containers[containers.count - 1] }

    mutating func pushStyle(traits: SpanStyle.Traits, headingLevel: Int? = nil) {
        var next = style
        next.traits.formUnion(traits)
        if let headingLevel { next.headingLevel = headingLevel }
        styles.append(next)
    }

    /// Centring or right alignment from `<center>`, an `align` attribute on a block, or a header cell.
    static func alignment(of element: GumboElementRef, role: ElementRole) -> TextAlignment? {
        switch role {
        case .block, .spacedBlock, .heading, .tableCell, .tableCaption: break
        default: return nil
        }
        if element.tag == GUMBO_TAG_CENTER { return .center }
        switch element.attribute("align")?.lowercased() {
        case "center", "middle": return .center
        case "right": return .right
        case "left", "justify": return nil
        default:
            if case .tableCell(header: true) = role { return .center }
            return nil
        }
    }

    /// True for an inline style that hides the element.
    static func isDisplayNone(_ style: String?) -> Bool {
        guard let style, style.contains("none") else { return false }
        let compact = style.lowercased().filter { !$0.isWhitespace }
        return compact.contains("display:none")
    }
}
