import Foundation
import GalleyFonts
import GalleyLayout
import GalleyMarkup
import GalleyTestSupport
import Testing

/// Text in a language takes its family's family for that language: the layout's language, or
/// a span's (`%{ja}G`).
@Suite("Families per language in layouts")
struct LanguageFamilyLayoutTests {
  static let engine = Result {
    let definition = try FontSetDefinition(
      json: Data(
        #"{"schemaVersion": 1, "languages": {"DejaVu Sans": {"en": ["Lato"], "ja": ["Droid Sans Fallback"]}}}"#
          .utf8), source: "test")
    return LayoutEngine(
      fonts: try FontSet(options: HermeticFonts.options(definitions: [definition])))
  }

  @Test func layoutAndSpanLanguagesChooseTheFamily() throws {
    let text = try LayoutSupport.formatter.format("Hello %{ja}G直骨%g and %{de}Gdu%g")
    let layout = try Self.engine.get().layout(text, options: LayoutOptions(language: "en-US"))
    let families = layout.lines.flatMap(\.runs).map(\.font.family)
    #expect(families == ["Lato", "Droid Sans Fallback", "Lato", "DejaVu Sans"])
    // Without a language, the family is its own.
    let plain = try Self.engine.get().layout(try LayoutSupport.formatter.format("Hello"))
    #expect(plain.lines.flatMap(\.runs).map(\.font.family) == ["DejaVu Sans"])
  }
}
