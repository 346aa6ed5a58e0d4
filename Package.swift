// swift-tools-version: 6.1
import PackageDescription

/// Widget extensions are static executables: no dynamic loading, fewer pages mapped, a smaller peak RSS
/// (release: 6.5 MB and 1 ms, against 9 MB and 2 ms with only the Swift runtime static).
/// (SwiftPM does not pass the static libraries' autolink entries on, hence the explicit libraries.)
let widgetExtensionLinking: [LinkerSetting] = [
    .unsafeFlags(["-static-executable", "-l_FoundationCollections", "-l_FoundationCShims", "-lswiftSynchronization"])
]

/// `baton` carries the Swift runtime and Foundation inside it (C libraries stay shared): it starts for every
/// `baton dump` and CLI call, and resolving thousands of symbols across the runtime's shared libraries cost
/// more than the work of a typical command.
/// `-static-stdlib` also exports every symbol of the program's own modules (`-export-dynamic`): 19 760 dynamic
/// symbols that nothing looks up, which the runtime's start-up `dladdr` scans one by one. `--no-export-dynamic`
/// (last on the line, so it wins) keeps them private: `baton dump` of a small page starts 0.5 ms sooner.
/// lld with `-z pack-relative-relocs` (glibc 2.36 reads DT_RELR) packs its 2.6 MB of relative relocations into
/// 21 KB: the loader touches fewer pages at every start (gold, the default linker here, cannot pack them).
let batonLinking: [LinkerSetting] = [
    .unsafeFlags([
        "-static-stdlib", "-lCoreFoundation", "-lFoundationInternationalization", "-l_FoundationICU",
        "-l_FoundationCollections", "-l_FoundationCShims", "-lswiftSynchronization",
        "-use-ld=lld", "-Xlinker", "--no-export-dynamic", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
    ])
]

/// The functions `baton dump` runs, laid out next to each other (`scripts/dump-code-order.sh` writes the list;
/// functions it names that no longer exist are skipped). The kernel maps 64 KB around every page fault on the
/// executable: the 355 KB of code a dump of a small page runs, spread over 127 such windows, made 8.4 MB of its
/// resident memory; in order, a small page's dump peaks at 14.0 MB instead of 19.1.
let dumpCodeOrder: [LinkerSetting] = [
    .unsafeFlags([
        "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/linker/dump-code-order.txt",
        "-Xlinker", "--no-warn-symbol-ordering",
    ])
]

/// Notification service extensions link as `baton` does (Swift runtime and Foundation inside, C libraries
/// shared): the parts of Foundation they use (JSON, calendars, property lists) need more than
/// FoundationEssentials, and a debug build peaks at 15 MB (18 MB with swift-crypto) against iOS's 24 MB budget.
let serviceExtensionLinking: [LinkerSetting] = batonLinking

/// `baton-fetch` the same way, with FoundationNetworking and its libcurl glue: a fetch starts in 12.6 ms instead
/// of 20.3 (51 shared libraries down to 36: libcurl's own stay shared; linking needs libcurl4-openssl-dev).
let fetchLinking: [LinkerSetting] = [
    .unsafeFlags([
        "-static-stdlib", "-lCoreFoundation", "-lFoundationInternationalization", "-l_FoundationICU",
        "-l_FoundationCollections", "-l_FoundationCShims", "-lswiftSynchronization", "-l_CFURLSessionInterface",
        "-lcurl", "-Xlinker", "--no-export-dynamic",
    ])
]

/// `baton-link` the same way (Swift runtime and Foundation inside, C libraries shared): an installed helper needs
/// nothing from the toolchain's directory, so the Debian package depends on Debian packages only (issue 29).
let linkLinking: [LinkerSetting] = [
    .unsafeFlags([
        "-static-stdlib", "-lCoreFoundation", "-lFoundationInternationalization", "-l_FoundationICU",
        "-l_FoundationCollections", "-l_FoundationCShims", "-lswiftSynchronization", "-Xlinker", "--no-export-dynamic",
    ])
]

/// `baton-box` is C, but SwiftPM links every executable with the Swift driver, which adds the Swift runtime's
/// registration object: linked statically, the supervisor needs no library from the toolchain either.
let boxLinking: [LinkerSetting] = [.unsafeFlags(["-static-stdlib"])]

/// Baton: Apple's continuity ideas (Handoff, notifications, Today widgets) for Linux terminals.
let package = Package(
    name: "Baton",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "baton", targets: ["baton"]),
        // The network process: http(s) through URLSession, so baton never links FoundationNetworking.
        .executable(name: "baton-fetch", targets: ["baton-fetch"]),
        .executable(name: "days-remaining", targets: ["days-remaining"]),
        .executable(name: "favorites-widget", targets: ["favorites-widget"]),
        .executable(name: "up-next-widget", targets: ["up-next-widget"]),
        .executable(name: "monkeybrowser-push-extension", targets: ["monkeybrowser-push-extension"]),
        .executable(name: "monkeybrowser-content-extension", targets: ["monkeybrowser-content-extension"]),
        .executable(name: "stores-content-extension", targets: ["stores-content-extension"]),
        // The supervisor extensions run under (installed next to `baton`).
        .executable(name: "baton-box", targets: ["baton-box"]),
        // The machine's freedesktop notification server (`baton notifications server on`).
        .executable(name: "baton-notification-server", targets: ["baton-notification-server"]),
        // APNs' HTTP/2 provider API on this machine (`baton apns serve|on`; `baton` never links TLS or HTTP/2).
        .executable(name: "baton-apns", targets: ["baton-apns"]),
        // ntfy's HTTP publish and subscribe API on this machine (`baton ntfy serve|on`).
        .executable(name: "baton-ntfy", targets: ["baton-ntfy"]),
        // For the fuzz targets in Fuzz/, a package of their own that links Wire with libFuzzer.
        .library(name: "Wire", targets: ["Wire"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // AES-GCM for end-to-end encrypted pushes (EncryptedPush only).
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // The account on PostgreSQL (`baton-link` only: `baton` never links it).
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // APNs' provider API (`baton-apns` only): HTTP/2 over TLS, and a self-signed certificate for --self-signed.
        .package(url: "https://github.com/apple/swift-nio-http2", from: "1.46.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
    ],
    targets: [
        // System libraries.
        .systemLibrary(name: "CNcursesw", providers: [.apt(["libncurses-dev"])]),
        .systemLibrary(name: "CGumbo", providers: [.apt(["libgumbo-dev"])]),
        // sd-bus, the freedesktop notification server's D-Bus library.
        .systemLibrary(name: "CSystemdBus", providers: [.apt(["libsystemd-dev"])]),
        // sd-bus in Swift: messages, a bus thread, calls (the freedesktop server's and the desktop bridge's).
        .target(name: "SystemdBus", dependencies: ["CSystemdBus", "CSystemdBusLoader"]),
        // sd-bus's functions, loaded from libsystemd.so.0 when first called (not at every start of `baton`).
        .target(name: "CSystemdBusLoader"),

        // Leaf utilities.
        .target(name: "CTextWidth"),
        .target(name: "CPseudoTerminal"),
        .target(name: "TextWidth", dependencies: ["CTextWidth"]),
        .target(name: "CMallocTuning"),
        // PR_SET_CHILD_SUBREAPER for extension hosts (prctl is variadic: Swift cannot call it).
        .target(name: "CProcessBox"),
        .target(
            name: "BatonEnvironment",
            dependencies: ["CProcessBox", .product(name: "Logging", package: "swift-log")],
            exclude: ["README.md"]
        ),

        // Terminal toolkit.
        .target(name: "TerminalUI", dependencies: ["CNcursesw", "TextWidth", "BatonEnvironment"]),

        // The shared core.
        .target(
            name: "Wire",
            dependencies: ["BatonEnvironment", .product(name: "NIOCore", package: "swift-nio")]
        ),
        .target(
            name: "AccountClient",
            dependencies: [
                "Wire", "BatonEnvironment",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "Handoff",
            dependencies: ["Wire", "AccountClient"]
        ),
        .target(
            name: "KeyValueStore",
            dependencies: [
                "Wire", "AccountClient", "BatonEnvironment", .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["README.md"]
        ),
        .target(
            name: "AccountService",
            dependencies: [
                "Wire", "BatonEnvironment", "Notifications", "SystemdBus",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["README.md"]
        ),

        // Apple's UserNotifications model: content, triggers, requests, categories, APNs payloads (no UI).
        .target(name: "Notifications", dependencies: ["Wire", "BatonEnvironment"], exclude: ["README.md"]),
        // APNs' provider API without the network: request checks, provider keys and tokens (ES256 JWTs).
        .target(
            name: "APNsProvider",
            dependencies: ["Notifications", "BatonEnvironment", .product(name: "Crypto", package: "swift-crypto")],
            exclude: ["README.md"]),
        // The provider API served: HTTP/2 over TLS (SwiftNIO), each push handed to the daemon as `baton push` does.
        .target(
            name: "APNsServer",
            dependencies: [
                "APNsProvider", "AccountClient", "Notifications", "Wire", "BatonEnvironment",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOHPACK", package: "swift-nio-http2"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["README.md"]),
        // The small API notification service extensions are written with (no UI, no daemon).
        .target(name: "NotificationServiceExtensionKit", dependencies: ["Notifications"]),
        // Notification content extensions (UserNotificationsUI): the protocol, its wire format, the runner.
        .target(
            name: "NotificationContentExtensionKit", dependencies: ["Notifications", "BatonEnvironment"],
            exclude: ["README.md"]),
        // Sealing and opening end-to-end encrypted pushes (`baton push --encrypt`, MonkeyBrowser's extension).
        .target(
            name: "EncryptedPush",
            dependencies: [
                "Notifications", "Wire", "BatonEnvironment", .product(name: "Crypto", package: "swift-crypto"),
            ]),
        // UNUserNotificationCenter for apps of the suite: the Notifications model over the account daemon.
        .target(
            name: "UserNotifications",
            dependencies: [
                "Notifications", "AccountClient", "Handoff", "Wire", "BatonEnvironment",
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),

        // `baton ssh`: the ssh command lines and the remote shell text (no daemon, no UI).
        .target(name: "RemoteSession", dependencies: ["BatonEnvironment"]),

        // An account on PostgreSQL: schema, sealing with the account key, the link between this machine's daemon
        // and the server. Only `baton-link` links it.
        .target(
            name: "AccountLink",
            dependencies: [
                "Wire", "AccountClient", "BatonEnvironment", "Notifications",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                // PBKDF2 for the SCRAM verifier of an account's password (`ScramVerifier`); PostgresNIO links it.
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["README.md"]),

        // A throwaway PostgreSQL cluster (Debian's initdb in a temporary directory): the tests' server and
        // `baton bench machines`' when no URL is given.
        .target(name: "LocalPostgres"),
        // A benchmark figure and its statistics (`baton bench` and `baton bench machines` print the same).
        .target(name: "BenchFigures"),

        // Content libraries (no UI).
        .target(name: "HTMLText", dependencies: ["CGumbo", "TextWidth"]),
        .target(name: "PageLoading", dependencies: ["BatonEnvironment"]),
        .target(name: "Cartography"),
        .target(name: "WidgetExtensionKit"),
        // Messages apps of the suite send each other (no dependencies).
        .target(name: "SuiteMessages"),

        // The apps.
        .target(
            name: "MonkeyBrowser",
            dependencies: [
                "TerminalUI", "HTMLText", "PageLoading", "Handoff", "Wire", "BatonEnvironment", "SuiteMessages",
                "TextWidth", "Notifications", "UserNotifications",
            ]
        ),
        .target(
            name: "Stores",
            dependencies: [
                "TerminalUI", "Cartography", "Handoff", "KeyValueStore", "BatonEnvironment", "SuiteMessages",
                "TextWidth", "Wire", "Notifications", "UserNotifications",
            ]
        ),
        .target(
            name: "Today",
            dependencies: ["TerminalUI", "WidgetExtensionKit", "BatonEnvironment", "SuiteMessages", "TextWidth"]
        ),

        // The suite shell: top bar, destinations, dock, banners, help bar.
        .target(
            name: "SuiteShell", dependencies: ["TerminalUI", "BatonEnvironment", "TextWidth"], exclude: ["README.md"]),

        // `baton bench` and `baton handoff-probe`: the benchmarks and the scriptable Handoff device.
        .target(
            name: "BatonBench",
            dependencies: [
                "AccountClient", "BatonEnvironment", "Cartography", "CPseudoTerminal", "Handoff", "KeyValueStore",
                "BenchFigures",
                "Notifications", "Stores", "TerminalUI", "Today", "Wire",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // Notifications in the suite: banners, badges, the Notification Center on F4 (issue 16).
        .target(
            name: "SuiteNotifications",
            dependencies: [
                "TerminalUI", "TextWidth", "SuiteShell", "Notifications", "UserNotifications", "BatonEnvironment",
                "SuiteMessages", "WidgetExtensionKit", "NotificationContentExtensionKit", "Today",
            ],
            exclude: ["README.md"]
        ),

        // Executables.
        .executableTarget(
            name: "baton",
            dependencies: [
                "BatonBench", "TerminalUI", "TextWidth", "BatonEnvironment", "SuiteShell", "Today",
                "MonkeyBrowser",
                "Stores", "Cartography", "WidgetExtensionKit", "KeyValueStore",
                "Wire", "AccountClient", "AccountService", "Notifications", "EncryptedPush", "SuiteNotifications",
                "UserNotifications", "Handoff", "HTMLText", "PageLoading", "CMallocTuning",
                "NotificationContentExtensionKit",
                "RemoteSession",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["README.md"],
            linkerSettings: batonLinking + dumpCodeOrder
        ),
        // `baton account …` and the daemon's link to the account's PostgreSQL server.
        .executableTarget(
            name: "baton-link",
            dependencies: [
                "AccountLink", "BatonEnvironment", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                "BenchFigures", "LocalPostgres",
            ],
            linkerSettings: linkLinking),
        .executableTarget(
            name: "baton-fetch", dependencies: ["PageLoading", "BatonEnvironment"], linkerSettings: fetchLinking),
        .executableTarget(
            name: "days-remaining", dependencies: ["WidgetExtensionKit"], linkerSettings: widgetExtensionLinking),
        .executableTarget(
            name: "favorites-widget", dependencies: ["WidgetExtensionKit"], linkerSettings: widgetExtensionLinking),
        .executableTarget(
            name: "up-next-widget", dependencies: ["WidgetExtensionKit"], linkerSettings: widgetExtensionLinking),
        // MonkeyBrowser's notification service extension: decrypts encrypted pushes.
        .executableTarget(
            name: "monkeybrowser-push-extension",
            dependencies: ["NotificationServiceExtensionKit", "Notifications", "EncryptedPush"],
            linkerSettings: serviceExtensionLinking),
        // The content extensions: MonkeyBrowser's page preview, Stores' map around a store.
        .executableTarget(
            name: "monkeybrowser-content-extension",
            dependencies: ["NotificationContentExtensionKit", "Notifications", "HTMLText", "PageLoading", "TextWidth"],
            linkerSettings: serviceExtensionLinking),
        .executableTarget(
            name: "stores-content-extension",
            dependencies: ["NotificationContentExtensionKit", "Notifications", "Cartography"],
            linkerSettings: serviceExtensionLinking),
        // A misbehaving content extension the host's tests run.
        .executableTarget(
            name: "faulty-content-extension", dependencies: ["NotificationContentExtensionKit", "Notifications"],
            linkerSettings: serviceExtensionLinking),
        // A misbehaving notification service extension the runner's tests use.
        .executableTarget(
            name: "faulty-push-extension", dependencies: ["NotificationServiceExtensionKit", "Notifications"],
            linkerSettings: serviceExtensionLinking),
        // `org.freedesktop.Notifications` on the session bus, over the daemon (sd-bus; `baton` never links it).
        .executableTarget(
            name: "baton-notification-server",
            dependencies: [
                "CSystemdBus", "SystemdBus", "AccountClient", "Notifications", "Wire", "BatonEnvironment",
                .product(name: "Logging", package: "swift-log"),
            ],
            linkerSettings: serviceExtensionLinking),
        // ntfy's API served: HTTP/1.1 (SwiftNIO), each message handed to the daemon as `baton notify` does.
        .target(
            name: "NtfyServer",
            dependencies: [
                "APNsServer", "AccountClient", "Notifications", "Wire", "BatonEnvironment",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["README.md"]),
        // `baton ntfy serve` (exec'd by `baton`), and the daemon's supervised server.
        .executableTarget(
            name: "baton-ntfy",
            dependencies: [
                "NtfyServer", "AccountClient", "BatonEnvironment", "Notifications",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            linkerSettings: serviceExtensionLinking),
        // `baton apns serve` and `baton apns key create` (exec'd by `baton`), and the daemon's supervised server.
        .executableTarget(
            name: "baton-apns",
            dependencies: [
                "APNsServer", "APNsProvider", "AccountClient", "BatonEnvironment",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            linkerSettings: serviceExtensionLinking),
        // The supervisor every extension runs under: its own process group, killed with its host (C, tiny).
        .executableTarget(name: "baton-box", linkerSettings: boxLinking),
        // Misbehaving extensions the widget host's tests run.
        .executableTarget(
            name: "greedy-widget", dependencies: ["WidgetExtensionKit"], linkerSettings: widgetExtensionLinking),
        .executableTarget(
            name: "faulty-widget", dependencies: ["WidgetExtensionKit"], linkerSettings: widgetExtensionLinking),

        // Tests.
        .target(
            name: "TestSupport",
            dependencies: [
                "SuiteShell", "TerminalUI", "BatonEnvironment", "Wire", .product(name: "NIOCore", package: "swift-nio"),
                "LocalPostgres",
            ],
            path: "Tests/TestSupport"),
        .testTarget(
            name: "StoresTests",
            dependencies: [
                "Stores", "TestSupport", "TerminalUI", "Cartography", "Handoff", "AccountClient", "Wire",
                "BatonEnvironment", "SuiteMessages", "KeyValueStore",
            ],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "TerminalUITests",
            dependencies: ["TerminalUI", "SuiteShell", "TestSupport", "BatonEnvironment", "CNcursesw", "TextWidth"],
            exclude: ["Golden"]),
        .testTarget(
            name: "SuiteNotificationsTests",
            dependencies: [
                "SuiteNotifications", "Notifications", "UserNotifications", "TerminalUI", "TestSupport",
                "NotificationContentExtensionKit", "BatonEnvironment", "Today",
            ],
            exclude: ["Golden"]),
        .testTarget(
            name: "EndToEndTests", dependencies: ["BatonEnvironment", "TestSupport"], exclude: ["Server", "Providers"]),
        .testTarget(
            name: "CartographyTests", dependencies: ["Cartography", "TextWidth", "TestSupport"], exclude: ["Golden"]),
        .testTarget(
            name: "TodayTests",
            dependencies: [
                "Today", "TerminalUI", "SuiteShell", "WidgetExtensionKit", "BatonEnvironment", "TestSupport",
            ],
            exclude: ["Golden"]),
        .testTarget(
            name: "AccountTests",
            dependencies: [
                "Wire", "Handoff", "Notifications", "UserNotifications", "AccountClient", "BatonEnvironment",
                "KeyValueStore",
                "TestSupport", .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Golden"]
        ),
        // The daemon's services in this process: a real event loop, a socket and database in a temporary directory.
        .testTarget(
            name: "AccountServiceTests",
            dependencies: [
                "AccountService", "APNsServer", "APNsProvider", .product(name: "Crypto", package: "swift-crypto"),
                "Wire", "BatonEnvironment", "TestSupport", "Notifications",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The ntfy endpoint in this process: parsing, mapping, cache and streams on an injected clock.
        .testTarget(
            name: "NtfyTests",
            dependencies: [
                "NtfyServer", "Notifications", "BatonEnvironment",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "NotificationServiceTests",
            dependencies: ["AccountService", "Notifications", "BatonEnvironment"]
        ),
        .testTarget(
            name: "MonkeyBrowserTests",
            dependencies: [
                "MonkeyBrowser", "TerminalUI", "HTMLText", "PageLoading", "BatonEnvironment", "TestSupport", "Handoff",
                "Wire", "SuiteMessages", "Notifications", "UserNotifications",
            ],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "NotificationsTests",
            dependencies: [
                "Notifications", "Wire", "BatonEnvironment", "EncryptedPush",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            exclude: ["Payloads"]),
        .testTarget(
            name: "DocumentationTests",
            dependencies: ["MonkeyBrowser", "Stores", "Today", "SuiteShell", "TerminalUI", "BatonEnvironment"]
        ),
        .testTarget(name: "RemoteSessionTests", dependencies: ["RemoteSession"]),
        .testTarget(
            name: "AccountLinkTests",
            dependencies: ["AccountLink", "BatonEnvironment", "TestSupport", "BenchFigures"]),
        .testTarget(
            name: "HTMLTextTests",
            dependencies: ["HTMLText", "PageLoading", "TestSupport"],
            exclude: ["Pages", "Golden", "Server"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
