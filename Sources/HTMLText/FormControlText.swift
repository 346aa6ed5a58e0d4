import CGumbo

/// The read-only text shown for form controls: `[input: value]`, `[x]`, `[Submit]`, `[chosen ▾]`.
enum FormControlText {
    /// The text for an `<input>`, or `nil` for hidden inputs.
    static func input(_ element: GumboElementRef) -> String? {
        let type = (element.attribute("type") ?? "text").lowercased()
        let value = element.attribute("value") ?? ""
        switch type {
        case "hidden":
            return nil
        case "submit":
            return "[\(value.isEmpty ? "Submit" : value)]"
        case "reset":
            return "[\(value.isEmpty ? "Reset" : value)]"
        case "button":
            return "[\(value.isEmpty ? "Button" : value)]"
        case "image":
            return "[\(element.attribute("alt") ?? (value.isEmpty ? "Submit" : value))]"
        case "checkbox":
            return element.hasAttribute("checked") ? "[x]" : "[ ]"
        case "radio":
            return element.hasAttribute("checked") ? "(*)" : "( )"
        case "password":
            return "[input: \(String(repeating: "*", count: value.count))]"
        case "file":
            return "[file]"
        default:
            let shown = value.isEmpty ? (element.attribute("placeholder") ?? "") : value
            return shown.isEmpty ? "[input]" : "[input: \(shown)]"
        }
    }

    /// The text for a `<select>`: the selected option, else the first one.
    static func select(_ element: GumboElementRef) -> String {
        var options: [GumboElementRef] = []
        for child in element.childElements {
            if child.tag == GUMBO_TAG_OPTION {
                options.append(child)
            } else if child.tag == GUMBO_TAG_OPTGROUP {
                options.append(contentsOf: child.childElements.filter { $0.tag == GUMBO_TAG_OPTION })
            }
        }
        let chosen = options.first { $0.hasAttribute("selected") } ?? options.first
        let label = chosen.map { $0.attribute("label") ?? $0.textContent.collapsingWhitespace } ?? ""
        return "[\(label) ▾]"
    }

    /// The text for a `<textarea>`: its first line of content.
    static func textarea(_ element: GumboElementRef) -> String {
        let content =
            element.textContent.split(separator: "\n", omittingEmptySubsequences: true).first ?? ""
        let shown = String(content).collapsingWhitespace
        return shown.isEmpty ? "[textarea]" : "[textarea: \(shown)]"
    }
}
