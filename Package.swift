// swift-tools-version: 6.1
import PackageDescription

/// Baton: Apple's continuity ideas (Handoff, notifications, Today widgets) for Linux terminals.
let package = Package(
    name: "Baton",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "baton", targets: ["baton"]),
        .executable(name: "days-remaining", targets: ["days-remaining"]),
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
        .target(name: "Handoff", dependencies: ["Wire", "AccountClient"]),
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

        // Executables.
        .executableTarget(
            name: "baton",
            dependencies: [
                "TerminalUI", "BatonEnvironment", "Today", "HTMLText", "PageLoading",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(name: "days-remaining", dependencies: ["WidgetExtensionKit"]),

        // Tests.
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
        .testTarget(name: "EndToEndTests", dependencies: ["BatonEnvironment"]),
        .testTarget(
            name: "HTMLTextTests",
            dependencies: ["HTMLText", "PageLoading"],
            exclude: ["Pages", "Golden", "Server"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
