import BatonEnvironment
import Foundation
import Notifications

/// The pending requests of every app on every device, and ONE armed deadline: the soonest of them.
///
/// Not thread-safe: it lives on the daemon's event loop (the clock's actions must run there too). No polling:
/// it wakes at the soonest deadline, or after `maxArmedDelay` at the latest, to notice a wall clock that
/// jumped (wall and monotonic time disagree since the last arm) or a time-zone change; then it recomputes
/// every calendar trigger. A fire updates memory at once (a one-shot leaves, a repeat moves on) and hands
/// the batch to `onFire`, which persists it and delivers.
///
/// Confined, not locked: every call and every clock action happen on the one thread that owns it (the
/// daemon's event loop, or a test's thread with `ManualClock`), hence `@unchecked Sendable`.
final class NotificationScheduler: @unchecked Sendable {
    /// One request as scheduled.
    struct Scheduled {
        var request: NotificationRequest
        /// When it was added: the origin of time-interval triggers.
        var anchor: Date
        var nextFire: Date?
        var generation: UInt64
    }

    /// One firing: the request, the date it was due, how late when it was missed, and what remains.
    struct Firing {
        var owner: NotificationOwner
        var request: NotificationRequest
        var due: Date
        /// Seconds late, when it was missed (the daemon was down, the clock jumped past it).
        var lateBy: Double?
        /// The next date of a repeating request; nil when the request is done.
        var nextFire: Date?
        var anchor: Date
    }

    /// Why an add is refused.
    enum Refusal: Error, Equatable {
        case noFutureDate
        case capacity(kept: Int)
    }

    /// Apple's limit: 64 pending requests per app per device.
    static let maxPendingPerOwner = 64
    /// The longest the scheduler sleeps without checking the wall clock and the zone.
    static let maxArmedDelay = 60.0
    /// A disagreement between wall and monotonic time larger than this is a jump.
    static let jumpTolerance = 1.0
    /// A fire later than this is reported as late.
    static let lateThreshold = 1.0

    private(set) var books: [NotificationOwner: [String: Scheduled]] = [:]
    private var heap = DeadlineHeap<Key>()
    private var nextGeneration: UInt64 = 1
    private let clock: any DeadlineClock
    private var armed: (deadline: Date, timer: any ArmedDeadline)?
    private var armedAt: (wall: Date, monotonic: Double)?
    private var zone: TimeZone
    /// Called with every batch of fires, in order.
    var onFire: ([Firing]) -> Void = { _ in }
    /// Called when the wall clock jumped or the zone changed and the calendar triggers were recomputed.
    var onRecomputed: (String) -> Void = { _ in }

    struct Key: Hashable {
        var owner: NotificationOwner
        var identifier: String
    }

    init(clock: any DeadlineClock) {
        self.clock = clock
        zone = clock.timeZone()
    }

    /// The pending count of every owner together.
    var pendingCount: Int { books.values.reduce(0) { $0 + $1.count } }

    /// Puts back requests read from the database (not yet armed; call `start`).
    func restore(owner: NotificationOwner, request: NotificationRequest, anchor: Date, nextFire: Date?) {
        insert(owner: owner, request: request, anchor: anchor, nextFire: nextFire)
    }

    /// Fires everything missed while the daemon was down (marked late), then arms the soonest deadline.
    func start() {
        wake(restoring: true)
    }

    /// The device's time zone as the scheduler last saw it.
    var deviceTimeZone: TimeZone { zone }

    /// The next fire date `request` would have if added now, or why it cannot be kept. Adds it (replacing one
    /// with the same identifier) and returns its date and the identifier it pushed out of the 64, if any.
    func add(owner: NotificationOwner, request: NotificationRequest) throws(Refusal) -> (
        nextFire: Date?, pushedOut: String?
    ) {
        let now = clock.now()
        let nextFire = NextFireDate.after(now, trigger: request.trigger, anchor: now, deviceTimeZone: zone)
        if nextFire == nil, Self.isTimed(request.trigger) { throw .noFutureDate }
        let book = books[owner] ?? [:]
        var pushedOut: String?
        let others = book.filter { $0.key != request.identifier }
        if others.count >= Self.maxPendingPerOwner {
            let latest = others.max { Self.order($0.value.nextFire) < Self.order($1.value.nextFire) }
            guard let latest, Self.order(nextFire) < Self.order(latest.value.nextFire) else {
                throw .capacity(kept: Self.maxPendingPerOwner)
            }
            pushedOut = latest.key
            books[owner]?[latest.key] = nil
        }
        insert(owner: owner, request: request, anchor: now, nextFire: nextFire)
        arm()
        return (nextFire, pushedOut)
    }

    /// Removes pending requests of `owner` (nil: all); returns the identifiers removed.
    @discardableResult
    func remove(owner: NotificationOwner, identifiers: [String]?) -> [String] {
        guard let book = books[owner] else { return [] }
        let removed = identifiers.map { $0.filter { book[$0] != nil } } ?? Array(book.keys)
        for identifier in removed { books[owner]?[identifier] = nil }
        if books[owner]?.isEmpty == true { books[owner] = nil }
        return removed
    }

    /// Fires the location requests of `owner`s on `device` whose region the move from `from` to `to` crossed.
    func locationChanged(device: String, from: Coordinate?, to: Coordinate) {
        var firings: [Firing] = []
        let now = clock.now()
        for (owner, book) in books where owner.device == device {
            for (identifier, scheduled) in book {
                guard case .location(let region, let repeats) = scheduled.request.trigger else { continue }
                guard region.crossing(from: from, to: to) != nil else { continue }
                if !repeats { books[owner]?[identifier] = nil }
                firings.append(
                    Firing(
                        owner: owner, request: scheduled.request, due: now, lateBy: nil, nextFire: nil,
                        anchor: scheduled.anchor))
            }
        }
        if !firings.isEmpty { onFire(firings) }
    }

    /// Every pending request of owners that `filter` accepts.
    func pending(where accepts: (NotificationOwner) -> Bool) -> [PendingNotification] {
        books.filter { accepts($0.key) }.flatMap { owner, book in
            book.values.map { PendingNotification(owner: owner, request: $0.request, nextFireDate: $0.nextFire) }
        }.sorted {
            (Self.order($0.nextFireDate), $0.request.identifier) < (Self.order($1.nextFireDate), $1.request.identifier)
        }
    }

    /// Looks up one pending request.
    func scheduled(owner: NotificationOwner, identifier: String) -> Scheduled? { books[owner]?[identifier] }

    // MARK: - Internals

    private func insert(owner: NotificationOwner, request: NotificationRequest, anchor: Date, nextFire: Date?) {
        let generation = nextGeneration
        nextGeneration += 1
        books[owner, default: [:]][request.identifier] = Scheduled(
            request: request, anchor: anchor, nextFire: nextFire, generation: generation)
        if let nextFire {
            heap.insert(
                .init(date: nextFire, generation: generation, key: Key(owner: owner, identifier: request.identifier)))
        }
    }

    /// Drops stale heap tops, then arms the timer for the soonest live deadline when it is not armed already.
    private func arm() {
        while let top = heap.top, !isLive(top) { _ = heap.popTop() }
        let now = clock.now()
        let soonest = heap.top?.date
        let wanted = min(soonest ?? .distantFuture, now.addingTimeInterval(Self.maxArmedDelay))
        if let armed, armed.deadline <= wanted, armed.deadline >= now.addingTimeInterval(-Self.jumpTolerance) { return }
        armed?.timer.cancel()
        let delay = max(0, wanted.timeIntervalSince(now))
        let timer = clock.schedule(after: delay) { [weak self] in self?.fired() }
        armed = (wanted, timer)
        armedAt = (now, clock.monotonic())
    }

    private func fired() {
        armed = nil
        wake(restoring: false)
    }

    private func wake(restoring: Bool) {
        let now = clock.now()
        if let jump = wallJump(now: now) {
            recomputeCalendarTriggers(now: now)
            onRecomputed("the wall clock jumped by \(Int(jump)) s")
        }
        let currentZone = clock.timeZone()
        if currentZone.identifier != zone.identifier
            || currentZone.secondsFromGMT(for: now) != zone.secondsFromGMT(for: now)
        {
            let previous = zone.identifier
            zone = currentZone
            recomputeCalendarTriggers(now: now)
            onRecomputed("the time zone changed from \(previous) to \(currentZone.identifier)")
        }
        var firings: [Firing] = []
        while let top = heap.top, top.date <= now {
            _ = heap.popTop()
            guard isLive(top), let scheduled = books[top.key.owner]?[top.key.identifier] else { continue }
            let lateness = now.timeIntervalSince(top.date)
            let late = restoring || lateness >= Self.lateThreshold ? lateness : nil
            var next: Date?
            if scheduled.request.trigger?.repeats == true {
                next = NextFireDate.after(
                    now, trigger: scheduled.request.trigger, anchor: scheduled.anchor, deviceTimeZone: zone)
            }
            if let next {
                insert(owner: top.key.owner, request: scheduled.request, anchor: scheduled.anchor, nextFire: next)
            } else {
                books[top.key.owner]?[top.key.identifier] = nil
                if books[top.key.owner]?.isEmpty == true { books[top.key.owner] = nil }
            }
            firings.append(
                Firing(
                    owner: top.key.owner, request: scheduled.request, due: top.date, lateBy: late, nextFire: next,
                    anchor: scheduled.anchor))
        }
        if !firings.isEmpty { onFire(firings) }
        arm()
    }

    /// How far the wall clock moved apart from the monotonic one since the timer was armed, beyond tolerance.
    private func wallJump(now: Date) -> Double? {
        guard let armedAt else { return nil }
        let expected = armedAt.wall.addingTimeInterval(clock.monotonic() - armedAt.monotonic)
        let jump = now.timeIntervalSince(expected)
        return abs(jump) > Self.jumpTolerance ? jump : nil
    }

    private func recomputeCalendarTriggers(now: Date) {
        var entries: [DeadlineHeap<Key>.Entry] = []
        for (owner, book) in books {
            for (identifier, var scheduled) in book {
                if scheduled.request.trigger?.followsWallClock == true {
                    scheduled.nextFire = NextFireDate.after(
                        now, trigger: scheduled.request.trigger, anchor: scheduled.anchor, deviceTimeZone: zone)
                    books[owner]?[identifier] = scheduled
                }
                if let next = scheduled.nextFire {
                    entries.append(
                        .init(
                            date: next, generation: scheduled.generation, key: Key(owner: owner, identifier: identifier)
                        ))
                }
            }
        }
        heap.replaceAll(with: entries)
        armed?.timer.cancel()
        armed = nil
    }

    private func isLive(_ entry: DeadlineHeap<Key>.Entry) -> Bool {
        books[entry.key.owner]?[entry.key.identifier]?.generation == entry.generation
    }

    /// Event-driven triggers sort after every timed one.
    private static func order(_ date: Date?) -> Date { date ?? .distantFuture }

    private static func isTimed(_ trigger: NotificationTrigger?) -> Bool {
        switch trigger {
        case .timeInterval, .calendar: true
        default: false
        }
    }
}
