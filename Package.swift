// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TagCloud",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "TagCloud", targets: ["TagCloud"]),
        .library(name: "TagCloudText", targets: ["TagCloudText"]),
        .library(name: "TagCloudGraphics", targets: ["TagCloudGraphics"]),
        .library(name: "TagCloudExport", targets: ["TagCloudExport"]),
        .library(name: "TagCloudRecipe", targets: ["TagCloudRecipe"]),
        .executable(name: "tagcloud", targets: ["tagcloud"]),
        .executable(name: "tagcloud-bench", targets: ["tagcloud-bench"]),
    ],
    targets: [
        // C libraries, found through pkg-config; one small module map each.
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
        .systemLibrary(
            name: "CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]),
        .systemLibrary(
            name: "CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]),
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]),
        .systemLibrary(
            name: "CICU", pkgConfig: "icu-uc",
            providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]),
        // libwebp with its animation encoder (libwebpmux) and decoder (libwebpdemux), for animated WebP.
        .systemLibrary(
            name: "CWebP", pkgConfig: "libwebpmux",
            providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
        // zlib, for writing PNG files (its header is in the default paths; on macOS, in the SDK).
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        // libdeflate, which compresses a whole PNG faster than zlib and into a smaller file.
        .systemLibrary(
            name: "CLibDeflate", pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]),
        // ICU renames its functions per version through macros Swift cannot import; these C
        // wrappers give TagCloudText and TagCloudGraphics stable names.
        // uregex (word patterns) is in libicui18n, which CICU's pkg-config name (icu-uc) leaves out;
        // its module map's link lines apply only where Swift imports it, and importing it clashes
        // with Foundation's own ICU module.
        .target(name: "CICUShim", dependencies: ["CICU"], linkerSettings: [.linkedLibrary("icui18n")]),

        // Pure Swift core: model, styling, layouts, CloudLayout.
        .target(name: "TagCloud"),
        .target(
            name: "TagCloudText", dependencies: ["TagCloud", "CICUShim", "CZlib"],
            resources: [.copy("Resources")]),
        .target(
            name: "TagCloudGraphics",
            dependencies: [
                "TagCloud", "CFreeType", "CHarfBuzz", "CFontconfig", "CCairo", "CZlib", "CLibDeflate",
                "CICUShim", "CWebP",
            ]),
        .target(name: "TagCloudExport", dependencies: ["TagCloud"]),
        // The application layer: a recipe (the options of a command line, a `--config` file or a
        // request body, by one set of keys) resolved and turned into output. The faces below only
        // decode into it and print.
        .target(
            name: "TagCloudRecipe",
            dependencies: ["TagCloud", "TagCloudText", "TagCloudGraphics", "TagCloudExport"]),
        // The engine the browser and the Node runner run (built for WebAssembly by scripts/build-web):
        // `tagcloud cloud` and `flow` command lines over the recipe, with the files handed over.
        .target(
            name: "TagCloudEngine",
            dependencies: ["TagCloud", "TagCloudText", "TagCloudGraphics", "TagCloudExport", "TagCloudRecipe"]),
        // `tagcloud serve`: the HTTP API over recipes, on an HTTP/1.1 server of its own
        // (Sources/TagCloudServer/HTTP).
        .target(
            name: "TagCloudServer", dependencies: ["TagCloud", "TagCloudRecipe"]),
        // The command line: argument parsing, help pages and the process's signals, over recipes.
        .target(name: "TagCloudCLI", dependencies: ["TagCloudRecipe", "TagCloudServer"]),
        .executableTarget(name: "tagcloud", dependencies: ["TagCloudCLI"]),
        .executableTarget(
            name: "tagcloud-bench",
            dependencies: ["TagCloud", "TagCloudText", "TagCloudGraphics", "TagCloudExport"]),

        // Examples that use the library products only (Examples/README.md).
        .executableTarget(name: "render-config", dependencies: ["TagCloudRecipe"], path: "Examples/render-config"),
        .executableTarget(
            name: "hello-flow", dependencies: ["TagCloud", "TagCloudGraphics", "TagCloudExport"],
            path: "Examples/hello-flow"),

        // Helpers shared by the test targets. It depends on the core only, so TagCloudTests stays
        // free of C libraries.
        .target(name: "TagCloudTestSupport", dependencies: ["TagCloud", "CZlib"], path: "Tests/TagCloudTestSupport"),
        .testTarget(name: "TagCloudTests", dependencies: ["TagCloud", "TagCloudTestSupport"]),
        .testTarget(name: "TagCloudTextTests", dependencies: ["TagCloudText"]),
        .testTarget(
            name: "TagCloudGraphicsTests",
            dependencies: ["TagCloudGraphics", "TagCloudExport", "TagCloudTestSupport"]),
        .testTarget(name: "TagCloudExportTests", dependencies: ["TagCloudExport"]),
        .testTarget(
            name: "TagCloudCLITests",
            dependencies: ["TagCloudCLI", "TagCloudRecipe", "TagCloudServer", "TagCloudEngine", "TagCloudTestSupport"]),
        // The server's HTTP side in process: its parser, Host check and limits, against real sockets.
        .testTarget(
            name: "TagCloudServerTests", dependencies: ["TagCloudServer", "TagCloudRecipe", "TagCloudTestSupport"]),
        // Tests that hold two independent renderers against each other (Cairo's pixels against the
        // layout's frames and masks, PNG against SVG and PDF drawn by other programs, the HTML page in
        // headless Chromium): the whole pipeline, with the external programs scripts/setup installs.
        .testTarget(
            name: "TagCloudIntegrationTests",
            dependencies: ["TagCloud", "TagCloudGraphics", "TagCloudExport", "TagCloudTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
