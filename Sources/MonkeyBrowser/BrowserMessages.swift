import Foundation
import PageLoading

/// A page finished loading (or failed, as an error page) for tab `tabID`; posted to the UI thread.
struct PageArrived: Sendable {
    let tabID: Int
    let generation: Int
    let page: DisplayedPage
}

/// The address tab `tabID` loaded was a file, now saved; posted to the UI thread.
struct FileSaved: Sendable {
    let tabID: Int
    let generation: Int
    let file: SavedFile
}

/// Tab `tabID`'s load is a file the user did not ask for directly; posted to the UI thread.
struct DownloadOffered: Sendable {
    let tabID: Int
    let generation: Int
    let offer: DownloadOffer
}

/// A download of tab `tabID` came on; posted to the UI thread.
struct DownloadProgressed: Sendable {
    let tabID: Int
    let generation: Int
    let progress: DownloadProgress
}

/// Opens a web page handed over by another device (the dock's web fallback) in a tab of its own.
public struct OpenWebpageRequest: Sendable {
    public let url: URL

    public init(url: URL) { self.url = url }
}
