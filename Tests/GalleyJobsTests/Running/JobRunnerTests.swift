import GalleyLayout
import GalleyMarkup
import GalleyRender
import GalleyTestSupport
import GalleyTools
import Testing

@testable import GalleyJobs

/// The job pipeline's stages and the failure each one gives, whichever tool runs it.
@Suite struct JobRunnerTests {
  static func runner(maximumPixels: Int? = nil) throws -> JobRunner {
    JobRunner(fonts: try HermeticFonts.fontSet(), maximumPixels: maximumPixels)
  }

  static func job(_ source: String, token: String? = nil) -> TextJob {
    var formatter = MarkupFormatter(colors: [TextColor(red: 0xFF, green: 0, blue: 0)])
    formatter.defaultFamily = "DejaVu Sans"
    var options = LayoutOptions(width: 200)
    if let token {
      options.truncationToken = LayoutOptions.TruncationToken(markup: token, formatter: formatter)
    }
    return TextJob(source: source, formatter: formatter, layoutOptions: options)
  }

  @Test func aJobLaysOutAsTheEngineDoes() throws {
    let runner = try Self.runner()
    let job = Self.job("Hello %bworld%b")
    let laidOut = try runner.layout(job)
    let text = try job.formatter.format(job.source)
    #expect(laidOut.text == text)
    #expect(laidOut.layout == (try runner.engine.layout(text, options: job.layoutOptions)))
    #expect(laidOut.markupWarnings.isEmpty && laidOut.substitutions.isEmpty)
  }

  /// Each way of giving the text, and what formatting gives for it.
  @Test(arguments: [
    ("100%% sure", false, false, "100% sure", 0),
    ("100%Z sure", false, true, "100Z sure", 1),
    ("100% sure", true, false, "100% sure", 0),
  ])
  func formatting(source: String, plain: Bool, lenient: Bool, text: String, warnings: Int) throws {
    var job = Self.job(source)
    job.isPlain = plain
    job.isLenient = lenient
    let formatted = try JobRunner.format(job)
    #expect(formatted.text.string == text)
    #expect(formatted.warnings.count == warnings)
  }

  @Test func strictMarkupFailsWithItsPositionInTheNamedSource() throws {
    var job = Self.job("ab %Z")
    job.sourceName = "notes.txt"
    let failure = try #require(throws: Failure.self) { try Self.runner().layout(job) }
    #expect(failure.category == .markup)
    #expect(failure.diagnostic.hasPrefix("notes.txt:1:4: error:"))
  }

  /// A token with a line break fails as a layout failure on the command line and as a
  /// request failure naming the field in the service: one check, two names.
  @Test func theTokenIsNamedByWhereItWasGiven() throws {
    var job = Self.job("Hello", token: "a\nb")
    #expect(throws: Never.self) { try JobRunner.prepare(job) }
    job.tokenOrigin = .option("--truncation-token")
    let option = try #require(throws: Failure.self) { try JobRunner.prepare(job) }
    #expect(option.category == .layout && option.kind == "invalidOptions")
    #expect(option.diagnostic.hasPrefix("--truncation-token: error: the truncation token"))
    job.tokenOrigin = .field("layout.truncationToken")
    let field = try #require(throws: Failure.self) { try JobRunner.prepare(job) }
    #expect(field.category == .request && field.kind == "invalidRequest")
    #expect(field.document.contains(#""field" : "layout.truncationToken""#))
  }

  @Test func familiesAreReportedOrRefused() throws {
    let runner = try Self.runner()
    var job = Self.job("Hello")
    job.formatter.defaultFamily = "No Such Family 42"
    #expect(try runner.layout(job).substitutions.isEmpty)
    job.reportsFontWarnings = true
    let substitutions = try runner.layout(job).substitutions
    #expect(substitutions.map(\.requested) == ["No Such Family 42"])
    #expect(
      try runner.layout(job).warnings(of: job) == [
        "warning: no installed family is named 'No Such Family 42'; using "
          + "'\(substitutions[0].used)'"
      ])
    job.isStrict = true
    let failure = try #require(throws: Failure.self) { try runner.layout(job) }
    #expect(failure.category == .fonts && failure.kind == "unknownFamily")
  }

  @Test func aSpentBudgetStopsBeforeTheNextStage() throws {
    let runner = try Self.runner()
    let spent = Deadline(start: .now - .seconds(10), budget: .seconds(1))
    let failure = try #require(throws: Failure.self) {
      try runner.layout(Self.job("Hello"), deadline: spent)
    }
    #expect(failure.category == .timeBudget)
    #expect(failure.message == "the request used its time budget of 1.0 seconds before layout")
    let laidOut = try runner.layout(Self.job("Hello"))
    let drawing = try #require(throws: Failure.self) {
      try runner.render(laidOut, of: Self.job("Hello"), deadline: spent)
    }
    #expect(drawing.message.hasSuffix("before drawing"))
  }

  @Test func drawingKeepsToThePixelLimit() throws {
    let job = Self.job("Hello")
    let image = try Self.runner().render(try Self.runner().layout(job), of: job)
    #expect(image.data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    let limited = try Self.runner(maximumPixels: 100)
    let failure = try #require(throws: Failure.self) {
      try limited.render(try limited.layout(job), of: job)
    }
    #expect(failure.category == .drawing && failure.kind == "imageTooLarge")
    #expect(failure.message.hasSuffix("the server draws at most 100 pixels"))
  }
}
