import HTMLText
import TerminalUI

/// Maps the layout's span styles to terminal styles.
enum PageLineStyle {
    static func style(_ span: SpanStyle) -> Style {
        if span.traits.contains(.linkNumber) { return Theme.muted }
        if span.link != nil { return Theme.link }
        if span.headingLevel != nil { return Theme.heading }
        var style = Style.plain
        if span.traits.contains(.bold) { style = style.adding(.bold) }
        if span.traits.contains(.italic) { style = style.adding(.italic) }
        if span.traits.contains(.underline) { style = style.adding(.underline) }
        if span.traits.contains(.code) || span.traits.contains(.preformatted) { style = style.foreground(.brightGreen) }
        if span.traits.contains(.formControl) { style = Theme.field }
        return style
    }

    static func line(_ line: TextLine) -> StyledLine {
        StyledLine(line.spans.map { StyledLine.Run($0.text, style($0.style)) })
    }
}
