import TextWidth

/// What kind of control a form field is (`<input type>`, `select`, `textarea`, `button`).
public enum FormFieldKind: String, Codable, Sendable, Hashable {
    case text, password, hidden, number, email, search, url, tel
    case checkbox, radio, select, textarea
    case submit, reset, button, image, file

    /// `<input type>`'s kind; unknown types are text, as in browsers.
    static func input(type: String?) -> FormFieldKind {
        let type = (type ?? "text").trimmingHTMLWhitespace.lowercased()
        switch type {
        case "password", "hidden", "number", "email", "search", "url", "tel", "checkbox", "radio", "submit", "reset",
            "button", "image", "file":
            return FormFieldKind(rawValue: type) ?? .text
        default:
            return .text
        }
    }

    /// Edited as one line of text.
    public var isTextLike: Bool {
        switch self {
        case .text, .password, .number, .email, .search, .url, .tel: true
        default: false
        }
    }

    /// Submits the form when activated.
    public var isSubmitButton: Bool { self == .submit || self == .image }
}

/// One `<option>` of a `<select>`.
public struct FormOption: Sendable, Hashable {
    public var label: String
    public var value: String
    /// Selected in the page as written.
    public var selected: Bool
    public var disabled: Bool
    /// The `<optgroup label>` it belongs to, if any.
    public var group: String?
}

/// A form control of a document: what it is, its name, its value as written and how it is shown. Fields are
/// numbered with the links (`[n]` after them), so a number picks either; hidden fields have no number.
public struct FormField: Sendable, Hashable {
    /// The field's position in `HTMLDocument.fields`.
    public var index: Int
    /// The number shown as `[n]`; nil for hidden fields.
    public var number: Int?
    /// The form it belongs to (an index into `HTMLDocument.forms`); nil outside any form.
    public var form: Int?
    public var kind: FormFieldKind
    public var name: String
    /// The value as written: a text field's text, a checkbox's or button's `value`.
    public var value: String
    /// What a button shows; for other fields the text of their `<label for>`.
    public var label: String
    /// Checked as written (checkboxes and radio buttons).
    public var checked: Bool
    public var options: [FormOption]
    /// `<select multiple>`.
    public var multiple: Bool
    public var disabled: Bool
    public var readOnly: Bool
    public var placeholder: String
    /// Columns between the brackets of a text field, `select` or `textarea`.
    public var boxWidth: Int
    public var maxLength: Int?
    /// A submit button's `formaction`, `formmethod` and `formenctype`.
    public var formAction: String?
    public var formMethod: String?
    public var formEnctype: String?
    /// The `form` attribute: the id of the form the field belongs to wherever it sits.
    var formID: String?
    var id: String?

    /// The most columns a text field's box takes.
    public static let maximumBoxWidth = 40
    /// A text field's box when it has no `size`.
    public static let defaultBoxWidth = 20

    /// The value before any change by the user.
    public var defaultValue: FieldValue {
        switch kind {
        case .checkbox, .radio:
            return .checked(checked)
        case .select:
            var chosen = options.indices.filter { options[$0].selected }
            if !multiple {
                if let last = chosen.last {
                    chosen = [last]
                } else if let first = options.indices.first(where: { !options[$0].disabled }) {
                    chosen = [first]
                }
            }
            return .selected(chosen)
        default:
            return .text(value)
        }
    }

    /// The field as shown on the page with `value`: `[text      ]`, `[x]`, `(*)`, `[choice ▾]`, `[Submit]`.
    /// Text fields, selects and textareas always take the same width, so a new value never moves the text.
    public func display(_ value: FieldValue) -> String {
        switch (kind, value) {
        case (.checkbox, .checked(let on)):
            return on ? "[x]" : "[ ]"
        case (.radio, .checked(let on)):
            return on ? "(*)" : "( )"
        case (.select, .selected(let chosen)):
            let shown: String
            if chosen.count > 1 {
                shown = "\(chosen.count) chosen"
            } else if let first = chosen.first, options.indices.contains(first) {
                shown = options[first].label
            } else {
                shown = ""
            }
            return "[" + Self.boxed(shown, width: boxWidth) + " ▾]"
        case (.textarea, .text(let text)):
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            var shown = lines.first.map(String.init) ?? ""
            if lines.count > 1 { shown += " ↵…" }
            return "[" + Self.boxed(shown.isEmpty ? placeholder : shown, width: boxWidth) + "]"
        case (.submit, _), (.reset, _), (.button, _), (.image, _):
            return "[" + label + "]"
        case (.file, _):
            return "[file: not supported]"
        case (_, .text(let text)):
            let shown = kind == .password ? String(repeating: "*", count: min(text.count, boxWidth + 1)) : text
            return "[" + Self.boxed(shown.isEmpty ? placeholder : shown, width: boxWidth) + "]"
        default:
            return display(defaultValue)
        }
    }

    /// `text` on one line, cut or padded to exactly `width` columns.
    static func boxed(_ text: String, width: Int) -> String {
        let flat = text.contains(where: \.isNewline) ? text.collapsingWhitespace : text
        let shown = DisplayWidth.of(flat) > width ? TextWidth.truncate(flat, to: width) : flat
        return shown + String.spaces(max(0, width - DisplayWidth.of(shown)))
    }
}
