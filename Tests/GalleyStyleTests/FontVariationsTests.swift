import CHarfBuzz
import GalleyStyle
import Testing

/// Coordinate lists read HarfBuzz's variation strings as `hb_variation_from_string` does, with
/// the limits ``FontVariations`` documents, and CSS `font-variation-settings` values.
@Suite("Variable font coordinate lists")
struct FontVariationsTests {
  /// HarfBuzz's reading of one item: its tag and value, or `nil`.
  static func harfBuzz(_ item: String) -> (tag: UInt32, value: Float)? {
    var variation = hb_variation_t()
    guard hb_variation_from_string(item, Int32(item.utf8.count), &variation) != 0 else {
      return nil
    }
    return (variation.tag, variation.value)
  }

  @Test(
    "Items HarfBuzz reads are read alike",
    arguments: [
      "wght=550", "wght 550", "wght = 550", "opsz=10.5", "slnt=-10", "slnt -10", "\"wght\" 550",
      "'wdth' 75.5", "wght=.5", "wght=5.", "wght=+3", " ital=1 ", "a=0", "\twght\n=\t7",
      "wght-10", "wght.5", "wght=-32768", "wght=0032767.99",
    ])
  func readsAsHarfBuzz(item: String) throws {
    let expected = try #require(Self.harfBuzz(item))
    let variations = try FontVariations(parsing: item)
    #expect(variations.variations.count == 1)
    #expect(variations.variations.first?.tag == expected.tag)
    #expect(variations.variations.first.map { Float($0.value) } == expected.value)
  }

  @Test(
    "Items HarfBuzz refuses are refused",
    arguments: ["wght", "wght=", "=5", "wght=x", "\"wgh\" 5", "wghts=5", "wght=5 6", "wght=--5"])
  func refusedAsHarfBuzz(item: String) {
    #expect(Self.harfBuzz(item) == nil)
    #expect(throws: FontVariationError.self) { try FontVariations(parsing: item) }
  }

  /// HarfBuzz takes these; Galley refuses values a font's 16.16 axes cannot hold, and
  /// exponents.
  @Test(arguments: ["wght=40000", "wght=-32769", "wght=1e9", "wght=1e2", "wght=32768"])
  func stricterThanHarfBuzz(item: String) {
    #expect(throws: FontVariationError.self) { try FontVariations(parsing: item) }
  }

  @Test(
    "Lists: later items win, canonical form",
    arguments: [
      ("wght=550, \"opsz\" 20", "wght=550,opsz=20"), ("wght=300,wght=700", "wght=700"),
      ("slnt=-10,wght=10.25", "slnt=-10,wght=10.25"), ("normal", ""), ("", ""), (" ", ""),
      ("wght=0100.50", "wght=100.5"),
      // Values Swift writes with an exponent are written without one, so they read back.
      ("wght=0.00001", "wght=0.00001"), ("slnt=-0.000000123", "slnt=-0.000000123"),
      ("wght=32767.000000000004", "wght=32767.000000000004"),
    ])
  func lists(text: String, canonical: String) throws {
    let variations = try FontVariations(parsing: text)
    #expect(variations.description == canonical)
    #expect(try FontVariations(parsing: variations.description) == variations)
  }

  @Test(
    "An error names the item and where it starts",
    arguments: [("wght=1, opsz", "opsz", 8), ("wght=1,", "", 7), ("  wghtx=1", "wghtx=1", 2)])
  func errorsNameTheItem(text: String, item: String, offset: Int) {
    #expect {
      try FontVariations(parsing: text)
    } throws: { error in
      guard let error = error as? FontVariationError else { return false }
      return error.item == item && error.offset == offset && !error.reason.isEmpty
    }
  }

  @Test func variationsAreMadeFromTags() throws {
    let weight = try #require(FontVariations.Variation(tag: "wght", value: 550))
    #expect(weight.tagName == "wght")
    #expect(FontVariations.Variation(tag: "wght", value: 1e6) == nil)
    #expect(FontVariations.Variation(tag: "", value: 1) == nil)
    let merged = FontVariations([weight]).merging(try FontVariations(parsing: "opsz=9,wght=600"))
    #expect(merged.description == "wght=600,opsz=9")
    #expect(merged.value(forTag: weight.tag) == 600)
  }
}
