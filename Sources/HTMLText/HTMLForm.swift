/// A `<form>` of a document: where and how it submits, as written (resolved when submitted).
public struct HTMLForm: Sendable, Hashable {
    /// The `action` attribute; nil when absent (the form submits to the document's own address).
    public var action: String?
    /// `get` or `post` (lowercased; anything else is `get`, as the standard says).
    public var method: String
    /// The `enctype` attribute, lowercased.
    public var enctype: String
    /// The `accept-charset` labels, if any.
    public var acceptCharset: String?
    var id: String?
}
