import ArgumentParser
import GalleyFonts
import GalleyLayout
import GalleyMarkup

/// The options every command that lays text out shares: markup or plain text, the box and the
/// default font.
struct LayoutCommandOptions: ParsableArguments {
  @OptionGroup var formatterOptions: FormatterOptions

  @Flag(help: "Take the input as plain text: '%' has no meaning.")
  var plain = false

  @Option(help: "The box width in points (omit for one unlimited line per paragraph).")
  var width: Double?

  @Option(help: "The default family (the same as --default-family).")
  var family: String?

  @Option(help: "The default size in points (the same as --default-size).")
  var size: Double?

  @Option(help: "Alignment: left, right, center or natural.")
  var align: LayoutOptions.Alignment = .natural

  @Option(parsing: .unconditional, help: "Extra points between lines.")
  var lineSpacing: Double = 0

  @Option(help: "A factor on each line's natural height.")
  var lineHeightMultiple: Double = 1

  @Flag(help: "Add the fonts' own line gap between lines (DAAttributedLabel's leading).")
  var fontLeading = false

  @Option(parsing: .unconditional, help: "Extra points after each paragraph.")
  var paragraphSpacing: Double = 0

  @Option(help: "A language tag for shaping, line breaking and fallback, such as ja or th.")
  var language: String?

  @OptionGroup var fontOptions: FontOptions

  @OptionGroup var inputOptions: InputOptions

  func validate() throws {
    if let problem = layoutOptions.problem {
      throw ValidationError("Invalid layout option: \(problem).")
    }
    if let size, !(size > 0 && size <= MarkupFormatter.maximumSize) {
      throw ValidationError(
        "'--size' must be above 0 and at most \(Int(MarkupFormatter.maximumSize)).")
    }
    if let family, family.allSatisfy(\.isWhitespace) {
      throw ValidationError("'--family' must not be empty.")
    }
  }

  var layoutOptions: LayoutOptions {
    LayoutOptions(
      width: width, alignment: align, lineSpacing: lineSpacing,
      lineHeightMultiple: lineHeightMultiple, usesFontLeading: fontLeading,
      paragraphSpacing: paragraphSpacing, language: language)
  }

  /// Reads, formats and lays out the input, or describes why it cannot.
  func makeLayout() -> Result<(FormattedText, Layout), CommandOutcome> {
    let source: String
    do {
      source = try inputOptions.read()
    } catch {
      return .failure(failure(Diagnostics.render(error), kind: "invalidInput", error.message))
    }
    var formatter = formatterOptions.formatter
    if let family { formatter.defaultFamily = family }
    if let size { formatter.defaultSize = size }
    let text: FormattedText
    if plain {
      text = FormattedText(plain: source, attributes: formatter.defaultAttributes)
    } else {
      do {
        text = try formatter.format(source)
      } catch {
        return .failure(
          CommandOutcome(
            standardOutput: JSONOutput.errorDocument(error),
            standardError: Diagnostics.render(error, in: source, source: inputOptions.sourceName),
            status: ExitStatus.dataError.rawValue))
      }
    }
    do {
      let engine = LayoutEngine(fonts: try fontOptions.makeFontSet())
      return .success((text, try engine.layout(text, options: layoutOptions)))
    } catch let error as FontSetError {
      return .failure(failure(Diagnostics.render(error), kind: error.kind.rawValue, error.message))
    } catch let error as LayoutError {
      return .failure(failure("error: \(error.message)", kind: error.kind.rawValue, error.message))
    } catch {
      return .failure(failure("error: \(error)", kind: "internal", "\(error)"))
    }
  }

  private func failure(_ diagnostic: String, kind: String, _ message: String) -> CommandOutcome {
    CommandOutcome(
      standardOutput: JSONOutput.errorDocument(kind: kind, message),
      standardError: diagnostic, status: ExitStatus.dataError.rawValue)
  }
}

extension LayoutOptions.Alignment: ExpressibleByArgument {}

/// `galley layout`: lines, glyph positions and link rectangles, as JSON or a listing.
struct LayoutCommand: OutcomeCommand {
  static let configuration = CommandConfiguration(
    commandName: "layout",
    abstract: "Lay out markup (or plain text) and print lines, glyphs and link rectangles.",
    discussion: """
      Geometry is in points, origin at the top left, y down; a size of N is N pixels. \
      location/length and cluster count UTF-16 code units of the formatted text.
      """
  )

  @OptionGroup var options: LayoutCommandOptions

  @Flag(help: "Print JSON instead of a readable listing.")
  var json = false

  func execute() -> CommandOutcome {
    switch options.makeLayout() {
    case .failure(var outcome):
      if !json { outcome.standardOutput = "" }
      return outcome
    case .success(let (text, layout)):
      if json { return CommandOutcome(document: .layout(layout, image: nil)) }
      return CommandOutcome(
        standardOutput: Self.listing(layout, text: text), standardError: "", status: 0)
    }
  }

  static func listing(_ layout: Layout, text: FormattedText) -> String {
    let utf16 = Array(text.string.utf16)
    var lines = ["size: \(layout.size.width) × \(layout.size.height)"]
    for (number, line) in layout.lines.enumerated() {
      let content = String(
        decoding: utf16[line.location..<line.location + line.length], as: UTF16.self)
      lines.append(
        "line \(number): [\(line.location), \(line.location + line.length)) x \(line.x) y \(line.y) "
          + "width \(line.width) height \(line.height) baseline \(line.baseline) "
          + "\(line.breakReason.rawValue) \(String(reflecting: content))")
    }
    for link in layout.links {
      let rects = link.rects.map { "(\($0.x), \($0.y), \($0.width) × \($0.height))" }
      lines.append("link \(link.index): " + rects.joined(separator: " "))
    }
    return lines.joined(separator: "\n")
  }
}
