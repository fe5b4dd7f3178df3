import ArgumentParser
import GalleyJobs
import GalleyLayout
import GalleyOptions
import GalleyTools

/// `galley hit`: what is under points of a layout, as JSON.
struct HitCommand: OutcomeCommand {
  static let configuration = CommandConfiguration(
    commandName: "hit",
    abstract: "Hit-test points against a layout: the link and the character under each.",
    discussion: """
      Prints a JSON array with one object per --at point: x, y, link (index or null), \
      characterIndex (UTF-16 offset or null), caretIndex (the nearest caret position) and \
      inToken (whether the point is on the truncation token, whose characterIndex is the \
      truncation's location). \
      Coordinates are layout points: origin at the top left, y down.
      """
  )

  @OptionGroup var options: LayoutCommandOptions

  @Option(
    name: .customLong("at"), parsing: .unconditionalSingleValue,
    help: "A point X,Y in layout points to test, such as 10,5 or -5,5; repeat for more.")
  var points: [NumberPair] = []

  @Option(
    parsing: .unconditional, help: "Also hit links whose rectangle is within this many points.")
  var tolerance: Double = 0

  func validate() throws {
    guard !points.isEmpty else { throw ValidationError("Give at least one '--at X,Y'.") }
    guard points.count <= 100_000 else { throw ValidationError("At most 100000 points.") }
    guard tolerance >= 0, tolerance <= 10_000 else {
      throw ValidationError("'--tolerance' must be in 0...10000.")
    }
  }

  func execute() -> CommandOutcome {
    switch options.makeLayout() {
    case .failure(let failure):
      return CommandOutcome(failure)
    case .success(let made):
      let tester = HitTester(layout: made.layout)
      let hits = points.map { point in
        HitRecord(hitting: tester, x: point.x, y: point.y, tolerance: tolerance)
      }
      return CommandOutcome(
        standardOutput: JSONOutput.encodeDocument(hits),
        standardError: made.warnings.joined(separator: "\n"), status: 0)
    }
  }
}
