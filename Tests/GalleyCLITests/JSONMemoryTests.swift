import Foundation
import GalleyTestSupport
import Testing

/// `--json` writes documents as it encodes them, so printing JSON costs about as much memory
/// as printing the readable listing of the same input (issue 11 item 17: `layout --json`
/// used to peak at about 600 times the input, building the whole JSON tree first).
@Suite("JSON output memory")
struct JSONMemoryTests {
  /// Markup like the benchmark corpus: bold, italic, links, sizes and families.
  private static func markup(bytes: Int) -> String {
    let paragraph =
      "By through %Briver kerning,%b is well-known %Ihowever layout%i be résumé they "
      + "%L%0C%1Ulibrary state-of-the-art, were%u%c%l well-known. Environment perhaps "
      + "%16Sstate-of-the-art%s between you Tokyo %1Fbecause this, experience%f on whole. "
      + "General available (see, morning if social clear self-contained this environment.\n"
    return String(repeating: paragraph, count: bytes / paragraph.utf8.count + 1)
  }

  /// Peak resident bytes of `galley <command> <arguments> [--json]`, without and with `--json`.
  ///
  /// Each is the smaller of two runs, taken in turn. (The peaks used to vary by a hundred
  /// megabytes from run to run: they were read with `wait4`, which counted the test runner's
  /// own memory; see ``GalleyBinary/peakResidentBytes(_:)``.)
  private func peaks(
    _ command: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (listing: Int, json: Int) {
    let binary = try GalleyBinary()
    var listing = Int.max
    var json = Int.max
    for _ in 0..<2 {
      let plain = try binary.peakResidentBytes([command] + arguments)
      let encoded = try binary.peakResidentBytes([command, "--json"] + arguments)
      #expect(plain.status == 0, sourceLocation: sourceLocation)
      #expect(encoded.status == 0, sourceLocation: sourceLocation)
      listing = min(listing, plain.bytes)
      json = min(json, encoded.bytes)
    }
    return (listing, json)
  }

  /// 250 KB of markup: 46 MB of layout JSON, which the JSON tree turned into about 160 MB
  /// more than the listing needs.
  @Test func layoutJSONCostsAboutWhatTheListingCosts() throws {
    let input = try temporaryFile(Data(Self.markup(bytes: 250_000).utf8))
    let peaks = try peaks(
      "layout",
      [
        "--width", "400", "--font", "DejaVu Sans", "--font", "DejaVu Serif", "--color",
        "#1A5FB4", "--fontconfig", try HermeticFonts.configurationFile(), "--input", input.path,
      ])
    #expect(peaks.json < peaks.listing + (16 << 20), "listing \(peaks.listing), JSON \(peaks.json)")
  }

  /// 1 MB of markup: 10 MB of format JSON, which the JSON tree turned into about 45 MB more
  /// than the listing needs.
  @Test func formatJSONCostsAboutWhatTheListingCosts() throws {
    let input = try temporaryFile(Data(Self.markup(bytes: 1_000_000).utf8))
    let peaks = try peaks(
      "format",
      [
        "--font", "DejaVu Sans", "--font", "DejaVu Serif", "--color", "#1A5FB4", "--input",
        input.path,
      ])
    #expect(peaks.json < peaks.listing + (8 << 20), "listing \(peaks.listing), JSON \(peaks.json)")
  }
}
