import TerminalUI

/// The shell's own timers.
enum ShellTimer: TimerKey {
    /// The banner's time is up.
    case bannerExpiry
    /// A second passed while an offer stands (its age in the dock).
    case dockAge
}

/// An app's timer: the app it belongs to and the app's own key.
struct AppTimer: TimerKey {
    let app: String
    let timer: LoopTimer
}

/// Asks the shell to close the suite cleanly (SIGTERM, SIGHUP); post it to `.shell`.
public struct ShellQuitRequest: Sendable {
    public init() {}
}

// How a message reaches its addressee: see README.md in this directory.
extension Shell {
    /// Hands a posted message to its addressee, and to no one else.
    func route(_ envelope: Envelope, loop: LoopControl) {
        switch envelope.addressee {
        case .shell:
            if envelope.message is ShellQuitRequest { close(loop: loop) }
            if let notice = envelope.message as? DeviceTokensNotice { deviceTokens.merge(notice.tokens) { $1 } }
        case .app(let name):
            guard let index = apps.firstIndex(where: { $0.name == name }) else { return }
            deliver(envelope.message, toApp: index)
        case .everyApp:
            for index in apps.indices { deliver(envelope.message, toApp: index) }
        case .dock:
            _ = dockSource?.receive(envelope.message, context: suiteContext)
        case .keyValueStore:
            keyValueReceiver?(envelope.message)
        }
    }

    /// Delivers `message` to app `index`'s `receive` with its own context; returns the app's answer.
    @discardableResult
    func deliver(_ message: any Sendable, toApp index: Int) -> Bool {
        apps[index].receive(message, context: contexts[index])
    }

    /// Schedules `timer` for `owner` (an app's timers come back to that app only).
    func schedule(_ timer: LoopTimer, after seconds: Double, for owner: Addressee) {
        guard case .app(let name) = owner else { return }
        loop?.schedule(after: seconds, LoopTimer(AppTimer(app: name, timer: timer)))
    }

    /// A due timer: the shell's own, or an app's (delivered to that app, whichever is visible).
    func fire(_ timer: LoopTimer) {
        if let own = timer.key(as: ShellTimer.self) {
            if own == .bannerExpiry, let banner, banner.expires <= now().addingTimeInterval(0.01) {
                self.banner = nil
            }
            return
        }
        guard let appTimer = timer.key(as: AppTimer.self),
            let index = apps.firstIndex(where: { $0.name == appTimer.app })
        else { return }
        apps[index].timerFired(appTimer.timer, context: contexts[index])
    }

    /// Shows the "Continuing Activity…" indicator for app `index`, or hides it (nil).
    func setContinuing(_ index: Int?) {
        continuingApp = index.map { apps[$0].name }
    }
}
