// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "blogpager",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "blogpager", targets: ["blogpager"]),
        .library(name: "BlogpagerCore", targets: ["BlogpagerCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/LebJe/TOMLKit.git", from: "0.6.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        // One trait, not Hummingbird's two defaults: SwiftPM passes two traits' defines in an order that
        // changes from run to run, and each change compiles Hummingbird again (`swift test` after
        // `swift build`); swift-configuration support (the other) is not used.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    ],
    targets: [
        // cmark-gfm, GitHub's libcmark with its extensions (tables, strikethrough, autolinks, task
        // lists; footnotes as an option), from the system (Debian: libcmark-gfm-dev and -extensions-dev).
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        // What cmark-gfm lacks (definition lists, math kept as written), as syntax extensions through its extension API.
        .target(name: "CmarkExtensions", dependencies: ["CCmarkGFM"]),
        // zlib from the system (Debian: zlib1g-dev): Pagefind's index files are gzip.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // Turns templates/ into Swift source so the binary carries its default templates.
        .executableTarget(name: "TemplateEmbedder"),
        .plugin(
            name: "EmbedTemplates",
            capability: .buildTool(),
            dependencies: ["TemplateEmbedder"]
        ),
        // Our Liquid engine, free of the rest (no Swift Liquid package is available): Jekyll renders
        // Liquid in every post and page.
        .target(name: "Liquid"),
        .target(
            name: "BlogpagerCore",
            dependencies: [
                "Liquid",
                "CCmarkGFM",
                "CmarkExtensions",
                "CZlib",
                .product(name: "Yams", package: "Yams"),
                .product(name: "TOMLKit", package: "TOMLKit"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            // The highlighter's helper, a Python program the plugin embeds.
            exclude: ["Highlight/pygments_helper.py"],
            plugins: ["EmbedTemplates"]
        ),
        // The preview server lives apart so the core (and its tests) stay free of NIO.
        .target(
            name: "BlogpagerServer",
            dependencies: [
                "BlogpagerCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "blogpager",
            dependencies: [
                "BlogpagerCore",
                "BlogpagerServer",
                "CAllocatorSettings",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // jemalloc (Debian libjemalloc-dev) in place of glibc's malloc for the whole process: a build
            // makes and frees millions of small values over every core (docs/benchmarks.md, thirty-second
            // round). Shared, not static: the static runtime's link hides an archive's symbols, and
            // libcmark's and libc's allocations must come from the same malloc as ours.
            linkerSettings: [.linkedLibrary("jemalloc", .when(platforms: [.linux]))]
        ),
        // jemalloc's settings for the command (`malloc_conf`), in C: the allocator reads a C string.
        .target(name: "CAllocatorSettings"),
        .target(
            name: "TestSupport",
            dependencies: ["BlogpagerCore"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "BlogpagerCoreTests",
            dependencies: [
                "BlogpagerCore",
                "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "Yams", package: "Yams"),
            ],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "LiquidTests",
            dependencies: ["Liquid"]
        ),
        .testTarget(
            name: "BlogpagerServerTests",
            dependencies: ["BlogpagerServer", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
