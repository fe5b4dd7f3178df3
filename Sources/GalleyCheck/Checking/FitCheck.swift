import GalleyJobs
import GalleyLayout
import GalleyMarkup

/// The coverage and fit checks of one string in its label: the text laid out in the label's
/// box, and, when it does not fit, laid out whole to say how much room it lacks.
struct FitCheck {
  let runner: JobRunner
  let job: TextJob
  let truncates: Bool

  /// The smallest scale tried when a text does not fit at the label's minimum.
  static let smallestScale = 0.1

  /// The coverage and fit failures of a formatted string.
  ///
  /// - Parameters:
  ///   - text: The string, formatted with its samples.
  ///   - base: The failure record with the string's key, locale and file.
  /// - Returns: A coverage failure, a fit failure, both or none.
  func check(_ text: FormattedText, base: CheckFailure) -> [CheckFailure] {
    let options = job.layoutOptions
    guard let layout = try? runner.engine.layout(text, options: options) else {
      return []
    }
    let overflows = layout.truncation != nil && !truncates
    let whole = overflows ? wholeLayout(text) : nil
    var failures: [CheckFailure] = []
    if let coverage = Self.coverage(of: whole ?? layout, text: text) {
      var failure = base
      failure.check = .coverage
      failure.coverage = coverage
      failure.message =
        "no font has a glyph for "
        + zip(coverage.characters, coverage.codePoints).map { "\($0) (\($1))" }.joined(
          separator: ", ")
      failures.append(failure)
    }
    if overflows, let whole {
      var failure = base
      failure.check = .fit
      let figures = figures(whole: whole, text: text)
      failure.fit = figures
      failure.message = Self.describe(figures)
      failures.append(failure)
    }
    return failures
  }

  /// The text laid out with no line limit, no height and no autoshrink; for a one-line label,
  /// on one line as wide as it is (each paragraph a line).
  private func wholeLayout(_ text: FormattedText) -> Layout? {
    var options = job.layoutOptions
    if options.maximumLines == 1 { options.width = nil }
    options.maximumLines = 0
    options.height = nil
    options.minimumScaleFactor = 1
    options.minimumSize = 0
    return try? runner.engine.layout(text, options: options)
  }

  /// How much room the text lacks.
  private func figures(whole: Layout, text: FormattedText) -> FitFigures {
    let options = job.layoutOptions
    let insets = options.insets
    let width = whole.lines.map(\.width).max() ?? 0
    let height = whole.lines.last.map { $0.y + $0.height - (whole.lines.first?.y ?? 0) } ?? 0
    var figures = FitFigures(
      lines: whole.lines.count, width: width, height: height,
      minScale: options.minimumScaleFactor)
    if options.maximumLines > 0 {
      figures.maxLines = options.maximumLines
      if whole.lines.count > options.maximumLines {
        figures.missingLines = whole.lines.count - options.maximumLines
      }
    }
    if let boxWidth = options.width {
      let available = boxWidth - insets.left - insets.right
      figures.availableWidth = available
      if options.maximumLines == 1, width > available { figures.missingWidth = width - available }
    }
    if let boxHeight = options.height {
      let available = boxHeight - insets.top - insets.bottom
      figures.availableHeight = available
      if height > available { figures.missingHeight = height - available }
    }
    figures.neededScale = neededScale(text)
    return figures
  }

  /// The largest scale at which the text fits whole, or `nil` when none down to
  /// ``smallestScale`` does.
  private func neededScale(_ text: FormattedText) -> Double? {
    var options = job.layoutOptions
    options.minimumScaleFactor = Self.smallestScale
    options.minimumSize = 0
    guard let layout = try? runner.engine.layout(text, options: options),
      layout.truncation == nil
    else { return nil }
    return layout.scale
  }

  /// The fit failure's message.
  static func describe(_ figures: FitFigures) -> String {
    var parts: [String] = []
    if figures.missingLines != nil, let limit = figures.maxLines {
      parts.append(
        "needs \(StringChecker.count(figures.lines, "line")) where the label has \(limit)")
    }
    if let missing = figures.missingWidth {
      parts.append("needs \(points(missing)) more width")
    }
    if let missing = figures.missingHeight {
      parts.append("needs \(points(missing)) more height")
    }
    if let scale = figures.neededScale {
      if figures.minScale < 1 {
        parts.append(
          "fits at scale \(round2(scale)), below the minimum \(round2(figures.minScale))")
      } else {
        parts.append("would fit at scale \(round2(scale))")
      }
    }
    return "does not fit: " + (parts.isEmpty ? "truncated" : parts.joined(separator: "; "))
  }

  private static func points(_ value: Double) -> String { "\(round2(value)) pt" }

  private static func round2(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }

  /// The characters laid out with `.notdef` (glyph 0): no face, fallbacks included, has them.
  static func coverage(of layout: Layout, text: FormattedText) -> CoverageFigures? {
    var offsets: [Int] = []
    for line in layout.lines {
      for run in line.runs where !run.isToken && !run.isInserted {
        for glyph in run.glyphs where glyph.id == 0 { offsets.append(glyph.cluster) }
      }
    }
    guard !offsets.isEmpty else { return nil }
    let utf16 = text.string.utf16
    var characters: [String] = []
    for offset in Set(offsets).sorted() {
      let index = utf16.index(utf16.startIndex, offsetBy: offset, limitedBy: utf16.endIndex)
      guard let index, let position = index.samePosition(in: text.string),
        position < text.string.endIndex
      else { continue }
      let character = String(text.string[position])
      if !characters.contains(character) { characters.append(character) }
    }
    guard !characters.isEmpty else { return nil }
    return CoverageFigures(
      characters: characters,
      codePoints: characters.map { character in
        character.unicodeScalars.map { "U+" + hex($0.value) }.joined(separator: " ")
      })
  }

  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
