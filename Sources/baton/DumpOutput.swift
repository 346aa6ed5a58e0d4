import Foundation
import HTMLText
import PageLoading

/// What `baton dump` prints: the page text and a `References` list, or the same as JSON.
enum DumpOutput {
    /// The lines, then the links as `w3m -dump`/`lynx -dump` list them.
    static func plain(_ page: TextPage) -> String {
        var out = page.plainText
        guard !page.links.isEmpty else { return out }
        out += "\nReferences\n\n"
        let numberWidth = String(page.links.count).count
        for link in page.links {
            let number = String(link.number)
            let padding = String(repeating: " ", count: 3 + numberWidth - number.count)
            out += "\(padding)\(number). \(link.url?.absoluteString ?? link.href)\n"
        }
        return out
    }

    struct Document: Encodable {
        struct Link: Encodable {
            var number: Int
            var url: String
            var text: String
        }
        var url: String
        var status: Int?
        var title: String
        var encoding: String
        var charsetSource: String
        var truncated: Bool
        var columns: Int
        var lines: [String]
        var links: [Link]
        var anchors: [String: Int]
    }

    static func json(page: LoadedPage, text: TextPage) throws -> String {
        let document = Document(
            url: page.url.absoluteString, status: page.statusCode, title: text.title,
            encoding: page.encoding.name,
            charsetSource: page.charsetSource.rawValue, truncated: page.isTruncated, columns: text.width,
            lines: text.plainText.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
                String.init),
            links: text.links.map {
                Document.Link(number: $0.number, url: $0.url?.absoluteString ?? $0.href, text: $0.text)
            },
            anchors: text.anchors)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
    }
}
