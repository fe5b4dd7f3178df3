import Foundation
import GalleyFonts
import GalleyTestSupport
import Testing

@Suite("Resolving family, weight and italic through fontconfig")
struct ResolutionTests {
  // Lato has nine weights with italics; each step and CSS weight finds its face.
  @Test(arguments: [
    (-3, "Hairline", 100), (-2, "Thin", 200), (-1, "Light", 300), (0, "Regular", 400),
    (1, "Bold", 700), (2, "Heavy", 800), (3, "Black", 900),
    (100, "Hairline", 100), (200, "Thin", 200), (300, "Light", 300), (400, "Regular", 400),
    (500, "Medium", 500), (600, "Semibold", 600), (700, "Bold", 700), (800, "Heavy", 800),
    (900, "Black", 900), (1000, "Black", 900), (450, "Medium", 500), (650, "Bold", 700),
    (350, "Light", 300), (150, "Hairline", 100),
  ])
  func latoLadderAndWeights(weight: Int, style: String, cssWeight: Int) throws {
    let fonts = try HermeticFonts.fontSet()
    let resolved = try fonts.resolve(family: "Lato", weight: weight)
    #expect(resolved.face.style == style)
    #expect(resolved.face.weight == cssWeight)
    #expect(resolved.face.file.hasPrefix(HermeticFonts.fontPath("lato/")))
    #expect(resolved.matchedBy == .installed)
    #expect(!resolved.synthesizedBold)
    #expect(!resolved.synthesizedItalic)
    let italic = try fonts.resolve(family: "Lato", weight: weight, italic: true)
    #expect(italic.face.slant == .italic)
    #expect(italic.face.weight == cssWeight)
  }

  // DejaVu Sans has ExtraLight, Book and Bold (and condensed faces, which normal width skips).
  @Test(arguments: [
    (-3, "ExtraLight", 200, false), (-2, "ExtraLight", 200, false), (-1, "ExtraLight", 200, false),
    (0, "Book", 400, false), (1, "Bold", 700, false), (2, "Bold", 700, false),
    (3, "Bold", 700, true), (500, "Book", 400, false), (600, "Bold", 700, false),
    (900, "Bold", 700, true), (1000, "Bold", 700, true),
  ])
  func dejaVuLadder(weight: Int, style: String, cssWeight: Int, synthesizedBold: Bool) throws {
    let resolved = try HermeticFonts.fontSet().resolve(family: "DejaVu Sans", weight: weight)
    #expect(resolved.face.style == style)
    #expect(resolved.face.weight == cssWeight)
    #expect(resolved.face.width == 100)
    #expect(resolved.synthesizedBold == synthesizedBold)
  }

  @Test func italicObliqueAndSynthesizedItalic() throws {
    let fonts = try HermeticFonts.fontSet()
    let serif = try fonts.resolve(family: "DejaVu Serif", italic: true)
    #expect(serif.face.slant == .italic)
    #expect(!serif.synthesizedItalic)
    let sans = try fonts.resolve(family: "DejaVu Sans", weight: 1, italic: true)
    #expect(sans.face.slant == .oblique)
    #expect(sans.face.style == "Bold Oblique")
    #expect(!sans.synthesizedItalic)
    let droid = try fonts.resolve(family: "Droid Sans Fallback", weight: 1, italic: true)
    #expect(droid.face.slant == .upright)
    #expect(droid.synthesizedItalic)
    #expect(droid.synthesizedBold)
  }

  @Test func namesMatchIgnoringCaseSpacesAndHyphens() throws {
    let fonts = try HermeticFonts.fontSet()
    for name in ["lato", "LATO", "DejaVuSans", "dejavu-sans", " DejaVu Sans "] {
      #expect(try fonts.resolve(family: name).matchedBy == .installed, "\(name)")
    }
  }

  @Test func aliasesResolveToFreeFamilies() throws {
    let fonts = try HermeticFonts.fontSet()
    let cases = [
      ("Helvetica", "Liberation Sans"), ("HelveticaNeue", "Liberation Sans"),
      ("Arial", "Liberation Sans"), ("TimesNewRoman", "Liberation Serif"),
      ("Courier", "Liberation Mono"), ("CourierNew", "Liberation Mono"),
      ("Georgia", "Noto Serif"), ("Verdana", "DejaVu Sans"), ("Avenir", "Lato"),
      ("AvenirNext", "Lato"), ("TrebuchetMS", "Noto Sans"), ("Palatino", "Noto Serif"),
      ("Baskerville", "Noto Serif"), ("Optima", "Noto Sans"), ("GillSans", "Noto Sans"),
      ("Cochin", "Noto Serif"), ("HoeflerText", "Noto Serif"),
      ("AmericanTypewriter", "Noto Serif"),
    ]
    for (alias, family) in cases {
      let resolved = try fonts.resolve(family: alias, weight: 1, strict: true)
      #expect(resolved.face.family == family, "\(alias)")
      #expect(resolved.matchedBy == .alias, "\(alias)")
      #expect(!resolved.isSubstituted)
      #expect(resolved.requestedFamily == alias)
    }
  }

  @Test func genericFamiliesAreNotSubstitutions() throws {
    let fonts = try HermeticFonts.fontSet()
    let expected = [
      "sans-serif": "DejaVu Sans", "serif": "DejaVu Serif", "monospace": "DejaVu Sans Mono",
    ]
    for (generic, family) in expected {
      let resolved = try fonts.resolve(family: generic, strict: true)
      #expect(resolved.face.family == family)
      #expect(resolved.matchedBy == .generic)
    }
  }

  @Test func unknownFamiliesAreSubstitutedOrRefused() throws {
    let fonts = try HermeticFonts.fontSet()
    let substituted = try fonts.resolve(family: "Latto", weight: 1)
    #expect(substituted.isSubstituted)
    #expect(substituted.matchedBy == .substitute)
    #expect(!substituted.face.file.isEmpty)
    let error = try #require(throws: FontSetError.self) {
      try fonts.resolve(family: "Latto", weight: 1, strict: true)
    }
    #expect(error.kind == .unknownFamily)
    #expect(error.suggestions.first == "Lato")
    #expect(error.description.contains("did you mean 'Lato'"))
    // A cached substitution is still refused in strict mode.
    #expect(throws: FontSetError.self) {
      try fonts.resolve(family: "Latto", weight: 1, strict: true)
    }
    let far = try #require(throws: FontSetError.self) {
      try fonts.resolve(family: "Qwxyzzy Grotesk", strict: true)
    }
    #expect(far.suggestions.isEmpty)
  }

  @Test(arguments: [4, 99, -4, 1001, 0x7FFF_FFFF, -0x7FFF_FFFF])
  func invalidWeightsAreErrors(weight: Int) throws {
    let error = try #require(throws: FontSetError.self) {
      try HermeticFonts.fontSet().resolve(family: "Lato", weight: weight)
    }
    #expect(error.kind == .invalidWeight)
  }

  @Test(arguments: ["", "   ", String(repeating: "x", count: 300)])
  func invalidNamesAreErrors(name: String) throws {
    let error = try #require(throws: FontSetError.self) {
      try HermeticFonts.fontSet().resolve(family: name)
    }
    #expect(error.kind == .invalidFamilyName)
  }

  @Test func relativeWeightChanges() throws {
    let fonts = try HermeticFonts.fontSet()
    let regular = try fonts.resolve(family: "Lato")
    #expect(fonts.changingWeight(of: regular, by: 1).face.style == "Medium")
    #expect(fonts.changingWeight(of: regular, by: 2).face.style == "Semibold")
    #expect(fonts.changingWeight(of: regular, by: -1).face.style == "Light")
    #expect(fonts.changingWeight(of: regular, by: 100).face.style == "Black")
    #expect(fonts.changingWeight(of: regular, by: -100).face.style == "Hairline")
    #expect(try fonts.changingWeight(of: regular, to: 1).face.style == "Bold")
    #expect(try fonts.changingWeight(of: regular, to: 600).face.style == "Semibold")
    #expect(throws: FontSetError.self) { try fonts.changingWeight(of: regular, to: 50) }
    let dejaVu = try fonts.resolve(family: "DejaVu Sans")
    #expect(fonts.changingWeight(of: dejaVu, by: 1).face.style == "Bold")
    #expect(fonts.changingWeight(of: dejaVu, by: 5).face.style == "Bold")
    #expect(fonts.changingWeight(of: dejaVu, by: -1).face.style == "ExtraLight")
    let italic = fonts.italic(of: try fonts.resolve(family: "Lato", weight: 600))
    #expect(italic.face.style == "Semibold Italic")
    #expect(fonts.upright(of: italic).face.style == "Semibold")
    #expect(fonts.changingWeight(of: italic, by: 1).face.style == "Bold Italic")
    let droid = fonts.italic(of: try fonts.resolve(family: "Droid Sans Fallback"))
    #expect(droid.synthesizedItalic)
  }

  @Test func ladderListing() throws {
    let ladder = try HermeticFonts.fontSet().ladder(forFamily: "Lato")
    #expect(ladder.map(\.step) == Array(-3...3))
    #expect(
      ladder.map(\.face.face.style) == [
        "Hairline", "Thin", "Light", "Regular", "Bold", "Heavy", "Black",
      ])
  }

  @Test func familyListing() throws {
    let fonts = try HermeticFonts.fontSet()
    let names = fonts.familyNames
    for family in [
      "Lato", "DejaVu Sans", "DejaVu Serif", "Liberation Sans", "Noto Sans", "Droid Sans Fallback",
    ] {
      #expect(names.contains(family), "\(family)")
    }
    #expect(names == names.sorted { $0.lowercased() < $1.lowercased() })
    let lato = fonts.faces(inFamily: "Lato")
    #expect(lato.count == 18)
    #expect(
      lato.filter { $0.slant == .upright }.map(\.weight) == [
        100, 200, 300, 400, 500, 600, 700, 800, 900,
      ])
    #expect(fonts.faces(inFamily: "No Such Family").isEmpty)
  }

  @Test func concurrentLookupsAgree() async throws {
    let fonts = try HermeticFonts.fontSet()
    let requests: [(String, Int, Bool)] = [
      ("Lato", 1, false), ("Lato", -2, true), ("DejaVu Sans", 0, true), ("Helvetica", 1, false),
      ("serif", 0, false), ("Unknown Family Name", 0, false), ("Droid Sans Fallback", 3, true),
    ]
    let expected = try requests.map { try fonts.resolve(family: $0.0, weight: $0.1, italic: $0.2) }
    let results = try await withThrowingTaskGroup(of: [ResolvedFace].self) { group in
      for task in 0..<8 {
        group.addTask {
          var results: [ResolvedFace] = []
          for round in 0..<200 {
            let (family, weight, italic) = requests[(round + task) % requests.count]
            results.append(try fonts.resolve(family: family, weight: weight, italic: italic))
            _ = fonts.fallbackFace(for: "男", primary: results[results.count - 1])
          }
          return results
        }
      }
      var all: [[ResolvedFace]] = []
      for try await result in group { all.append(result) }
      return all
    }
    #expect(results.count == 8)
    for result in results {
      for resolved in result {
        let position = try #require(
          requests.firstIndex {
            $0.0 == resolved.requestedFamily && ($0.2 == resolved.isItalicRequested)
              && (try? FontWeight.cssWeight($0.1)) == resolved.requestedWeight
          })
        #expect(resolved == expected[position])
      }
    }
  }

  @Test func extraFontDirectoriesAndFiles() throws {
    let hermetic = HermeticFonts.options()
    var onlyDejaVu = hermetic
    onlyDejaVu.source = .directories(
      [HermeticFonts.fontPath("dejavu")], generics: [:],
      cacheDirectory: HermeticFonts.cacheDirectory)
    let base = try FontSet(options: onlyDejaVu)
    #expect(base.faces(inFamily: "Lato").isEmpty)
    var withDirectory = onlyDejaVu
    withDirectory.fontDirectories = [HermeticFonts.fontPath("lato")]
    #expect(try FontSet(options: withDirectory).faces(inFamily: "Lato").count == 18)
    var withFile = onlyDejaVu
    withFile.fontFiles = [HermeticFonts.fontPath("lato/Lato-Bold.ttf")]
    #expect(try FontSet(options: withFile).resolve(family: "Lato", weight: 0).face.style == "Bold")

    var missing = onlyDejaVu
    missing.fontDirectories = ["/nonexistent/fonts"]
    #expect(throws: FontSetError.self) { try FontSet(options: missing) }
    var notAFont = onlyDejaVu
    let bogus = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-font.ttf")
    try Data("not a font".utf8).write(to: bogus)
    notAFont.fontFiles = [bogus.path]
    let error = try #require(throws: FontSetError.self) { try FontSet(options: notAFont) }
    #expect(error.kind == .fontFileUnusable)
    var empty = onlyDejaVu
    empty.source = .directories([], generics: [:], cacheDirectory: HermeticFonts.cacheDirectory)
    #expect(throws: FontSetError.self) { try FontSet(options: empty) }
  }
}

@Suite("Fixes found in review")
struct ResolutionReviewTests {
  @Test func relativeOperationsKeepTheRequest() throws {
    let fonts = try HermeticFonts.fontSet()
    let heavy = try fonts.resolve(family: "DejaVu Sans", weight: 3)
    #expect(heavy.synthesizedBold)
    let heavyItalic = fonts.italic(of: heavy)
    #expect(heavyItalic.face.style == "Bold Oblique")
    #expect(heavyItalic.synthesizedBold)
    #expect(fonts.upright(of: heavyItalic).synthesizedBold)
    let helvetica = try fonts.resolve(family: "Helvetica", weight: 0)
    let bolder = fonts.changingWeight(of: helvetica, by: 1)
    #expect(bolder.face.style == "Bold")
    #expect(bolder.matchedBy == .alias)
    #expect(bolder.requestedFamily == "Helvetica")
    #expect(fonts.italic(of: helvetica).matchedBy == .alias)
  }

  @Test(arguments: ["Sans Serif", "sans_serif", "SANS-SERIF", "Monospace"])
  func genericNamesAreNormalized(name: String) throws {
    let resolved = try HermeticFonts.fontSet().resolve(family: name, strict: true)
    #expect(resolved.matchedBy == .generic)
  }

  @Test func unknownFamiliesFallBackToSansSerif() throws {
    let resolved = try HermeticFonts.fontSet().resolve(family: "Qwxyzzy Grotesk")
    #expect(resolved.face.family == "DejaVu Sans")
    #expect(resolved.isSubstituted)
  }

  @Test func symbolicLinkToAFontDirectoryIsAccepted() throws {
    let link = FileManager.default.temporaryDirectory
      .appendingPathComponent("galley-lato-link-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.removeItem(at: link)
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: HermeticFonts.fontPath("lato"))
    defer { try? FileManager.default.removeItem(at: link) }
    var options = HermeticFonts.options()
    options.source = .directories(
      [HermeticFonts.fontPath("dejavu")], generics: [:],
      cacheDirectory: HermeticFonts.cacheDirectory)
    options.fontDirectories = [link.path]
    #expect(try FontSet(options: options).faces(inFamily: "Lato").count == 18)
  }

  @Test func everyFaceIsCountedOnce() throws {
    let fonts = try HermeticFonts.fontSet()
    let keys = fonts.allFaces.map { "\($0.file)#\($0.index)" }
    #expect(Set(keys).count == keys.count)
    #expect(fonts.allFaces.allSatisfy { (100...1000).contains($0.weight) })
  }
}
