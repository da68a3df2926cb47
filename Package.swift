// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "kata",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "kata", targets: ["kata"]),
        .library(name: "KataKit", targets: ["KataKit"]),
        .library(name: "KataSpec", targets: ["KataSpec"]),
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
        .target(
            name: "KataKit",
            dependencies: ["CCmarkGFM", .product(name: "Mustache", package: "swift-mustache")],
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
        .testTarget(name: "KataKitTests", dependencies: ["KataKit"], resources: [.copy("Fixtures")]),
        .testTarget(name: "KataSpecTests", dependencies: ["KataSpec"]),
        .target(name: "KataTestSupport", path: "Tests/KataTestSupport"),
        .testTarget(name: "EndToEndTests", dependencies: ["KataTestSupport"], exclude: ["Fixtures", "Snapshots"]),
        .testTarget(
            name: "SiteTests", dependencies: ["KataKit", "KataTestSupport"], exclude: ["Fixtures", "Snapshots"]),
    ]
)
