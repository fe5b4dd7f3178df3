import Foundation
import GalleyTestSupport
import Testing

@testable import GalleyLayout

/// Automatic hyphenation's words: the dictionaries found for language tags, the points of
/// words against an independent implementation (Pyphen), character sets, limits, and what
/// splits a word.
@Suite("Hyphenation of words")
struct HyphenatorTests {
  static let directory = HermeticFonts.packageRoot + "/Tests/Hyphenation"

  /// A word with `-` at Galley's points, in the dictionary of `language`.
  static func hyphenated(
    _ word: String, language: String,
    limits: LayoutOptions.HyphenationLimits = .init(minimumWordLength: 1, before: 2, after: 2)
  ) throws -> String {
    let dictionary = try #require(LayoutSupport.hyphenation.dictionary(for: language))
    let paragraph = Paragraph(word)
    let points = Hyphenator(paragraph: paragraph, dictionary: dictionary, limits: limits)
      .points(in: 0..<paragraph.count)
    var bytes = paragraph.bytes
    for point in points.reversed() { bytes.insert(UInt8(ascii: "-"), at: point) }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test("Every word as Pyphen hyphenates it", arguments: ["en_US", "fr"])
  func reference(language: String) throws {
    let reference = try String(
      contentsOfFile: Self.directory + "/reference-\(language).txt", encoding: .utf8)
    let lines = reference.split(separator: "\n")
    #expect(lines.count >= 50)
    for line in lines {
      let fields = line.split(separator: "\t")
      try #require(fields.count == 2)
      #expect(
        try Self.hyphenated(String(fields[0]), language: language) == String(fields[1]),
        "\(fields[0])")
    }
  }

  @Test(
    "Language tags find their files, most specific first",
    arguments: [
      ("en-US", "hyph_en_US.dic"), ("en_us", "hyph_en_US.dic"), ("EN-US", "hyph_en_US.dic"),
      ("en", "hyph_en_US.dic"), ("en-GB", "hyph_en_US.dic"), ("en-Latn-US", "hyph_en_US.dic"),
      ("fr", "hyph_fr.dic"), ("fr-CA", "hyph_fr.dic"), ("qaa", "hyph_qaa.dic"),
    ])
  func files(tag: String, file: String) {
    #expect(LayoutSupport.hyphenation.file(for: tag) == Self.directory + "/" + file)
  }

  @Test(
    "A tag without a dictionary, or that is no tag, finds nothing",
    arguments: ["de", "de-CH", "ja", "", "e", "../hyph_en_US", "en/../../etc", "en US", "hyph"])
  func noFile(tag: String) {
    #expect(LayoutSupport.hyphenation.file(for: tag) == nil)
    #expect(LayoutSupport.hyphenation.dictionary(for: tag) == nil)
  }

  @Test(
    "Candidate names: language, script and region subtags",
    arguments: [
      ("de-CH", ["hyph_de_CH.dic", "hyph_de.dic", "hyph_de_"]),
      (
        "sr-Latn-RS",
        ["hyph_sr_Latn_RS.dic", "hyph_sr_RS.dic", "hyph_sr_Latn.dic", "hyph_sr.dic", "hyph_sr_"]
      ),
      ("es-419", ["hyph_es_419.dic", "hyph_es.dic", "hyph_es_"]),
      ("nl", ["hyph_nl.dic", "hyph_nl_"]),
      ("x", []), ("de/CH", []), ("de-ß", []),
    ])
  func candidates(tag: String, names: [String]) {
    #expect(HyphenationDictionaries.candidateNames(for: tag) == names)
  }

  @Test func aDictionaryLoadsOnceForEveryTagAndThread() async throws {
    let dictionaries = HyphenationDictionaries(directories: [Self.directory])
    let loaded = await withTaskGroup(of: ObjectIdentifier?.self) { group in
      for tag in ["en-US", "en", "en_US", "en-Latn-US"] + Array(repeating: "en-US", count: 8) {
        group.addTask { dictionaries.dictionary(for: tag).map(ObjectIdentifier.init) }
      }
      return await group.reduce(into: Set<ObjectIdentifier?>()) { $0.insert($1) }
    }
    #expect(loaded.count == 1)
    #expect(loaded.first != nil)
  }

  @Test func anISO8859Dictionary() throws {
    let dictionary = try #require(LayoutSupport.hyphenation.dictionary(for: "qaa"))
    #expect(!dictionary.isUTF8)
    #expect(try Self.hyphenated("tränenüberströmt", language: "qaa") == "trä-nenü-berströ-mt")
    #expect(try Self.hyphenated("TRÄNEN", language: "qaa") == "TRÄ-NEN")
    // A character ISO 8859-1 lacks: the word has no points.
    #expect(try Self.hyphenated("tränenőberströmt", language: "qaa") == "tränenőberströmt")
  }

  @Test func limitsAndTheDictionarysOwn() throws {
    let standard = LayoutOptions.HyphenationLimits.standard
    #expect(try Self.hyphenated("hyphenation", language: "en", limits: standard) == "hy-phen-ation")
    let long = LayoutOptions.HyphenationLimits(minimumWordLength: 12, before: 2, after: 2)
    #expect(try Self.hyphenated("hyphenation", language: "en", limits: long) == "hyphenation")
    let wide = LayoutOptions.HyphenationLimits(minimumWordLength: 5, before: 4, after: 4)
    #expect(try Self.hyphenated("hyphenation", language: "en", limits: wide) == "hyphen-ation")
    // hyph_en_US.dic says RIGHTHYPHENMIN 3: asking for 1 keeps 3.
    let loose = LayoutOptions.HyphenationLimits(minimumWordLength: 1, before: 1, after: 1)
    #expect(
      try Self.hyphenated("extraordinary", language: "en", limits: loose)
        == Self.hyphenated("extraordinary", language: "en"))
    #expect(try Self.hyphenated("extraordinary", language: "en").hasSuffix("-nary"))
  }

  @Test(
    "Hyphens, apostrophes, digits and soft hyphens split or keep words",
    arguments: [
      ("well-known", "well-known"), ("self-contained", "self-con-tained"),
      ("typography's", "ty-pog-ra-phy's"), ("2023typography", "2023ty-pog-ra-phy"),
      ("hy\u{AD}phenation", "hy\u{AD}phenation"), ("typography\u{AD}", "typography\u{AD}"),
      ("TYPOGRAPHY", "TY-POG-RA-PHY"),
      ("typography, hyphenation.", "ty-pog-ra-phy, hy-phen-ation."),
    ])
  func wordEdges(text: String, expected: String) throws {
    #expect(try Self.hyphenated(text, language: "en") == expected)
  }

  @Test func aPointNeverFallsBeforeAMark() throws {
    // "e" and a combining acute: the patterns do not see "é", and no point splits the pair.
    let decomposed = "de\u{301}veloppement"
    let result = try Self.hyphenated(decomposed, language: "fr")
    #expect(!result.contains("-\u{301}"))
    #expect(result.replacingOccurrences(of: "-", with: "") == decomposed)
  }

  @Test(
    "Hyphenation limits as --hyphenate-limits and HTTP read them",
    arguments: [
      ("5,2,2", "5,2,2"), (" 6 , 3 ,2 ", "6,3,2"), ("64,64,64", "64,64,64"), ("1,1,1", "1,1,1"),
      ("0,2,2", nil), ("05,2,2", nil), ("+5,2,2", nil), ("65,2,2", nil), ("5,2", nil),
      ("5,2,2,2", nil), ("a,b,c", nil), ("", nil), ("5,,2", nil), ("5;2;2", nil),
    ])
  func limits(text: String, expected: String?) {
    #expect(LayoutOptions.HyphenationLimits(parsing: text)?.description == expected)
  }

  @Test func longWordsAreLeftWhole() throws {
    let word = String(repeating: "hyphenation", count: 7)
    #expect(try Self.hyphenated(word, language: "en") == word)
  }
}
