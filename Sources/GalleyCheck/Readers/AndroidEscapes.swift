/// Android's rules for the text of a string resource, applied after XML has decoded its
/// entities: runs of white space become one space and the ends are trimmed, except between
/// unescaped double quotes, which are removed; a backslash escapes the next character (`\n`,
/// `\t`, `\'`, `\"`, `\\`, `\@`, `\?`, and `\u` with four hexadecimal digits, such as `\u00E9`).
enum AndroidEscapes {
  /// The string an app receives for a resource's text.
  ///
  /// - Parameter raw: The element's text, entities decoded.
  /// - Returns: The decoded string.
  static func decode(_ raw: String) -> String {
    var output: [Unicode.Scalar] = []
    var quoted = false
    var pendingSpace = false
    var scalars = raw.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      switch scalar {
      case "\"":
        quoted.toggle()
      case "\\":
        if pendingSpace, !output.isEmpty { output.append(" ") }
        pendingSpace = false
        guard let next = scalars.next() else { break }
        output.append(contentsOf: escaped(next, rest: &scalars))
      case " ", "\t", "\n", "\r":
        if quoted {
          if pendingSpace, !output.isEmpty { output.append(" ") }
          pendingSpace = false
          output.append(scalar)
        } else {
          pendingSpace = true
        }
      default:
        if pendingSpace, !output.isEmpty { output.append(" ") }
        pendingSpace = false
        output.append(scalar)
      }
    }
    var string = String.UnicodeScalarView()
    string.append(contentsOf: output)
    return String(string)
  }

  /// The characters an escape stands for: `n`, `t` and `u` with four hexadecimal digits
  /// decoded, any other character as itself.
  private static func escaped(
    _ scalar: Unicode.Scalar, rest: inout String.UnicodeScalarView.Iterator
  ) -> [Unicode.Scalar] {
    switch scalar {
    case "n": return ["\n"]
    case "t": return ["\t"]
    case "u":
      var digits: [Unicode.Scalar] = []
      var value: UInt32 = 0
      while digits.count < 4, let next = rest.next() {
        digits.append(next)
        guard let digit = UInt32(String(next), radix: 16) else { return ["u"] + digits }
        value = value << 4 | digit
      }
      guard digits.count == 4, let decoded = Unicode.Scalar(value) else { return ["u"] + digits }
      return [decoded]
    default: return [scalar]
    }
  }
}
