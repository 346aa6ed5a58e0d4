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
            appendField(FormFieldReader.input(element))
            return .skipChildren
        case .select:
            appendField(FormFieldReader.select(element))
            return .skipChildren
        case .textarea:
            appendField(FormFieldReader.textarea(element))
            return .skipChildren
        case .button:
            return openButton(element)
        case .label:
            if let target = element.attribute("for") { forms.labels[target] = element.textContent.collapsingWhitespace }
            return []
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
        lastNumber += 1
        links.append((lastNumber, trimmed, ""))
        currentLink = links.count
        linkText = ""
        var linked = style
        linked.link = lastNumber
        linked.traits.insert(.underline)
        styles.append(linked)
        return [.endLink, .popStyle]
    }

    mutating func endLink() {
        guard let position = currentLink else { return }
        links[position - 1].text = linkText.collapsingWhitespace
        var marker = style
        marker.traits.remove(.underline)
        marker.traits.insert(.linkNumber)
        let text = "[\(links[position - 1].number)]"
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

    /// A form field: its box, then its number. Hidden fields are collected but not shown.
    mutating func appendField(_ read: FormField) {
        let number: Int?
        if read.kind == .hidden {
            number = nil
        } else {
            lastNumber += 1
            number = lastNumber
        }
        let field = forms.add(read, number: number)
        guard let number else { return }
        var control = style
        control.traits.insert(.formControl)
        control.link = nil
        control.field = number
        let text = field.display(field.defaultValue)
        if preDepth > 0 {
            pre.append(text, style: control)
        } else {
            inline.appendUnbroken(text, style: control)
        }
        appendFieldNumber(number)
    }

    /// `<button>`: its content in brackets, styled as the field, then its number.
    mutating func openButton(_ element: GumboElementRef) -> Exit {
        guard forms.openButton == nil else { return [] }
        lastNumber += 1
        let field = forms.add(FormFieldReader.button(element), number: lastNumber)
        forms.openButton = field.number
        var control = style
        control.traits.insert(.formControl)
        control.link = nil
        control.field = lastNumber
        styles.append(control)
        appendText("[")
        return [.popStyle, .closeBracket, .endButton]
    }

    mutating func endButton() {
        guard let number = forms.openButton else { return }
        forms.openButton = nil
        appendFieldNumber(number)
    }

    private mutating func appendFieldNumber(_ number: Int) {
        var marker = SpanStyle.plain
        marker.traits.insert(.linkNumber)
        appendGlued("[\(number)]", style: marker)
    }
}
