import HTMLText
import TextWidth

/// Shows the user's values in a page's form fields: a field's box is drawn from its current value at the
/// width the layout gave it, so typing never moves the text around it.
enum FieldFill {
    /// `line` with every field box that lies whole on it showing its value from `values`.
    static func line(_ line: TextLine, page: DisplayedPage, values: FormValues) -> TextLine {
        guard !values.isEmpty, line.spans.contains(where: { $0.style.field != nil }) else { return line }
        var filled = line
        for (position, span) in line.spans.enumerated() {
            guard let number = span.style.field, let field = page.field(number: number) else { continue }
            switch field.kind {
            case .submit, .reset, .button, .image:
                continue  // labels never change (a `<button>`'s content is several spans)
            default:
                break
            }
            let shown = field.display(values.value(of: field))
            // A box broken across lines by a very narrow page keeps its laid-out text.
            guard TextWidth.of(shown) == TextWidth.of(span.text) else { continue }
            filled.spans[position].text = shown
        }
        return filled
    }
}
