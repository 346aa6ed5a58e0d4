import Foundation
import PageLoading
import TerminalUI

/// The browser's timers.
enum BrowserTimer: TimerKey {
    /// The loading spinner's next frame.
    case spinner
    /// A page's `<meta http-equiv=refresh>` (the tab's refresh token).
    case refresh(String)
    /// A continued tab stops waiting for the source's history.
    case historyTimeout(tabID: Int, exchange: Int)
    /// "Continued on …" has been shown long enough.
    case continuedNotice(tabID: Int)
}

/// Something an event asks of the suite, done with that event's context when it ends (`finish`): the
/// browser keeps no context between events.
enum BrowserEffect {
    case banner(String, Banner.Kind)
    /// Loads `url` for tab `tabID`'s load `generation`, laid out at `width`.
    case load(
        tabID: Int, generation: Int, url: URL, post: PostBody?, site: String?, consent: DownloadConsent, width: Int)
    case schedule(BrowserTimer, after: TimeInterval)
}

extension BrowserApp {
    func perform(_ effect: BrowserEffect, context: SuiteContext) {
        switch effect {
        case .banner(let text, let kind):
            context.showBanner(text, kind: kind)
        case .schedule(let timer, let seconds):
            context.schedule(after: seconds, timer)
        case .load(let tabID, let generation, let url, let post, let site, let consent, let width):
            // A load stopped or replaced within the same event does not start.
            guard let index = tabs.index(ofID: tabID), tabs[index].loading?.generation == generation else { return }
            let mailbox = context.mailbox
            let fetcher = fetcher
            loads[tabID] = Task.detached {
                let progress: @Sendable (DownloadProgress) -> Void = {
                    mailbox.post(DownloadProgressed(tabID: tabID, generation: generation, progress: $0))
                }
                let prepared = await PagePreparation.prepare(
                    url, post: post, site: site, consent: consent, fetcher: fetcher, width: width, progress: progress)
                switch prepared {
                case .page(let page):
                    mailbox.post(PageArrived(tabID: tabID, generation: generation, page: page))
                case .saved(let file):
                    mailbox.post(FileSaved(tabID: tabID, generation: generation, file: file))
                case .offered(let offer):
                    mailbox.post(DownloadOffered(tabID: tabID, generation: generation, offer: offer))
                case nil:
                    break
                }
            }
        }
    }
}
