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
        .library(name: "KataKit", targets: ["KataKit"]),
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
        // How kata starts a compiler's job: what posix_spawn cannot set (the kernel ending it with kata, its limits).
        .target(name: "CSpawn", path: "Sources/CSpawn"),
        .target(
            name: "KataKit",
            dependencies: [
                "CCmarkGFM", "CSpawn", .target(name: "CLibcrypto", condition: .when(platforms: [.linux])),
            ]
        ),
        .target(
            name: "KataTools",
            dependencies: ["KataKit", .product(name: "Mustache", package: "swift-mustache")],
            resources: [.copy("Site/Resources")]
        ),
        // What both executables share: the workbook option, how errors are printed, running the other binary.
        .target(
            name: "KataCommandLine",
            dependencies: ["KataKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .target(name: "KataSpec"),
        .executableTarget(
            name: "kata",
            dependencies: [
                "KataKit", "KataCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "kata-tools",
            dependencies: [
                "KataKit", "KataTools", "KataCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "KataKitTests", dependencies: ["KataKit", "KataTools", "KataTestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "KataSpecTests", dependencies: ["KataSpec"]),
        .target(name: "KataTestSupport", path: "Tests/KataTestSupport"),
        .testTarget(name: "EndToEndTests", dependencies: ["KataTestSupport"], exclude: ["Fixtures", "Snapshots"]),
        .testTarget(
            name: "SiteTests", dependencies: ["KataKit", "KataTools", "KataTestSupport"],
            exclude: ["Fixtures", "Snapshots"]),
    ]
)
