import Foundation
import Notifications

/// The device's Do Not Disturb as `baton dnd` saved it, read again only when the file changed.
final class DoNotDisturbFile {
    let url: URL
    private var stamp: Date?
    private var cached = DoNotDisturb()

    init(url: URL) { self.url = url }

    /// The current state (off when the file is missing or damaged).
    var state: DoNotDisturb {
        let modified = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
        if modified != stamp {
            stamp = modified
            cached = (try? DoNotDisturb.load(from: url)) ?? DoNotDisturb()
        }
        return cached
    }

    /// Turns the manual switch over (F4's `n`); returns the new state.
    func toggle(at now: Date) throws -> DoNotDisturb {
        var next = state
        if next.isOn(at: now), next.manual {
            next.manual = false
            next.until = nil
        } else {
            next.manual = !next.isOn(at: now)
            next.until = nil
        }
        try next.save(to: url)
        stamp = nil
        return next
    }
}
