import SuiteMessages
import TerminalUI

extension BrowserApp {
    public func handle(_ event: InputEvent, context: SuiteContext) -> Bool {
        defer { finish(context) }
        switch event {
        case .key(let press):
            switch mode {
            case .page: return handlePage(press, context: context)
            case .address(var field):
                switch field.handle(press) {
                case .submitted:
                    mode = .page
                    go(to: field.text)
                case .cancelled: mode = .page
                case .edited, .moved, .ignored: mode = .address(field)
                }
                return true
            case .find(var field):
                switch field.handle(press) {
                case .submitted:
                    mode = .page
                    find(field.text)
                case .cancelled: mode = .page
                case .edited, .moved, .ignored: mode = .find(field)
                }
                return true
            case .remind(var field):  // issue 16
                switch field.handle(press) {
                case .submitted:
                    mode = .page
                    remind(in: field.text, context: context)
                case .cancelled: mode = .page
                case .edited, .moved, .ignored: mode = .remind(field)
                }
                return true
            case .field(let editor):
                handleFieldKey(press, editor: editor)
                return true
            case .choosing(let chooser):
                handleChooserKey(press, chooser: chooser)
                return true
            case .textarea(let editor):
                handleTextAreaKey(press, editor: editor)
                return true
            case .confirmResubmit(let step):
                handleResubmitKey(press, step: step)
                return true
            case .confirmDownload(let offer):
                handleDownloadKey(press, offer: offer)
                return true
            }
        case .mouse(let mouse):
            return handle(mouse)
        case .resize:
            return false
        }
    }

    private func handlePage(_ press: KeyPress, context: SuiteContext) -> Bool {
        // "Continued on …" describes the moment of the handoff: the next key here moves on from it.
        if case .continuedOn = tabs.selected.notice { tabs.selected.notice = nil }
        if let digit = press.text, digit.isASCII, digit.isNumber, typedNumber.count < 6 {
            typedNumber.append(digit)
            return true
        }
        if !typedNumber.isEmpty, press == KeyPress(.backspace) {
            typedNumber.removeLast()
            return true
        }
        if press == .char("o"), let slug = tabs.selected.storeSlug {
            context.post(OpenStoreRequest(slug: slug), to: .app("Stores"))
            context.activate(app: "Stores")
            return true
        }
        if let action = BrowserBindings.action(for: press, finding: tabs.selected.find != nil) {
            perform(action)
            return true
        }
        let page = tabs.selected.page
        var tab = tabs.selected
        guard tab.scroll.handle(press, contentHeight: page?.lineCount ?? 0, viewHeight: pageSize.height) else {
            return false
        }
        tab.scroll.left = min(tab.scroll.left, max(0, (page?.widestSidewaysLine ?? 0) - pageSize.width))
        tabs.selected = tab
        return true
    }

    func perform(_ action: BrowserAction) {
        switch action {
        case .editAddress: mode = .address(TextFieldState(text: tabs.selected.address ?? "", selected: true))
        case .newTab: openTab()
        case .closeTab: closeTab()
        case .selectTab(let index): selectTab(index)
        case .previousTab: cycleTabs(by: -1)
        case .nextTab: cycleTabs(by: 1)
        case .back: stepHistory(-1)
        case .forward: stepHistory(1)
        case .find: mode = .find(TextFieldState(text: tabs.selected.find?.query ?? "", selected: true))
        case .remind: mode = .remind(TextFieldState())
        case .findNext: moveFind(forward: true)
        case .findPrevious: moveFind(forward: false)
        case .nextLink: focusLink(step: 1)
        case .previousLink: focusLink(step: -1)
        case .follow:
            if let number = Int(typedNumber) {
                typedNumber = ""
                follow(link: number)
            } else if let number = tabs.selected.focusedLink {
                follow(link: number)
            }
        case .stop:
            if tabs.selected.loading != nil {
                stopLoading()
            } else if tabs.selected.refresh != nil {
                stopRefresh()
            } else if !typedNumber.isEmpty {
                typedNumber = ""
            } else if tabs.selected.find != nil {
                tabs.selected.find = nil
            } else {
                tabs.selected.focusedLink = nil
            }
        case .reload: reload()
        }
    }

    private func handle(_ mouse: MouseEvent) -> Bool {
        let layout = BrowserLayout(area: contentArea, showsPrompt: showsPrompt)
        var tab = tabs.selected
        switch mouse.kind {
        case .wheelUp, .wheelDown:
            tab.scroll.top += mouse.kind == .wheelUp ? -3 : 3
            tab.scroll.clamp(contentHeight: tab.page?.lineCount ?? 0, viewHeight: pageSize.height)
            tabs.selected = tab
            return true
        case .press, .click:
            if layout.tabBar.contains(mouse.position) {
                let bar = BrowserView.tabBar(for: self)
                if let index = bar.tab(atColumn: mouse.position.x - layout.tabBar.x, width: layout.tabBar.width) {
                    selectTab(index)
                }
                return true
            }
            guard layout.page.contains(mouse.position), let page = tab.page else { return false }
            let line = tab.scroll.top + mouse.position.y - layout.page.y
            // Lines that scroll sideways (pre, wide tables) are shifted by the horizontal scroll.
            let shifted = page.layout.lines.indices.contains(line) && page.layout.lines[line].isPreformatted
            let column = mouse.position.x - layout.page.x - 1 + (shifted ? tab.scroll.left : 0)
            if let spot = page.linkSpots.first(where: {
                $0.line == line && column >= $0.column && column < $0.column + $0.width
            }) {
                follow(link: spot.number)
            }
            return true
        default:
            return false
        }
    }

    // MARK: Links and find

    /// Tab / Shift-Tab: focuses the next or previous link in reading order and scrolls it into view.
    func focusLink(step: Int) {
        var tab = tabs.selected
        guard let page = tab.page else { return }
        var order: [Int] = []
        var firstLine: [Int: Int] = [:]
        for spot in page.linkSpots where firstLine[spot.number] == nil {
            firstLine[spot.number] = spot.line
            order.append(spot.number)
        }
        guard !order.isEmpty else {
            tab.notice = .message("This page has no links")
            tabs.selected = tab
            return
        }
        let position: Int
        if let focused = tab.focusedLink, let current = order.firstIndex(of: focused) {
            position = (current + step + order.count) % order.count
        } else {
            // Start from the first link on screen (or the last one above it, going backwards).
            let visible = order.firstIndex { (firstLine[$0] ?? 0) >= tab.scroll.top } ?? 0
            position = step > 0 ? visible : (visible - 1 + order.count) % order.count
        }
        let number = order[position]
        tab.focusedLink = number
        tab.notice = nil
        reveal(line: firstLine[number] ?? 0, in: &tab)
        tabs.selected = tab
    }

    /// Searches the selected page; the first match at or below the top of the screen becomes current.
    func find(_ query: String) {
        var tab = tabs.selected
        guard let page = tab.page, !query.isEmpty else {
            tab.find = nil
            tabs.selected = tab
            return
        }
        tab.find = FindState(query: query, lines: page.layout.lines, from: tab.scroll.top)
        if let match = tab.find?.currentMatch { reveal(line: match.line, in: &tab) }
        tabs.selected = tab
    }

    private func moveFind(forward: Bool) {
        var tab = tabs.selected
        guard var find = tab.find else { return }
        if forward { find.next() } else { find.previous() }
        tab.find = find
        if let match = find.currentMatch { reveal(line: match.line, in: &tab) }
        tabs.selected = tab
    }

    /// Scrolls so `line` is on screen (a third of the way down when it was not).
    func reveal(line: Int, in tab: inout BrowserTab) {
        let height = pageSize.height
        if line < tab.scroll.top || line >= tab.scroll.top + height {
            tab.scroll.top = line - height / 3
        }
        tab.scroll.clamp(contentHeight: tab.page?.lineCount ?? 0, viewHeight: height)
    }

}
