import Foundation
import HTMLText

/// The page a tab shows when a load fails: what was asked for and why it did not work.
enum ErrorPage {
    static func make(address: String, message: String, width: Int) -> DisplayedPage {
        page(
            title: "Cannot load page", heading: "Cannot load page", message: message, address: address,
            advice: #"Check the address (Ctrl-L), go back (Backspace) or read <a href="about:help">the help</a>."#,
            width: width)
    }

    /// What a restored tab shows in place of a page that answered a form sent by `POST`: loading it would send
    /// the form again, which only the user may decide (Ctrl-R asks first), never a restart.
    static func formNotSentAgain(address: String, title: String?, width: Int) -> DisplayedPage {
        page(
            title: title ?? "Form not sent again", heading: "Form not sent again",
            message: "This page answered a form. Opening the tab again did not send the form again.",
            address: address, advice: "Reload (Ctrl-R) to send the form again (it asks first), or go back (Backspace).",
            width: width)
    }

    /// A page of the browser's own: `advice` is HTML, the rest is escaped.
    private static func page(
        title: String, heading: String, message: String, address: String, advice: String, width: Int
    ) -> DisplayedPage {
        let html = """
            <html><head><title>\(escape(title))</title></head><body>
            <h1>\(escape(heading))</h1>
            <p>\(escape(message))</p>
            <p>Address: <code>\(escape(address))</code></p>
            <p>\(advice)</p>
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
