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
    }

    static let maxContainerDepth = 40

    private var containers: [OpenContainer] = [OpenContainer(kind: .root)]
    private var inline = InlineBuffer()
    private var pre = PreformattedBuffer()
    private var preDepth = 0
    private var styles: [SpanStyle] = [.plain]
    private var listDepth = 0
    private var currentLink: Int?
    private var linkText = ""
    private var titleDepth = 0
    private(set) var title = ""
    /// Links in order of appearance: the raw href and the visible text.
    private(set) var links: [(href: String, text: String)] = []
    private(set) var baseHref: String?

    private var style: SpanStyle { styles[styles.count - 1] }

    // MARK: Elements

    /// Handles an element's start tag and says what its end must undo.
    mutating func open(_ element: GumboElementRef) -> Exit {
        if element.hasAttribute("hidden") || Self.isDisplayNone(element.attribute("style")) {
            return .skipChildren
        }
        let role = ElementRole.of(element.tag)
        if case .skipped = role {
            if element.tag == GUMBO_TAG_HEAD { readHead(element) }
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

    private mutating func openInsidePreformatted(_ element: GumboElementRef, role: ElementRole)
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

    private mutating func openBlockOrInline(_ element: GumboElementRef, role: ElementRole) -> Exit {
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
                let span = element.attribute("colspan").flatMap { Int($0) } ?? 1
                containers.append(OpenContainer(kind: .cell(columnSpan: min(max(span, 1), 100))))
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
        default:
            return openInline(element, role: role)
        }
    }

    private mutating func openList(_ element: GumboElementRef, ordered: Bool) -> Exit {
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

    private mutating func openInline(_ element: GumboElementRef, role: ElementRole) -> Exit {
        switch role {
        case .styled(let traits):
            pushStyle(traits: traits)
            return .popStyle
        case .link:
            return openLink(element)
        case .image:
            if let alt = element.attribute("alt") {
                if !alt.isEmpty { appendText("[\(alt)]") }
            } else {
                appendText("[image]")
            }
            return .skipChildren
        case .input:
            if let text = FormControlText.input(element) { appendControl(text) }
            return .skipChildren
        case .select:
            appendControl(FormControlText.select(element))
            return .skipChildren
        case .textarea:
            appendControl(FormControlText.textarea(element))
            return .skipChildren
        case .button:
            pushStyle(traits: .formControl)
            appendText("[")
            return [.popStyle, .closeBracket]
        case .quote:
            appendText("“")
            return .closeQuote
        case .title:
            titleDepth += 1
            return .endTitle
        default:
            return []
        }
    }

    private mutating func openLink(_ element: GumboElementRef) -> Exit {
        guard currentLink == nil, let href = element.attribute("href") else { return [] }
        let trimmed = href.trimmingHTMLWhitespace
        guard !trimmed.lowercased().hasPrefix("javascript:") else { return [] }
        links.append((trimmed, ""))
        currentLink = links.count
        linkText = ""
        var linked = style
        linked.link = links.count
        linked.traits.insert(.underline)
        styles.append(linked)
        return [.endLink, .popStyle]
    }

    private mutating func endLink() {
        guard let number = currentLink else { return }
        links[number - 1].text = linkText.split(whereSeparator: { $0.isWhitespace }).joined(
            separator: " ")
        var marker = style
        marker.traits.remove(.underline)
        marker.traits.insert(.linkNumber)
        let text = "[\(number)]"
        let last = top.blocks.lastIndex { if case .gap = $0 { false } else { true } }
        if preDepth == 0, inline.isEmpty, let last, case .paragraph(var items) = top.blocks[last] {
            // The link's block already ended (`<a><p>…</p></a>`): the number goes after its last text.
            top.blocks[last] = .gap  // releases the paragraph so `items` is not copied
            items.append(.token(InlineToken(text: text, width: text.count, style: marker, join: .glued)))
            top.blocks[last] = .paragraph(items)
        } else {
            appendGlued(text, style: marker)
        }
        currentLink = nil
    }

    private mutating func readHead(_ head: GumboElementRef) {
        for child in head.childElements {
            if child.tag == GUMBO_TAG_TITLE, title.isEmpty {
                title = child.textContent
            } else if child.tag == GUMBO_TAG_BASE, baseHref == nil, let href = child.attribute("href") {
                baseHref = href.trimmingHTMLWhitespace
            }
        }
    }

    // MARK: Helpers

    private var top: OpenContainer { containers[containers.count - 1] }

    private mutating func pushStyle(traits: SpanStyle.Traits, headingLevel: Int? = nil) {
        var next = style
        next.traits.formUnion(traits)
        if let headingLevel { next.headingLevel = headingLevel }
        styles.append(next)
    }

    private mutating func appendText(_ text: String) {
        if preDepth > 0 {
            pre.append(text, style: style)
        } else {
            inline.appendCollapsing(text, style: style)
        }
    }

    private mutating func appendGlued(_ text: String, style: SpanStyle? = nil) {
        if preDepth > 0 {
            pre.append(text, style: style ?? self.style)
        } else {
            inline.appendGlued(text, style: style ?? self.style)
        }
    }

    private mutating func appendControl(_ text: String) {
        var control = style
        control.traits.insert(.formControl)
        if preDepth > 0 {
            pre.append(text, style: control)
        } else {
            inline.appendCollapsing(text, style: control)
        }
    }

    private mutating func startBlock(gap: Bool) {
        flushParagraph()
        if gap { top.appendGap() }
    }

    private mutating func flushParagraph() {
        guard !inline.isEmpty else { return }
        top.blocks.append(.paragraph(inline.take()))
    }

    /// Opens a container when the depth allows; otherwise the element is laid out as a plain block.
    private mutating func pushContainer(_ kind: OpenContainer.Kind, gaps: Bool) -> Exit {
        flushParagraph()
        if gaps { top.appendGap() }
        let after: Exit = gaps ? [.endBlock, .gapAfter] : .endBlock
        guard containers.count < Self.maxContainerDepth else { return after }
        containers.append(OpenContainer(kind: kind))
        return after.union(.popContainer)
    }

    private mutating func popContainer() {
        flushParagraph()
        guard containers.count > 1 else { return }
        let finished = containers.removeLast()
        let blocks = finished.trimmedBlocks()
        switch finished.kind {
        case .root:
            top.blocks.append(contentsOf: blocks)
        case .indented(let indent):
            if !blocks.isEmpty { top.blocks.append(.indented(indent: indent, blocks)) }
        case .aligned(let alignment):
            if !blocks.isEmpty { top.blocks.append(.aligned(alignment, blocks)) }
        case .list(let numbering, let depth):
            listDepth -= 1
            top.blocks.append(contentsOf: blocks)  // stray content before the first item
            if !finished.items.isEmpty {
                top.blocks.append(.list(ListBlock(numbering: numbering, depth: depth, items: finished.items)))
            }
        case .listItem(let value):
            if top.isList {
                top.items.append(ListItemBlock(value: value, blocks: blocks))
            } else {
                top.blocks.append(contentsOf: blocks)
            }
        case .table(let border):
            top.blocks.append(contentsOf: blocks)  // the caption
            let filled = finished.rows.filter { !$0.isEmpty }
            if !filled.isEmpty { top.blocks.append(.table(TableBlock(rows: filled, hasBorder: border))) }
        case .cell(let span):
            let table = top
            if table.isTable {
                if table.rows.isEmpty { table.rows.append([]) }
                table.rows[table.rows.count - 1].append(TableCell(blocks: blocks, columnSpan: span))
            } else {
                table.blocks.append(contentsOf: blocks)
            }
        }
    }

    /// Centring or right alignment from `<center>`, an `align` attribute on a block, or a header cell.
    private static func alignment(of element: GumboElementRef, role: ElementRole) -> TextAlignment? {
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

    private static func isDisplayNone(_ style: String?) -> Bool {
        guard let style, style.contains("none") else { return false }
        let compact = style.lowercased().filter { !$0.isWhitespace }
        return compact.contains("display:none")
    }
}
