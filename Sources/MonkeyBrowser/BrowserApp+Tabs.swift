import Foundation
import TerminalUI

extension BrowserApp {
    /// `Ctrl-T`: a new tab on about:blank with the address bar open, up to nine.
    public func openTab() {
        guard let index = tabs.open(.other) else {
            tabs.selected.notice = .message("Nine tabs are open: close one first (Ctrl-W)")
            return
        }
        tabs[index].history = TabHistory(current: HistoryEntry(url: startAddress(for: .other)))
        ensureLoaded(index)
        mode = .address(.init())
        save()
    }

    /// `Ctrl-W`: closes the selected tab (the last one stays); its activity stops being offered.
    public func closeTab() {
        let tab = tabs.selected
        guard tabs.close(at: tabs.selectedIndex) != nil else {
            tabs.selected.notice = .message("The last tab stays open")
            return
        }
        loads.removeValue(forKey: tab.id)?.cancel()
        activities.removeValue(forKey: tab.id)?.invalidate()
        endHistoryExchange(tabID: tab.id)
        if continuingTabID == tab.id { continuingTabID = nil }
        typedNumber = ""
        ensureLoaded(tabs.selectedIndex)
        save()
    }

    /// Selects tab `index`; its activity becomes current.
    public func selectTab(_ index: Int) {
        guard index != tabs.selectedIndex else { return }
        guard tabs.select(index) else { return }
        afterSelection()
    }

    /// `[` / `]`: the previous or next tab, wrapping around.
    public func cycleTabs(by step: Int) {
        guard tabs.count > 1 else { return }
        tabs.cycle(by: step)
        afterSelection()
    }

    private func afterSelection() {
        typedNumber = ""
        mode = .page
        ensureLoaded(tabs.selectedIndex)
        reflowSelected(to: Size(width: pageSize.width + 2, height: pageSize.height))
        advertise(tabs.selectedIndex)
        save()
    }

    /// Opens a web page handed over by another device (the dock's web fallback): in a new tab, or in the
    /// selected one when nine are open.
    public func openWebpage(_ url: URL) {
        let index = tabs.open(.other) ?? tabs.selectedIndex
        tabs.select(index)
        mode = .page
        navigate(index, to: url)
    }
}
