/// One formatting code as a token: its extent, its lexical shape and its parts, read from the
/// `%` onwards by ``read(_:at:)``.
///
/// A code is `%`, then either a braced argument `{…}` or an optional `-` and decimal digits,
/// then one code letter. `%%` is a literal percent sign. The token only records the parts; the
/// scanner decides what they mean.
struct CodeToken {
  /// Numbers saturate here, so `%99999999999999999999C` is an out-of-range index, not a crash.
  static let saturation = 1_000_000_000

  enum Shape: Equatable {
    case code(letter: UInt8)
    case literalPercent
    case dangling
    case unterminatedBrace
    case signAfterDigits
    case signWithoutDigits
    case numberAndBrace
  }

  enum Argument: Equatable {
    case none
    case number(Int, isNegative: Bool)
    case braced(Range<Int>)
  }

  /// UTF-8 offset of the `%`.
  var start: Int
  /// UTF-8 offset just after the code; scanning resumes here.
  var end: Int
  var shape: Shape
  var argument: Argument = .none
  /// The bytes of the code letter (several for a non-ASCII scalar).
  var letterRange: Range<Int> = 0..<0

  /// Whether the code has a number or a braced argument.
  var hasArgument: Bool {
    if case .none = argument { false } else { true }
  }

  /// Reads the code whose `%` is at `start`.
  ///
  /// - Parameters:
  ///   - input: The markup's UTF-8 bytes.
  ///   - start: The offset of the `%`.
  /// - Returns: The token; a malformed code gets a shape that names the problem.
  @inline(__always)
  static func read(_ input: UnsafeBufferPointer<UInt8>, at start: Int) -> CodeToken {
    let position = start &+ 1
    // Most codes are one ASCII letter: `%B`, `%l`.
    if position < input.count {
      let letter = input[position]
      if (letter | 0x20) &- UInt8(ascii: "a") < 26 {
        return CodeToken(
          start: start, end: position &+ 1, shape: .code(letter: letter),
          letterRange: position..<position &+ 1)
      }
    }
    return readArgument(input, at: start)
  }

  /// Reads a code that is not a single ASCII letter: one with an argument, a `%%`, a
  /// malformed code, or a non-ASCII letter.
  ///
  /// - Parameters:
  ///   - input: The markup's UTF-8 bytes.
  ///   - start: The offset of the `%`.
  /// - Returns: The token.
  private static func readArgument(
    _ input: UnsafeBufferPointer<UInt8>, at start: Int
  ) -> CodeToken {
    let count = input.count
    var position = start + 1
    guard position < count else { return CodeToken(start: start, end: count, shape: .dangling) }
    if input[position] == UInt8(ascii: "%") {
      return CodeToken(start: start, end: position + 1, shape: .literalPercent)
    }
    var argument = Argument.none
    if input[position] == UInt8(ascii: "{") {
      guard let close = firstIndex(of: UInt8(ascii: "}"), in: input, from: position + 1) else {
        return CodeToken(start: start, end: position + 1, shape: .unterminatedBrace)
      }
      argument = .braced(position + 1..<close)
      position = close + 1
    } else {
      let isNegative = input[position] == UInt8(ascii: "-")
      if isNegative { position += 1 }
      let digitsStart = position
      var value = 0
      while position < count, let digit = digitValue(input[position]) {
        value = min(value * 10 + digit, saturation)
        position += 1
      }
      let hasDigits = position > digitsStart
      if isNegative, !hasDigits {
        return CodeToken(
          start: start, end: afterLetter(input, position), shape: .signWithoutDigits)
      }
      if position < count, input[position] == UInt8(ascii: "-"), hasDigits {
        return CodeToken(
          start: start, end: afterLetter(input, position + 1), shape: .signAfterDigits)
      }
      if position < count, input[position] == UInt8(ascii: "{"), hasDigits {
        let close = firstIndex(of: UInt8(ascii: "}"), in: input, from: position + 1)
        let end = close.map { afterLetter(input, $0 + 1) } ?? position + 1
        return CodeToken(start: start, end: end, shape: .numberAndBrace)
      }
      if hasDigits { argument = .number(value, isNegative: isNegative) }
    }
    guard position < count else { return CodeToken(start: start, end: count, shape: .dangling) }
    let letterEnd = position + scalarLength(leadByte: input[position])
    return CodeToken(
      start: start, end: letterEnd, shape: .code(letter: input[position]), argument: argument,
      letterRange: position..<letterEnd)
  }

  /// The code's text for a message: at most 40 scalars, with control characters escaped.
  func quoted(_ input: UnsafeBufferPointer<UInt8>) -> String {
    let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<end]), as: UTF8.self)
    var result = ""
    for (position, scalar) in text.unicodeScalars.enumerated() {
      if position == 40 {
        result += "…"
        break
      }
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func afterLetter(_ input: UnsafeBufferPointer<UInt8>, _ position: Int) -> Int {
    guard position < input.count else { return position }
    let byte = input[position]
    let isLetter =
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    return isLetter ? position + 1 : position
  }

  private static func digitValue(_ byte: UInt8) -> Int? {
    let digit = byte &- UInt8(ascii: "0")
    return digit < 10 ? Int(digit) : nil
  }

  private static func scalarLength(leadByte byte: UInt8) -> Int {
    switch byte {
    case 0xF0...: 4
    case 0xE0...: 3
    case 0xC0...: 2
    default: 1
    }
  }

  private static func firstIndex(
    of target: UInt8, in input: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> Int? {
    var position = start
    while position < input.count {
      if input[position] == target { return position }
      position += 1
    }
    return nil
  }
}
