import TerminalUI

/// What the browser's status line says, most pressing first: the link number being typed, loading,
/// the tab's notice, the focused link's address, the find result, the page's note, its title.
struct StatusText {
    let left: String
    let right: String
    let isAlert: Bool

    init(app: BrowserApp) {
        let tab = app.tabs.selected
        var alert = false
        let left: String
        if !app.typedNumber.isEmpty {
            let title = Int(app.typedNumber).flatMap { tab.page?.layout.link(number: $0) }.map { " → \($0.text)" } ?? ""
            left = " Follow link \(app.typedNumber)\(title) (Enter)"
        } else if let loading = tab.loading, tab.notice != .continuing {
            left =
                " \(BrowserView.spinner[app.spinnerFrame % BrowserView.spinner.count]) Loading \(loading.url) (Esc stops)"
        } else if let notice = tab.notice {
            alert = notice != .continuing
            left = " " + notice.text
        } else if let number = tab.focusedLink, let link = tab.page?.layout.link(number: number) {
            left = " [\(number)] " + (link.url?.absoluteString ?? link.href)
        } else if let find = tab.find {
            left = " Find: " + find.summary + " (n/N)"
        } else if let note = tab.page?.note {
            alert = tab.page?.isErrorPage == true
            left = " " + note
        } else {
            left = " " + (tab.page?.title ?? "")
        }
        self.left = left
        isAlert = alert
        if let page = tab.page, page.lineCount > 0 {
            let bottom = min(page.lineCount, tab.scroll.top + app.pageSize.height)
            right = "\(tab.scroll.top + 1)-\(bottom)/\(page.lineCount) "
        } else {
            right = ""
        }
    }
}
