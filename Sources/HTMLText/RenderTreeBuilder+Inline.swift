import CGumbo

/// Inline elements: styles, links and their `[n]`, images, form controls, quotes.
extension RenderTreeBuilder {
    mutating func openInline(_ element: GumboElementRef, role: ElementRole) -> Exit {
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

    mutating func openLink(_ element: GumboElementRef) -> Exit {
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

    mutating func endLink() {
        guard let number = currentLink else { return }
        links[number - 1].text = linkText.collapsingWhitespace
        var marker = style
        marker.traits.remove(.underline)
        marker.traits.insert(.linkNumber)
        let text = "[\(number)]"
        let last = top.blocks.lastIndex { if case .gap = $0 { false } else { true } }
        if preDepth == 0, inline.isEmpty, let last, case .paragraph(var content) = top.blocks[last] {
            // The link's block already ended (`<a><p>…</p></a>`): the number goes after its last text. This is
            // the one change to a finished block; `takeSettledBlocks` holds that block back while a link is open.
            top.blocks[last] = .gap  // releases the paragraph so `content` is not copied
            content.appendToken(text, width: text.utf8.count, style: marker, join: .glued)
            top.blocks[last] = .paragraph(content)
        } else {
            appendGlued(text, style: marker)
        }
        currentLink = nil
    }

    mutating func appendText(_ text: String) {
        if preDepth > 0 {
            pre.append(text, style: style)
        } else {
            inline.appendCollapsing(text, style: style)
        }
    }

    mutating func appendGlued(_ text: String, style: SpanStyle? = nil) {
        if preDepth > 0 {
            pre.append(text, style: style ?? self.style)
        } else {
            inline.appendGlued(text, style: style ?? self.style)
        }
    }

    mutating func appendControl(_ text: String) {
        var control = style
        control.traits.insert(.formControl)
        if preDepth > 0 {
            pre.append(text, style: control)
        } else {
            inline.appendCollapsing(text, style: control)
        }
    }
}
