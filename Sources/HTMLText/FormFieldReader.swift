import CGumbo
import Foundation

/// Reads form controls from Gumbo elements into `FormField`s (index, number and form are filled in by the
/// builder).
enum FormFieldReader {
    /// The longest option label kept; longer ones are cut (a select of any size stays cheap to show).
    static let maximumOptionLabel = 200

    static func input(_ element: GumboElementRef) -> FormField {
        let kind = FormFieldKind.input(type: element.attribute("type"))
        var field = base(element, kind: kind)
        field.value = element.attribute("value") ?? ""
        field.checked = element.hasAttribute("checked")
        switch kind {
        case .checkbox, .radio:
            if element.attribute("value") == nil { field.value = "on" }
        case .submit:
            field.label = field.value.isEmpty ? "Submit" : field.value
        case .reset:
            field.label = field.value.isEmpty ? "Reset" : field.value
        case .button:
            field.label = field.value.isEmpty ? "Button" : field.value
        case .image:
            field.label = element.attribute("alt") ?? (field.value.isEmpty ? "Submit" : field.value)
        default:
            field.value = field.value.filter { $0 != "\n" && $0 != "\r" }
        }
        field.boxWidth = boxWidth(element.attribute("size"))
        return field
    }

    static func select(_ element: GumboElementRef) -> FormField {
        var field = base(element, kind: .select)
        field.multiple = element.hasAttribute("multiple")
        for child in element.childElements {
            if child.tag == GUMBO_TAG_OPTION {
                field.options.append(option(child, group: nil, groupDisabled: false))
            } else if child.tag == GUMBO_TAG_OPTGROUP {
                let group = child.attribute("label") ?? ""
                let disabled = child.hasAttribute("disabled")
                for option in child.childElements where option.tag == GUMBO_TAG_OPTION {
                    field.options.append(self.option(option, group: group, groupDisabled: disabled))
                }
            }
        }
        let widest = field.options.lazy.map { DisplayWidth.of(String($0.label.prefix(31))) }.max() ?? 1
        field.boxWidth = min(max(widest, 8), 30)
        return field
    }

    static func textarea(_ element: GumboElementRef) -> FormField {
        var field = base(element, kind: .textarea)
        var text = element.textContent
        if text.hasPrefix("\r\n") {
            text.removeFirst()
        } else if text.hasPrefix("\n") {
            text.removeFirst()
        }  // the standard drops one newline after the start tag
        field.value = text.replacingOccurrences(of: "\r\n", with: "\n")
        field.boxWidth = boxWidth(element.attribute("cols"))
        return field
    }

    /// `<button>`: its content is its label, shown by the builder inline.
    static func button(_ element: GumboElementRef) -> FormField {
        let type = element.attribute("type")?.trimmingHTMLWhitespace.lowercased()
        let kind: FormFieldKind = type == "reset" ? .reset : type == "button" ? .button : .submit
        var field = base(element, kind: kind)
        field.value = element.attribute("value") ?? ""
        field.label = element.textContent.collapsingWhitespace
        return field
    }

    private static func base(_ element: GumboElementRef, kind: FormFieldKind) -> FormField {
        FormField(
            index: 0, number: nil, form: nil, kind: kind, name: element.attribute("name") ?? "", value: "", label: "",
            checked: false, options: [], multiple: false, disabled: element.hasAttribute("disabled"),
            readOnly: element.hasAttribute("readonly"), placeholder: element.attribute("placeholder") ?? "",
            boxWidth: FormField.defaultBoxWidth, maxLength: element.attribute("maxlength").flatMap { Int($0) },
            formAction: element.attribute("formaction"), formMethod: element.attribute("formmethod"),
            formEnctype: element.attribute("formenctype"), formID: element.attribute("form"),
            id: element.attribute("id"))
    }

    private static func option(_ element: GumboElementRef, group: String?, groupDisabled: Bool) -> FormOption {
        let text = element.textContent.collapsingWhitespace
        var label = element.attribute("label") ?? text
        if label.count > maximumOptionLabel { label = String(label.prefix(maximumOptionLabel)) + "…" }
        return FormOption(
            label: label, value: element.attribute("value") ?? text, selected: element.hasAttribute("selected"),
            disabled: groupDisabled || element.hasAttribute("disabled"), group: group)
    }

    private static func boxWidth(_ size: String?) -> Int {
        guard let size = size.flatMap({ Int($0.trimmingHTMLWhitespace) }), size > 0 else {
            return FormField.defaultBoxWidth
        }
        return min(size, FormField.maximumBoxWidth)
    }
}
