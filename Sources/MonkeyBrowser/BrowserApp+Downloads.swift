import Foundation
import PageLoading
import TerminalUI

/// A file the browser did not save on its own: reached through a redirect or a page's refresh, so the
/// user is asked first (a page cannot start a download the user did not ask for).
public struct DownloadOffer: Hashable, Sendable {
    /// The file's address (after redirects).
    public var url: URL
    /// The name it would be saved under.
    public var filename: String
    /// Its media type, as the server says.
    public var contentType: String

    /// The prompt line.
    var question: String {
        let type = contentType.isEmpty ? "" : " (\(contentType))"
        let host = url.host.map { " from \($0)" } ?? ""
        return "Save \"\(filename)\"\(type)\(host)? (y/n)"
    }
}

extension BrowserApp {
    /// The load turned out to be a file the user did not ask for: the page shown stays (the address leaves
    /// the history) and the prompt asks whether to save it.
    func offer(_ message: DownloadOffered) {
        guard let index = tabs.index(ofID: message.tabID), tabs[index].loading?.generation == message.generation
        else { return }
        loads[message.tabID] = nil
        tabs[index].loading = nil
        tabs[index].download = nil
        if tabs[index].page != nil { tabs[index].history.returnToPrevious() }
        guard index == tabs.selectedIndex else {
            tabs[index].notice = .message("Not saved: \(message.offer.filename) (open the tab's address to save it)")
            return
        }
        mode = .confirmDownload(message.offer)
    }

    /// `y` saves the offered file (the user's own request now), anything else leaves it.
    func handleDownloadKey(_ press: KeyPress, offer: DownloadOffer) {
        mode = .page
        guard press == .char("y") || press == .char("Y") else {
            notify("Not saved: \(offer.filename)")
            return
        }
        navigate(tabs.selectedIndex, to: offer.url, consent: .given)
    }
}
