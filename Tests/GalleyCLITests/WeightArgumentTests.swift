import ArgumentParser
import GalleyMarkup
import Testing

@testable import GalleyCLI

/// Weights on the command line are read as the markup reads them: numbers and CSS names.
@Suite("Weight arguments")
struct WeightArgumentTests {
  @Test(arguments: [
    ("0", 0), ("-1", -1), ("600", 600), ("bold", 700), ("Bold", 700), ("SEMIBOLD", 600),
    ("semi-bold", 600), ("Extra Bold", 800), ("extra_light", 200), ("hairline", 100),
    ("heavy", 900), ("regular", 400), ("normal", 400), ("medium", 500), ("light", 300),
  ])
  func weightsAreNumbersOrNames(argument: String, weight: Int) throws {
    #expect(FontWeight.parse(argument) == weight)
    #expect(try FontCommand.parse(["Lato", "--weight", argument]).weight.value == weight)
    #expect(
      try FormatCommand.parse(["--default-weight", argument, "--", "x"]).formatterOptions
        .defaultWeight.value == weight)
  }

  @Test(arguments: ["heavyish", "", "bold!", "1.5", "0x10"])
  func otherWordsAreRefused(argument: String) {
    #expect(FontWeight.parse(argument) == nil)
    #expect(throws: (any Error).self) { try FontCommand.parse(["Lato", "--weight", argument]) }
  }

  @Test(arguments: ["-4", "99", "1001", "50"])
  func numbersOutOfRangeGetTheRange(argument: String) {
    do {
      _ = try FontCommand.parse(["Lato", "--weight", argument])
      Issue.record("'\(argument)' was accepted")
    } catch {
      let message = FontCommand.message(for: error)
      #expect(message.contains("-3...3") && message.contains("100...1000"), "\(message)")
    }
  }
}
