/// A form field's current value: text, checked or not, or the chosen options of a `select`.
public enum FieldValue: Codable, Sendable, Hashable {
    case text(String)
    case checked(Bool)
    /// Indexes into the field's options.
    case selected([Int])
}

/// What the user changed in a page's forms, by field: kept in the tab's history entry (so back and forward
/// and a handoff bring it along) and applied over the fields as written. A change remembers the field's name,
/// so a page that changed since is not filled with values meant for other fields.
public struct FormValues: Codable, Sendable, Hashable {
    /// One changed field.
    public struct Change: Codable, Sendable, Hashable {
        public var index: Int
        public var name: String
        public var value: FieldValue
    }

    public private(set) var changes: [Change]

    public init(changes: [Change] = []) { self.changes = changes }

    public var isEmpty: Bool { changes.isEmpty }

    /// The field's value: the user's change, else the value as written.
    public func value(of field: FormField) -> FieldValue {
        if let change = changes.first(where: { $0.index == field.index }), change.name == field.name {
            return change.value
        }
        return field.defaultValue
    }

    /// Sets a field's value; checking a radio button unchecks the others of its group (same form and name).
    public mutating func set(_ value: FieldValue, of field: FormField, in fields: [FormField]) {
        if field.kind == .radio, value == .checked(true) {
            for other in fields
            where other.kind == .radio && other.index != field.index && other.form == field.form
                && other.name == field.name && !field.name.isEmpty
            {
                store(.checked(false), of: other)
            }
        }
        store(value, of: field)
    }

    /// Puts every field of form `form` back to its value as written.
    public mutating func reset(form: Int?, in fields: [FormField]) {
        let indexes = Set(fields.filter { $0.form == form }.map(\.index))
        changes.removeAll { indexes.contains($0.index) }
    }

    private mutating func store(_ value: FieldValue, of field: FormField) {
        changes.removeAll { $0.index == field.index }
        if value != field.defaultValue {
            changes.append(Change(index: field.index, name: field.name, value: value))
            changes.sort { $0.index < $1.index }
        }
    }
}
