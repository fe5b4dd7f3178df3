import GalleySupport

/// Shows the part of a markup line around a problem, with a caret line under the code.
///
/// The lines are indexed once, so each diagnostic finds its line by binary search and looks
/// at no more than a few hundred bytes around its offset: rendering N diagnostics costs
/// O(markup + N × excerpt), however long the lines are. An excerpt shows at most
/// ``maximumColumns`` terminal columns of its line, with `…` where the line was cut.
package struct MarkupExcerpter {
  /// The most terminal columns of markup an excerpt shows, not counting the `…` marks.
  static let maximumColumns = 80
  /// The columns kept before the code when the line must be cut.
  static let minimumColumnsBefore = 30
  /// The most bytes looked at on each side of the offset: 4 per column covers any scalar.
  private static let windowBytes = maximumColumns * 4

  private let bytes: [UInt8]
  /// The UTF-8 offset where each line starts; the first is 0.
  private let lineStarts: [Int]

  /// Indexes the lines of `markup`.
  ///
  /// - Parameter markup: The markup the diagnostics refer to.
  package init(_ markup: String) {
    bytes = Array(markup.utf8)
    var starts = [0]
    for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      starts.append(offset + 1)
    }
    lineStarts = starts
  }

  /// The excerpt of the line around a code, and the caret line under the code.
  ///
  /// - Parameters:
  ///   - utf8Offset: Where the code starts, in UTF-8 bytes.
  ///   - utf16Length: The code's length in UTF-16 code units.
  /// - Returns: The markup excerpt and the caret line (`^~~`), both without indentation.
  package func excerpt(utf8Offset: Int, utf16Length: Int) -> (text: String, caret: String) {
    let offset = min(max(0, utf8Offset), bytes.count)
    let (lineStart, lineEnd) = line(containing: offset)
    let from = scalarStart(atOrAfter: max(lineStart, offset - Self.windowBytes), limit: offset)
    let to = scalarStart(atOrBefore: min(lineEnd, offset + Self.windowBytes), limit: offset)
    let before = scalars(from..<offset)
    let after = scalars(offset..<to)

    let wantedAfter = Self.width(of: after, upTo: Self.maximumColumns - Self.minimumColumnsBefore)
    let shownBefore = Self.suffix(of: before, fitting: Self.maximumColumns - wantedAfter)
    let beforeWidth = shownBefore.reduce(0) { $0 + Self.columns($1) }
    let shownAfter = Self.prefix(of: after, fitting: Self.maximumColumns - beforeWidth)
    let cutBefore = from > lineStart || shownBefore.count < before.count
    let cutAfter = to < lineEnd || shownAfter.count < after.count

    var codeWidth = 0
    var units = 0
    for scalar in shownAfter where units < utf16Length {
      units += scalar.utf16.count
      codeWidth += max(1, Self.columns(scalar))
    }
    let text =
      (cutBefore ? "…" : "") + Self.visible(shownBefore) + Self.visible(shownAfter)
      + (cutAfter ? "…" : "")
    let padding = shownBefore.map { scalar in
      scalar == "\t" ? "\t" : String(repeating: " ", count: Self.columns(scalar))
    }.joined()
    let caret =
      (cutBefore ? " " : "") + padding + "^"
      + String(repeating: "~", count: max(0, codeWidth - 1))
    return (text, caret)
  }

  /// The start and end (before its `\n`) of the line holding `offset`, by binary search.
  private func line(containing offset: Int) -> (start: Int, end: Int) {
    let low = max(0, lineStarts.partitioningIndex { $0 > offset } - 1)
    let end = low + 1 < lineStarts.count ? lineStarts[low + 1] - 1 : bytes.count
    return (lineStarts[low], end)
  }

  /// Whether a byte continues a multi-byte UTF-8 sequence.
  private func isContinuation(_ offset: Int) -> Bool {
    offset < bytes.count && UTF8Decoding.isContinuation(bytes[offset])
  }

  /// The first scalar boundary at or after `offset`, but not after `limit`.
  private func scalarStart(atOrAfter offset: Int, limit: Int) -> Int {
    var offset = offset
    while offset < limit, isContinuation(offset) { offset += 1 }
    return offset
  }

  /// The last scalar boundary at or before `offset`, but not before `limit`.
  private func scalarStart(atOrBefore offset: Int, limit: Int) -> Int {
    var offset = offset
    while offset > limit, isContinuation(offset) { offset -= 1 }
    return offset
  }

  /// The scalars of a byte range that starts and ends on scalar boundaries.
  private func scalars(_ range: Range<Int>) -> [Unicode.Scalar] {
    Array(String(decoding: bytes[range], as: UTF8.self).unicodeScalars)
  }

  /// The columns `scalars` take, counted only up to `ceiling`.
  private static func width(of scalars: [Unicode.Scalar], upTo ceiling: Int) -> Int {
    var width = 0
    for scalar in scalars {
      width += columns(scalar)
      if width >= ceiling { return ceiling }
    }
    return width
  }

  /// The longest suffix of `scalars` at most `width` columns wide.
  private static func suffix(of scalars: [Unicode.Scalar], fitting width: Int) -> [Unicode.Scalar] {
    var used = 0
    var start = scalars.count
    while start > 0, used + columns(scalars[start - 1]) <= width {
      used += columns(scalars[start - 1])
      start -= 1
    }
    return Array(scalars[start...])
  }

  /// The longest prefix of `scalars` at most `width` columns wide, and at least one scalar.
  private static func prefix(of scalars: [Unicode.Scalar], fitting width: Int) -> [Unicode.Scalar] {
    var used = 0
    var end = 0
    while end < scalars.count, end == 0 || used + columns(scalars[end]) <= width {
      used += columns(scalars[end])
      end += 1
    }
    return Array(scalars[..<end])
  }

  /// The terminal columns a scalar takes: 0 for combining marks, 2 for wide ones.
  static func columns(_ scalar: Unicode.Scalar) -> Int {
    // ASCII and C1 controls, the common case, without a property lookup.
    if scalar.value < 0xA0 { return 1 }
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
  private static func visible(_ scalars: [Unicode.Scalar]) -> String {
    var result = String.UnicodeScalarView()
    for scalar in scalars {
      if scalar == "\t" || !(scalar.value < 0x20 || scalar.value == 0x7F) {
        result.append(scalar)
      } else {
        result.append("?")
      }
    }
    return String(result)
  }
}
