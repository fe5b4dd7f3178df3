// swift-tools-version:6.1
import PackageDescription

// libFuzzer harnesses for Galley, kept out of the main package so that `swift build` and
// `swift test` never compile them. scripts/fuzz.sh builds them with
// `--sanitize fuzzer --sanitize address` in .build-fuzz and runs them on Fuzz/Corpus.
let package = Package(
  name: "GalleyFuzz",
  dependencies: [.package(name: "Galley", path: "..")],
  targets: [
    // The check that traps with a named property, and the input decoding both harnesses share.
    .target(name: "FuzzSupport"),
    // Markup formatter: strict and lenient agree, the run model holds, escaping round-trips.
    .executableTarget(
      name: "FormatterFuzz",
      dependencies: ["FuzzSupport", .product(name: "GalleyMarkup", package: "Galley")]
    ),
    // Feature lists, coordinate lists and font descriptions: errors point inside the text,
    // what reads round-trips through its written form.
    .executableTarget(
      name: "TypographyFuzz",
      dependencies: [
        "FuzzSupport",
        .product(name: "GalleyStyle", package: "Galley"),
        .product(name: "GalleyFonts", package: "Galley"),
      ]
    ),
    // Layout: finite geometry, link rectangles inside their lines, lines inside the box.
    .executableTarget(
      name: "LayoutFuzz",
      dependencies: [
        "FuzzSupport",
        .product(name: "GalleyMarkup", package: "Galley"),
        .product(name: "GalleyFonts", package: "Galley"),
        .product(name: "GalleyLayout", package: "Galley"),
      ]
    ),
    // Catalogs: every reader on any bytes; errors name a line in the file, entries lie in it,
    // placeholders map back in order, pseudo-locales keep the codes.
    .executableTarget(
      name: "CatalogFuzz",
      dependencies: ["FuzzSupport", .product(name: "_GalleyCheckFuzzing", package: "Galley")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
