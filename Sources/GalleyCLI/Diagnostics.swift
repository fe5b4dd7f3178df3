import GalleyMarkup

/// Renders problems for people, in one place: `source:line:column: error: message`, then the
/// offending line of markup with a caret under the code.
enum Diagnostics {
  /// The message and caret display for a markup error.
  ///
  /// - Parameters:
  ///   - error: The error.
  ///   - markup: The markup it was found in.
  ///   - source: The file name, or `<argument>`.
  ///   - severity: `error` or `warning`.
  /// - Returns: Three lines: the message, the markup line, the caret line.
  static func render(
    _ error: MarkupError, in markup: String, source: String, severity: String = "error"
  ) -> String {
    var lines = ["\(source):\(error.location): \(severity): \(error.message)"]
    let (lineText, column) = line(containing: error.location, in: markup)
    let shown = visible(lineText)
    let caretStart = visible(
      String(String.UnicodeScalarView(lineText.unicodeScalars.prefix(column))))
    let codeWidth = codeColumns(error, in: markup)
    let lineWidth = shown.unicodeScalars.reduce(0) { $0 + columns($1) }
    let caretWidth = caretStart.unicodeScalars.reduce(0) { $0 + columns($1) }
    let codeLength = max(1, min(codeWidth, lineWidth - caretWidth))
    lines.append("  " + shown)
    let padding = caretStart.unicodeScalars.map { scalar in
      scalar == "\t" ? "\t" : String(repeating: " ", count: columns(scalar))
    }.joined()
    lines.append("  " + padding + "^" + String(repeating: "~", count: max(0, codeLength - 1)))
    return lines.joined(separator: "\n")
  }

  /// The terminal columns of the offending code, up to the end of its line.
  private static func codeColumns(_ error: MarkupError, in markup: String) -> Int {
    let utf16 = markup.utf16
    guard error.location.utf16Offset <= utf16.count else { return 1 }
    let start = utf16.index(utf16.startIndex, offsetBy: error.location.utf16Offset)
    let length = min(error.utf16Length, utf16.distance(from: start, to: utf16.endIndex))
    let end = utf16.index(start, offsetBy: length)
    var width = 0
    for scalar in markup.unicodeScalars[start..<end] {
      if scalar == "\n" { break }
      width += max(1, columns(scalar))
    }
    return width
  }

  /// The message for an unusable input file.
  static func render(_ error: InputError) -> String {
    "\(error.path): error: \(error.message)"
  }

  /// The text of the error's line and the 0-based scalar column inside it.
  private static func line(
    containing location: MarkupLocation, in markup: String
  ) -> (Substring, Int) {
    let utf8 = markup.utf8
    let offset = min(location.utf8Offset, utf8.count)
    let at = utf8.index(utf8.startIndex, offsetBy: offset)
    let start =
      markup[..<at].lastIndex(of: "\n").map { markup.index(after: $0) } ?? markup.startIndex
    let end = markup[at...].firstIndex(of: "\n") ?? markup.endIndex
    return (markup[start..<end], max(0, location.column - 1))
  }

  /// The terminal columns a scalar takes: 0 for combining marks, 2 for wide ones.
  private static func columns(_ scalar: Unicode.Scalar) -> Int {
    let properties = scalar.properties
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if properties.isEmojiPresentation { return 2 }
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }

  /// Control characters other than tab would garble a terminal; show them as `?`.
  private static func visible(_ text: some StringProtocol) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if scalar == "\t" || !(scalar.value < 0x20 || scalar.value == 0x7F) {
        result.unicodeScalars.append(scalar)
      } else {
        result += "?"
      }
    }
    return result
  }
}
