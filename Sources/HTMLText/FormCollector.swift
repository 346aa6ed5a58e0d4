/// The forms and fields the tree builder meets, in document order.
///
/// Gumbo already ignores a `<form>` inside another and closes an unterminated one at the end of the
/// document; the collector still opens at most one form at a time.
struct FormCollector {
    var forms: [HTMLForm] = []
    var fields: [FormField] = []
    /// The form being filled, an index into `forms`.
    var openForm: Int?
    /// The number of the `<button>` being read, if one is open.
    var openButton: Int?
    /// `<label for>` texts by the id they name.
    var labels: [String: String] = [:]

    /// Opens a form; false when one is open already (its fields stay with the outer form).
    mutating func openForm(_ element: GumboElementRef) -> Bool {
        guard openForm == nil else { return false }
        let method = element.attribute("method")?.trimmingHTMLWhitespace.lowercased()
        forms.append(
            HTMLForm(
                action: element.attribute("action"), method: method == "post" ? "post" : "get",
                enctype: element.attribute("enctype")?.trimmingHTMLWhitespace.lowercased()
                    ?? "application/x-www-form-urlencoded",
                acceptCharset: element.attribute("accept-charset"), id: element.attribute("id")))
        openForm = forms.count - 1
        return true
    }

    mutating func closeForm() { openForm = nil }

    /// Adds a field of the open form (if any) with its number; returns it as stored.
    mutating func add(_ read: FormField, number: Int?) -> FormField {
        var field = read
        field.index = fields.count
        field.number = number
        field.form = openForm
        fields.append(field)
        return field
    }

    /// The fields with `form="id"` moved to the form of that id, and their `<label for>` texts.
    func finished() -> (forms: [HTMLForm], fields: [FormField]) {
        var byID: [String: Int] = [:]
        for (index, form) in forms.enumerated() {
            if let id = form.id, byID[id] == nil { byID[id] = index }
        }
        let fields = fields.map { field in
            var field = field
            if let formID = field.formID { field.form = byID[formID] }
            if field.label.isEmpty, let id = field.id, let label = labels[id] { field.label = label }
            return field
        }
        return (forms, fields)
    }
}
