// swift-tools-version:6.1
import PackageDescription

let package = Package(
  name: "Galley",
  products: [
    // The markup formatter and its attributed-run model: pure Swift, no C dependency.
    .library(name: "GalleyMarkup", targets: ["GalleyMarkup"]),
    // Family + weight + italic resolved to font files through fontconfig, with fallback.
    .library(name: "GalleyFonts", targets: ["GalleyFonts"]),
    .executable(name: "galley", targets: ["GalleyCLI"]),
    .executable(name: "galley-bench", targets: ["GalleyBench"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    // MARK: C libraries
    .systemLibrary(
      name: "CFontconfig",
      pkgConfig: "fontconfig",
      providers: [.apt(["libfontconfig-dev"])]
    ),

    // MARK: Swift modules
    .target(name: "GalleyMarkup"),
    .target(name: "GalleyFonts", dependencies: ["GalleyMarkup", "CFontconfig"]),

    // MARK: Executables
    .executableTarget(
      name: "GalleyCLI",
      dependencies: [
        "GalleyMarkup",
        "GalleyFonts",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "GalleyBench",
      dependencies: [
        "GalleyMarkup",
        "GalleyFonts",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    // MARK: Tests
    // Helpers shared by the test targets: golden files and a seeded random generator.
    .target(
      name: "GalleyTestSupport", dependencies: ["GalleyFonts"], path: "Tests/GalleyTestSupport"),
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
      name: "GalleyCLITests",
      dependencies: ["GalleyCLI", "GalleyMarkup", "GalleyTestSupport"],
      exclude: ["Golden"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
