// swift-tools-version:6.0
// Fuzz targets for libFuzzer, kept in their own package so the main package stays free of unsafe
// flags (a package with them cannot be used as a dependency). Build and run with `make fuzz`.
import PackageDescription

let fuzzSettings: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "TagCloudFuzz",
    dependencies: [.package(name: "TagCloud", path: "..")],
    targets: [
        .executableTarget(
            name: "FuzzArguments", dependencies: [.product(name: "TagCloudCLI", package: "TagCloud")],
            swiftSettings: fuzzSettings),
        .executableTarget(
            name: "FuzzTables", dependencies: [.product(name: "TagCloudText", package: "TagCloud")],
            swiftSettings: fuzzSettings),
        .executableTarget(
            name: "FuzzConfig", dependencies: [.product(name: "TagCloudCLI", package: "TagCloud")],
            swiftSettings: fuzzSettings),
        .executableTarget(
            name: "FuzzTokenizer",
            dependencies: [
                .product(name: "TagCloudText", package: "TagCloud"),
                .product(name: "TagCloud", package: "TagCloud"),
            ],
            swiftSettings: fuzzSettings),
        .executableTarget(
            name: "FuzzPNG", dependencies: [.product(name: "TagCloudGraphics", package: "TagCloud")],
            swiftSettings: fuzzSettings),
        .executableTarget(
            name: "FuzzServiceBody",
            dependencies: [
                .product(name: "TagCloudCLI", package: "TagCloud"),
                .product(name: "TagCloud", package: "TagCloud"),
            ],
            swiftSettings: fuzzSettings),
    ],
    swiftLanguageModes: [.v6]
)
