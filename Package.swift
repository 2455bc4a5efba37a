// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "pantrace",
    products: [
        .library(name: "PanTraceCore", targets: ["PanTraceCore"]),
        .library(name: "PanTraceStore", targets: ["PanTraceStore"]),
        .library(name: "PanTraceCapture", targets: ["PanTraceCapture"]),
        .executable(name: "pantrace", targets: ["pantrace"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
    ],
    targets: [
        .target(name: "PanTraceCore"),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(name: "PanTraceStore", dependencies: ["PanTraceCore", "CSQLite"]),
        // SPEC 9: what an app links to capture its users' pans; Core at most.
        .target(name: "PanTraceCapture", dependencies: ["PanTraceCore"]),
        // The README's capture example, verbatim; PanTraceCaptureTests runs it.
        .executableTarget(name: "capture-example", dependencies: ["PanTraceCapture", "PanTraceCore"]),
        .executableTarget(
            name: "pantrace",
            dependencies: [
                "PanTraceCore", "PanTraceStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "PanTraceCoreTests",
            dependencies: [
                "PanTraceCore",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "PanTraceStoreTests",
            dependencies: [
                "PanTraceStore", "PanTraceCore",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "pantraceTests",
            // The end-to-end tests run the built binary; depending on the
            // executable makes `swift test` build it first.
            dependencies: ["pantrace", "PanTraceCore"]
        ),
        .testTarget(
            name: "PanTraceCaptureTests",
            dependencies: [
                "PanTraceCapture", "PanTraceCore", "capture-example",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
