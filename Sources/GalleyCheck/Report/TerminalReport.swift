import GalleyTools

/// The report `galley check` prints: failures grouped by locale and key (the source locale
/// first), each with its file position, check and message, and a caret under a markup
/// error; then the strings locales lack and the keys no label holds; a summary line last.
package enum TerminalReport {
  /// The most missing keys named per locale; the rest are counted.
  static let namedMissing = 5

  /// The report's text, ending with a newline.
  ///
  /// - Parameter report: The report.
  /// - Returns: The text.
  package static func render(_ report: CheckReport) -> String {
    var lines: [String] = []
    var locale: String?
    for failure in report.failures {
      if failure.locale != locale {
        locale = failure.locale
        let count = report.failures.lazy.filter { $0.locale == failure.locale }.count
        if !lines.isEmpty { lines.append("") }
        lines.append("\(failure.locale): \(StringChecker.count(count, "failure"))")
      }
      lines += describe(failure)
    }
    let missing = Dictionary(grouping: report.missing, by: \.locale)
    if !missing.isEmpty {
      if !lines.isEmpty { lines.append("") }
      for locale in missing.keys.sorted() {
        let keys = missing[locale]?.map { shown($0.key) } ?? []
        let named = keys.prefix(namedMissing).joined(separator: ", ")
        let more = keys.count > namedMissing ? ", and \(keys.count - namedMissing) more" : ""
        lines.append(
          "\(locale) lacks \(StringChecker.count(keys.count, "key")) (the app shows the "
            + "source's text): \(named)\(more)")
      }
    }
    if !report.unlabeledKeys.isEmpty {
      let keys = report.unlabeledKeys.map(shown)
      let named = keys.prefix(namedMissing).joined(separator: ", ")
      let more = keys.count > namedMissing ? ", and \(keys.count - namedMissing) more" : ""
      lines.append(
        "\(StringChecker.count(keys.count, "key")) in no label (checked for markup and "
          + "structure only): \(named)\(more)")
    }
    if !lines.isEmpty { lines.append("") }
    lines.append(summary(report))
    return lines.joined(separator: "\n") + "\n"
  }

  /// A failure's lines: `file:line[:column]: locale key: check: message`, then the string,
  /// with a caret under a markup error.
  static func describe(_ failure: CheckFailure) -> [String] {
    var position = failure.file
    if failure.line > 0 { position += ":\(failure.line)" }
    if failure.line > 0, let column = failure.column { position += ":\(column)" }
    let name = shown(failure.name)
    var lines = ["  \(position): \(name): \(failure.check.rawValue): \(failure.message)"]
    let excerpter = MarkupExcerpter(failure.text)
    if let markup = failure.markup {
      let utf8Offset = utf8Offset(ofUTF16: markup.offset, in: failure.text)
      let excerpt = excerpter.excerpt(utf8Offset: utf8Offset, utf16Length: 1)
      lines.append("    " + excerpt.text)
      lines.append("    " + excerpt.caret)
    } else {
      lines.append("    " + excerpter.excerpt(utf8Offset: 0, utf16Length: 0).text)
    }
    return lines
  }

  /// The most characters of a key the report shows; the JSON report has all of it.
  static let keyCharacters = 80

  /// A key as one line of at most ``keyCharacters`` characters: control characters escaped
  /// (`\n`), the rest cut with `…`.
  static func shown(_ key: String) -> String {
    var text = ""
    for scalar in key.unicodeScalars {
      switch scalar {
      case "\n": text += "\\n"
      case "\t": text += "\\t"
      case "\r": text += "\\r"
      default:
        if scalar.properties.generalCategory == .control {
          text += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
          text.unicodeScalars.append(scalar)
        }
      }
    }
    return text.count > keyCharacters ? text.prefix(keyCharacters - 1) + "…" : text
  }

  private static func utf8Offset(ofUTF16 offset: Int, in text: String) -> Int {
    let utf16 = text.utf16
    guard let index = utf16.index(utf16.startIndex, offsetBy: offset, limitedBy: utf16.endIndex)
    else { return text.utf8.count }
    return text.utf8.distance(from: text.utf8.startIndex, to: index)
  }

  /// `checked 1200 strings in 11 locales (14 files): 17 failures (markup 2, structure 3,
  /// coverage 4, fit 8)`, or `…: all pass`.
  static func summary(_ report: CheckReport) -> String {
    let head =
      "checked \(StringChecker.count(report.strings, "string")) in "
      + "\(StringChecker.count(report.locales.count + 1, "locale")) "
      + "(\(StringChecker.count(report.files.count, "file")))"
    guard !report.passed else { return head + ": all pass" }
    let counts = report.counts
    let parts = [
      ("markup", counts.markup), ("structure", counts.structure),
      ("coverage", counts.coverage), ("fit", counts.fit),
    ].filter { $0.1 > 0 }.map { "\($0.0) \($0.1)" }
    return head + ": \(StringChecker.count(report.failures.count, "failure")) ("
      + parts.joined(separator: ", ") + ")"
  }
}
