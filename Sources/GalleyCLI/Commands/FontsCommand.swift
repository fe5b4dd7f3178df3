import ArgumentParser
import GalleyFonts
import GalleyWire

/// `galley fonts`: installed families with their ladders and faces.
struct FontsCommand: OutcomeCommand {
  static let configuration = CommandConfiguration(
    commandName: "fonts",
    abstract: "List installed families, which face each ladder step gives, and every face.",
    discussion: """
      Ladder steps -3...3 ask for CSS 100, 200, 300, 400, 700, 800, 900. In the listing, '*' marks a step whose face is 200 or more lighter than asked, so bold is synthesized.
      """
  )

  @Option(help: "Only this family (an installed name or an alias).")
  var family: String?

  @Flag(help: "Print JSON.")
  var json = false

  @OptionGroup var fontOptions: FontOptions

  func validate() throws {
    if let family { try FamilyNameOption.check(family, option: "'--family'") }
  }

  /// Does the work of ``run()`` without touching the process's streams, for tests.
  func execute() -> CommandOutcome {
    do {
      let fonts = try fontOptions.makeFontSet()
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
        standardError: Diagnostics.render(error), status: ExitStatus.dataError.rawValue)
    }
  }
}

extension FamilyRecord {
  /// The family as `galley fonts` lists it without `--json`.
  var listing: String {
    var lines = ["\(name) (\(faces.count) \(faces.count == 1 ? "face" : "faces"))"]
    lines.append(
      "  ladder: "
        + ladder.map { "\($0.step) \($0.style)" + ($0.synthesizedBold ? "*" : "") }
        .joined(separator: ", "))
    for face in faces {
      let slant = face.slant == "upright" ? "" : " \(face.slant)"
      let width = face.width == 100 ? "" : " width \(face.width)"
      lines.append("  \(face.weight) \(face.style)\(slant)\(width) \(face.file)")
    }
    return lines.joined(separator: "\n")
  }
}
