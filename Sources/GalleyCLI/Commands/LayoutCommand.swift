import ArgumentParser
import GalleyLayout
import GalleyMarkup

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
    case .success(let made):
      let warnings = made.warnings.joined(separator: "\n")
      if json {
        return CommandOutcome(
          document: .layout(made.layout, image: nil), standardError: warnings)
      }
      return CommandOutcome(
        standardOutput: Self.listing(made.layout, text: made.text), standardError: warnings,
        status: 0)
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
