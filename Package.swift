// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "pantrace",
    // An app and its test target can depend on the libraries (SPEC 9 capture, replay from Swift).
    platforms: [.iOS(.v15), .macOS(.v13)],
    products: [
        .library(name: "PanTraceCore", targets: ["PanTraceCore"]),
        .library(name: "PanTraceStore", targets: ["PanTraceStore"]),
        .library(name: "PanTrace", targets: ["PanTrace"]),
        .library(name: "PanTraceCapture", targets: ["PanTraceCapture"]),
        .executable(name: "pantrace", targets: ["pantrace"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
        // pantrace lab's HTTP server (docs/lab.md): no SwiftNIO tree, a cold build in seconds.
        .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
    ],
    targets: [
        .target(name: "PanTraceCore"),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(name: "PanTraceStore", dependencies: ["PanTraceCore", "CSQLite"]),
        // The workflows (record, replay, regress; later tune and export) as Swift API.
        .target(name: "PanTrace", dependencies: ["PanTraceStore", "PanTraceCore"]),
        // The gesture lab (docs/lab.md): the page, its tasks and the server that stores each gesture.
        .target(
            name: "PanTraceLab",
            dependencies: [
                "PanTrace", "PanTraceStore", "PanTraceCore", .product(name: "FlyingFox", package: "FlyingFox"),
            ]
        ),
        // SPEC 9: what an app links to capture its users' pans; Core at most.
        .target(name: "PanTraceCapture", dependencies: ["PanTraceCore"]),
        // The README's capture example, verbatim; PanTraceCaptureTests runs it.
        .executableTarget(name: "capture-example", dependencies: ["PanTraceCapture", "PanTraceCore"]),
        .executableTarget(
            name: "pantrace",
            dependencies: [
                "PanTrace", "PanTraceCore", "PanTraceStore", "PanTraceLab",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Headless Chromium and what the browser tests read back from a page,
        // shared by the renderer's tests and the workflow's (SPEC 7.8).
        .target(name: "BrowserTestSupport", dependencies: ["TestFolders"], path: "Tests/BrowserTestSupport"),
        // Every test's temporary folder, under one folder per test process
        // that is removed when it exits.
        .target(name: "TestFolders", path: "Tests/TestFolders"),
        // The trait that runs a test waiting on a process, the browser or a
        // lock on threads of its own, off Swift Testing's pool.
        .target(name: "TestThreads", path: "Tests/TestThreads"),
        // A database read with SQL as the sqlite3 shell reads it, in-process
        // (the system SQLite, not the store's code), for the workflow and
        // end-to-end tests.
        .target(name: "SQLiteTestSupport", dependencies: ["CSQLite"], path: "Tests/SQLiteTestSupport"),
        .testTarget(
            name: "PanTraceCoreTests",
            dependencies: [
                "PanTraceCore", "BrowserTestSupport", "TestFolders", "TestThreads",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "PanTraceStoreTests",
            dependencies: [
                "PanTraceStore", "PanTraceCore", "TestFolders", "TestThreads",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "PanTraceTests",
            dependencies: [
                "PanTrace", "PanTraceStore", "PanTraceCore", "BrowserTestSupport", "SQLiteTestSupport", "TestFolders", "TestThreads",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "pantraceTests",
            // The end-to-end tests run the built binary; depending on the
            // executable makes `swift test` build it first.
            dependencies: ["pantrace", "PanTraceCore", "SQLiteTestSupport", "TestFolders", "TestThreads", "BrowserTestSupport"],
            // The help's golden files, read from the source tree by path.
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "PanTraceLabTests",
            dependencies: [
                "PanTraceLab", "PanTrace", "PanTraceStore", "PanTraceCore", "BrowserTestSupport", "SQLiteTestSupport",
                "TestFolders", "TestThreads",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "PanTraceCaptureTests",
            dependencies: [
                "PanTraceCapture", "PanTraceCore", "capture-example", "TestFolders", "TestThreads",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
