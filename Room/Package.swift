// swift-tools-version: 6.1
import PackageDescription

// The classroom server, kata-room (`make room` builds it; `kata room serve` runs it). Its own package so that a
// learner's build of kata never resolves or compiles the web server and database layers. It takes only the room's wire
// (KataRoomWire: the events and commands both sides speak) from the kata package in the folder above.
let package = Package(
    name: "kata-room",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "kata-room", targets: ["kata-room"])
    ],
    dependencies: [
        .package(name: "kata", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // No default traits: the room needs neither swift-configuration nor the FullFoundation extras.
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: []),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // Already in Hummingbird's graph; named because the connection guard uses them directly.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.34.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0", traits: []),
    ],
    targets: [
        .target(
            name: "KataRoomServer",
            dependencies: [
                .product(name: "KataRoomWire", package: "kata"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            resources: [.embedInCode("Resources/dashboard.html")]
        ),
        .executableTarget(
            name: "kata-room",
            dependencies: [
                "KataRoomServer",
                .product(name: "KataRoomWire", package: "kata"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "RoomTests",
            dependencies: [
                "KataRoomServer",
                .product(name: "KataRoomWire", package: "kata"),
                .product(name: "KataTestSupport", package: "kata"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ]
)
