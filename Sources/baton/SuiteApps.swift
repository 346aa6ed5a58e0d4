import BatonEnvironment
import Cartography
import Foundation
import Handoff
import KeyValueStore
import MonkeyBrowser
import NotificationContentExtensionKit
import PageLoading
import Stores
import SuiteNotifications
import TerminalUI
import Today
import UserNotifications

/// The apps the suite ships, each appearing in the top bar once it exists.
enum SuiteApps {
    static func make(device: String, paths: BatonPaths, clock: BatonClock, services: SuiteServices) -> [any SuiteApp] {
        let browser = makeBrowser(device: device, paths: paths, services: services)
        let stores = StoresApp(
            resources: ResourceLocator.resourcesDirectory(), appGroupDirectory: paths.appGroupDirectory,
            coordinator: services.coordinator,
            favorites: KeyValueFavorites(
                store: services.keyValueStore, directory: paths.deviceDirectory(device)),
            deviceLocation: { try deviceLocation(device: device, paths: paths) }, launchedAt: clock.now(),
            usesBraille: StoresApp.braillePreferred(), port: services.port,
            placeFile: StoresPlace.file(paths: paths, device: device))
        let apps: [any SuiteApp] = [browser, stores, TodayApp(device: device, paths: paths)]
        let notifications = makeNotifications(
            device: device, paths: paths, port: services.port, apps: apps, now: { clock.now() })
        notifications.openURL = { [weak browser] url, context in
            guard let browser else { return }
            context.post(OpenWebpageRequest(url: url), to: .app(browser.name))
            context.activate(app: browser.name)
        }
        return apps + [notifications]
    }

    /// Notifications (F4) for the other apps: their names by bundle identifier, the CLI's as "Baton".
    private static func makeNotifications(
        device: String, paths: BatonPaths, port: MessagePort, apps: [any SuiteApp], now: @escaping @Sendable () -> Date
    ) -> NotificationsApp {
        var names = ["com.baton.cli": "Baton"]
        if let resources = ResourceLocator.resourcesDirectory() {
            for app in apps {
                if let manifest = try? AppManifest.load(app: app.name, resources: resources) {
                    names[manifest.bundleIdentifier] = app.name
                }
            }
        }
        let notifications = NotificationsApp(
            device: device, paths: paths, port: port, delegates: apps.compactMap { $0 as? any NotificationDelegate },
            appNames: names, now: now)
        // Content extensions: the apps' PlugIns that draw an expanded notification, started from lib/baton.
        if let resources = ResourceLocator.resourcesDirectory() {
            notifications.contentExtensions = ContentExtensionCatalog.load(resources: resources)
        }
        notifications.contentHost = ContentExtensionHost(paths: paths)
        notifications.devicePosition = {
            (try? DeviceLocation.load(device: device, paths: paths)).flatMap { $0 }.map {
                ContentCoordinate(latitude: $0.latitude, longitude: $0.longitude)
            }
        }
        return notifications
    }

    /// MonkeyBrowser with its start pages and manifest from Resources, its tabs saved per device,
    /// registered with Handoff; web pages handed over from devices without an app open in it.
    private static func makeBrowser(device: String, paths: BatonPaths, services: SuiteServices) -> BrowserApp {
        let resources = ResourceLocator.resourcesDirectory()
        let manifest: Result<AppManifest, Handoff.ManifestError> =
            if let resources {
                Result { () throws(Handoff.ManifestError) in
                    try AppManifest.load(app: "MonkeyBrowser", resources: resources)
                }
            } else {
                .failure(.unreadable(path: "Resources/MonkeyBrowser/Info.plist", reason: "\(ResourceError.notFound)"))
            }
        // Session cookies last as long as the suite: the ones of an earlier run go now (an unusable jar is
        // reported when a page loads).
        let cookieJar = CookieJarFile.file(paths: paths, device: device)
        _ = try? CookieJarFile(url: cookieJar).update { $0.filter { $0.expires != nil } }
        var loader = PageLoader(cookieJar: cookieJar, downloadDirectory: DownloadLocation.directory())
        loader.maximumDownloadBytes = DownloadSize.fromEnvironment()
        let browser = BrowserApp(
            fetcher: loader,
            pagesDirectory: resources?.appendingPathComponent("MonkeyBrowser/Pages", isDirectory: true),
            snapshotFile: BrowserSnapshot.file(paths: paths, device: device), manifest: manifest,
            coordinator: services.coordinator)
        services.dock.openWebpage = { [weak browser] url, context in
            guard let browser else { return WebpageOpener.open(url, context: context) }
            context.post(OpenWebpageRequest(url: url), to: .app(browser.name))
            context.activate(app: browser.name)
        }
        return browser
    }

    /// This device's location as `baton location set` saved it, if any.
    private static func deviceLocation(device: String, paths: BatonPaths) throws -> GeoCoordinate? {
        try DeviceLocation.load(device: device, paths: paths).map {
            GeoCoordinate(latitude: $0.latitude, longitude: $0.longitude)
        }
    }
}
