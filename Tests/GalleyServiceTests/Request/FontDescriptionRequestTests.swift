import GalleyJobs
import GalleyLayout
import GalleyService
import GalleyTestSupport
import GalleyTools
import Testing

/// `defaults.fontDescription`: its parts set the text's defaults and the layout's features,
/// coordinates and width below the request's own fields; one that does not read is a font
/// problem of a request that reads (HTTP 422) naming the field.
@Suite struct FontDescriptionRequestTests {
  static let service = Result { TextService(fonts: try HermeticFonts.fontSet()) }

  /// The first run's font of a request's layout.
  private func firstFont(_ json: String) throws -> Layout.FontReference {
    let service = try Self.service.get()
    let request = try service.prepare(Array(json.utf8))
    let layout = try service.layout(request, deadline: Deadline(start: .now, budget: .seconds(30)))
    return try #require(layout.lines.first?.runs.first?.font)
  }

  @Test(
    "The description sets the defaults, under the request's own fields",
    arguments: [
      (#"{"fontDescription": "DejaVu Serif Bold Italic 12"}"#, "DejaVu Serif Bold Italic 12.0 "),
      (#"{"fontDescription": "No Such Family, Lato 9 #smcp"}"#, "Lato Regular 9.0 smcp"),
      (
        #"{"fontDescription": "DejaVu Sans Condensed Bold 10"}"#,
        "DejaVu Sans Condensed Bold 10.0 "
      ),
      (
        #"{"fontDescription": "DejaVu Sans Bold 30", "size": 11, "family": "DejaVu Serif"}"#,
        "DejaVu Serif Bold 11.0 "
      ),
      (#"{"fontDescription": "DejaVu Sans Bold 30", "weight": 0}"#, "DejaVu Sans Book 30.0 "),
    ])
  func descriptionSetsTheDefaults(_ defaults: String, _ expected: String) throws {
    let font = try firstFont(#"{"markup": "Hi", "defaults": \#(defaults)}"#)
    #expect("\(font.family) \(font.style) \(font.size) \(font.features)" == expected)
  }

  @Test func layoutFieldsWinOverTheDescription() throws {
    let font = try firstFont(
      #"""
      {"markup": "Hi", "defaults": {"fontDescription": "Inter 13 @wght=550 #smcp,tnum"},
       "layout": {"features": "smcp=0", "variations": "wght=700"}}
      """#)
    #expect(font.features.description == "-smcp,tnum")
    #expect(font.variations.description == "slnt=0,wght=700")
  }

  @Test(
    "A description that does not read is a 422 naming the field",
    arguments: [
      ("Inter 550 20", "did you mean 'Inter weight=550 20'"),
      ("DejaVu Sans 12pt", "12pt"),
      ("DejaVu Sans:weight=x", "fontconfig cannot read this pattern"),
    ])
  func badDescriptionIsARequestFailure(_ text: String, _ expected: String) throws {
    let service = try Self.service.get()
    do {
      _ = try service.prepare(
        Array(#"{"markup": "Hi", "defaults": {"fontDescription": "\#(text)"}}"#.utf8))
      Issue.record("'\(text)' was accepted")
    } catch {
      #expect(error.category.httpStatus == 422)
      #expect(error.kind == "invalidFontDescription")
      #expect(
        error.document.contains("\"field\" : \"defaults.fontDescription\""), "\(error.document)")
      #expect(error.message.contains("defaults.fontDescription"), "\(error.message)")
      #expect(error.message.contains(expected), "\(error.message)")
    }
  }
}
