import TerminalUI

// Over every destination (`ShellOverlay`): banners, the permission question, badges, the moon.
extension NotificationsApp {
    public func handleOverlayKey(_ press: KeyPress, context: SuiteContext) -> Bool {
        if var modal = permissions.first {
            // The question takes every key but quitting.
            if press == .f(10) || press == .ctrl("c") { return false }
            if case .answered(let allow) = modal.handle(press) {
                permissions.removeFirst()
                answer(modal, allow: allow)
            } else {
                permissions[0] = modal
            }
            return true
        }
        // Ctrl-N with no banner showing brings back the newest notification of the list.
        if press == .ctrl("n"), banners.entries.isEmpty,
            let newest = ledger.groups.flatMap({ $0.threads.flatMap(\.notifications) }).max(by: { $0.date < $1.date })
        {
            banners.recall(bannerEntry(newest, seconds: PresentationPolicy.bannerSeconds, context: context))
            return true
        }
        banners.extensionHoldsActions = expansion?.holdsActions == true
        let command = banners.handle(press)
        if !banners.isFocused { banners.expire(now: context.now()) }
        let used = perform(command, context: context)
        syncExpansion()
        return used
    }

    public func renderOverlay(in content: Rect, into buffer: inout CellBuffer, context: SuiteContext) -> Point? {
        let cursor = banners.render(
            in: content, now: now(), expanded: banners.isExpanded ? expansion?.content : nil, into: &buffer)
        if let modal = permissions.first {
            modal.render(in: content, into: &buffer)
            return nil
        }
        return cursor
    }

    public func badge(forApp name: String) -> Int? {
        guard let bundle = appNames.first(where: { $0.value == name })?.key else { return nil }
        return ledger.badges[bundle]
    }

    public var topBarMark: String? { doNotDisturb() ? "☾" : nil }
}
