import Foundation

/// A `<meta http-equiv="refresh" content="5; url=next.html">`: after `seconds`, go to `url` (the page
/// itself when the content names none). Read as the HTML standard's "shared declarative refresh steps" say.
public struct MetaRefresh: Sendable, Hashable {
    public var seconds: Double
    public var url: URL

    /// The refresh `content` means, or nil when it is not valid (no leading number) or its address is not an
    /// http(s) or file one.
    init?(content: String, base: URL?, documentURL: URL?) {
        var rest = Substring(content.trimmingHTMLWhitespace)
        let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        guard let seconds = Double(number.hasPrefix(".") ? "0" + number : String(number)), seconds.isFinite else {
            return nil
        }
        rest = rest.dropFirst(number.count)
        rest = rest.drop { $0.isWhitespace }
        if rest.first == ";" || rest.first == "," { rest = rest.dropFirst() }
        rest = rest.drop { $0.isWhitespace }
        if rest.lowercased().hasPrefix("url") {
            let afterName = rest.dropFirst(3).drop { $0.isWhitespace }
            if afterName.first == "=" { rest = afterName.dropFirst().drop { $0.isWhitespace } }
        }
        if let quote = rest.first, quote == "\"" || quote == "'" {
            rest = rest.dropFirst().prefix { $0 != quote }
        }
        let target: URL?
        if rest.isEmpty {
            target = documentURL
        } else {
            target = URLResolution.resolve(String(rest), against: base)
        }
        guard let target, ["http", "https", "file"].contains(target.scheme?.lowercased() ?? "") else { return nil }
        self.seconds = seconds
        url = target
    }
}
