import TerminalUI

/// Where the browser's parts go in its content area: tab bar, address bar, an optional prompt row,
/// the page, and the status line.
struct BrowserLayout {
    let tabBar: Rect
    let addressBar: Rect
    let prompt: Rect
    let page: Rect
    let status: Rect

    init(area: Rect, showsPrompt: Bool) {
        let (tabBar, rest) = area.splitTop(1)
        let (addressBar, belowAddress) = rest.splitTop(1)
        let (prompt, body) = belowAddress.splitTop(showsPrompt ? 1 : 0)
        let (page, status) = body.splitBottom(1)
        self.tabBar = tabBar
        self.addressBar = addressBar
        self.prompt = prompt
        self.page = page
        self.status = status
    }
}
