import Foundation
import Notifications
import TerminalUI
import UserNotifications

// Arrivals: the snapshot at connection, each delivery presented as the policy says, banners and the title.
extension NotificationsApp {
    func apply(_ snapshot: SuiteNotificationSnapshot, context: SuiteContext) {
        ledger.replaceDelivered(snapshot.delivered)
        ledger.replacePending(snapshot.pending)
        for (bundle, settings) in snapshot.settings { ledger.settings[bundle] = settings }
        for (bundle, categories) in snapshot.categories { ledger.categories[bundle] = categories }
        ledger.programs.merge(snapshot.programs) { heard, _ in heard }
        if !awayShown {
            // What arrived since the suite last ran is summed up in one banner, not shown one by one.
            awayShown = true
            let lastSeen = loadLastSeen()
            let away = lastSeen.map { seen in snapshot.delivered.filter { $0.date > seen } } ?? []
            if !away.isEmpty {
                for notification in away { presented.insert(Self.key(notification)) }
                context.showBanner(WhileAway.summary(away, appName: appName))
            }
            saveLastSeen()
        }
        for notification in snapshot.delivered.reversed()
        where notification.date >= startedAt && !presented.contains(Self.key(notification)) {
            let bundle = notification.owner.bundleIdentifier
            arrived(
                notification, settings: ledger.settings(of: bundle), categories: ledger.categories[bundle] ?? [],
                context: context)
        }
    }

    /// Presents a delivery as the policy says; `again` for one held while its app's permission was asked.
    func arrived(
        _ notification: DeliveredNotification, settings: NotificationSettings, categories: [NotificationCategory],
        context: SuiteContext, again: Bool = false
    ) {
        let bundle = notification.owner.bundleIdentifier
        ledger.settings[bundle] = settings
        // Already shown (or summed up) when the link connected: only the list is updated.
        guard presented.insert(Self.key(notification)).inserted || again else {
            ledger.deliver(notification)
            return
        }
        ledger.categories[bundle] = categories
        if settings.authorizationStatus == .notDetermined, requestAuthorization(for: bundle) {
            held[bundle, default: []].append(notification)
            return
        }
        var answer: PresentationOptions?
        if frontmostBundle() == bundle,
            let delegate = delegates.first(where: { $0.notificationBundleIdentifier == bundle })
        {
            answer = delegate.willPresent(notification)
        }
        let presentation = PresentationPolicy.decide(
            content: notification.request.content, settings: settings, appAnswer: answer,
            doNotDisturb: doNotDisturb())
        ledger.deliver(notification)
        if presentation.banner {
            banners.push(bannerEntry(notification, seconds: presentation.bannerSeconds, context: context))
            scheduleBannerTimer(context)
        }
        if presentation.sound { signal(.bell) }
        if presentation.banner {
            let content = notification.request.content
            let preview = settings.showPreviews
            desktopCount += 1
            signal(
                .desktop(
                    title: "\(appName(bundle)): \(preview ? content.title : "Notification")",
                    body: preview ? content.body : "", identifier: desktopCount))
        }
    }

    /// Whether a push that shows nothing rings: one with a sound (only a sound, or a badge and a sound) rings as
    /// on iOS, as the app's settings and Do Not Disturb allow an alert's sound; a content-available push never.
    func rings(_ background: BackgroundPush) -> Bool {
        guard background.kind == .silent, let sound = background.sound else { return false }
        let settings = ledger.settings(of: background.owner.bundleIdentifier)
        return PresentationPolicy.decide(
            content: NotificationContent(sound: sound), settings: settings, appAnswer: nil,
            doNotDisturb: doNotDisturb()
        ).sound
    }

    static func key(_ notification: DeliveredNotification) -> String {
        let owner = notification.owner
        return
            "\(owner.bundleIdentifier)\n\(owner.device)\n\(notification.request.identifier)\n\(notification.date.timeIntervalSince1970)"
    }

    /// The page a command-line notification opens when it is chosen (`baton notify --url`, as ntfy's click).
    static func clickURL(of response: NotificationResponse) -> URL? {
        guard response.actionIdentifier == NotificationResponse.defaultActionIdentifier,
            response.notification.owner.bundleIdentifier == "com.baton.cli",
            case .string(let text)? = response.notification.request.content.userInfo["url"]
        else { return nil }
        return URL(string: text)
    }

    /// A banner for `notification` with its category's buttons, leaving after `seconds`.
    func bannerEntry(_ notification: DeliveredNotification, seconds: Double, context: SuiteContext)
        -> BannerStack.Entry
    {
        let category = ledger.category(of: notification)
        return BannerStack.Entry(
            bar: ActionBar(notification: notification, category: category),
            appName: appName(notification.owner.bundleIdentifier), expires: context.now().addingTimeInterval(seconds),
            showsPreview: ledger.settings(of: notification.owner.bundleIdentifier).showPreviews,
            categoryOptions: category?.options ?? [],
            attachments: notification.request.content.attachments.map { attachmentInfo($0) })
    }

    /// What `attachment` is: read the first time it is shown, then kept (a store copy never changes). The
    /// cache is emptied when it holds more than `maxAttachmentInfos`.
    func attachmentInfo(_ attachment: NotificationAttachment) -> AttachmentInfo {
        if let known = attachmentInfos[attachment.url], known.name == AttachmentInfo.displayName(of: attachment) {
            return known
        }
        if attachmentInfos.count >= Self.maxAttachmentInfos { attachmentInfos = [:] }
        let info = AttachmentInfo.read(attachment)
        attachmentInfos[attachment.url] = info
        return info
    }

    func scheduleBannerTimer(_ context: SuiteContext) {
        guard let next = banners.nextExpiry else { return }
        context.schedule(after: max(0.05, next.timeIntervalSince(context.now())), NotificationsTimer.banners)
    }

    func updateTitle() {
        let total = ledger.badgeTotal
        let title = total > 0 ? "Baton (\(total))" : "Baton"
        guard title != lastTitle else { return }
        if lastTitle != nil || total > 0 { signal(.title(title)) }
        lastTitle = title
    }
}
