import ArgumentParser
import GalleyFonts
import GalleyWire

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `galley font`: the face a family, weight and italic resolve to, or the fallback faces for a
/// text.
struct FontCommand: OutcomeCommand {
  static let configuration = CommandConfiguration(
    commandName: "font",
    abstract: "Resolve a family, weight and italic to an installed face.",
    discussion: """
      Weights: ladder steps -3...3 (0 regular, 1 bold, -1 light; CSS 100, 200, 300, 400, 700, \
      800, 900) or CSS weights 100...1000. Unknown families get fontconfig's substitute, \
      marked as such; with --strict they are an error (exit 65) with suggestions. \
      --for-text shows which face draws each run of a text.
      """
  )

  @Argument(
    help: "The family: installed, an alias such as Helvetica, or sans-serif/serif/monospace.")
  var family: String

  @Option(
    parsing: .unconditional,
    help: "A ladder step in -3...3, a CSS weight in 100...1000 or a name such as semibold.")
  var weight = WeightArgument(0)

  @Flag(help: "Ask for italic.")
  var italic = false

  @Flag(help: "Fail for a family that is not installed and has no alias.")
  var strict = false

  @Option(name: .customLong("for-text"), help: "Show the face that draws each run of this text.")
  var text: String?

  @Option(help: "A language tag for fallback, such as ja or zh-cn.")
  var language: String?

  @Flag(help: "Print JSON.")
  var json = false

  @OptionGroup var fontOptions: FontOptions

  func validate() throws {
    try FamilyNameOption.check(family, option: "The family")
    do {
      _ = try FontWeight.cssWeight(weight.value)
    } catch {
      throw ValidationError("'--weight \(weight)': \(error.message).")
    }
    if let language, language.isEmpty || language.utf8.count > 64 {
      throw ValidationError("'--language' must have 1 to 64 characters.")
    }
    if let text, text.utf8.count > 1 << 20 {
      throw ValidationError("'--for-text' is limited to 1 MiB.")
    }
  }

  /// Does the work of ``run()`` without touching the process's streams, for tests.
  func execute() -> CommandOutcome {
    do {
      // One question and exit: listing every installed face would cost more than the answer.
      let fonts = try fontOptions.makeFontSet(listsFacesLazily: true)
      let resolved = try fonts.resolve(
        family: family, weight: weight.value, italic: italic, strict: strict)
      let notes =
        resolved.isSubstituted
        ? "warning: no installed family is named '\(family)'; using '\(resolved.face.family)'"
        : ""
      guard let text else {
        return CommandOutcome(
          standardOutput: json
            ? JSONOutput.encodeDocument(ResolvedFaceRecord(resolved)) : Self.describe(resolved),
          standardError: notes, status: 0)
      }
      let runs = fonts.fallbackRuns(for: text, primary: resolved, language: language)
      return CommandOutcome(
        standardOutput: json
          ? JSONOutput.encodeDocument(
            FallbackDocument(face: ResolvedFaceRecord(resolved), text: text, runs: runs))
          : Self.describe(runs, in: text, primary: resolved),
        standardError: notes, status: 0)
    } catch {
      return CommandOutcome(
        standardOutput: json ? JSONOutput.errorDocument(error) : "",
        standardError: Diagnostics.render(error), status: ExitStatus.dataError.rawValue)
    }
  }

  static func describe(_ resolved: ResolvedFace) -> String {
    let face = resolved.face
    var lines = [
      "\(face.family) \(face.style)"
        + (face.postscriptName.isEmpty ? "" : " (\(face.postscriptName))")
    ]
    lines.append("  file: \(face.file)" + (face.index == 0 ? "" : " #\(face.index)"))
    lines.append("  weight: \(face.weight), \(face.slant.rawValue), width \(face.width)")
    var how = "  matched by: \(resolved.matchedBy.rawValue)"
    if resolved.matchedBy != .installed { how += " (asked for '\(resolved.requestedFamily)')" }
    lines.append(how)
    var synthesized: [String] = []
    if resolved.synthesizedItalic { synthesized.append("italic") }
    if resolved.synthesizedBold { synthesized.append("bold") }
    if !synthesized.isEmpty {
      lines.append("  synthesized: " + synthesized.joined(separator: ", "))
    }
    return lines.joined(separator: "\n")
  }

  static func describe(_ runs: [FallbackRun], in text: String, primary: ResolvedFace) -> String {
    var lines = ["primary: \(primary.face.family) \(primary.face.style)"]
    for run in runs {
      let range = "[\(run.utf16Range.lowerBound), \(run.utf16Range.upperBound))"
      let drawnBy =
        run.face.map { "\($0.family) \($0.style)" + (run.isPrimary ? "" : " (fallback)") }
        ?? "no installed face"
      lines.append("  \(range) \(String(reflecting: String(text[run.range]))) \(drawnBy)")
    }
    return lines.joined(separator: "\n")
  }
}
