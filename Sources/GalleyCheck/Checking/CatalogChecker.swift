import Dispatch
import GalleyFonts
import GalleyJobs
import GalleyTools
import Synchronization

/// Checks every string of a catalog set against a spec, on all cores: the source strings,
/// each locale's translations and the pseudo-locales asked for.
package struct CatalogChecker: Sendable {
  let checker: StringChecker

  /// Strings per unit of work handed to a thread.
  static let chunk = 256

  /// Prepares the labels: each label's font description applied with the runner's fonts.
  ///
  /// - Parameters:
  ///   - spec: The spec.
  ///   - runner: The runner whose engine lays the strings out.
  /// - Throws: ``GalleyTools/Failure`` (fonts) for a font description that does not read.
  package init(spec: CheckSpec, runner: JobRunner) throws(Failure) {
    var labels: [StringChecker.Label] = []
    for label in spec.labels {
      labels.append(try Self.prepare(label, fonts: runner.fonts, path: label.spec.path))
    }
    checker = StringChecker(
      runner: runner, labels: labels,
      unlabeled: try Self.prepare(spec.base, fonts: runner.fonts, path: nil), spec: spec)
  }

  private static func prepare(
    _ label: CheckSpec.PreparedLabel, fonts: FontSet, path: String?
  ) throws(Failure) -> StringChecker.Label {
    var request = label.request
    do {
      try request.applyFontDescription(fonts: fonts)
    } catch {
      var failure = error
      failure.message = "\(label.spec.path).\(failure.message)"
      failure.diagnostic = "error: \(failure.message)"
      throw failure
    }
    return StringChecker.Label(
      path: path, job: request.job, filler: PlaceholderFiller(samples: label.spec.samples),
      truncates: label.spec.truncates)
  }

  /// Checks a catalog set.
  ///
  /// - Parameters:
  ///   - catalogs: The strings.
  ///   - pseudoLocales: The pseudo-locales to make from the source strings.
  ///   - deadline: When to stop: work not started by then is not done, and the check fails.
  ///   - progress: Called with the strings done and the total, from any thread.
  /// - Returns: The report.
  /// - Throws: ``GalleyTools/Failure`` (time budget) when the deadline passed first.
  package func check(
    _ catalogs: CatalogSet, pseudoLocales: [PseudoLocale] = [], deadline: Deadline? = nil,
    progress: (@Sendable (Int, Int) -> Void)? = nil
  ) throws(Failure) -> CheckReport {
    var set = catalogs
    let labelOfKey = labelIndices(set)
    for pseudo in pseudoLocales {
      set.add(pseudoStrings(set.source, pseudo, labels: labelOfKey), locale: pseudo.tag)
    }
    let shapes = sourceShapes(set, labels: labelOfKey)
    var work: [(locale: String, strings: ArraySlice<CatalogSet.Located>, isSource: Bool)] = []
    for start in stride(from: 0, to: set.source.count, by: Self.chunk) {
      work.append(
        (set.sourceLocale, set.source[start..<min(start + Self.chunk, set.source.count)], true))
    }
    for locale in set.locales {
      let strings = set.translations[locale] ?? []
      for start in stride(from: 0, to: strings.count, by: Self.chunk) {
        work.append((locale, strings[start..<min(start + Self.chunk, strings.count)], false))
      }
    }
    let total = work.reduce(0) { $0 + $1.strings.count }
    let (units, strings) = (work, set)
    let results = Mutex([[CheckFailure]](repeating: [], count: work.count))
    let done = Atomic(0)
    let stopped = Atomic(false)
    let checker = checker
    DispatchQueue.concurrentPerform(iterations: work.count) { index in
      guard !stopped.load(ordering: .relaxed) else { return }
      if deadline?.hasPassed == true {
        stopped.store(true, ordering: .relaxed)
        return
      }
      let unit = units[index]
      var failures: [CheckFailure] = []
      for located in unit.strings {
        let original =
          unit.isSource
          ? nil : strings.source(for: located.entry.identity, format: located.format)
        var found = checker.check(
          located, locale: unit.locale, label: labelOfKey[located.entry.key] ?? nil,
          source: original.flatMap { shapes[$0.entry.identity] })
        for index in found.indices { found[index].source = original?.entry.value }
        failures += found
      }
      results.withLock { $0[index] = failures }
      let finished = done.add(unit.strings.count, ordering: .relaxed).newValue
      progress?(finished, total)
    }
    if stopped.load(ordering: .relaxed) { try deadline?.check(before: "the rest of the check") }
    var report = CheckReport(
      sourceLocale: set.sourceLocale, files: set.files, locales: set.locales,
      strings: total, failures: results.withLock { $0.flatMap { $0 } })
    report.missing = set.locales.flatMap { locale in
      set.missing(in: locale).map {
        CheckReport.Missing(locale: locale, key: $0.entry.key, table: $0.entry.table, file: $0.file)
      }
    }.filter { entry in !pseudoLocales.contains { $0.tag == entry.locale } }
    report.unlabeledKeys = Set(set.source.map(\.entry.key)).filter { labelOfKey[$0] == .some(nil) }
      .sorted()
    return report
  }

  /// Each key's label index (`nil` inside for a key no label holds), for every key read.
  private func labelIndices(_ set: CatalogSet) -> [String: Int?] {
    var indices: [String: Int?] = [:]
    for located in set.source where indices[located.entry.key] == nil {
      indices[located.entry.key] = .some(checker.labelIndex(for: located.entry.key))
    }
    for locale in set.locales {
      for located in set.translations[locale] ?? [] where indices[located.entry.key] == nil {
        indices[located.entry.key] = .some(checker.labelIndex(for: located.entry.key))
      }
    }
    return indices
  }

  /// The source strings' shapes, for the structure check.
  private func sourceShapes(
    _ set: CatalogSet, labels: [String: Int?]
  ) -> [CatalogEntry.Identity: StringChecker.SourceShape] {
    var shapes: [CatalogEntry.Identity: StringChecker.SourceShape] = [:]
    for located in set.source {
      let entry = located.entry
      shapes[entry.identity] = checker.shape(of: entry, label: labels[entry.key] ?? nil)
    }
    return shapes
  }

  /// A pseudo-locale's strings: each translatable source string, translated.
  private func pseudoStrings(
    _ source: [CatalogSet.Located], _ pseudo: PseudoLocale, labels: [String: Int?]
  ) -> [CatalogSet.Located] {
    source.filter(\.entry.isTranslatable).map { located in
      var copy = located
      let index = labels[located.entry.key] ?? nil
      let filler = index.map { checker.labels[$0].filler } ?? checker.unlabeled.filler
      copy.entry.value = pseudo.translate(located.entry.value, placeholders: filler)
      return copy
    }
  }
}

extension CatalogChecker {
  /// A failing string drawn in its label, for the HTML report: `nil` for a key in no label
  /// or a string whose markup does not format.
  ///
  /// - Parameter failure: The failure.
  /// - Returns: The drawing.
  package func drawing(of failure: CheckFailure) -> LabelDrawing? {
    guard let path = failure.label,
      let label = checker.labels.first(where: { $0.path == path })
    else { return nil }
    var job = label.job
    if job.layoutOptions.language == nil { job.layoutOptions.language = failure.locale }
    let filled = label.filler.fill(failure.text)
    guard let text = try? job.formatter.format(filled.markup) else { return nil }
    return LabelDrawing.draw(text, job: job, runner: checker.runner)
  }
}
