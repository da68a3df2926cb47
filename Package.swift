// swift-tools-version: 6.1
import PackageDescription

// kata itself: what a learner's `make run` resolves and builds. The classroom server (kata-room) is its own package
// in Room/, which depends on this one by path, so that Hummingbird, SwiftNIO and GRDB are resolved and built only
// when the room is (`make room`).
let package = Package(
    name: "kata",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "kata", targets: ["kata"]),
        // What a learner's first build leaves out (`make run` builds the kata product alone): the site builder,
        // `verify`, the translation writer and the classroom template. kata runs it for those commands, and builds
        // it the first time one is asked for (`make tools`).
        .executable(name: "kata-tools", targets: ["kata-tools"]),
        // What the room's package (Room/) builds of kata: the events and commands both sides speak, and the text escapes
        // and hashing both sides use (no process launching, no C of kata's own).
        .library(name: "KataRoomWire", targets: ["KataRoomWire", "KataBasics"]),
        .library(name: "KataSpec", targets: ["KataSpec"]),
        // For the room package's tests, which run the real kata binary as the end-to-end tests do.
        .library(name: "KataTestSupport", targets: ["KataTestSupport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmarkGFM",
            path: "Sources/CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [
                .apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]),
                .brew(["cmark-gfm"]),
            ]
        ),
        // SHA-256 and HMAC from the system's OpenSSL on Linux; Apple's systems use CryptoKit instead.
        .systemLibrary(
            name: "CLibcrypto",
            path: "Sources/CLibcrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // How kata starts every process (KataSystem's ProcessLaunch): what posix_spawn cannot set (the kernel ending it
        // with kata, its limits), and only the descriptors it is handed.
        .target(name: "CSpawn", path: "Sources/CSpawn"),
        // The engine, one module per layer; each imports only the layers below it (README, "Layout").
        .target(name: "KataMessages"),
        .target(
            name: "KataBasics", dependencies: [.target(name: "CLibcrypto", condition: .when(platforms: [.linux]))]),
        .target(name: "KataSystem", dependencies: ["KataBasics", "KataMessages", "CSpawn"]),
        // The bounds a chapter is held to before cmark-gfm reads it: a pass over every byte of every chapter on every
        // command, so it is compiled with optimization even in a debug build (`make run`'s), where it would otherwise
        // take most of a command's time (docs/PERFORMANCE.md, "A check on the real frameworks").
        .target(
            name: "KataMarkdownLimits", dependencies: ["KataBasics", "KataMessages"],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        .target(
            name: "KataWorkbook",
            dependencies: ["CCmarkGFM", "KataMarkdownLimits", "KataSystem", "KataBasics", "KataMessages"]),
        .target(name: "KataBuilding", dependencies: ["KataWorkbook", "KataSystem", "KataBasics", "KataMessages"]),
        .target(
            name: "KataGrading",
            dependencies: ["KataBuilding", "KataWorkbook", "KataSystem", "KataBasics", "KataMessages"]),
        .target(name: "KataRoomWire"),
        .target(
            name: "KataApp",
            dependencies: [
                "KataGrading", "KataBuilding", "KataWorkbook", "KataRoomWire", "KataSystem", "KataBasics",
                "KataMessages",
            ]
        ),
        .target(
            name: "KataTools",
            dependencies: [
                "KataApp", "KataGrading", "KataBuilding", "KataWorkbook", "KataMarkdownLimits", "KataRoomWire",
                "KataSystem", "KataBasics", "KataMessages", .product(name: "Mustache", package: "swift-mustache"),
            ],
            resources: [.copy("Site/Resources")]
        ),
        // What both executables share: the workbook option, how errors are printed, running the other binary.
        .target(
            name: "KataCommandLine",
            dependencies: [
                "KataApp", "KataGrading", "KataWorkbook", "KataSystem", "KataBasics", "KataMessages",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "KataSpec"),
        // kata's harness for the toolchain's own Swift Testing and XCTest: kata builds it into the library cache the
        // first time an exercise needs it, as it builds KataSpec; the targets are here so that the package's build
        // checks them.
        .target(name: "KataHarness"),
        .target(name: "KataXCTestHarness", dependencies: ["KataHarness"]),
        .executableTarget(
            name: "kata",
            dependencies: [
                "KataApp", "KataGrading", "KataBuilding", "KataWorkbook", "KataRoomWire", "KataBasics", "KataMessages",
                "KataCommandLine", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "kata-tools",
            dependencies: [
                "KataApp", "KataGrading", "KataBuilding", "KataWorkbook", "KataRoomWire", "KataBasics", "KataMessages",
                "KataTools", "KataCommandLine", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Tests per module, named like it.
        .testTarget(name: "KataMessagesTests", dependencies: ["KataMessages"]),
        .testTarget(name: "KataBasicsTests", dependencies: ["KataBasics"]),
        .testTarget(name: "KataSystemTests", dependencies: ["KataSystem", "KataBasics", "KataMessages"]),
        // The limits' own tests hold them to cmark-gfm's reading (through the workbook's parser) and to what the
        // workbook's loader says of a chapter.
        .testTarget(
            name: "KataMarkdownLimitsTests",
            dependencies: ["KataMarkdownLimits", "KataWorkbook", "KataBasics", "KataTestSupport"]),
        .testTarget(
            name: "KataWorkbookTests",
            dependencies: ["KataWorkbook", "KataMarkdownLimits", "KataBasics", "KataMessages", "KataTestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "KataBuildingTests",
            dependencies: ["KataBuilding", "KataWorkbook", "KataSystem", "KataBasics", "KataMessages"]),
        .testTarget(
            name: "KataGradingTests",
            dependencies: [
                "KataGrading", "KataBuilding", "KataWorkbook", "KataSystem", "KataBasics", "KataMessages",
                "KataTestSupport",
            ]
        ),
        .testTarget(name: "KataRoomWireTests", dependencies: ["KataRoomWire"]),
        .testTarget(
            name: "KataAppTests",
            dependencies: [
                "KataApp", "KataGrading", "KataBuilding", "KataWorkbook", "KataRoomWire", "KataSystem", "KataBasics",
                "KataMessages", "KataTestSupport",
            ]),
        .testTarget(
            name: "KataToolsTests",
            dependencies: ["KataTools", "KataApp", "KataGrading", "KataWorkbook", "KataBasics", "KataTestSupport"]),
        .testTarget(
            name: "KataCommandLineTests",
            dependencies: [
                "KataCommandLine", "KataApp", "KataWorkbook", "KataTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(name: "KataSpecTests", dependencies: ["KataSpec"]),
        .target(name: "KataTestSupport", path: "Tests/KataTestSupport"),
        .testTarget(name: "EndToEndTests", dependencies: ["KataTestSupport"], exclude: ["Fixtures", "Snapshots"]),
        .testTarget(
            name: "SiteTests",
            dependencies: ["KataApp", "KataWorkbook", "KataBasics", "KataMessages", "KataTools", "KataTestSupport"],
            exclude: ["Fixtures", "Snapshots"]),
    ]
)
