import CMallocTuning
import Foundation

/// Fills in the main heap pages a `baton dump` is about to use, on the second core while the first one
/// parses, so the parse, walk and layout do not stop for a page fault on each new page.
///
/// Measured on a 200 KB page: the run used about 20 bytes of heap per byte of HTML; faulting those pages
/// one by one cost about 1 ms of the run (900 of its 1 900 page faults). Filling in more than is used costs
/// time too (the kernel must clear the pages, and free them at exit), hence the estimate, capped by the
/// heap's free top.
enum HeapPrefault {
    /// Heap bytes a dump uses per byte of the page's HTML: 11–18 on Debian's manuals since the layout
    /// stopped copying nested tables' lines (main heap at exit, 110–275 KB pages); at 20 the fill touched
    /// 1–2 MB the run never used, which `/usr/bin/time` counts in the peak.
    static let bytesPerHTMLByte = 14

    /// Below this the thread costs more than it saves (measured: 0.15 ms lost on a 10 KB page).
    static let minimumHTMLBytes = 48 * 1024

    /// Starts filling in the pages for a page of `htmlBytes` bytes and returns at once.
    static func start(forHTMLBytes htmlBytes: Int) {
        guard htmlBytes >= minimumHTMLBytes else { return }
        var start: UInt = 0
        var length = 0
        guard baton_main_heap_free_top(&start, &length) != 0 else { return }
        let wanted = htmlBytes >= length / bytesPerHTMLByte ? length : htmlBytes * bytesPerHTMLByte
        guard wanted > 0 else { return }
        let region = (start: start, length: wanted)
        Thread.detachNewThread {
            _ = baton_populate_for_writing(region.start, region.length)
        }
    }
}
