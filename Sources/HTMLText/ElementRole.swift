import CGumbo

/// What an HTML element means to the text layout.
enum ElementRole: Sendable {
    /// Content and children ignored (`head`, `script`, `style`, `template`, `noscript`, media).
    case skipped
    /// Inline element with no effect of its own (`span`, `abbr`, unknown tags).
    case inline
    /// Inline element that adds style traits.
    case styled(SpanStyle.Traits)
    /// Block element without vertical margins (`div`, `section`, `li` outside a list…).
    case block
    /// Block element with a blank line before and after (`p`, `figure`, `address`…).
    case spacedBlock
    case heading(Int)
    case lineBreak
    case rule
    case preformatted
    case blockquote
    case list(ordered: Bool)
    case listItem
    case definitionList
    case definitionTerm
    case definitionDescription
    case table
    case tableRow
    case tableCell(header: Bool)
    /// `caption`: a line above the table.
    case tableCaption
    case link
    case image
    case input
    case select
    case textarea
    case button
    /// `<form>`: a block that collects the fields inside it.
    case form
    /// `<label>`: inline; `for` names the field it labels.
    case label
    case quote
    case title

    /// The role of a Gumbo tag; a table indexed by the tag's raw value.
    static func of(_ tag: GumboTag) -> ElementRole {
        let index = Int(tag.rawValue)
        return index < roleTable.count ? roleTable[index] : .inline
    }

    private static let roleTable: [ElementRole] = {
        var roles = [ElementRole](repeating: .inline, count: Int(GUMBO_TAG_LAST.rawValue) + 1)
        func set(_ tags: [GumboTag], _ role: ElementRole) {
            for tag in tags { roles[Int(tag.rawValue)] = role }
        }
        set(
            [
                GUMBO_TAG_HEAD, GUMBO_TAG_SCRIPT, GUMBO_TAG_STYLE, GUMBO_TAG_TEMPLATE, GUMBO_TAG_NOSCRIPT,
                GUMBO_TAG_SVG, GUMBO_TAG_MATH, GUMBO_TAG_IFRAME, GUMBO_TAG_OBJECT, GUMBO_TAG_EMBED,
                GUMBO_TAG_VIDEO, GUMBO_TAG_AUDIO, GUMBO_TAG_CANVAS, GUMBO_TAG_MAP, GUMBO_TAG_DATALIST,
                GUMBO_TAG_FRAMESET, GUMBO_TAG_META, GUMBO_TAG_LINK, GUMBO_TAG_BASE, GUMBO_TAG_PARAM,
                GUMBO_TAG_SOURCE, GUMBO_TAG_TRACK, GUMBO_TAG_RP,
            ], .skipped)
        set([GUMBO_TAG_B, GUMBO_TAG_STRONG], .styled(.bold))
        set(
            [GUMBO_TAG_I, GUMBO_TAG_EM, GUMBO_TAG_CITE, GUMBO_TAG_VAR, GUMBO_TAG_DFN, GUMBO_TAG_ADDRESS],
            .styled(.italic))
        set([GUMBO_TAG_U, GUMBO_TAG_INS], .styled(.underline))
        set([GUMBO_TAG_CODE, GUMBO_TAG_KBD, GUMBO_TAG_SAMP, GUMBO_TAG_TT], .styled(.code))
        set(
            [
                GUMBO_TAG_DIV, GUMBO_TAG_SECTION, GUMBO_TAG_ARTICLE, GUMBO_TAG_HEADER, GUMBO_TAG_FOOTER,
                GUMBO_TAG_NAV, GUMBO_TAG_MAIN, GUMBO_TAG_ASIDE, GUMBO_TAG_FIGCAPTION, GUMBO_TAG_CENTER,
                GUMBO_TAG_FIELDSET, GUMBO_TAG_LEGEND, GUMBO_TAG_DETAILS, GUMBO_TAG_SUMMARY,
                GUMBO_TAG_HGROUP, GUMBO_TAG_BODY, GUMBO_TAG_HTML, GUMBO_TAG_OPTGROUP, GUMBO_TAG_OPTION,
                GUMBO_TAG_DIR, GUMBO_TAG_MENU, GUMBO_TAG_FRAME, GUMBO_TAG_TBODY, GUMBO_TAG_THEAD,
                GUMBO_TAG_TFOOT,
            ], .block)
        set([GUMBO_TAG_P, GUMBO_TAG_FIGURE, GUMBO_TAG_LISTING, GUMBO_TAG_XMP], .spacedBlock)
        let headings = [
            GUMBO_TAG_H1, GUMBO_TAG_H2, GUMBO_TAG_H3, GUMBO_TAG_H4, GUMBO_TAG_H5, GUMBO_TAG_H6,
        ]
        for (level, tag) in headings.enumerated() { roles[Int(tag.rawValue)] = .heading(level + 1) }
        set([GUMBO_TAG_BR], .lineBreak)
        set([GUMBO_TAG_HR], .rule)
        set([GUMBO_TAG_PRE, GUMBO_TAG_PLAINTEXT], .preformatted)
        set([GUMBO_TAG_BLOCKQUOTE], .blockquote)
        set([GUMBO_TAG_UL], .list(ordered: false))
        set([GUMBO_TAG_OL], .list(ordered: true))
        set([GUMBO_TAG_LI], .listItem)
        set([GUMBO_TAG_DL], .definitionList)
        set([GUMBO_TAG_DT], .definitionTerm)
        set([GUMBO_TAG_DD], .definitionDescription)
        set([GUMBO_TAG_TABLE], .table)
        set([GUMBO_TAG_TR], .tableRow)
        set([GUMBO_TAG_TD], .tableCell(header: false))
        set([GUMBO_TAG_TH], .tableCell(header: true))
        set([GUMBO_TAG_CAPTION], .tableCaption)
        set([GUMBO_TAG_A], .link)
        set([GUMBO_TAG_IMG, GUMBO_TAG_IMAGE], .image)
        set([GUMBO_TAG_INPUT], .input)
        set([GUMBO_TAG_SELECT], .select)
        set([GUMBO_TAG_TEXTAREA], .textarea)
        set([GUMBO_TAG_BUTTON], .button)
        set([GUMBO_TAG_FORM], .form)
        set([GUMBO_TAG_LABEL], .label)
        set([GUMBO_TAG_Q], .quote)
        set([GUMBO_TAG_TITLE], .title)
        return roles
    }()
}
