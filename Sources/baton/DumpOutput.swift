import BatonEnvironment
import Foundation
import HTMLText
import PageLoading

/// `baton dump --json`: the laid-out page and its links as JSON.
enum DumpOutput {
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
        return try JSONOutput.string(document) + "\n"
    }
}
