import ArgumentParser
import GalleyJobs
import GalleyLayout
import GalleyMarkup
import GalleyTools

/// `galley layout`: lines, glyph positions and link rectangles, as JSON or a listing.
struct LayoutCommand: OutcomeCommand {
  static let configuration = CommandConfiguration(
    commandName: "layout",
    abstract: "Lay out markup (or plain text) and print lines, glyphs and link rectangles.",
    discussion: """
      Geometry is in points, origin at the top left, y down; a size of N is N pixels. \
      location/length and cluster count UTF-16 code units of the formatted text. Each line's \
      text is what it shows; on a truncated line, ⟨…⟩ marks where the truncation token is drawn.
      """
  )

  @OptionGroup var options: LayoutCommandOptions

  @Flag(help: "Print JSON instead of a readable listing.")
  var json = false

  func execute() -> CommandOutcome {
    switch options.makeLayout() {
    case .failure(let failure):
      var outcome = CommandOutcome(failure)
      if !json { outcome.standardOutput = "" }
      return outcome
    case .success(let made):
      let warnings = made.warnings.joined(separator: "\n")
      if json {
        return CommandOutcome(
          document: JSONDocument.layout(made.layout, image: nil), standardError: warnings)
      }
      return CommandOutcome(
        standardOutput: Self.listing(made.layout, text: made.text), standardError: warnings,
        status: 0)
    }
  }

  /// The marker the listing puts where a line draws the truncation token, whose own text the
  /// layout does not hold.
  static let tokenMarker = "⟨…⟩"

  /// The readable listing: the size, then each line (range, geometry, break reason,
  /// `hyphenated` when it ends with an inserted hyphen, and the text it shows), then each
  /// link's rectangles.
  ///
  /// - Parameters:
  ///   - layout: The layout.
  ///   - text: The text it was made from.
  /// - Returns: The listing, one item a line.
  static func listing(_ layout: Layout, text: FormattedText) -> String {
    let utf16 = Array(text.string.utf16)
    var lines = ["size: \(layout.size.width) × \(layout.size.height)"]
    for (number, line) in layout.lines.enumerated() {
      let content = shownText(of: line, in: utf16, truncation: layout.truncation)
      lines.append(
        "line \(number): [\(line.location), \(line.location + line.length)) x \(line.x) y \(line.y) "
          + "width \(line.width) height \(line.height) baseline \(line.baseline) "
          + "\(line.breakReason.rawValue)\(line.isHyphenated ? " hyphenated" : "") "
          + String(reflecting: content))
    }
    for link in layout.links {
      let rects = link.rects.map { "(\($0.x), \($0.y), \($0.width) × \($0.height))" }
      lines.append("link \(link.index): " + rects.joined(separator: " "))
    }
    return lines.joined(separator: "\n")
  }

  /// The source text a line shows: its range, or on the line that draws the truncation token,
  /// the text before the hidden range, ``tokenMarker``, then the text after it.
  ///
  /// - Parameters:
  ///   - line: The line.
  ///   - utf16: The text's UTF-16 code units.
  ///   - truncation: The layout's truncation, or `nil`.
  /// - Returns: The text.
  static func shownText(
    of line: Layout.Line, in utf16: [UTF16.CodeUnit], truncation: Layout.Truncation?
  ) -> String {
    let end = line.location + line.length
    guard let truncation, line.runs.contains(where: \.isToken) else {
      return String(decoding: utf16[line.location..<end], as: UTF16.self)
    }
    let cut = min(max(truncation.location, line.location), end)
    let resume = min(max(truncation.location + truncation.length, cut), end)
    return String(decoding: utf16[line.location..<cut], as: UTF16.self) + tokenMarker
      + String(decoding: utf16[resume..<end], as: UTF16.self)
  }
}
