import Foundation
import HTMLText

/// The page a tab shows when a load fails: what was asked for and why it did not work.
enum ErrorPage {
    static func make(address: String, message: String, width: Int) -> DisplayedPage {
        let html = """
            <html><head><title>Cannot load page</title></head><body>
            <h1>Cannot load page</h1>
            <p>\(escape(message))</p>
            <p>Address: <code>\(escape(address))</code></p>
            <p>Check the address (Ctrl-L), go back (Backspace) or read <a href="about:help">the help</a>.</p>
            </body></html>
            """
        let url = URL(string: address) ?? URL(string: "about:blank") ?? URL(fileURLWithPath: "/")
        return DisplayedPage(
            url: url, document: HTMLDocument(html: html, url: nil), width: width, note: message, isErrorPage: true)
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
