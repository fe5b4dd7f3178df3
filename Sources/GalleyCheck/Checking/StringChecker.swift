import GalleyJobs
import GalleyLayout
import GalleyMarkup
import GalleyTools

/// Runs the four checks on one string: markup, structure (against its source), coverage and
/// fit (in its label).
///
/// It is a value the check's threads share: the runner's engine and the labels' jobs are
/// `Sendable`, and each string is checked on its own.
package struct StringChecker: Sendable {
  /// A label ready to check strings: its job (font description applied) and filler.
  struct Label: Sendable {
    var path: String?
    var job: TextJob
    var filler: PlaceholderFiller
    var truncates: Bool
  }

  /// What a translation is compared with: its source's links and placeholders, when the
  /// source's markup formats.
  struct SourceShape: Sendable {
    var links: [String]
    var placeholders: [PlaceholderFiller.Placeholder]
  }

  let runner: JobRunner
  let labels: [Label]
  /// The label of keys that no label holds: the spec's base, for the markup and structure
  /// checks alone.
  let unlabeled: Label
  let spec: CheckSpec

  /// The label index of a key, or `nil` for a key in no label.
  func labelIndex(for key: String) -> Int? {
    spec.labels.firstIndex { $0.spec.holds(key) }
  }

  /// Checks one string.
  ///
  /// - Parameters:
  ///   - located: The string and its file.
  ///   - locale: Its locale.
  ///   - label: Its label's index, or `nil`.
  ///   - source: Its source's shape, for a translation whose source formats.
  /// - Returns: The failures, in the checks' order.
  func check(
    _ located: CatalogSet.Located, locale: String, label: Int?, source: SourceShape?
  ) -> [CheckFailure] {
    let index = label
    let label = index.map { labels[$0] } ?? unlabeled
    let entry = located.entry
    var job = label.job
    let filled = label.filler.fill(entry.value)
    job.source = filled.markup
    if job.layoutOptions.language == nil { job.layoutOptions.language = locale }
    var base = CheckFailure(
      key: entry.key, form: entry.form, table: entry.table.isEmpty ? nil : entry.table,
      locale: locale, check: .markup, file: located.file, line: entry.line, message: "",
      text: entry.value, label: label.path)
    let text: FormattedText
    do {
      text = try job.formatter.format(filled.markup)
    } catch {
      return [markupFailure(error, filled: filled, base: base, column: entry.column)]
    }
    var failures: [CheckFailure] = []
    if let source {
      let allowsFewer =
        located.format == .gettext
        ? entry.form != nil : entry.form.map(Self.mayOmitPlaceholders) ?? false
      if let figures = Self.structure(
        of: text, filled: filled, against: source, allowsFewer: allowsFewer)
      {
        base.check = .structure
        base.structure = figures
        base.message = Self.describe(figures)
        failures.append(base)
        base.structure = nil
      }
    }
    guard index != nil else { return failures }
    failures += FitCheck(runner: runner, job: job, truncates: label.truncates)
      .check(text, base: base)
    return failures
  }

  /// The shape of a source string in its label, or `nil` when its markup does not format.
  func shape(of entry: CatalogEntry, label index: Int?) -> SourceShape? {
    let label = index.map { labels[$0] } ?? unlabeled
    let filled = label.filler.fill(entry.value)
    guard let text = try? label.job.formatter.format(filled.markup) else { return nil }
    return SourceShape(
      links: text.links.map { $0.target ?? "" }.sorted(),
      placeholders: filled.placeholders.sorted())
  }

  /// The markup failure, its position moved from the filled markup back to the string.
  ///
  /// The line and column are exact when the file spells the text before the error as it is
  /// (no escapes): the string's start in the file plus the error's place in the string.
  private func markupFailure(
    _ error: MarkupError, filled: PlaceholderFiller.Filled, base: CheckFailure, column: Int
  ) -> CheckFailure {
    var failure = base
    let offset = filled.originalOffset(ofFilled: error.location.utf8Offset)
    let utf8 = Array(base.text.utf8)
    let before = String(decoding: utf8[..<min(offset, utf8.count)], as: UTF8.self)
    let newlines = before.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
    let lastLine = before.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
    failure.check = .markup
    failure.message = error.message
    failure.markup = MarkupFigures(kind: error.kind.rawValue, offset: before.utf16.count)
    if base.line > 0 { failure.line = base.line + newlines }
    let inLine = lastLine.unicodeScalars.count
    if column > 0 { failure.column = newlines == 0 ? column + inLine : inLine + 1 }
    return failure
  }

  /// Whether a form may leave out placeholders: plural `zero`, `one` and `two` forms often
  /// write the number as a word. (Any gettext plural form may: its forms are numbered, not
  /// named.)
  static func mayOmitPlaceholders(_ form: String) -> Bool {
    let last = form.split(separator: ".").last.map(String.init) ?? form
    return ["zero", "one", "two"].contains(last)
  }

  /// The structure a translation changed, or `nil` when it keeps its source's.
  static func structure(
    of text: FormattedText, filled: PlaceholderFiller.Filled, against source: SourceShape,
    allowsFewer: Bool
  ) -> StructureFigures? {
    let links = text.links.map { $0.target ?? "" }.sorted()
    let placeholders = filled.placeholders.sorted()
    let missing = allowsFewer ? [] : difference(source.placeholders, placeholders)
    let extra = difference(placeholders, source.placeholders)
    guard links != source.links || !missing.isEmpty || !extra.isEmpty else { return nil }
    return StructureFigures(
      sourceLinks: source.links, links: links, missingPlaceholders: missing.map(\.spelling),
      extraPlaceholders: extra.map(\.spelling))
  }

  /// The items of `lhs` not matched one for one in `rhs`.
  private static func difference(
    _ lhs: [PlaceholderFiller.Placeholder], _ rhs: [PlaceholderFiller.Placeholder]
  ) -> [PlaceholderFiller.Placeholder] {
    var remaining = rhs
    var result: [PlaceholderFiller.Placeholder] = []
    for item in lhs {
      if let index = remaining.firstIndex(of: item) {
        remaining.remove(at: index)
      } else {
        result.append(item)
      }
    }
    return result
  }

  /// The structure failure's message.
  static func describe(_ figures: StructureFigures) -> String {
    var parts: [String] = []
    if figures.links != figures.sourceLinks {
      if figures.links.count != figures.sourceLinks.count {
        parts.append(
          "has \(count(figures.links.count, "link")) where the source has "
            + "\(figures.sourceLinks.count)")
      } else {
        parts.append(
          "links to \(list(figures.links)) where the source links to \(list(figures.sourceLinks))")
      }
    }
    if !figures.missingPlaceholders.isEmpty {
      parts.append("lacks the placeholder \(figures.missingPlaceholders.joined(separator: ", "))")
    }
    if !figures.extraPlaceholders.isEmpty {
      parts.append(
        "has the placeholder \(figures.extraPlaceholders.joined(separator: ", ")) "
          + "the source lacks")
    }
    return parts.joined(separator: "; ")
  }

  static func count(_ number: Int, _ noun: String) -> String {
    number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
  }

  private static func list(_ targets: [String]) -> String {
    targets.map { $0.isEmpty ? "(no target)" : $0 }.joined(separator: ", ")
  }
}
