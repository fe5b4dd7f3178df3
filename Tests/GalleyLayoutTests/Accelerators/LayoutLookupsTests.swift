import Foundation
import GalleyTestSupport
import Testing

@testable import GalleyLayout

/// The `GSUB` and `GPOS` lookup reader behind the word cache's and pair shaping's face checks:
/// right on real tables, and never past the end of a broken one.
@Suite("OpenType lookups")
struct LayoutLookupsTests {
  /// The bytes of table `tag` of the font file at `path` (the first face), read from the
  /// table directory.
  static func table(_ tag: String, of path: String) throws -> [UInt8] {
    let file = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    func number(_ offset: Int, _ count: Int) -> Int {
      (offset..<offset + count).reduce(0) { $0 << 8 | Int(file[$1]) }
    }
    let tables = number(4, 2)
    for index in 0..<tables {
      let record = 12 + 16 * index
      if file[record..<record + 4].elementsEqual(tag.utf8) {
        let offset = number(record + 8, 4)
        return Array(file[offset..<offset + number(record + 12, 4)])
      }
    }
    throw CocoaError(.fileReadCorruptFile)
  }

  static let dejaVuSans = HermeticFonts.fontPath("dejavu/DejaVuSans.ttf")
  /// DejaVu Sans' space glyph.
  static let space: UInt32 = 3

  /// What follows the space in every ligature lookup of `table`; `nil` where a lookup or
  /// subtable is malformed (lookups of other types are skipped).
  static func glyphsAfterSpace(in table: [UInt8]) -> Set<UInt32>? {
    table.withUnsafeBytes { bytes in
      let ligatures = LayoutLookups(table: bytes)
      var following: Set<UInt32> = []
      for index in 0..<512 {
        guard let lookup = ligatures.lookup(index) else { break }
        guard lookup.type == LayoutLookups.ligatureType else { continue }
        for subtable in lookup.subtables {
          guard ligatures.addGlyphs(after: space, inSubtable: subtable, to: &following) else {
            return nil
          }
        }
      }
      return following
    }
  }

  /// DejaVu Sans' ligatures that start with the space make the spacing harakat: the glyphs
  /// after the space are the eight harakat (and the other Arabic marks it pairs).
  @Test func dejaVuSansSpaceLigatures() throws {
    let table = try Self.table("GSUB", of: Self.dejaVuSans)
    let following = try #require(Self.glyphsAfterSpace(in: table))
    #expect(following.count >= 8)
    #expect(!following.contains(Self.space))
  }

  /// Cut short anywhere, or with bytes changed, the table gives answers or `nil`, and the
  /// reader never reads past its end (the address sanitizer would see it; here, no crash).
  @Test func brokenTablesAreRefused() throws {
    let table = try Self.table("GSUB", of: Self.dejaVuSans)
    let whole = try #require(Self.glyphsAfterSpace(in: table))
    // A prefix reads the same bytes until a read falls past its end: a part of the answer.
    for length in stride(from: 0, to: table.count, by: max(1, table.count / 400)) {
      if let part = Self.glyphsAfterSpace(in: Array(table.prefix(length))) {
        #expect(part.isSubset(of: whole), "cut at \(length)")
      }
    }
    var random = SeededGenerator(seed: 4)
    for _ in 0..<300 {
      var broken = table
      for _ in 0..<8 {
        broken[Int.random(in: 0..<broken.count, using: &random)] = UInt8.random(
          in: 0...255, using: &random)
      }
      _ = Self.glyphsAfterSpace(in: broken)
    }
    #expect(Self.glyphsAfterSpace(in: []) == [])
  }

  /// Reads every lookup of a table the way the pair check does: types, flags, starting glyphs,
  /// rules and pair value formats; returns how many subtables gave an answer.
  static func readEverything(_ table: [UInt8], positioning: Bool) -> Int {
    table.withUnsafeBytes { bytes in
      let lookups = LayoutLookups(table: bytes, isPositioning: positioning)
      let allowed = Set<UInt32>((1..<400).map { UInt32($0) })
      var answered = 0
      for index in 0..<2048 {
        guard let lookup = lookups.lookup(index) else { break }
        for subtable in lookup.subtables {
          if lookups.triggers(ofSubtable: subtable, type: lookup.type) != nil { answered += 1 }
          _ = lookups.possibleTriggers(ofSubtable: subtable, type: lookup.type, allowed: allowed)
          _ = lookups.sequenceCoverages(ofSubtable: subtable, type: lookup.type)
          _ = lookups.secondValueFormat(ofPairSubtable: subtable)
        }
      }
      return answered
    }
  }

  /// The GSUB and GPOS tables of three fonts are read whole, and copies with bytes changed or
  /// cut short never make a reader go past the end.
  @Test(
    arguments: [
      "dejavu/DejaVuSans.ttf", "lato/Lato-Regular.ttf", "noto/NotoSans-Regular.ttf",
    ])
  func everyLookupOfBrokenTables(file: String) throws {
    var random = SeededGenerator(seed: 11)
    for tag in ["GSUB", "GPOS"] {
      let table = try Self.table(tag, of: HermeticFonts.fontPath(file))
      #expect(Self.readEverything(table, positioning: tag == "GPOS") > 0, "\(tag)")
      for length in stride(from: 0, to: table.count, by: max(1, table.count / 60)) {
        _ = Self.readEverything(Array(table.prefix(length)), positioning: tag == "GPOS")
      }
      for _ in 0..<60 {
        var broken = table
        for _ in 0..<8 {
          broken[Int.random(in: 0..<broken.count, using: &random)] = UInt8.random(
            in: 0...255, using: &random)
        }
        _ = Self.readEverything(broken, positioning: tag == "GPOS")
      }
    }
  }
}
