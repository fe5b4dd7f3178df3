@testable import GalleyLayout

/// One line of `BidiCharacterTest.txt`: code points; paragraph direction; resolved paragraph
/// level; resolved levels (`x` for characters X9 removes); visual order.
struct BidiCharacterTestCase {
  /// The characters.
  var scalars: [Unicode.Scalar]
  /// The base direction asked for (field 1: 0 left-to-right, 1 right-to-left, 2 auto).
  var direction: BidiBaseDirection
  /// The resolved paragraph level.
  var paragraphLevel: UInt8
  /// Each character's level after L1, or `nil` for a character X9 removes.
  var levels: [UInt8?]
  /// The indices of the kept characters, left to right.
  var visualOrder: [Int]

  /// The indices of the characters X9 keeps (those with a level), in logical order.
  var keptIndices: [Int] { levels.indices.filter { levels[$0] != nil } }

  /// Parses a line, or fails when a field is malformed.
  ///
  /// - Parameter line: A line of the file that is not a comment.
  init?(_ line: Substring) {
    let fields = line.split(separator: ";", omittingEmptySubsequences: false)
    let directions: [Substring: BidiBaseDirection] = [
      "0": .leftToRight, "1": .rightToLeft, "2": .auto,
    ]
    guard fields.count == 5, let direction = directions[fields[1]],
      let paragraphLevel = UInt8(fields[2])
    else { return nil }
    var scalars: [Unicode.Scalar] = []
    for field in fields[0].split(separator: " ") {
      guard let scalar = UInt32(field, radix: 16).flatMap(Unicode.Scalar.init) else { return nil }
      scalars.append(scalar)
    }
    var levels: [UInt8?] = []
    for field in fields[3].split(separator: " ") {
      if field == "x" {
        levels.append(nil)
      } else if let level = UInt8(field) {
        levels.append(level)
      } else {
        return nil
      }
    }
    var visualOrder: [Int] = []
    for field in fields[4].split(separator: " ") {
      guard let index = Int(field) else { return nil }
      visualOrder.append(index)
    }
    guard levels.count == scalars.count else { return nil }
    self.scalars = scalars
    self.direction = direction
    self.paragraphLevel = paragraphLevel
    self.levels = levels
    self.visualOrder = visualOrder
  }
}
