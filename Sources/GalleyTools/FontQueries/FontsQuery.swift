import GalleyFonts

/// What `galley fonts` asks: every installed family, or one, with where the fonts come from.
///
/// `FontsCommand` (in `GalleyCLI`) fills one from argument-parser's options, and
/// ``FontCommandLine`` from the usual command lines without argument-parser.
package struct FontsQuery: Hashable, Sendable {
  /// Only this family, an installed name or an alias (`--family`), or `nil` for every family.
  package var family: String?
  /// Whether to print JSON (`--json`).
  package var json = false
  /// Where the fonts come from.
  package var sources = FontSources()

  /// A question about every installed family.
  package init() {}

  /// What is wrong with the values, in the words `galley fonts` prints for a usage error, or
  /// `nil` when they are good.
  package var validationProblem: String? {
    family.flatMap { FamilyNameOption.problem(with: $0, option: "'--family'") }
  }

  /// Lists the families.
  ///
  /// - Returns: What `galley fonts` prints, and its exit status.
  package func execute() -> CommandOutcome {
    execute(in: makeFontSet())
  }

  /// The font set the query is answered in (every face listed), or why there is none.
  ///
  /// - Returns: The font set, or the error for an unusable file, directory or definition.
  package func makeFontSet() -> Result<FontSet, FontSetError> {
    Result { () throws(FontSetError) in try sources.makeFontSet() }
  }

  /// Does the work of ``execute()`` in a font set the caller made with ``makeFontSet()``, so
  /// that the caller decides when the set is released.
  ///
  /// - Parameter fonts: The font set, or the error that replaced it.
  /// - Returns: What `galley fonts` prints, and its exit status.
  package func execute(in fonts: Result<FontSet, FontSetError>) -> CommandOutcome {
    do {
      let fonts = try fonts.get()
      let families: [FamilyRecord]
      if let family {
        // Strict, so that a typo gets suggestions instead of a substitute's listing. The
        // ladder is the requested name's: an alias may have a ladder of its own.
        let installed = try fonts.resolve(family: family, strict: true).face.family
        families = [FamilyRecord(name: installed, ladderFamily: family, fonts: fonts)]
      } else {
        families = fonts.familyNames.map { FamilyRecord(name: $0, ladderFamily: $0, fonts: fonts) }
      }
      return CommandOutcome(
        standardOutput: json
          ? JSONOutput.encodeDocument(FamiliesDocument(families: families))
          : families.map(\.listing).joined(separator: "\n"),
        standardError: "", status: 0)
    } catch {
      return CommandOutcome(
        standardOutput: json ? JSONOutput.errorDocument(error) : "",
        standardError: Diagnostics.render(error), status: ExitStatus.dataError)
    }
  }
}
