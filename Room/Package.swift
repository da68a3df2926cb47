// swift-tools-version: 6.1
import PackageDescription

// The classroom server, kata-room (`make room` builds it; `kata room serve` runs it). Its own package so that a
// learner's build of kata never resolves or compiles the web server and database layers. It takes KataKit from
// the kata package in the folder above.
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
    ],
    targets: [
        .target(
            name: "KataRoomServer",
            dependencies: [
                .product(name: "KataKit", package: "kata"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.embedInCode("Resources/dashboard.html")]
        ),
        .executableTarget(
            name: "kata-room",
            dependencies: [
                "KataRoomServer",
                .product(name: "KataKit", package: "kata"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "RoomTests",
            dependencies: [
                "KataRoomServer",
                .product(name: "KataKit", package: "kata"),
                .product(name: "KataTestSupport", package: "kata"),
            ]
        ),
    ]
)
