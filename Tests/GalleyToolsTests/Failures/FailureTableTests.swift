import GalleyFonts
import GalleyMarkup
import Testing

@testable import GalleyTools

/// The one table of exit and HTTP statuses, and the failures made from each library's error.
@Suite struct FailureTableTests {
  /// Each category's exit status and HTTP status, as `galley` and `galley-server` give them.
  static let table: [(Failure.Category, exit: Int32, http: Int)] = [
    (.usage, 64, 400), (.request, 64, 400), (.input, 65, 400), (.markup, 65, 422),
    (.catalog, 65, 422),
    (.fonts, 65, 422), (.layout, 65, 422), (.drawing, 65, 422), (.output, 65, 500),
    (.timeBudget, 65, 422), (.bodyTooLarge, 65, 413), (.mediaType, 65, 415),
    (.notFound, 64, 404), (.methodNotAllowed, 64, 405), (.saturated, 75, 503),
    (.unavailable, 69, 503), (.internal, 70, 500), (.headersTooLarge, 65, 431),
    (.answerTooLarge, 65, 422), (.timeout, 75, 408), (.expectation, 64, 417),
    (.notImplemented, 64, 501),
  ]

  @Test func everyCategoryHasItsStatuses() {
    #expect(Set(Self.table.map(\.0)) == Set(Failure.Category.allCases))
    for (category, exit, http) in Self.table {
      #expect(category.exitStatus == exit, "\(category)")
      #expect(category.httpStatus == http, "\(category)")
    }
  }

  @Test func aMarkupFailureCarriesTheErrorDocumentAndACaret() throws {
    let markup = "Hello %Zworld"
    let error = try #require(throws: MarkupError.self) { try MarkupFormatter().format(markup) }
    let failure = Failure(error, in: markup, source: "<argument>")
    #expect(failure.category == .markup)
    #expect(failure.kind == error.kind.rawValue)
    #expect(failure.document == JSONOutput.errorDocument(error))
    #expect(failure.diagnostic.hasPrefix("<argument>:1:7: error: "))
    #expect(failure.diagnostic.split(separator: "\n").count == 3)
  }

  @Test func aFontFailureKeepsItsSuggestions() {
    let error = FontSetError(.unknownFamily, "no family 'Dejavu'", suggestions: ["DejaVu Sans"])
    let failure = Failure(error)
    #expect(failure.category == .fonts)
    #expect(failure.document.contains(#""suggestions" : ["#))
    #expect(failure.document == JSONOutput.errorDocument(error))
  }

  @Test func aRequestFailureNamesItsField() {
    let failure = Failure.invalidRequest(field: "layout.width", "must be a number")
    #expect(failure.category == .request)
    #expect(failure.message == "layout.width: must be a number")
    #expect(failure.document.contains(#""field" : "layout.width""#))
    #expect(Failure.invalidRequest(field: "", "not JSON").message == "not JSON")
  }

  @Test func anOutcomeOfAFailureUsesTheTable() {
    let failure = Failure(.drawing, kind: "imageTooLarge", "too large")
    let outcome = CommandOutcome(failure)
    #expect(outcome.status == 65)
    #expect(outcome.standardError == "error: too large")
    #expect(outcome.standardOutput == JSONOutput.errorDocument(kind: "imageTooLarge", "too large"))
  }
}
