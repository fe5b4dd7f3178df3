import GalleyJobs

/// One pass over a request body for what `JSONDecoder` lets through or reports without a
/// field: a key given twice in one object (the decoder keeps one of them silently) and a number
/// too large for a `Double` such as `1e400` (the decoder calls the whole body invalid).
///
/// Anything else malformed ends the scan quietly: the decoder reports it.
package struct JSONKeyScanner {
  /// One open object or array.
  private enum Frame {
    /// An object, its keys so far, and the key whose value comes next (`nil` before a key).
    case object(keys: Set<String>, key: String?)
    /// An array and the index of its current item.
    case array(index: Int)
  }

  /// The body.
  private let bytes: [UInt8]
  /// Where the scan is.
  private var index = 0
  /// The open objects and arrays, outermost first.
  private var frames: [Frame] = []

  /// Scans a body.
  ///
  /// - Parameter body: The body's bytes.
  /// - Throws: ``RequestError`` naming the repeated key or the number's field.
  package static func check(_ body: [UInt8]) throws(RequestError) {
    var scanner = JSONKeyScanner(bytes: body)
    try scanner.scan()
  }

  /// Creates a scanner at the start of a body.
  private init(bytes: [UInt8]) { self.bytes = bytes }

  /// Reads tokens to the end, or to the first one that is not JSON.
  private mutating func scan() throws(RequestError) {
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "{"): frames.append(.object(keys: [], key: nil))
      case UInt8(ascii: "["): frames.append(.array(index: 0))
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        guard frames.popLast() != nil else { return }
      case UInt8(ascii: ","): nextItem()
      case UInt8(ascii: "\""):
        guard case .object(var keys, .none) = frames.last else {
          // A value: only its end matters.
          guard skipString() else { return }
          continue
        }
        guard let string = readString() else { return }
        guard keys.insert(string).inserted else {
          throw RequestError(field: path(appending: string), "is given more than once")
        }
        frames[frames.count - 1] = .object(keys: keys, key: string)
        continue
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        try readNumber()
        continue
      default: break
      }
      index += 1
    }
  }

  /// After a comma: the next item of an array, or the next key of an object.
  private mutating func nextItem() {
    switch frames.last {
    case .array(let item): frames[frames.count - 1] = .array(index: item + 1)
    case .object(let keys, _): frames[frames.count - 1] = .object(keys: keys, key: nil)
    case nil: break
    }
  }

  /// Moves past a string at `index` (its opening quote) without decoding it.
  ///
  /// - Returns: `false` when it does not end.
  private mutating func skipString() -> Bool {
    index += 1
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        index += 1
        return true
      case UInt8(ascii: "\\"): index += 2
      default: index += 1
      }
    }
    return false
  }

  /// Reads a string at `index` (its opening quote), decoding its escapes.
  ///
  /// - Returns: The string, or `nil` when it does not end or an escape is invalid.
  private mutating func readString() -> String? {
    // Most keys have no escape: one view of their bytes.
    if let end = bytes[(index + 1)...].firstIndex(where: { $0 == 0x22 || $0 == 0x5C }),
      bytes[end] == 0x22
    {
      defer { index = end + 1 }
      return String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
    }
    var scalars = String.UnicodeScalarView()
    var raw: [UInt8] = []
    index += 1
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: "\"") {
        scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
        return String(scalars)
      }
      guard byte == UInt8(ascii: "\\") else {
        raw.append(byte)
        continue
      }
      guard index < bytes.count else { return nil }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "u"):
        guard let unit = readHex() else { return nil }
        raw += Array(String(decoding: [unit] + readLowSurrogate(after: unit), as: UTF16.self).utf8)
      case UInt8(ascii: "b"): raw.append(8)
      case UInt8(ascii: "f"): raw.append(12)
      case UInt8(ascii: "n"): raw.append(10)
      case UInt8(ascii: "r"): raw.append(13)
      case UInt8(ascii: "t"): raw.append(9)
      default: raw.append(escape)
      }
    }
    return nil
  }

  /// Four hex digits at `index`, as a UTF-16 unit.
  private mutating func readHex() -> UInt16? {
    guard index + 4 <= bytes.count,
      let unit = UInt16(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
    else { return nil }
    index += 4
    return unit
  }

  /// The low surrogate (a `\u` escape of four hex digits) that follows a high one, if any.
  private mutating func readLowSurrogate(after unit: UInt16) -> [UInt16] {
    guard UTF16.isLeadSurrogate(unit), index + 6 <= bytes.count,
      bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
    else { return [] }
    index += 2
    guard let low = readHex() else {
      index -= 2
      return []
    }
    return [low]
  }

  /// Reads a number at `index`.
  ///
  /// - Throws: ``RequestError`` for a number too large for a `Double`, or so small (not 0)
  ///   that it rounds to 0, which the JSON reader refuses.
  private mutating func readNumber() throws(RequestError) {
    let start = index
    var hasExponent = false
    scan: while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"),
        UInt8(ascii: "."):
        index += 1
      case UInt8(ascii: "e"), UInt8(ascii: "E"):
        hasExponent = true
        index += 1
      default: break scan
      }
    }
    // Without an exponent only more than 308 digits pass a double's range.
    guard hasExponent || index - start > 300 else { return }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let number = Double(text) else { return }
    if !number.isFinite {
      throw RequestError(
        field: path(appending: nil), "is a number too large for a double: \(text.prefix(40))")
    }
    let mantissa = text.prefix { $0 != "e" && $0 != "E" }
    if number == 0, mantissa.contains(where: { ("1"..."9").contains($0) }) {
      throw RequestError(
        field: path(appending: nil),
        "is a number too small for a double (it is not 0, and rounds to 0): \(text.prefix(40))")
    }
  }

  /// The path of the current value, as ``RequestDecoder/path(_:)`` writes paths, with a key
  /// of the innermost object appended.
  private func path(appending key: String?) -> String {
    var text = ""
    for frame in frames.dropLast() {
      append(frame, to: &text)
    }
    if let key {
      text += text.isEmpty ? key : ".\(key)"
    } else if let last = frames.last {
      append(last, to: &text)
    }
    return text
  }

  /// Appends one frame's part of a path.
  private func append(_ frame: Frame, to text: inout String) {
    switch frame {
    case .object(_, let key?): text += text.isEmpty ? key : ".\(key)"
    case .object(_, nil): break
    case .array(let item): text += "[\(item)]"
    }
  }
}
