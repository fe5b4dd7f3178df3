import GalleyFonts
import GalleyMarkup

/// Renders problems for people, in one place: `source:line:column: error: message`, then an
/// excerpt of the offending line of markup with a caret under the code.
package enum Diagnostics {
  /// The message and caret display for a markup error.
  ///
  /// - Parameters:
  ///   - error: The error.
  ///   - markup: The markup it was found in.
  ///   - source: The file name, or `<argument>`.
  ///   - severity: `error` or `warning`.
  /// - Returns: Three lines: the message, the markup excerpt, the caret line.
  package static func render(
    _ error: MarkupError, in markup: String, source: String, severity: String = "error"
  ) -> String {
    render([error], in: markup, source: source, severity: severity)
  }

  /// The messages and caret displays for many errors in one markup, such as lenient warnings.
  ///
  /// The markup's lines are indexed once and each excerpt is bounded (see
  /// ``MarkupExcerpter``), so the time and output grow linearly with the markup and the count.
  ///
  /// - Parameters:
  ///   - errors: The errors.
  ///   - markup: The markup they were found in.
  ///   - source: The file name, or `<argument>`.
  ///   - severity: `error` or `warning`.
  /// - Returns: Three lines per error, joined by newlines.
  package static func render(
    _ errors: [MarkupError], in markup: String, source: String, severity: String
  ) -> String {
    guard !errors.isEmpty else { return "" }
    let excerpter = MarkupExcerpter(markup)
    var lines: [String] = []
    lines.reserveCapacity(errors.count * 3)
    for error in errors {
      let excerpt = excerpter.excerpt(
        utf8Offset: error.location.utf8Offset, utf16Length: error.utf16Length)
      lines.append("\(source):\(error.location): \(severity): \(error.message)")
      lines.append("  " + excerpt.text)
      lines.append("  " + excerpt.caret)
    }
    return lines.joined(separator: "\n")
  }

  /// The message for an unusable input file.
  package static func render(_ error: InputError) -> String {
    "\(error.path): error: \(error.message)"
  }

  /// The message for a font problem: `error: message`, with suggestions.
  package static func render(_ error: FontSetError) -> String {
    "error: \(error)"
  }
}
