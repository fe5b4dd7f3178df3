/// The syntax of Apple's `.strings` files, an old-style property list of string pairs:
/// `"key" = "value";`, unquoted keys and values of letters, digits and `_$+/:.-`, `"key";`
/// for a value equal to its key, `/* … */` and `//` comments, C escapes (`\n`, `\"`, `\\`,
/// `\U00E9`, octal), and an optional `{ … }` around the whole.
///
/// It gives each value's line and column, and names the line of a syntax error.
/// (Foundation's reader gives neither, and on Linux keeps memory for every error it reports.)
struct StringsParser {
  /// A key and value, with where the value starts.
  struct Pair {
    var key: String
    var value: String
    var line: Int
    var column: Int
  }

  private let scalars: [Unicode.Scalar]
  private let file: String
  private var index = 0
  private var line = 1
  private var lineStart = 0

  /// Reads every pair of a file's text.
  ///
  /// - Throws: ``CatalogError`` naming the line of the first syntax error.
  static func parse(_ text: String, file: String) throws(CatalogError) -> [Pair] {
    var parser = StringsParser(scalars: Array(text.unicodeScalars), file: file)
    return try parser.pairs()
  }

  private init(scalars: [Unicode.Scalar], file: String) {
    self.scalars = scalars
    self.file = file
  }

  private mutating func pairs() throws(CatalogError) -> [Pair] {
    try skipSpace()
    let braced = peek == "{"
    if braced { advance() }
    var pairs: [Pair] = []
    while true {
      try skipSpace()
      guard let next = peek else { break }
      if braced, next == "}" {
        advance()
        try skipSpace()
        guard peek == nil else { throw error("text after the closing brace") }
        return pairs
      }
      let key = try string(what: "a key")
      try skipSpace()
      var value = key
      var position = (line, index - lineStart + 1)
      if peek == "=" {
        advance()
        try skipSpace()
        position = (line, index - lineStart + 1 + (peek == "\"" ? 1 : 0))
        value = try string(what: "the value of \"\(key)\"")
        try skipSpace()
      }
      guard peek == ";" else { throw error("expected ';' after \"\(key)\"") }
      advance()
      pairs.append(Pair(key: key, value: value, line: position.0, column: position.1))
    }
    if braced { throw error("the opening brace is not closed") }
    return pairs
  }

  private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

  private mutating func advance() {
    if scalars[index] == "\n" {
      line += 1
      lineStart = index + 1
    }
    index += 1
  }

  private func error(_ message: String) -> CatalogError {
    CatalogError(file: file, line: line, message)
  }

  /// Skips white space and comments.
  private mutating func skipSpace() throws(CatalogError) {
    while let scalar = peek {
      if scalar.properties.isWhitespace {
        advance()
      } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
        let start = line
        index += 2
        while index < scalars.count, !(scalars[index] == "*" && peekAt(1) == "/") { advance() }
        guard index < scalars.count else {
          throw CatalogError(file: file, line: start, "a comment is not closed")
        }
        index += 2
      } else if scalar == "/", peekAt(1) == "/" {
        while let next = peek, next != "\n" { advance() }
      } else {
        return
      }
    }
  }

  private func peekAt(_ offset: Int) -> Unicode.Scalar? {
    index + offset < scalars.count ? scalars[index + offset] : nil
  }

  /// A quoted string or an unquoted token.
  private mutating func string(what: String) throws(CatalogError) -> String {
    guard let first = peek else { throw error("expected \(what), found the end of the file") }
    guard first == "\"" else {
      var token = String.UnicodeScalarView()
      while let scalar = peek, Self.isTokenScalar(scalar) {
        token.append(scalar)
        advance()
      }
      guard !token.isEmpty else { throw error("expected \(what), found '\(first)'") }
      return String(token)
    }
    advance()
    var result = String.UnicodeScalarView()
    while true {
      guard let scalar = peek else { throw error("a string is not closed") }
      advance()
      if scalar == "\"" { return String(result) }
      if scalar == "\\" { result.append(try escape()) } else { result.append(scalar) }
    }
  }

  private static func isTokenScalar(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII
      && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        || "_$+/:.-".unicodeScalars.contains(scalar))
  }

  /// The character an escape stands for, the backslash read.
  private mutating func escape() throws(CatalogError) -> Unicode.Scalar {
    guard let scalar = peek else { throw error("a string ends with a backslash") }
    advance()
    switch scalar {
    case "n": return "\n"
    case "t": return "\t"
    case "r": return "\r"
    case "a": return "\u{07}"
    case "b": return "\u{08}"
    case "f": return "\u{0C}"
    case "v": return "\u{0B}"
    case "U", "u":
      var value: UInt32 = 0
      for _ in 0..<4 {
        guard let digit = peek, let number = UInt32(String(digit), radix: 16) else {
          throw error("\\\(scalar) needs four hexadecimal digits")
        }
        value = value << 4 | number
        advance()
      }
      return Unicode.Scalar(value) ?? "\u{FFFD}"
    case "0"..."7":
      var value = scalar.value - 48
      for _ in 0..<2 {
        guard let digit = peek, ("0"..."7").contains(digit) else { break }
        value = value << 3 | (digit.value - 48)
        advance()
      }
      return Unicode.Scalar(value) ?? "\u{FFFD}"
    default: return scalar
    }
  }
}
