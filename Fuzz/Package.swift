// swift-tools-version: 6.1
import PackageDescription

/// Coverage-guided fuzz targets for Wire, built apart from Baton so that Baton's own build never links libFuzzer.
///
/// Build and run them with `scripts/fuzz.sh` (it passes `-sanitize=fuzzer,address`); see Fuzz/README.md.
let package = Package(
    name: "BatonFuzz",
    dependencies: [
        .package(name: "Baton", path: ".."),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // libFuzzer's driver, called from each target's main.swift.
        .target(name: "CFuzzerDriver"),
        // Bytes in arbitrary chunks through the daemon's decoder pipeline into messages.
        .executableTarget(
            name: "wire-frame-fuzz",
            dependencies: [
                "CFuzzerDriver",
                .product(name: "Wire", package: "Baton"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
        // Property-list values in both the wire's tagged JSON and the command line's plain JSON.
        .executableTarget(
            name: "property-list-fuzz",
            dependencies: [
                "CFuzzerDriver", .product(name: "Wire", package: "Baton"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
