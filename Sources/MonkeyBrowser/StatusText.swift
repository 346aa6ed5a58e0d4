import Foundation
import HTMLText
import PageLoading
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
        if case .confirmResubmit(let step) = app.mode {
            let what = step == 0 ? "Reloading" : "Going \(step < 0 ? "back" : "forward")"
            left = " \(what) sends the form again. Send it? (y/n)"
            alert = true
        } else if case .confirmDownload(let offer) = app.mode {
            left = " " + offer.question
            alert = true
        } else if let hint = Self.editingHint(app.mode) {
            left = hint
        } else if !app.typedNumber.isEmpty {
            let number = Int(app.typedNumber)
            let title =
                number.flatMap { tab.page?.field(number: $0) }.map { " → " + Self.describe($0) }
                ?? number.flatMap { tab.page?.layout.link(number: $0) }.map { " → \($0.text)" } ?? ""
            left = " Follow link \(app.typedNumber)\(title) (Enter)"
        } else if tab.loading != nil, let download = tab.download {
            left = " " + Self.progressText(download)
        } else if let loading = tab.loading, tab.notice != .continuing {
            left =
                " \(BrowserView.spinner[app.spinnerFrame % BrowserView.spinner.count]) Loading \(loading.url) (Esc stops)"
        } else if let notice = tab.notice {
            alert = notice != .continuing
            left = " " + notice.text
        } else if let number = tab.focusedLink, let field = tab.page?.field(number: number) {
            left = " [\(number)] " + Self.describe(field)
        } else if let number = tab.focusedLink, let link = tab.page?.layout.link(number: number) {
            left = " [\(number)] " + (link.url?.absoluteString ?? link.href)
        } else if let find = tab.find {
            left = " Find: " + find.summary + " (n/N)"
        } else if let note = tab.page?.note {
            alert = tab.page?.isErrorPage == true
            left = " " + note
        } else {
            let sideways = (tab.page?.widestSidewaysLine ?? 0) > app.pageSize.width
            left = " " + (tab.page?.title ?? "") + (sideways ? " · ←/→ scroll sideways" : "")
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

    /// "Saving report.bin ▕█████░░░░░▏ 50% 384 KB of 768 KB (Esc stops)".
    static func progressText(_ download: DownloadProgress) -> String {
        let name = (download.path as NSString).lastPathComponent
        var text = "Saving \(name) "
        if let total = download.total, total > 0 {
            let fraction = min(1, Double(download.received) / Double(total))
            let filled = Int((fraction * 20).rounded(.down))
            text += "▕" + String(repeating: "█", count: filled) + String(repeating: "░", count: 20 - filled) + "▏ "
            text += "\(Int(fraction * 100))% \(size(download.received)) of \(size(total))"
        } else {
            text += size(download.received)
        }
        return text + " (Esc stops)"
    }

    /// A size as files are measured: "786 KB".
    static func size(_ bytes: Int) -> String {
        ByteCountFormatter.string(fromByteCount: Int64(bytes), countStyle: .file)
    }

    /// What the status line says while a field is edited.
    static func editingHint(_ mode: BrowserInputMode) -> String? {
        switch mode {
        case .field: " Editing: Enter sends the form, Tab next field, Esc undoes"
        case .choosing(let chooser):
            chooser.multiple
                ? " Choose: ↑/↓, Space toggles, Enter done, Esc cancels" : " Choose: ↑/↓, Enter, Esc cancels"
        case .textarea: " Editing text: Enter new line, Esc when done"
        default: nil
        }
    }

    /// "text field q", "checkbox subscribe (disabled)", "submit button Go"…
    static func describe(_ field: FormField) -> String {
        var kind: String
        switch field.kind {
        case .text, .search, .email, .number, .url, .tel: kind = "\(field.kind.rawValue) field"
        case .password: kind = "password field"
        case .select: kind = field.multiple ? "list (several)" : "list"
        case .submit, .image: kind = "submit button"
        case .reset: kind = "reset button"
        default: kind = field.kind.rawValue
        }
        var text = kind
        let name = field.label.isEmpty ? field.name : field.label
        if !name.isEmpty { text += " " + name }
        if field.disabled { text += " (disabled)" } else if field.readOnly { text += " (read-only)" }
        return text + " (Enter)"
    }
}
