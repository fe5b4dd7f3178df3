/// What `galley check` found: failures, missing strings, keys in no label, counts.
///
/// Its JSON form is `galley check --json`'s and `POST /v1/check`'s answer (version 1).
package struct CheckReport: Hashable, Sendable, Codable {
  /// A source string a locale has no translation for: the app shows the source's text.
  package struct Missing: Hashable, Sendable, Codable {
    /// The locale.
    package var locale: String
    /// The key.
    package var key: String
    /// The table, `""` for none.
    package var table: String
    /// The source's file.
    package var file: String
  }

  /// Failures by check.
  package struct Counts: Hashable, Sendable, Codable {
    /// Markup failures.
    package var markup = 0
    /// Structure failures.
    package var structure = 0
    /// Coverage failures.
    package var coverage = 0
    /// Fit failures.
    package var fit = 0
  }

  /// The report's version.
  package var version = 1
  /// The source locale.
  package var sourceLocale: String
  /// The catalog files read.
  package var files: [String]
  /// The locales with translations (pseudo-locales included), sorted.
  package var locales: [String]
  /// The strings checked, every locale's and form's.
  package var strings: Int
  /// Whether every check passed.
  package var passed: Bool
  /// Failures by check.
  package var counts: Counts
  /// The failures: the source locale's first, then by locale, key, form and check.
  package var failures: [CheckFailure]
  /// The source strings each locale lacks.
  package var missing: [Missing] = []
  /// Source keys that no label holds: checked for markup and structure, not for coverage and
  /// fit.
  package var unlabeledKeys: [String] = []

  /// A report of failures, sorted.
  ///
  /// - Parameters:
  ///   - sourceLocale: The source locale.
  ///   - files: The files read.
  ///   - locales: The locales.
  ///   - strings: The strings checked.
  ///   - failures: The failures, in any order.
  package init(
    sourceLocale: String, files: [String], locales: [String], strings: Int,
    failures: [CheckFailure]
  ) {
    self.sourceLocale = sourceLocale
    self.files = files
    self.locales = locales
    self.strings = strings
    self.failures = failures.sorted { Self.order($0, $1, sourceLocale: sourceLocale) }
    var counts = Counts()
    for failure in failures {
      switch failure.check {
      case .markup: counts.markup += 1
      case .structure: counts.structure += 1
      case .coverage: counts.coverage += 1
      case .fit: counts.fit += 1
      }
    }
    self.counts = counts
    passed = failures.isEmpty
  }

  /// The report's order: the source locale first, then by locale, table, key, form and check.
  static func order(_ lhs: CheckFailure, _ rhs: CheckFailure, sourceLocale: String) -> Bool {
    let (leftSource, rightSource) = (lhs.locale == sourceLocale, rhs.locale == sourceLocale)
    if leftSource != rightSource { return leftSource }
    let left = (lhs.locale, lhs.table ?? "")
    let right = (rhs.locale, rhs.table ?? "")
    if left != right { return left < right }
    let leftString = (lhs.key, lhs.form ?? "")
    let rightString = (rhs.key, rhs.form ?? "")
    if leftString != rightString { return leftString < rightString }
    return lhs.check < rhs.check
  }
}
