import CHarfBuzz
import GalleyStyle
import Testing

/// Feature lists read HarfBuzz's feature strings as `hb_feature_from_string` does, with the two
/// limits ``FontFeatures`` documents, and CSS `font-feature-settings` values.
@Suite("OpenType feature lists")
struct FontFeaturesTests {
  /// HarfBuzz's reading of one item: its tag and value, or `nil`.
  static func harfBuzz(_ item: String) -> (tag: UInt32, value: UInt32)? {
    var feature = hb_feature_t()
    guard hb_feature_from_string(item, Int32(item.utf8.count), &feature) != 0 else { return nil }
    return (feature.tag, feature.value)
  }

  @Test(
    "Items HarfBuzz reads are read alike",
    arguments: [
      "kern", "+kern", "-kern", "kern=0", "kern=1", "aalt=2", "ss01", "\"liga\" off",
      "'liga' on", " liga = 0 ", "\"smcp\"", "\"liga\" 0", "kern off", "kern OFF", "kern On",
      "a", "ab_c", "cv01=3", "liga=4294967295", "- liga", "+ smcp = 7", "\tzero\n",
    ])
  func readsAsHarfBuzz(item: String) throws {
    let expected = try #require(Self.harfBuzz(item))
    let features = try FontFeatures(parsing: item)
    #expect(features.features.count == 1)
    #expect(features.features.first?.tag == expected.tag)
    #expect(features.features.first?.value == expected.value)
  }

  @Test(
    "Items HarfBuzz refuses are refused",
    arguments: [
      "kernel", "\"lig\"", "\"liga", "kern=", "kern=x", "=1", "-", "ké", "+-kern",
      "'liga\"",
    ])
  func refusedAsHarfBuzz(item: String) {
    #expect(Self.harfBuzz(item) == nil)
    #expect(throws: FontFeatureError.self) { try FontFeatures(parsing: item) }
  }

  /// HarfBuzz takes these; Galley refuses them with a reason (a range belongs to markup spans,
  /// a value is unsigned and fits 32 bits, where HarfBuzz wraps it, and a word after a tag is
  /// not a value).
  @Test(arguments: [
    "kern[3:5]", "kern[]=0", "kern=-1", "kern foo", "kern liga", "kern=+5", "liga=4294967296",
    "liga=99999999999",
  ])
  func stricterThanHarfBuzz(item: String) {
    #expect(throws: FontFeatureError.self) { try FontFeatures(parsing: item) }
  }

  @Test(
    "Lists: later items win, canonical form",
    arguments: [
      ("liga=0, smcp, \"tnum\" 1", "-liga,smcp,tnum"), ("liga=0,liga", "liga"),
      ("aalt=2,kern=0,aalt=1", "aalt,-kern"), ("normal", ""), ("", ""), ("  ", ""),
      ("\"liga\" 0, \"smcp\"", "-liga,smcp"), ("a=3", "a=3"),
    ])
  func lists(text: String, canonical: String) throws {
    #expect(try FontFeatures(parsing: text).description == canonical)
  }

  @Test(
    "An error names the item and where it starts",
    arguments: [
      ("kern, x=y", "x=y", 6), ("liga,", "", 5), ("  kernel ,liga", "kernel", 2),
      ("smcp,kern[1:2]", "kern[1:2]", 5), ("é", "é", 0),
    ])
  func errorsNameTheItem(text: String, item: String, offset: Int) {
    #expect {
      try FontFeatures(parsing: text)
    } throws: { error in
      guard let error = error as? FontFeatureError else { return false }
      return error.item == item && error.offset == offset && !error.reason.isEmpty
    }
  }

  /// A list of 200,000 items, most of them setting a tag again, reads in time in proportion to
  /// its length, keeping each tag once with its last value.
  @Test(.timeLimit(.minutes(1)))
  func longListsStayLinear() throws {
    let items = (0..<200_000).map { "ss\($0 % 20 < 10 ? "0" : "")\($0 % 20)=\($0)" }
    let features = try FontFeatures(parsing: items.joined(separator: ","))
    #expect(features.features.count == 20)
    #expect(features.features.first?.tagName == "ss00")
    #expect(features.features.first?.value == 199_980)
  }

  @Test func featuresAreMadeFromTags() throws {
    let feature = try #require(FontFeatures.Feature(tag: "ss1", value: 0))
    #expect(feature.tagName == "ss1")
    #expect(feature.tag == 0x7373_3120)
    #expect(FontFeatures.Feature(tag: "") == nil)
    #expect(FontFeatures.Feature(tag: "kerns") == nil)
    #expect(FontFeatures.Feature(tag: "k-rn") == nil)
    let merged = FontFeatures([feature]).merging(try FontFeatures(parsing: "ss1,liga=0"))
    #expect(merged.description == "ss1,-liga")
  }
}
