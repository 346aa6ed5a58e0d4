import Foundation

/// What submitting a form asks for: an address, and for `POST` a body and its type.
public struct FormRequest: Sendable, Hashable, Codable {
    public var url: URL
    /// `GET` or `POST`.
    public var method: String
    public var body: [UInt8]?
    public var contentType: String?

    public init(url: URL, method: String = "GET", body: [UInt8]? = nil, contentType: String? = nil) {
        self.url = url
        self.method = method
        self.body = body
        self.contentType = contentType
    }
}

/// Why a form cannot be submitted; `description` is one line for the user.
public enum FormSubmissionError: Error, Equatable, Sendable, CustomStringConvertible {
    case javascriptAction
    case unsupportedAction(String)
    case invalidAction(String)
    case tooLongForGET(bytes: Int)
    case tooLargeForPOST(bytes: Int)
    case noSuchForm

    public var description: String {
        switch self {
        case .javascriptAction: "this form's action is a javascript: address, and Baton runs no scripts"
        case .unsupportedAction(let scheme): "this form submits to a \(scheme): address, which Baton cannot send to"
        case .invalidAction(let action): "this form's action is not a valid address: \(action.prefix(200))"
        case .tooLongForGET(let bytes):
            "the form's data makes an address of \(bytes / 1024) KB; Baton sends at most "
                + "\(FormSubmission.maximumGETBytes / 1024) KB in an address"
        case .tooLargeForPOST(let bytes):
            "the form's data is \(bytes / (1024 * 1024)) MB; Baton sends at most "
                + "\(FormSubmission.maximumPOSTBytes / (1024 * 1024)) MB"
        case .noSuchForm: "this field is not in a form"
        }
    }
}

/// Submitting a form as the HTML standard says: the entry list (enabled, named fields; checked boxes only;
/// the submitter alone among the buttons), encoded in the form's charset, sent by `GET` (the query of the
/// action) or `POST` (`application/x-www-form-urlencoded`, `multipart/form-data` or `text/plain`), the action
/// resolved against the document's base URL.
public enum FormSubmission {
    /// The longest address a `GET` submission makes.
    public static let maximumGETBytes = 64 * 1024
    /// The largest `POST` body.
    public static let maximumPOSTBytes = 16 * 1024 * 1024

    /// The request for submitting form `form` of `document` with `values`, by `submitter` (a field index;
    /// nil: Enter in a text field); `pageCharset` is the page's encoding label.
    public static func request(
        document: HTMLDocument, form: Int, values: FormValues, submitter: Int?, pageCharset: String?,
        documentURL: URL?
    ) throws(FormSubmissionError) -> FormRequest {
        guard document.forms.indices.contains(form) else { throw .noSuchForm }
        let description = document.forms[form]
        let button = submitter.flatMap { document.fields.indices.contains($0) ? document.fields[$0] : nil }
        let method = (button?.formMethod?.lowercased() ?? description.method) == "post" ? "POST" : "GET"
        let enctype = button?.formEnctype?.lowercased() ?? description.enctype
        let actionText = (button?.formAction ?? description.action)?.trimmingHTMLWhitespace ?? ""
        let url = try action(actionText, base: document.baseURL, documentURL: documentURL)
        let encoding = FormCharset.encoding(acceptCharset: description.acceptCharset, pageCharset: pageCharset)
        let entries = entryList(document.fields, form: form, values: values, submitter: button, charset: encoding)
        let scheme = url.scheme?.lowercased() ?? ""
        if method == "GET" {
            let query = URLEncodedForm.encode(entries, encoding: encoding)
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            components?.percentEncodedQuery = query
            guard let target = components?.url else { throw .invalidAction(actionText) }
            let length = target.absoluteString.utf8.count
            guard length <= maximumGETBytes else { throw .tooLongForGET(bytes: length) }
            return FormRequest(url: target)
        }
        guard scheme == "http" || scheme == "https" else { throw .unsupportedAction(scheme) }
        let body: [UInt8]
        let contentType: String
        switch enctype {
        case "multipart/form-data":
            let boundary = "----BatonFormBoundary" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
            body = MultipartForm.encode(entries, boundary: boundary, encoding: encoding)
            contentType = "multipart/form-data; boundary=\(boundary)"
        case "text/plain":
            body = Array(
                entries.map { "\($0.name)=\($0.value)\r\n" }.joined().data(using: encoding, allowLossyConversion: true)
                    ?? Data())
            contentType = "text/plain;charset=\(FormCharset.name(of: encoding))"
        default:
            body = Array(URLEncodedForm.encode(entries, encoding: encoding).utf8)
            contentType = "application/x-www-form-urlencoded"
        }
        guard body.count <= maximumPOSTBytes else { throw .tooLargeForPOST(bytes: body.count) }
        return FormRequest(url: url, method: "POST", body: body, contentType: contentType)
    }

    /// The action resolved against the base URL; an empty action is the document's own address.
    static func action(_ text: String, base: URL?, documentURL: URL?) throws(FormSubmissionError) -> URL {
        if text.lowercased().hasPrefix("javascript:") { throw .javascriptAction }
        let resolved = text.isEmpty ? documentURL ?? base : URLResolution.resolve(text, against: base)
        guard let url = resolved else { throw .invalidAction(text) }
        let scheme = url.scheme?.lowercased() ?? ""
        guard ["http", "https", "file"].contains(scheme) else {
            throw scheme == "javascript" ? .javascriptAction : .unsupportedAction(scheme.isEmpty ? "unknown" : scheme)
        }
        return url
    }

    /// The standard's "constructing the entry list", in tree order; line breaks in names and values become
    /// CRLF, and `_charset_` hidden fields carry the charset's name.
    static func entryList(
        _ fields: [FormField], form: Int, values: FormValues, submitter: FormField?, charset: String.Encoding
    ) -> [(name: String, value: String)] {
        var entries: [(name: String, value: String)] = []
        for field in fields where field.form == form && !field.disabled {
            switch field.kind {
            case .submit, .image, .reset, .button:
                guard field.index == submitter?.index, field.kind.isSubmitButton else { continue }
                if field.kind == .image {
                    let prefix = field.name.isEmpty ? "" : field.name + "."
                    entries.append((prefix + "x", "0"))
                    entries.append((prefix + "y", "0"))
                    continue
                }
            case .file:
                continue  // file uploads are not supported; the field is left out
            default:
                break
            }
            guard !field.name.isEmpty else { continue }
            switch values.value(of: field) {
            case .checked(let on):
                if on { entries.append((field.name, field.value)) }
            case .selected(let chosen):
                for index in chosen where field.options.indices.contains(index) && !field.options[index].disabled {
                    entries.append((field.name, field.options[index].value))
                }
            case .text(let text):
                if field.kind == .hidden, field.name.lowercased() == "_charset_" {
                    entries.append((field.name, FormCharset.name(of: charset)))
                } else if field.kind == .submit || field.kind == .button {
                    entries.append((field.name, field.value))
                } else {
                    entries.append((field.name, text))
                }
            }
        }
        return entries.map { (normalisingLineBreaks($0.name), normalisingLineBreaks($0.value)) }
    }

    private static func normalisingLineBreaks(_ text: String) -> String {
        guard text.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return text }
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .replacingOccurrences(of: "\n", with: "\r\n")
    }
}
