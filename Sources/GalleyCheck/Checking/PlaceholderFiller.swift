import GalleyMarkup

/// Replaces a string's placeholders by their sample values, escaped as markup, and records
/// which placeholders it has and where each was.
///
/// The placeholders are the tokens a label's `samples` name, exactly (`%@`, `%d`, `{name}`,
/// `{{count}}`), and the positional forms of those that start with `%` (`%1$@`, `%2$d`).
/// `%%` is a percent sign (never the start of a placeholder); everything else is markup.
package struct PlaceholderFiller: Sendable {
  /// A placeholder found in a string.
  package struct Placeholder: Hashable, Sendable, Comparable {
    /// The sample token it matched (`%@` for `%2$@`).
    package var token: String
    /// Its argument number: written (`%2$@` is 2), counted (the n-th `%` placeholder without
    /// one is n), or `nil` for a named token (`{name}`).
    package var argument: Int?

    /// Orders by argument, then token.
    package static func < (lhs: Placeholder, rhs: Placeholder) -> Bool {
      (lhs.argument ?? Int.max, lhs.token) < (rhs.argument ?? Int.max, rhs.token)
    }

    /// The placeholder as a translator writes it: `%2$@`, `{name}`.
    package var spelling: String {
      guard let argument, token.hasPrefix("%") else { return token }
      return "%\(argument)$" + token.dropFirst()
    }
  }

  /// A string with its placeholders filled.
  package struct Filled: Sendable {
    /// The markup with each placeholder replaced by its escaped sample.
    package var markup: String
    /// The placeholders, in the string's order.
    package var placeholders: [Placeholder]
    /// Each replacement: where it is in ``markup`` and where the placeholder was in the
    /// string, in UTF-8 offsets.
    var replacements: [(filled: Range<Int>, original: Range<Int>)]

    /// The string's UTF-8 offset for an offset in ``markup``: inside a sample, the
    /// placeholder's start.
    ///
    /// - Parameter offset: A UTF-8 offset in the filled markup.
    /// - Returns: The offset in the string.
    package func originalOffset(ofFilled offset: Int) -> Int {
      var delta = 0
      for replacement in replacements {
        if offset < replacement.filled.lowerBound { break }
        if offset < replacement.filled.upperBound { return replacement.original.lowerBound }
        delta = replacement.original.upperBound - replacement.filled.upperBound
      }
      return offset + delta
    }
  }

  private let percentTokens: [(token: String, bytes: [UInt8])]
  private let otherTokens: [(token: String, bytes: [UInt8])]
  private let samples: [String: [UInt8]]

  /// Creates a filler.
  ///
  /// - Parameter samples: Sample values by token.
  package init(samples: [String: String]) {
    let sorted = samples.keys.sorted { ($0.utf8.count, $0) > ($1.utf8.count, $1) }
    percentTokens = sorted.filter { $0.hasPrefix("%") }.map { ($0, Array($0.utf8)) }
    otherTokens = sorted.filter { !$0.hasPrefix("%") }.map { ($0, Array($0.utf8)) }
    self.samples = samples.mapValues { Array(Markup.escape($0).utf8) }
  }

  /// Fills a string's placeholders.
  ///
  /// - Parameter string: A catalog string.
  /// - Returns: The markup and the placeholders.
  package func fill(_ string: String) -> Filled {
    let input = Array(string.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(input.count + 16)
    var filled = Filled(markup: "", placeholders: [], replacements: [])
    var counted = 0
    var index = 0
    while index < input.count {
      let byte = input[index]
      if byte == UInt8(ascii: "%"), index + 1 < input.count, input[index + 1] == byte {
        output += [byte, byte]
        index += 2
        continue
      }
      guard let (token, length, argument) = match(input, at: index) else {
        output.append(byte)
        index += 1
        continue
      }
      let number: Int?
      if let argument {
        number = argument
      } else if token.hasPrefix("%") {
        counted += 1
        number = counted
      } else {
        number = nil
      }
      let start = output.count
      output += samples[token] ?? []
      filled.placeholders.append(Placeholder(token: token, argument: number))
      filled.replacements.append((start..<output.count, index..<(index + length)))
      index += length
    }
    filled.markup = String(decoding: output, as: UTF8.self)
    return filled
  }

  /// The token at an offset, its length in the string and its written argument number.
  private func match(_ input: [UInt8], at index: Int) -> (String, Int, Int?)? {
    let byte = input[index]
    if byte == UInt8(ascii: "%") {
      if let positional = positional(input, at: index) { return positional }
      for (token, bytes) in percentTokens where starts(input, at: index, with: bytes[...]) {
        return (token, bytes.count, nil)
      }
      return nil
    }
    for (token, bytes) in otherTokens
    where bytes.first == byte && starts(input, at: index, with: bytes[...]) {
      return (token, bytes.count, nil)
    }
    return nil
  }

  /// `%N$…` where `%…` is a token.
  private func positional(_ input: [UInt8], at index: Int) -> (String, Int, Int?)? {
    var cursor = index + 1
    var number = 0
    while cursor < input.count, (48...57).contains(input[cursor]), number < 1_000_000 {
      number = number * 10 + Int(input[cursor] - 48)
      cursor += 1
    }
    guard cursor > index + 1, number > 0, cursor < input.count, input[cursor] == UInt8(ascii: "$")
    else { return nil }
    for (token, bytes) in percentTokens
    where starts(input, at: cursor + 1, with: bytes.dropFirst()) {
      return (token, cursor + bytes.count - index, number)
    }
    return nil
  }

  private func starts(_ input: [UInt8], at index: Int, with bytes: ArraySlice<UInt8>) -> Bool {
    guard index + bytes.count <= input.count else { return false }
    return input[index..<(index + bytes.count)].elementsEqual(bytes)
  }
}
