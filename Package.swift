// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "kata",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "kata", targets: ["kata"]),
        // The classroom server, its own product so that a learner's `swift build --product kata` never compiles
        // Hummingbird, SwiftNIO or GRDB (`make room` builds it; `kata room serve` runs it).
        .executable(name: "kata-room", targets: ["kata-room"]),
        .library(name: "KataKit", targets: ["KataKit"]),
        .library(name: "KataSpec", targets: ["KataSpec"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // No default traits: the room needs neither swift-configuration nor the FullFoundation extras.
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: []),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
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
        .target(
            name: "KataKit",
            dependencies: [
                "CCmarkGFM", .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            resources: [.copy("Site/Resources")]
        ),
        .target(name: "KataSpec"),
        .executableTarget(
            name: "kata",
            dependencies: [
                "KataKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "KataRoomServer",
            dependencies: [
                "KataKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.embedInCode("Resources/dashboard.html")]
        ),
        .executableTarget(
            name: "kata-room",
            dependencies: [
                "KataRoomServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "KataKitTests", dependencies: ["KataKit"], resources: [.copy("Fixtures")]),
        .testTarget(name: "KataSpecTests", dependencies: ["KataSpec"]),
        .target(name: "KataTestSupport", path: "Tests/KataTestSupport"),
        .testTarget(name: "EndToEndTests", dependencies: ["KataTestSupport"], exclude: ["Fixtures", "Snapshots"]),
        .testTarget(name: "RoomTests", dependencies: ["KataKit", "KataRoomServer", "KataTestSupport"]),
        .testTarget(
            name: "SiteTests", dependencies: ["KataKit", "KataTestSupport"], exclude: ["Fixtures", "Snapshots"]),
    ]
)
