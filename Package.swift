// swift-tools-version: 6.1
import PackageDescription

/// Widget extensions are static executables: no dynamic loading, fewer pages mapped, a smaller peak RSS
/// (release: 6.5 MB and 1 ms, against 9 MB and 2 ms with only the Swift runtime static).
/// (SwiftPM does not pass the static libraries' autolink entries on, hence the explicit libraries.)
let widgetExtensionLinking: [LinkerSetting] = [
    .unsafeFlags(["-static-executable", "-l_FoundationCollections", "-l_FoundationCShims", "-lswiftSynchronization"])
]

/// `baton` links the Swift runtime and Foundation statically: no symbol binding for them at start
/// (`baton dump` of a 200 KB page: ~7 ms less CPU); libcurl comes from `CLazyCurl`, loaded on the first http(s) load.
/// (The static libraries' autolink entries are not passed on, hence the explicit libraries.) Linked by lld
/// with packed relative relocations (DT_RELR, glibc 2.36+): the ~140 000 pointers a PIE binary relocates at
/// start take 0.6 M cycles in ld.so instead of 6 M with gold's RELA.
let batonLinking: [LinkerSetting] = [
    .unsafeFlags([
        "-static-stdlib", "-Xlinker", "--start-group", "-lFoundationNetworking", "-l_CFURLSessionInterface",
        "-lFoundation", "-lFoundationInternationalization", "-lFoundationEssentials", "-lCoreFoundation",
        "-l_FoundationICU", "-l_FoundationCollections", "-l_FoundationCShims", "-lswiftSynchronization",
        "-Xlinker", "--end-group", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
    ])
]

/// Baton: Apple's continuity ideas (Handoff, notifications, Today widgets) for Linux terminals.
let package = Package(
    name: "Baton",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "baton", targets: ["baton"]),
        .executable(name: "days-remaining", targets: ["days-remaining"]),
        .executable(name: "favorites-widget", targets: ["favorites-widget"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // System libraries.
        .systemLibrary(name: "CNcursesw", providers: [.apt(["libncurses-dev"])]),
        .systemLibrary(name: "CGumbo", providers: [.apt(["libgumbo-dev"])]),

        // Leaf utilities.
        .target(name: "CTextWidth"),
        .target(name: "TextWidth", dependencies: ["CTextWidth"]),
        .target(name: "CLazyCurl"),
        .target(name: "CMallocTuning"),
        .target(
            name: "BatonEnvironment",
            dependencies: [.product(name: "Logging", package: "swift-log")]
        ),

        // Terminal toolkit.
        .target(name: "TerminalUI", dependencies: ["CNcursesw", "TextWidth"]),

        // The shared core.
        .target(
            name: "Wire",
            dependencies: [.product(name: "NIOCore", package: "swift-nio")]
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
            dependencies: ["Wire", "AccountClient", .product(name: "NIOCore", package: "swift-nio")]
        ),
        .target(name: "KeyValueStore", dependencies: ["Wire", "AccountClient"]),
        .target(
            name: "AccountService",
            dependencies: [
                "Wire", "BatonEnvironment",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // Content libraries (no UI).
        .target(name: "HTMLText", dependencies: ["CGumbo", "TextWidth"]),
        .target(name: "PageLoading"),
        .target(name: "Cartography", dependencies: ["TextWidth"]),
        .target(name: "WidgetExtensionKit"),

        // The apps.
        .target(
            name: "MonkeyBrowser",
            dependencies: ["TerminalUI", "HTMLText", "Handoff", "BatonEnvironment"]
        ),
        .target(
            name: "Stores",
            dependencies: ["TerminalUI", "Cartography", "Handoff", "KeyValueStore", "BatonEnvironment"]
        ),
        .target(
            name: "Today",
            dependencies: ["TerminalUI", "WidgetExtensionKit", "BatonEnvironment"]
        ),

        // The suite shell: top bar, destinations, dock, banners, help bar.
        .target(name: "SuiteShell", dependencies: ["TerminalUI", "BatonEnvironment"]),

        // Executables.
        .executableTarget(
            name: "baton",
            dependencies: [
                "TerminalUI", "TextWidth", "BatonEnvironment", "SuiteShell", "Today", "Cartography",
                "WidgetExtensionKit",
                "Wire", "AccountClient", "AccountService", "Handoff", "HTMLText", "PageLoading", "CLazyCurl",
                "CMallocTuning",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            linkerSettings: batonLinking
        ),
        .executableTarget(
            name: "days-remaining", dependencies: ["WidgetExtensionKit"], linkerSettings: widgetExtensionLinking),
        .executableTarget(
            name: "favorites-widget", dependencies: ["WidgetExtensionKit"], linkerSettings: widgetExtensionLinking),
        // Misbehaving extensions the widget host's tests run.
        .executableTarget(
            name: "greedy-widget", dependencies: ["WidgetExtensionKit"], linkerSettings: widgetExtensionLinking),
        .executableTarget(
            name: "faulty-widget", dependencies: ["WidgetExtensionKit"], linkerSettings: widgetExtensionLinking),

        // Tests.
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "SuiteShell"]),
        .testTarget(name: "EndToEndTests", dependencies: ["BatonEnvironment"]),
        .testTarget(name: "CartographyTests", dependencies: ["Cartography", "TextWidth"], exclude: ["Golden"]),
        .testTarget(
            name: "TodayTests", dependencies: ["Today", "TerminalUI", "WidgetExtensionKit", "BatonEnvironment"]),
        .testTarget(
            name: "AccountTests",
            dependencies: [
                "Wire", "Handoff", "AccountClient", "BatonEnvironment",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "HTMLTextTests",
            dependencies: ["HTMLText", "PageLoading"],
            exclude: ["Pages", "Golden", "Server"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
