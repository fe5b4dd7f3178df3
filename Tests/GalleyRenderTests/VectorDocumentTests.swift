import Foundation
import GalleyLayout
import GalleyMarkup
import Testing

@testable import GalleyRender

#if canImport(FoundationXML)
import FoundationXML
#endif

/// SVG and PDF documents: their size as a browser reads it, clickable links, and dates that
/// reproducible builds can fix.
@Suite("SVG and PDF documents")
struct VectorDocumentTests {
  static let markup =
    "Read %{https://example.com/docs?a=1&b='2'}Lthe documentation%l, %Lno target%l, "
    + "%{javascript:alert(1)}Lno script%l, and %{mailto:x@example.com}Lwrite to us about "
    + "anything at all%l."

  /// The root element's attributes, every `<a href>`, and the rectangles inside each.
  final class SVGReader: NSObject, XMLParserDelegate {
    var root: [String: String] = [:]
    var links: [(href: String, rects: [[String: String]])] = []
    private var inLink = false

    func parser(
      _ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      switch element {
      case "svg": root = attributes
      case "a":
        links.append((attributes["href"] ?? "", []))
        inLink = true
      case "rect" where inLink: links[links.count - 1].rects.append(attributes)
      default: break
      }
    }

    func parser(
      _ parser: XMLParser, didEndElement element: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      if element == "a" { inLink = false }
    }
  }

  private func svg(_ layout: Layout, scale: Double) throws -> (SVGReader, ImageGeometry) {
    let image = try Renderer().render(
      layout, options: RenderOptions(scale: scale, padding: 3), format: .svg)
    let reader = SVGReader()
    let parser = XMLParser(data: Data(image.data))
    parser.delegate = reader
    #expect(parser.parse(), "the SVG is well-formed XML")
    return (reader, image.geometry)
  }

  @Test(arguments: [1.0, 2.0, 0.5])
  func svgHasThePNGSizeInPixels(scale: Double) throws {
    let layout = try RenderSupport.layout(Self.markup, width: 200)
    let (reader, geometry) = try svg(layout, scale: scale)
    let png = try Renderer().rasterize(layout, options: RenderOptions(scale: scale, padding: 3))
    // A browser reads "128px" (or a unitless 128) as 128 CSS pixels.
    #expect(reader.root["width"] == "\(png.width)px")
    #expect(reader.root["height"] == "\(png.height)px")
    #expect(reader.root["viewBox"] == "0 0 \(png.width) \(png.height)")
    #expect(geometry.width == png.width && geometry.height == png.height)
  }

  @Test func svgLinksAreClickable() throws {
    let layout = try RenderSupport.layout(Self.markup, width: 200)
    let (reader, geometry) = try svg(layout, scale: 2)
    #expect(
      reader.links.map(\.href) == ["https://example.com/docs?a=1&b='2'", "mailto:x@example.com"])
    let expected = [layout.links[0], layout.links[3]]
    for (link, region) in zip(reader.links, expected) {
      #expect(link.rects.count == region.rects.count)
      for (rect, layoutRect) in zip(link.rects, region.rects) {
        #expect(Double(rect["x"] ?? "") == (layoutRect.x + geometry.originX) * 2)
        #expect(Double(rect["y"] ?? "") == (layoutRect.y + geometry.originY) * 2)
        #expect(Double(rect["width"] ?? "") == layoutRect.width * 2)
        #expect(rect["fill-opacity"] == "0")
      }
    }
    // No links, no anchors.
    let (plain, _) = try svg(try RenderSupport.layout("No links here"), scale: 1)
    #expect(plain.links.isEmpty)
  }

  /// The URI actions and annotation rectangles of a PDF, read from its objects.
  private func pdfLinks(_ data: [UInt8]) -> (uris: [String], rects: Int) {
    let text = String(decoding: data, as: UTF8.self)
    let uris = text.components(separatedBy: "/URI (").dropFirst().map {
      String($0.prefix { $0 != ")" })
    }
    let rects = text.components(separatedBy: "/Subtype /Link").count - 1
    return (uris, rects)
  }

  /// The ids an SVG defines and the ids it refers to.
  private func svgIdentifiers(_ data: [UInt8]) -> (defined: [String], referred: Set<String>) {
    let text = String(decoding: data, as: UTF8.self)
    let defined = text.components(separatedBy: " id=\"").dropFirst().map {
      String($0.prefix { $0 != "\"" })
    }
    var referred = Set<String>()
    for separator in ["href=\"#", "url(#"] {
      for part in text.components(separatedBy: separator).dropFirst() {
        referred.insert(String(part.prefix { $0 != "\"" && $0 != ")" }))
      }
    }
    return (defined, referred)
  }

  /// Two SVGs inlined in one page must not share ids (cairo numbers them per process), and the
  /// same layout gives the same bytes on every call.
  @Test func svgIdsAreUniquePerDocumentAndDeterministic() throws {
    let options = RenderOptions(
      shadow: .drop,
      gradient: .init(stops: [.init(offset: 0, color: .black), .init(offset: 1, color: .white)]))
    let zebra = try RenderSupport.layout("Zebra %Bstripes%b and a %{https://x.org}Llink%l")
    let other = try RenderSupport.layout("Aebra")
    let first = try Renderer().render(zebra, options: options, format: .svg).data
    let again = try Renderer().render(zebra, options: options, format: .svg).data
    let second = try Renderer().render(other, options: options, format: .svg).data
    #expect(first == again)
    let (defined, referred) = svgIdentifiers(first)
    let (otherDefined, otherReferred) = svgIdentifiers(second)
    #expect(!defined.isEmpty && !otherDefined.isEmpty)
    #expect(Set(defined).count == defined.count, "an id is defined twice")
    #expect(referred.isSubset(of: Set(defined)), "\(referred.subtracting(defined))")
    #expect(otherReferred.isSubset(of: Set(otherDefined)))
    #expect(Set(defined).isDisjoint(with: otherDefined))
    // No id of cairo's counters is left.
    #expect(!defined.contains { $0.hasPrefix("glyph") || $0.hasPrefix("surface") })
  }

  /// SVG and PDF draw the text in reading order (lines top to bottom, runs in text order), so
  /// copying it, and screen readers, get it in order; images draw one run per font and color.
  @Test func vectorScenesKeepReadingOrder() throws {
    let layout = try RenderSupport.layout(
      "Hello %Bworld%b, then %Iitalic%i words that wrap over lines and end.", width: 120)
    let reading = try Scene(
      layout: layout, fonts: CairoFontCache(), deviceScale: 1, colors: ColorOverrides(),
      keepsReadingOrder: true)
    let grouped = try Scene(
      layout: layout, fonts: CairoFontCache(), deviceScale: 1, colors: ColorOverrides())
    // The glyphs of the layout's runs, in text order, joined where neighbours share a font.
    var expected: [(style: String, glyphs: Int)] = []
    for line in layout.lines {
      for run in line.runs.sorted(by: { $0.location < $1.location }) where !run.glyphs.isEmpty {
        if expected.last?.style == run.font.style {
          expected[expected.count - 1].glyphs += run.glyphs.count
        } else {
          expected.append((run.font.style, run.glyphs.count))
        }
      }
    }
    #expect(reading.runs.map(\.reference.style) == expected.map(\.style))
    #expect(reading.runs.map(\.glyphs.count) == expected.map(\.glyphs))
    #expect(grouped.runs.count == Set(expected.map(\.style)).count)
    #expect(expected.count > grouped.runs.count)
  }

  /// A PDF keeps each glyph's characters (cairo's text clusters): `pdftotext` reads Lato's
  /// "ffi" and "fj" ligatures as their letters, not as U+FB03 or an unmapped glyph; without
  /// the text, cairo's guesses give neither.
  @Test func pdfTextReadsLigaturesAsTheirLetters() throws {
    let markup = "The office %Bfjord%b flows, %Iaffluent%i and fine."
    var formatter = RenderSupport.formatterForFamily("Lato")
    formatter.defaultSize = 20
    let text = try formatter.format(markup)
    let layout = try RenderSupport.engine.get().layout(text, options: LayoutOptions(width: 600))
    let withText = try Renderer().render(layout, format: .pdf, text: text.string)
    let extracted = try Self.pdfText(withText.data)
    #expect(extracted == text.string, "\(extracted.debugDescription)")
    let guessed = try Self.pdfText(try Renderer().render(layout, format: .pdf).data)
    #expect(guessed != text.string, "\(guessed.debugDescription)")
  }

  /// Lines come out top to bottom, each in reading order, a line with right-to-left words
  /// included: `pdftotext -raw` reads the paragraph as written (white space and the embedding
  /// marks it puts around right-to-left words aside).
  @Test(arguments: [
    ("Lato", "The office fjord flows, affluent and fine, and goes on over several lines."),
    ("DejaVu Sans", "Read the שלום עולם notes, then 12 more lines of English text."),
  ])
  func pdfTextReadsLinesInReadingOrder(family: String, markup: String) throws {
    var formatter = RenderSupport.formatterForFamily(family)
    formatter.defaultSize = 20
    let text = try formatter.format(markup)
    let layout = try RenderSupport.engine.get().layout(text, options: LayoutOptions(width: 180))
    #expect(layout.lines.count >= 3)
    let pdf = try Renderer().render(layout, format: .pdf, text: text.string)
    let words = try Self.pdfText(pdf.data).filter { $0 != "\u{202B}" && $0 != "\u{202C}" }
      .split(whereSeparator: \.isWhitespace)
    #expect(words == text.string.split(whereSeparator: \.isWhitespace))
  }

  /// A right-to-left paragraph's lines come out top to bottom, each with its own words:
  /// poppler lists the words of a right-to-left line from left to right (each word's letters
  /// in reading order, its punctuation where it is seen), as it does for any PDF that draws a
  /// line's glyphs left to right.
  @Test func pdfTextKeepsRightToLeftLinesApart() throws {
    var formatter = RenderSupport.formatterForFamily("DejaVu Sans")
    formatter.defaultSize = 20
    let text = try formatter.format("שלום עולם, זהו טקסט ארוך שעובר על פני כמה שורות של הדף.")
    let layout = try RenderSupport.engine.get().layout(text, options: LayoutOptions(width: 180))
    let pdf = try Renderer().render(layout, format: .pdf, text: text.string)
    let lines = try Self.pdfText(pdf.data).filter { $0 != "\u{202B}" && $0 != "\u{202C}" }
      .split(separator: "\n").map { Set($0.split(separator: " ").map { $0.filter(\.isLetter) }) }
    let utf16 = Array(text.string.utf16)
    let expected = layout.lines.map { line in
      Set(
        String(decoding: utf16[line.location..<line.location + line.length], as: UTF16.self)
          .split(separator: " ").map { $0.filter(\.isLetter) })
    }
    #expect(lines == expected)
  }

  /// Transformed glyphs drawn in text order keep their characters too, ligatures included;
  /// another drawing order keeps none (a reader would read them shuffled).
  @Test(arguments: [
    AnyGlyphTypesetter(RotationTypesetter(degrees: 8)),
    AnyGlyphTypesetter(RandomShiftTypesetter(x: 0.5, y: 0.5, degrees: 4, seed: 3)),
  ])
  func pdfTextOfTransformedGlyphsIsTheirCharacters(typesetter: AnyGlyphTypesetter) throws {
    var formatter = RenderSupport.formatterForFamily("Lato")
    formatter.defaultSize = 20
    let text = try formatter.format("The office fjord")
    var options = LayoutOptions(width: 600)
    options.glyphTypesetters = [typesetter]
    let layout = try RenderSupport.engine.get().layout(text, options: options)
    let pdf = try Renderer().render(layout, format: .pdf, text: text.string)
    let extracted = try Self.pdfText(pdf.data).filter { !$0.isWhitespace }
    #expect(extracted == text.string.filter { !$0.isWhitespace }, "\(extracted.debugDescription)")
    var reversed = RenderOptions()
    reversed.drawOrder = .reverse
    let shuffled = try Renderer().render(
      layout, options: reversed, format: .pdf, text: text.string)
    #expect(try Self.pdfText(shuffled.data).filter { !$0.isWhitespace } != extracted)
  }

  /// The text of a PDF as `pdftotext -raw` reads it, without its final line break and form
  /// feed.
  static func pdfText(_ data: [UInt8]) throws -> String {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("galley-pdftext-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("text.pdf")
    try Data(data).write(to: file)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
    process.arguments = ["-raw", "-enc", "UTF-8", file.path, "-"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let bytes = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
    return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test func pdfLinksAreURIAnnotations() throws {
    let layout = try RenderSupport.layout(Self.markup, width: 200)
    let image = try Renderer().render(layout, format: .pdf)
    let (uris, annotations) = pdfLinks(image.data)
    #expect(uris.count == 2)
    #expect(uris.first?.hasPrefix("https://example.com/docs?a=1&b=") == true)
    #expect(uris.last == "mailto:x@example.com")
    #expect(annotations == 2)
    #expect(!String(decoding: image.data, as: UTF8.self).contains("javascript"))
  }

  @Test(arguments: [
    ("https://x.y", true), ("mailto:a@b", true), ("app://open", true), ("/relative", true),
    ("javascript:alert(1)", false), (" JavaScript:x", false), ("java\nscript:x", false),
    ("data:text/html,x", false), ("VBScript:x", false), ("", false), ("  ", false),
  ])
  func onlyFollowableTargetsBecomeLinks(target: String, followable: Bool) {
    #expect(DocumentLinks.isFollowable(target) == followable)
  }

  @Test(arguments: [
    ("1700000000", "2023-11-14T22:13:20Z"), ("0", "1970-01-01T00:00:00Z"),
    ("253402300799", "9999-12-31T23:59:59Z"),
  ])
  func sourceDateEpochGivesTheCreationDate(epoch: String, date: String) {
    #expect(CairoSurface.creationDate(sourceDateEpoch: epoch) == date)
  }

  @Test(arguments: ["", "-1", "1e9", "253402300800", "soon", "99999999999999999999"])
  func badSourceDateEpochsAreIgnored(epoch: String) {
    #expect(CairoSurface.creationDate(sourceDateEpoch: epoch) == nil)
  }
}
