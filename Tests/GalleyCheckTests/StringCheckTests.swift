import GalleyCheck
import GalleyJobs
import GalleyTestSupport
import Testing

/// The four checks on strings laid out in hermetic fonts, and what the report lists.
@Suite struct StringCheckTests {
  static let spec = """
    {"version": 1,
     "label": {"defaults": {"family": "DejaVu Sans", "size": 15},
               "samples": {"%@": "Alexandra", "%d": "99999"}},
     "labels": [
       {"keys": "button", "layout": {"width": 120, "maxLines": 1}},
       {"keys": "title", "layout": {"width": 120, "maxLines": 1, "minScale": 0.7}},
       {"keys": "banner", "layout": {"width": 120, "maxLines": 1}, "truncates": true},
       {"keys": ["body", "files", "link", "count"], "layout": {"width": 300, "maxLines": 3}}]}
    """

  /// Checks strings: `(locale, key, form, value)`; `en` is the source.
  func report(
    _ strings: [(String, String, String?, String)], pseudo: [PseudoLocale] = []
  ) throws -> CheckReport {
    var set = CatalogSet(sourceLocale: "en")
    for (locale, key, form, value) in strings {
      set.add(
        Catalog(
          file: "\(locale).json", format: .json, locale: locale, isSource: locale == "en",
          entries: [CatalogEntry(key: key, form: form, value: value, line: 1, column: 5)]))
    }
    let spec = try CheckSpec(json: Array(Self.spec.utf8))
    let checker = try CatalogChecker(
      spec: spec, runner: JobRunner(fonts: try HermeticFonts.fontSet()))
    return try checker.check(set, pseudoLocales: pseudo)
  }

  @Test func passingStrings() throws {
    let report = try report([
      ("en", "button", nil, "Buy"), ("de", "button", nil, "Kaufen"),
      ("en", "link", nil, "Read %{https://x.org}Lthe terms%l, %@"),
      ("de", "link", nil, "%@, lies %{https://x.org}Ldie Bedingungen%l"),
    ])
    #expect(report.passed)
    #expect(report.strings == 4)
    #expect(report.failures.isEmpty)
  }

  @Test func markupPointsIntoTheString() throws {
    let report = try report([("en", "body", nil, "Save"), ("de", "body", nil, "%@ spart 50% mehr")])
    let failure = try #require(report.failures.first)
    #expect(failure.check == .markup)
    #expect(failure.markup?.kind == "unknownCode" && failure.markup?.offset == 11)
    #expect(failure.line == 1 && failure.column == 16)
    #expect(failure.locale == "de" && failure.file == "de.json")
  }

  @Test func structureKeepsLinksAndPlaceholders() throws {
    let report = try report([
      ("en", "link", nil, "Read %{https://x.org}Lthe terms%l, %@"),
      ("de", "link", nil, "Lies die Bedingungen, %d"),
      ("fr", "link", nil, "Lisez %{https://y.org}Lles conditions%l, %@"),
    ])
    #expect(report.failures.map(\.check) == [.structure, .structure])
    let german = try #require(report.failures.first { $0.locale == "de" }?.structure)
    #expect(german.sourceLinks == ["https://x.org"] && german.links.isEmpty)
    #expect(german.missingPlaceholders == ["%1$@"] && german.extraPlaceholders == ["%1$d"])
    let french = try #require(report.failures.first { $0.locale == "fr" })
    #expect(french.message.contains("links to https://y.org"))
  }

  @Test func pluralFormsMayLeaveOutTheCount() throws {
    let report = try report([
      ("en", "files", "one", "%d file"), ("en", "files", "other", "%d files"),
      ("ar", "files", "one", "ملف واحد"), ("ar", "files", "few", "ملفات"),
      ("ar", "files", "other", "%d ملف"),
    ])
    #expect(report.failures.map(\.name) == ["files[few]"])
    #expect(report.failures.first?.structure?.missingPlaceholders == ["%1$d"])
  }

  @Test func coverageNamesTheCharacters() throws {
    let report = try report([("en", "body", nil, "Hello"), ("ta", "body", nil, "வணக்கம் Hello")])
    let failure = try #require(report.failures.first)
    #expect(failure.check == .coverage)
    #expect(failure.coverage?.characters.first == "வ")
    #expect(failure.coverage?.codePoints.first == "U+0BB5")
  }

  @Test func fitSaysWhatIsMissing() throws {
    let report = try report([
      ("en", "button", nil, "Buy"),
      ("de", "button", nil, "Jetzt verbindlich kaufen und bezahlen"),
    ])
    let failure = try #require(report.failures.first)
    #expect(failure.check == .fit)
    let fit = try #require(failure.fit)
    #expect(fit.lines == 1 && fit.maxLines == 1)
    #expect(fit.availableWidth == 120)
    #expect(try #require(fit.missingWidth) > 100)
    #expect(try #require(fit.neededScale) < 0.5)
    #expect(failure.message.hasPrefix("does not fit: needs "))
  }

  @Test func autoshrinkWithinTheMinimumFits() throws {
    let report = try report([
      ("en", "title", nil, "Settings"),
      ("de", "title", nil, "Einstellungen ändern"),
      ("fi", "title", nil, "Muuta asetuksia nyt heti kaikki kerralla"),
    ])
    #expect(report.failures.map(\.locale) == ["fi"])
    let fit = try #require(report.failures.first?.fit)
    #expect(fit.minScale == 0.7)
    #expect(try #require(fit.neededScale) < 0.7)
  }

  @Test func truncationAllowed() throws {
    let report = try report([
      ("en", "banner", nil, "Sale"), ("de", "banner", nil, "Sommerschlussverkauf mit Rabatten"),
    ])
    #expect(report.passed)
  }

  @Test func missingAndUnlabeledKeys() throws {
    let report = try report([
      ("en", "button", nil, "Buy"), ("en", "body", nil, "Text"), ("en", "orphan", nil, "50% off"),
      ("de", "button", nil, "Kaufen"),
    ])
    #expect(report.missing.map(\.key) == ["body", "orphan"])
    #expect(report.unlabeledKeys == ["orphan"])
    // A key in no label is still checked for markup.
    #expect(report.failures.map(\.key) == ["orphan"])
    #expect(report.failures.first?.label == nil)
  }

  @Test func pseudoLocalesFromTheSource() throws {
    let report = try report(
      [("en", "button", nil, "Buy now"), ("en", "body", nil, "Read %Lmore%l, %@")],
      pseudo: PseudoLocale.allCases)
    #expect(report.locales == ["ar-XB", "en-XA", "en-XD"])
    #expect(report.strings == 8)
    #expect(report.missing.isEmpty)
    #expect(report.failures.allSatisfy { $0.check == .fit })
  }

  @Test func sameReportEveryRun() throws {
    var strings: [(String, String, String?, String)] = []
    for index in 0..<600 {
      strings.append(("en", "body", "[\(index)]", "Item %d of the list \(index)"))
      strings.append(("de", "body", "[\(index)]", index % 7 == 0 ? "50% Element" : "Element %d"))
    }
    let first = try report(strings)
    #expect(first.failures.count > 80)
    for _ in 0..<3 { #expect(try report(strings) == first) }
  }
}
