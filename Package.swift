// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "blogpager",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "blogpager", targets: ["blogpager"]),
        .library(name: "BlogpagerCore", targets: ["BlogpagerCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        // libcmark from the system (Debian: libcmark-dev).
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        // Turns templates/ into Swift source so the binary carries its default templates.
        .executableTarget(name: "TemplateEmbedder"),
        .plugin(
            name: "EmbedTemplates",
            capability: .buildTool(),
            dependencies: ["TemplateEmbedder"]
        ),
        .target(
            name: "BlogpagerCore",
            dependencies: [
                "CCmark",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            plugins: ["EmbedTemplates"]
        ),
        .executableTarget(
            name: "blogpager",
            dependencies: [
                "BlogpagerCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
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
            ],
            exclude: ["Golden"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
