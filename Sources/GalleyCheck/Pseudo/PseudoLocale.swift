import GalleyMarkup

/// The pseudo-locales `galley check --pseudo` makes from the source strings, for strings not
/// yet translated: text that looks translated, runs longer or runs right to left, with every
/// markup code and placeholder kept as it is.
///
/// - `en-XA`: accented (every ASCII letter), in brackets and padded to 30% longer with words,
///   as Android's `en-XA`: a label that clips or truncates it will clip German.
/// - `en-XD`: accented and doubled (each piece of text written twice), as Xcode's
///   double-length pseudolanguage.
/// - `ar-XB`: right to left, as Android's `ar-XB`: each word forced right to left
///   (U+202E … U+202C between right-to-left marks), laid out as Arabic.
package enum PseudoLocale: String, CaseIterable, Sendable {
  /// Accented, 30% longer.
  case accented = "en-XA"
  /// Accented, twice as long.
  case doubled = "en-XD"
  /// Right to left.
  case rightToLeft = "ar-XB"

  /// The locale's tag.
  package var tag: String { rawValue }

  /// A source string in this pseudo-locale.
  ///
  /// - Parameters:
  ///   - string: The source string (markup, with placeholders).
  ///   - placeholders: The placeholder tokens, kept as they are.
  /// - Returns: The pseudo-translation.
  package func translate(_ string: String, placeholders: PlaceholderFiller) -> String {
    let pieces = Self.pieces(of: string, placeholders: placeholders)
    var output = ""
    var letters = 0
    for piece in pieces {
      guard piece.isText else {
        output += piece.text
        continue
      }
      letters += piece.text.unicodeScalars.filter { $0.properties.isAlphabetic }.count
      switch self {
      case .accented: output += Self.accent(piece.text)
      case .doubled: output += Self.accent(piece.text) + Self.accent(piece.text)
      case .rightToLeft: output += Self.reverse(piece.text)
      }
    }
    switch self {
    case .accented: return "[" + output + Self.padding(letters: (letters * 3 + 9) / 10) + "]"
    case .doubled: return output
    case .rightToLeft: return output
    }
  }

  /// A string cut into text and kept pieces: placeholders and codes, overlapping ones merged
  /// (a code whose braces hold a placeholder is kept whole).
  private static func pieces(
    of string: String, placeholders: PlaceholderFiller
  ) -> [(text: String, isText: Bool)] {
    let utf8 = Array(string.utf8)
    let ranges =
      (placeholders.fill(string).replacements.map(\.original)
      + Markup.codeRanges(in: string)).sorted { $0.lowerBound < $1.lowerBound }
    var kept: [Range<Int>] = []
    for range in ranges {
      if let last = kept.last, range.lowerBound < last.upperBound {
        kept[kept.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        kept.append(range)
      }
    }
    var pieces: [(String, Bool)] = []
    var position = 0
    for range in kept {
      if range.lowerBound > position {
        pieces.append((String(decoding: utf8[position..<range.lowerBound], as: UTF8.self), true))
      }
      pieces.append((String(decoding: utf8[range], as: UTF8.self), false))
      position = range.upperBound
    }
    if position < utf8.count {
      pieces.append((String(decoding: utf8[position...], as: UTF8.self), true))
    }
    return pieces
  }

  /// Every ASCII letter with an accent or hook, as pseudo-localizers write them.
  static func accent(_ text: String) -> String {
    var output = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if (97...122).contains(value), let mapped = lower[Int(value - 97)].unicodeScalars.first {
        output.append(mapped)
      } else if (65...90).contains(value), let mapped = upper[Int(value - 65)].unicodeScalars.first
      {
        output.append(mapped)
      } else {
        output.append(scalar)
      }
    }
    return String(output)
  }

  private static let lower = Array("áƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýž").map(String.init)
  private static let upper = Array("ÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ").map(String.init)

  /// Words that make up `letters` more letters (and their spaces), accented.
  private static func padding(letters: Int) -> String {
    guard letters > 0 else { return "" }
    let words = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    var text = ""
    var index = 0
    while text.count < letters {
      text += " " + words[index % words.count]
      index += 1
    }
    return accent(String(text.prefix(letters + 1)))
  }

  /// Each word between right-to-left marks and a right-to-left override, so it reads right to
  /// left.
  private static func reverse(_ text: String) -> String {
    var output = ""
    var word = ""
    func flush() {
      guard !word.isEmpty else { return }
      output += "\u{200F}\u{202E}" + word + "\u{202C}\u{200F}"
      word = ""
    }
    for character in text {
      if character.isWhitespace {
        flush()
        output.append(character)
      } else {
        word.append(character)
      }
    }
    flush()
    return output
  }
}
