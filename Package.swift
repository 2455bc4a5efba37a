// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "pantrace",
    // An app and its test target can depend on the libraries (docs/capture.md capture, replay from Swift).
    platforms: [.iOS(.v15), .macOS(.v13)],
    products: [
        .library(name: "PanTraceModel", targets: ["PanTraceModel"]),
        .library(name: "PanTraceCore", targets: ["PanTraceCore"]),
        .library(name: "PanTraceReports", targets: ["PanTraceReports"]),
        .library(name: "PanTraceStore", targets: ["PanTraceStore"]),
        .library(name: "PanTraceKit", targets: ["PanTraceKit"]),
        .library(name: "PanTraceCapture", targets: ["PanTraceCapture"]),
        // The product keeps the command's name; the target's name differs from
        // every other module's even ignoring case (macOS's file system).
        .executable(name: "pantrace", targets: ["PanTraceCLI"]),
        .executable(name: "pantrace-lab", targets: ["PanTraceLabCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
        // pantrace lab's HTTP server (docs/lab.md): HummingbirdCore on SwiftNIO, its traits
        // (swift-configuration, full Foundation) off; a graceful SIGTERM/SIGINT through
        // swift-service-lifecycle. The rest are the modules the lab's pipeline names
        // (docs/architecture.md), at the versions hummingbird resolves them to.
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-extras", exact: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        // The DocC reference of the library products (scripts/docs.sh): a command plugin, linked into nothing.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"),
        // Golden files in the tests (Tests/Snapshots): one record mode, never recording on CI.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", exact: "1.19.7"),
        // The tests that need a process (the binary's signals and closed
        // streams, the lab, the README's commands; the oracle, the capture
        // example) spawn and await it through it.
        .package(url: "https://github.com/swiftlang/swift-subprocess", exact: "1.0.2"),
    ],
    targets: [
        // docs/architecture.md: what each target owns and may import
        // (scripts/check-package.py holds every target to its row).
        // The values: trace, sample, config, outcome, frame, and their JSON codec.
        .target(name: "PanTraceModel"),
        // The simulation, synthetic traces, tuning and run comparison: no I/O, no reports.
        .target(name: "PanTraceCore", dependencies: ["PanTraceModel"]),
        // Every renderer: text, JSON, JUnit, HTML/SVG.
        .target(name: "PanTraceReports", dependencies: ["PanTraceCore", "PanTraceModel"]),
        // On Linux the headers come from libsqlite3-dev; on macOS and iOS the
        // SDK has sqlite3.h and libsqlite3, so there is nothing to install
        // (no Homebrew provider: its keg-only sqlite would not be used), and
        // pkg-config is optional there (README "Set up").
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(name: "PanTraceStore", dependencies: ["PanTraceModel", "CSQLite"]),
        // The workflows (record, replay, regress; later tune and export) as Swift API.
        .target(name: "PanTraceKit", dependencies: ["PanTraceStore", "PanTraceCore", "PanTraceReports", "PanTraceModel"]),
        // The gesture lab (docs/lab.md): the page, its tasks and the server that stores each gesture.
        .target(
            name: "PanTraceLab",
            dependencies: [
                "PanTraceStore", "PanTraceCore", "PanTraceModel",
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // docs/capture.md: what an app links to capture its users' pans; the model only.
        .target(name: "PanTraceCapture", dependencies: ["PanTraceModel"]),
        // The README's capture example, verbatim; PanTraceCaptureTests runs it.
        .executableTarget(name: "capture-example", dependencies: ["PanTraceCapture", "PanTraceModel"]),
        // The command line: its commands, options, output and exit statuses,
        // as a library both executables share.
        .target(
            name: "PanTraceCommands",
            dependencies: [
                "PanTraceKit", "PanTraceReports", "PanTraceCore", "PanTraceModel", "PanTraceStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `pantrace`: every command but the lab, which it runs by exec. The lab's
        // server brings Foundation, which the other commands never load.
        .executableTarget(name: "PanTraceCLI", dependencies: ["PanTraceCommands"]),
        // `pantrace-lab`: what `pantrace lab` runs (docs/lab.md).
        .executableTarget(
            name: "PanTraceLabCLI",
            dependencies: [
                "PanTraceCommands", "PanTraceLab", "PanTraceKit", "PanTraceModel",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // Headless Chromium and what the browser tests read back from a page,
        // shared by the renderer's tests and the workflow's (docs/commands.md §7.8),
        // and an HTTP client on a loopback connection, on NIO's event loops, for
        // what only the wire shows of the lab's server (`WireClient`).
        .target(
            name: "BrowserTestSupport",
            dependencies: [
                "TestFolders",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            path: "Tests/BrowserTestSupport"
        ),
        // Every test's temporary folder, under one folder per test process
        // that is removed when it exits.
        .target(name: "TestFolders", path: "Tests/TestFolders"),
        // A database read with SQL as the sqlite3 shell reads it, in-process
        // (the system SQLite, not the store's code), for the workflow and
        // end-to-end tests.
        .target(name: "SQLiteTestSupport", dependencies: ["CSQLite"], path: "Tests/SQLiteTestSupport"),
        // The traces several test targets build or read: `TraceBuilder`, the
        // worked examples' traces, small trace lines, `Config.with`, `../shared`'s fixtures.
        .target(name: "TraceFixtures", dependencies: ["PanTraceModel"], path: "Tests/TraceFixtures"),
        // The one record mode of every golden file (help, reports, docs tables).
        .target(
            name: "Snapshots",
            dependencies: [.product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
            path: "Tests/Snapshots"
        ),
        .testTarget(
            name: "PanTraceModelTests",
            dependencies: [
                "PanTraceModel", "TraceFixtures", "TestFolders", "Snapshots",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "PanTraceCoreTests",
            // PanTraceReports: the tuning and comparison tests read their counts in the reports too.
            dependencies: [
                "PanTraceCore", "PanTraceModel", "PanTraceReports", "TraceFixtures", "Snapshots",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "PanTraceReportsTests",
            dependencies: [
                "PanTraceReports", "PanTraceCore", "PanTraceModel", "TraceFixtures", "BrowserTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "PanTraceStoreTests",
            dependencies: [
                "PanTraceStore", "PanTraceCore", "PanTraceModel", "TestFolders",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "PanTraceKitTests",
            dependencies: [
                "PanTraceKit", "PanTraceStore", "PanTraceCore", "PanTraceReports", "PanTraceModel", "BrowserTestSupport", "SQLiteTestSupport", "TestFolders",
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "Subprocess", package: "swift-subprocess"),
            ]
        ),
        .testTarget(
            name: "PanTraceCLITests",
            // The commands run in-process (`Pantrace.run(_:in:)`); the tests that
            // need a process run the built binary, and depending on the
            // executables makes `swift test` build them first.
            dependencies: [
                "PanTraceCLI", "PanTraceLabCLI", "PanTraceCommands", "PanTraceKit", "PanTraceStore", "PanTraceCore", "PanTraceModel",
                "SQLiteTestSupport", "TestFolders", "Snapshots", "BrowserTestSupport",
                .product(name: "Subprocess", package: "swift-subprocess"),
            ],
            // The help's and reports' golden files, read from the source tree by path.
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "PanTraceLabTests",
            // The wire tests' pipeline checks are NIO's (NIOEmbedded: the
            // pipeline fed bytes cut anywhere); the server runs in a service group as the command runs it.
            dependencies: [
                "PanTraceLab", "PanTraceKit", "PanTraceStore", "PanTraceCore", "PanTraceModel", "BrowserTestSupport",
                "SQLiteTestSupport", "TestFolders",
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "PanTraceCaptureTests",
            dependencies: [
                "PanTraceCapture", "PanTraceCore", "PanTraceModel", "capture-example", "TestFolders",
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "Subprocess", package: "swift-subprocess"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
