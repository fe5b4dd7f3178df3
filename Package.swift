// swift-tools-version:6.1
import PackageDescription

/// A dependency used only when the `Server` trait is on.
let server = TargetDependencyCondition.when(traits: ["Server"])

let package = Package(
  name: "Galley",
  products: [
    // The shared vocabulary: colors, font weights and underline styles, pure Swift.
    .library(name: "GalleyStyle", targets: ["GalleyStyle"]),
    // The markup formatter and its attributed-run model: pure Swift, no C dependency.
    .library(name: "GalleyMarkup", targets: ["GalleyMarkup"]),
    // Family + weight + italic resolved to font files through fontconfig, with fallback.
    .library(name: "GalleyFonts", targets: ["GalleyFonts"]),
    // Shaping, line breaking, lines, link rectangles and hit-testing.
    .library(name: "GalleyLayout", targets: ["GalleyLayout"]),
    // Drawing layouts to pixels, PNG, SVG and PDF, with shadows, outlines and gradients.
    .library(name: "GalleyRender", targets: ["GalleyRender"]),
    // `galley font` and `galley fonts` in a small static process (fontconfig only); every
    // other command line goes to `galley-engine` beside it.
    .executable(name: "galley", targets: ["GalleyFront"]),
    // Every `galley` command; `galley` starts it with the same arguments.
    .executable(name: "galley-engine", targets: ["GalleyCLI"]),
    // `galley check`, which `galley` starts for that command: it links all of Foundation (its
    // JSON reader and ICU's language list) and libxml2, which no other command loads.
    .executable(name: "galley-check", targets: ["GalleyCheckCLI"]),
    .executable(name: "galley-bench", targets: ["GalleyBench"]),
    // The catalog readers for the libFuzzer harness in Fuzz/ (an `@_spi(Fuzzing)` entry
    // point); not API, as its leading underscore says.
    .library(name: "_GalleyCheckFuzzing", targets: ["GalleyCheck"]),
    // The HTTP service over the libraries (Hummingbird); `galley` does not link it. Built
    // with the `Server` trait (`swift build --traits Server`); without it, it says so and exits.
    .executable(name: "galley-server", targets: ["GalleyServer"]),
  ],
  traits: [
    .trait(
      name: "Server",
      description: """
        galley-server and its dependencies (Hummingbird, SwiftNIO, swift-service-lifecycle, \
        swift-log, swift-metrics, swift-prometheus). Off by default, so a package that depends on \
        Galley's libraries resolves none of them.
        """)
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // The HTTP service only (GalleyServerKit, GalleyServer and their tests), under the `Server`
    // trait: every product of these packages below is used with `server`.
    .package(
      url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1",
      traits: ["FullFoundation"]),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
  ],
  targets: [
    // MARK: C libraries
    .systemLibrary(
      name: "CFontconfig",
      pkgConfig: "fontconfig",
      providers: [.apt(["libfontconfig-dev"])]
    ),
    .systemLibrary(
      name: "CHarfBuzz",
      pkgConfig: "harfbuzz",
      providers: [.apt(["libharfbuzz-dev"])]
    ),
    // libhyphen (no pkg-config file in Debian): TeX hyphenation patterns, for `hyphens: auto`.
    .systemLibrary(
      name: "CHyphen",
      providers: [.apt(["libhyphen-dev"])]
    ),
    // cairo with its FreeType font backend (and its PNG, SVG and PDF surfaces).
    .systemLibrary(
      name: "CCairo",
      pkgConfig: "cairo-ft",
      providers: [.apt(["libcairo2-dev"])]
    ),
    // pixman, cairo's compositing library: glyph masks composited in bulk.
    .systemLibrary(
      name: "CPixman",
      pkgConfig: "pixman-1",
      providers: [.apt(["libpixman-1-dev"])]
    ),
    // libxml2 (its pkg-config flags and library), for CXMLSAX alone: its headers include the
    // system's ICU, which clashes with Foundation's, so no Swift target imports them.
    .systemLibrary(
      name: "CLibXML2",
      pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"])]
    ),
    // libxml2's SAX2 parser behind plain C types, for the XML string catalogs of `galley check`.
    .target(name: "CXMLSAX", dependencies: ["CLibXML2"]),
    // ICU's entry points are renamed by version macros that Swift cannot import, so small C
    // files of ours call them (line breaking, bidi levels and classes) and expose plain C types.
    .target(
      name: "CICU",
      linkerSettings: [.linkedLibrary("icuuc")]
    ),

    // PNG encoding with libpng, which reports errors with longjmp: a small C file of ours
    // catches them and exposes a plain C function.
    .target(
      name: "CPNGEncode",
      linkerSettings: [.linkedLibrary("png16")]
    ),

    // MARK: Swift modules
    // Colors, font weights and underline styles, shared by every library (and re-exported by
    // each of the four, whose public APIs use them).
    .target(name: "GalleyStyle", dependencies: ["GalleySupport"]),
    // What every library shares and no client sees: binary search, UTF-8 decoding, bounded
    // reading of input files with file-system errors in words, and the JSON writer the
    // libraries' large documents use; package-internal.
    .target(name: "GalleySupport"),
    .target(name: "GalleyMarkup", dependencies: ["GalleyStyle", "GalleySupport"]),
    .target(
      name: "GalleyFonts",
      dependencies: ["GalleyStyle", "GalleySupport", "CFontconfig"]
    ),
    .target(
      name: "GalleyLayout",
      dependencies: [
        "GalleyStyle", "GalleySupport", "GalleyMarkup", "GalleyFonts", "CHarfBuzz", "CICU",
        "CHyphen",
      ]
    ),
    .target(
      name: "GalleyRender",
      dependencies: [
        "GalleyStyle", "GalleySupport", "GalleyLayout", "CCairo", "CPixman", "CPNGEncode",
      ]),
    // What `galley` and `galley-server` share below the layout engine: the failure table (exit
    // and HTTP statuses), the JSON records for fonts and errors, command outcomes and
    // diagnostics, and the work of `galley font` and `galley fonts`; package-internal. Nothing
    // below it loads HarfBuzz, ICU or cairo, and it does not use argument-parser, so the static
    // `galley` front links it whole.
    .target(
      name: "GalleyTools",
      dependencies: ["GalleyMarkup", "GalleyFonts", "GalleySupport"]
    ),
    // One job for every tool: format, check, lay out and draw, with each failure as a
    // `Failure`; the documents the jobs give (layout, format, hit records); and the tables of
    // the JSON `layout` and `render` fields that the service's requests and `galley render
    // --variants` read. Used by `galley-engine`, the service and `galley-bench`;
    // package-internal.
    .target(
      name: "GalleyJobs",
      dependencies: [
        "GalleyTools", "GalleyMarkup", "GalleyFonts", "GalleyLayout", "GalleyRender",
        "GalleySupport",
      ]
    ),
    // The service's requests, their validation and the work of each endpoint, with no server
    // dependency; package-internal.
    .target(
      name: "GalleyService",
      dependencies: [
        "GalleyMarkup", "GalleyFonts", "GalleyLayout", "GalleyRender", "GalleyTools",
        "GalleyJobs", "GalleySupport",
      ]
    ),
    // `galley check`'s work: string catalogs read (libxml2's SAX2 parser, Foundation's JSON
    // reader, parsers of our own for .strings and .po), each string checked against its label
    // (markup, structure, glyph coverage, fit) and the reports; package-internal. Only
    // `galley-check`, the service and the benchmarks link it, so `galley-engine` does not load
    // all of Foundation.
    .target(
      name: "GalleyCheck",
      dependencies: [
        "GalleyService", "GalleyJobs", "GalleyTools", "GalleyMarkup", "GalleyFonts",
        "GalleyLayout", "GalleyRender", "GalleySupport", "CXMLSAX",
      ]
    ),
    // The Hummingbird application: routes, limits, cache headers, metrics, static files.
    .target(
      name: "GalleyServerKit",
      dependencies: [
        "GalleyService", "GalleyCheck", "GalleySupport", "GalleyTools", "GalleyJobs", "GalleyFonts",
        "GalleyLayout", "GalleyRender",
        .product(name: "Hummingbird", package: "hummingbird", condition: server),
        .product(name: "Logging", package: "swift-log", condition: server),
        .product(name: "Metrics", package: "swift-metrics", condition: server),
        .product(name: "Prometheus", package: "swift-prometheus", condition: server),
        // The connection guard sits in the HTTP/1 pipeline below Hummingbird.
        .product(name: "HummingbirdCore", package: "hummingbird", condition: server),
        .product(name: "NIOCore", package: "swift-nio", condition: server),
        .product(name: "NIOHTTP1", package: "swift-nio", condition: server),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras", condition: server),
        .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras", condition: server),
      ],
      resources: [.copy("openapi.json")]
    ),

    // MARK: Executables
    // `galley`: answers the usual `font` and `fonts` command lines itself and execs
    // `galley-engine` for anything else. It links neither the layout engine's libraries nor
    // argument-parser, and it is a static executable: no dynamic loader, no shared library to
    // map and relocate, which was most of `galley font`'s start-up beyond fontconfig's own
    // (docs/benchmarks.md, "Fonts"; docs/design/tools-and-server.md).
    .executableTarget(
      name: "GalleyFront",
      dependencies: ["GalleyTools", "GalleyFonts", "GalleySupport"],
      linkerSettings: [
        .unsafeFlags([
          "-static-executable",
          // FoundationEssentials' own static libraries, which the flag does not add.
          "-l_FoundationCollections", "-l_FoundationCShims",
          // fontconfig's static dependencies (`pkg-config --static --libs fontconfig`), after
          // the -lfontconfig -lfreetype that SwiftPM adds.
          "-lfreetype", "-lpng16", "-lz", "-lbrotlidec", "-lbrotlicommon", "-lexpat", "-lm",
        ])
      ]
    ),
    // The command-line options that `galley-engine`, `galley-check` and `galley-bench` share:
    // where fonts come from, the glyph typesetters, the draw order, number pairs.
    // Package-internal.
    .target(
      name: "GalleyOptions",
      dependencies: [
        "GalleyLayout", "GalleyRender", "GalleyFonts", "GalleyTools",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "GalleyCLI",
      dependencies: [
        "GalleyOptions",
        "GalleyTools",
        "GalleyJobs",
        "GalleyMarkup",
        "GalleyFonts",
        "GalleyLayout",
        "GalleyRender",
        "GalleySupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "GalleyCheckCLI",
      dependencies: [
        "GalleyCheck", "GalleyOptions", "GalleyJobs", "GalleyTools", "GalleyFonts",
        "GalleySupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "GalleyBench",
      dependencies: [
        "GalleyOptions",
        "GalleyCheck",
        "GalleyMarkup",
        "GalleyFonts",
        "GalleyLayout",
        "GalleyRender",
        "GalleyJobs",
        "GalleyTools",
        "GalleySupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    .executableTarget(
      name: "GalleyServer",
      dependencies: [
        "GalleyServerKit", "GalleyService", "GalleyJobs", "GalleyFonts", "GalleyRender",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Hummingbird", package: "hummingbird", condition: server),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: server),
        .product(name: "Logging", package: "swift-log", condition: server),
      ]
    ),

    // MARK: Tests
    // Helpers shared by the test targets: golden files and a seeded random generator.
    .target(
      name: "GalleyTestSupport", dependencies: ["GalleyFonts"], path: "Tests/GalleyTestSupport"),
    .testTarget(name: "GalleySupportTests", dependencies: ["GalleySupport"]),
    .testTarget(
      name: "GalleyStyleTests",
      // HarfBuzz, to check the feature parser against hb_feature_from_string.
      dependencies: ["GalleyStyle", "CHarfBuzz"]
    ),
    .testTarget(
      name: "GalleyMarkupTests",
      dependencies: ["GalleyMarkup", "GalleyTestSupport"],
      exclude: ["Golden"]
    ),
    .testTarget(
      name: "GalleyFontsTests",
      dependencies: ["GalleyFonts", "GalleyTestSupport"]
    ),
    .testTarget(
      name: "GalleyLayoutTests",
      dependencies: [
        "GalleyLayout", "GalleyFonts", "GalleyMarkup", "GalleyTestSupport", "CHarfBuzz",
      ],
      exclude: ["Golden"]
    ),
    .testTarget(
      name: "GalleyRenderTests",
      dependencies: ["GalleyRender", "GalleyLayout", "GalleyMarkup", "GalleyTestSupport"],
      exclude: ["Golden"]
    ),
    .testTarget(
      name: "GalleyToolsTests",
      dependencies: ["GalleyTools", "GalleyFonts", "GalleyMarkup"]
    ),
    .testTarget(
      name: "GalleyJobsTests",
      dependencies: [
        "GalleyJobs", "GalleyTools", "GalleySupport", "GalleyLayout", "GalleyMarkup",
        "GalleyRender", "GalleyTestSupport",
      ]
    ),
    .testTarget(
      name: "GalleyCLITests",
      dependencies: [
        "GalleyCLI", "GalleyOptions", "GalleyTools", "GalleyJobs", "GalleySupport", "GalleyMarkup",
        "GalleyFonts", "GalleyLayout", "GalleyRender", "GalleyTestSupport",
      ],
      exclude: ["Golden"]
    ),
    .testTarget(
      name: "GalleyCheckTests",
      dependencies: [
        "GalleyCheck", "GalleyCheckCLI", "GalleyService", "GalleyJobs", "GalleyTools",
        "GalleyFonts", "GalleyMarkup", "GalleySupport", "GalleyTestSupport",
      ],
      exclude: ["Golden"]
    ),
    .testTarget(
      name: "GalleyServiceTests",
      dependencies: [
        "GalleyService", "GalleyTools", "GalleyJobs", "GalleyTestSupport", "GalleySupport",
      ]
    ),
    .testTarget(
      name: "GalleyServerTests",
      dependencies: [
        "GalleyServerKit", "GalleyService", "GalleySupport", "GalleyTestSupport", "GalleyCLI",
        "GalleyTools", "GalleyJobs", "GalleyCheck", "GalleyCheckCLI",
        .product(name: "Hummingbird", package: "hummingbird", condition: server),
        .product(name: "HummingbirdTesting", package: "hummingbird", condition: server),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: server),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
