/// The syntax of gettext's `.po` files: comments (`#,` flags such as `fuzzy`; `#~` obsolete
/// messages, skipped), keywords (`msgctxt`, `msgid`, `msgid_plural`, `msgstr`, `msgstr[n]`)
/// each followed by C strings, and string continuation lines.
enum POParser {
  /// The part of a message that string lines go to.
  private enum Field {
    case context
    case id
    case idPlural
    case string(Int)
  }

  /// Reads the messages of a file.
  ///
  /// - Throws: ``CatalogError`` naming the line of a keyword or string that does not read.
  static func parse(_ text: String, file: String) throws(CatalogError) -> [POReader.Message] {
    var messages: [POReader.Message] = []
    var current = POReader.Message()
    var field: Field?
    var flags: [String] = []
    func finish() {
      if !current.id.isEmpty || current.context != nil || !current.strings.isEmpty {
        messages.append(current)
      }
      current = POReader.Message()
      field = nil
    }
    for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let lineNumber = number + 1
      let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if trimmed.isEmpty { continue }
      if trimmed.hasPrefix("#") {
        if trimmed.hasPrefix("#,") {
          flags += trimmed.dropFirst(2).split(separator: ",").map { $0.trimmingSpaces }
        }
        continue
      }
      if trimmed.hasPrefix("\"") {
        guard let field else {
          throw CatalogError(file: file, line: lineNumber, "a string continues no keyword")
        }
        let string = try cString(trimmed, file: file, line: lineNumber)
        append(string, to: field, of: &current)
        continue
      }
      let keyword = trimmed.prefix { $0 != " " && $0 != "\t" && $0 != "\"" }
      let rest = trimmed.dropFirst(keyword.count).drop { $0 == " " || $0 == "\t" }
      let next: Field
      switch keyword {
      case "msgctxt":
        finish()
        next = .context
      case "msgid":
        if current.context == nil || !current.id.isEmpty { finish() }
        next = .id
      case "msgid_plural": next = .idPlural
      case "msgstr": next = .string(0)
      default:
        guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"),
          let index = Int(keyword.dropFirst(7).dropLast()), (0..<100).contains(index)
        else {
          throw CatalogError(file: file, line: lineNumber, "unknown keyword \(keyword)")
        }
        next = .string(index)
      }
      if case .id = next {
        current.line = lineNumber
        current.isFuzzy = flags.contains("fuzzy")
        flags = []
      }
      field = next
      let string = try cString(rest, file: file, line: lineNumber)
      if case .string(let index) = next {
        let column = line.unicodeScalars.count - rest.unicodeScalars.count + 2
        current.stringPositions[index] = (lineNumber, column)
      }
      start(next, of: &current)
      append(string, to: next, of: &current)
    }
    finish()
    return messages
  }

  /// Opens a field, so a continuation line adds to it.
  private static func start(_ field: Field, of message: inout POReader.Message) {
    switch field {
    case .context: message.context = ""
    case .id: message.id = []
    case .idPlural: message.idPlural = []
    case .string(let index): message.strings[index] = []
    }
  }

  private static func append(_ part: String, to field: Field, of message: inout POReader.Message) {
    switch field {
    case .context: message.context = (message.context ?? "") + part
    case .id: message.id.append(part)
    case .idPlural: message.idPlural = (message.idPlural ?? []) + [part]
    case .string(let index): message.strings[index, default: []].append(part)
    }
  }

  /// A C string literal (`"…"`, with `\n`, `\t`, `\"`, `\\`, octal and `\x` escapes) that
  /// makes up the rest of a line.
  ///
  /// - Throws: ``CatalogError`` for a line that is not one string.
  static func cString(_ text: Substring, file: String, line: Int) throws(CatalogError) -> String {
    var scalars = Array(text.unicodeScalars)[...]
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" else {
      throw CatalogError(file: file, line: line, "expected a string in double quotes")
    }
    var output = String.UnicodeScalarView()
    var index = 1
    let end = scalars.count - 1
    while index < end {
      let scalar = scalars[index]
      index += 1
      if scalar == "\"" {
        throw CatalogError(file: file, line: line, "a double quote inside a string is not escaped")
      }
      guard scalar == "\\" else {
        output.append(scalar)
        continue
      }
      guard index < end else {
        throw CatalogError(file: file, line: line, "a string ends with a backslash")
      }
      let escape = scalars[index]
      index += 1
      switch escape {
      case "n": output.append("\n")
      case "t": output.append("\t")
      case "r": output.append("\r")
      case "a": output.append("\u{07}")
      case "b": output.append("\u{08}")
      case "f": output.append("\u{0C}")
      case "v": output.append("\u{0B}")
      case "x":
        var value: UInt32 = 0
        var digits = 0
        while index < end, digits < 2, let digit = hexValue(scalars[index]) {
          value = value << 4 | digit
          index += 1
          digits += 1
        }
        guard digits > 0, let decoded = Unicode.Scalar(value) else {
          throw CatalogError(file: file, line: line, "\\x without hexadecimal digits")
        }
        output.append(decoded)
      case "0"..."7":
        var value = escape.value - 48
        var digits = 1
        while index < end, digits < 3, ("0"..."7").contains(scalars[index]) {
          value = value << 3 | (scalars[index].value - 48)
          index += 1
          digits += 1
        }
        output.append(Unicode.Scalar(value) ?? "\u{FFFD}")
      default: output.append(escape)
      }
    }
    return String(output)
  }

  private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
    UInt32(String(scalar), radix: 16)
  }
}
