import GalleyFonts

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `galley font` asks: a font description (a family, or Pango's `DejaVu Sans Bold
/// Oblique 12`, or a fontconfig pattern), a weight and italic to resolve, and a text whose
/// fallback runs to show, with where the fonts come from.
///
/// `FontCommand` (in `GalleyCLI`) fills one from argument-parser's options, and
/// ``FontCommandLine`` from the usual command lines without argument-parser. Either way,
/// ``validationProblem`` and ``execute()`` are the command's checks and work.
package struct FontQuery: Hashable, Sendable {
  /// The family, or a font description (``GalleyFonts/FontDescription``): installed, an
  /// alias such as Helvetica, or sans-serif/serif/monospace, with style words and a size.
  package var family: String
  /// A ladder step in -3...3 or a CSS weight in 100...1000 (`--weight`); 0 is regular.
  package var weight = 0
  /// Whether italic is asked for (`--italic`).
  package var italic = false
  /// Whether a family that is not installed and has no alias fails (`--strict`).
  package var strict = false
  /// The text whose runs to show with the face that draws each (`--for-text`).
  package var text: String?
  /// A language tag for fallback, such as `ja` (`--language`).
  package var language: String?
  /// Whether to print JSON (`--json`).
  package var json = false
  /// Whether to print the Pango description of the face (`--describe`).
  package var describes = false
  /// Where the fonts come from.
  package var sources = FontSources()

  /// A question about a family, with the defaults for everything else.
  ///
  /// - Parameter family: The family.
  package init(family: String) { self.family = family }

  /// What is wrong with the values, in the words `galley font` prints for a usage error, or
  /// `nil` when they are good.
  ///
  /// `FontCommand.validate()` throws it as a `ValidationError` (exit 64).
  package var validationProblem: String? {
    if let problem = FamilyNameOption.problem(with: family, option: "The family") {
      return problem
    }
    let description: FontDescription
    do {
      description = try FontDescription(parsing: family)
    } catch {
      return "The family: \(error)."
    }
    for name in description.families {
      if let problem = FamilyNameOption.problem(with: name, option: "The family") {
        return problem
      }
    }
    do {
      _ = try FontWeight.cssWeight(weight)
    } catch {
      return "'--weight \(weight)': \(error.message)."
    }
    if let language, language.isEmpty || language.utf8.count > 64 {
      return "'--language' must have 1 to 64 characters."
    }
    if let text, text.utf8.count > 1 << 20 { return "'--for-text' is limited to 1 MiB." }
    return nil
  }

  /// Resolves the family and describes the face, or the fallback runs of ``text``.
  ///
  /// - Returns: What `galley font` prints, and its exit status.
  package func execute() -> CommandOutcome {
    execute(in: makeFontSet())
  }

  /// The font set the query is answered in, or why there is none.
  ///
  /// One question and exit: the set lists only the faces the question needs, since listing
  /// every installed face would cost more than the answer.
  ///
  /// - Returns: The font set, or the error for an unusable file, directory or definition.
  package func makeFontSet() -> Result<FontSet, FontSetError> {
    Result { () throws(FontSetError) in try sources.makeFontSet(listsFacesLazily: true) }
  }

  /// Does the work of ``execute()`` in a font set the caller made with ``makeFontSet()``, so
  /// that the caller decides when the set is released.
  ///
  /// - Parameter fonts: The font set, or the error that replaced it.
  /// - Returns: What `galley font` prints, and its exit status.
  package func execute(in fonts: Result<FontSet, FontSetError>) -> CommandOutcome {
    do {
      let fonts = try fonts.get()
      // validationProblem has read the description.
      let description = (try? FontDescription(parsing: family)) ?? FontDescription()
      let name = fonts.family(for: description)
      let resolved = try fonts.resolve(
        family: name, weight: weight != 0 ? weight : description.weight ?? 0,
        italic: italic || (description.slant ?? .upright) != .upright, strict: strict,
        width: description.resolvedWidth)
      let notes =
        resolved.isSubstituted
        ? "warning: no installed family is named '\(name)'; using '\(resolved.face.family)'"
        : ""
      let described = fonts.describe(resolved, asked: description).description
      guard let text else {
        return CommandOutcome(
          standardOutput: json
            ? JSONOutput.encodeDocument(
              ResolvedFaceRecord(resolved, in: fonts, description: described))
            : describes ? described : Self.describe(resolved),
          standardError: notes, status: 0)
      }
      let runs = fonts.fallbackRuns(for: text, primary: resolved, language: language)
      return CommandOutcome(
        standardOutput: json
          ? JSONOutput.encodeDocument(
            FallbackDocument(
              face: ResolvedFaceRecord(resolved, in: fonts, description: described), text: text,
              runs: runs))
          : Self.describe(runs, in: text, primary: resolved),
        standardError: notes, status: 0)
    } catch {
      return CommandOutcome(
        standardOutput: json ? JSONOutput.errorDocument(error) : "",
        standardError: Diagnostics.render(error), status: ExitStatus.dataError)
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
