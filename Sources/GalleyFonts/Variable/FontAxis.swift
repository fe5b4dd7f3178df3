import GalleyStyle

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One design axis of a variable font (its `fvar` table): a tag and the range of its values.
public struct FontAxis: Hashable, Sendable, Codable {
  /// The axis tag, such as `wght`, `wdth`, `opsz`, `slnt` or `ital`.
  public var tag: String
  /// The smallest value.
  public var minimum: Double
  /// The value of the face's default instance.
  public var defaultValue: Double
  /// The largest value.
  public var maximum: Double

  /// An axis from its tag and range.
  public init(tag: String, minimum: Double, defaultValue: Double, maximum: Double) {
    self.tag = tag
    self.minimum = minimum
    self.defaultValue = defaultValue
    self.maximum = maximum
  }

  /// `value` moved into the axis' range.
  public func clamp(_ value: Double) -> Double { min(maximum, max(minimum, value)) }

  private enum CodingKeys: String, CodingKey {
    case tag
    case minimum = "min"
    case defaultValue = "default"
    case maximum = "max"
  }
}

/// Reads the design axes of a face from its font file's `fvar` table, without loading the
/// rest of the file.
///
/// The file is an OpenType font or collection (`ttcf`); the face is `index & 0xFFFF` (the
/// named-instance bits fontconfig adds are ignored). A file that is not such a font, a face
/// without `fvar`, or a malformed table gives no axes.
enum FontAxesReader {
  /// The most axes read from one face (fonts have a handful).
  static let axisLimit = 64

  /// The face's axes, in the table's order, and its named instances' coordinates (one value
  /// per axis each), in the table's order.
  static func read(file: String, index: Int) -> (axes: [FontAxis], instances: [[Double]]) {
    guard let handle = fopen(file, "rb") else { return ([], []) }
    defer { fclose(handle) }
    func read(_ offset: Int, _ count: Int) -> [UInt8]? {
      guard offset >= 0, count >= 0, fseeko(handle, off_t(offset), SEEK_SET) == 0 else {
        return nil
      }
      var bytes = [UInt8](repeating: 0, count: count)
      return fread(&bytes, 1, count, handle) == count ? bytes : nil
    }
    guard var header = read(0, 12) else { return ([], []) }
    var fontOffset = 0
    if header[0..<4].elementsEqual("ttcf".utf8) {
      let face = index & 0xFFFF
      guard face < Int(UInt32(bigEndian: header, at: 8)),
        let entry = read(12 + 4 * face, 4)
      else { return ([], []) }
      fontOffset = Int(UInt32(bigEndian: entry, at: 0))
      guard let fontHeader = read(fontOffset, 12) else { return ([], []) }
      header = fontHeader
    }
    let tableCount = Int(UInt16(bigEndian: header, at: 4))
    guard let directory = read(fontOffset + 12, 16 * tableCount) else { return ([], []) }
    for table in 0..<tableCount
    where directory[16 * table..<16 * table + 4].elementsEqual("fvar".utf8) {
      let offset = Int(UInt32(bigEndian: directory, at: 16 * table + 8))
      let length = Int(UInt32(bigEndian: directory, at: 16 * table + 12))
      guard length >= 16, let fvar = read(offset, min(length, 65536)) else { return ([], []) }
      let axes = axes(fvar)
      return (axes, instances(fvar, axisCount: axes.count))
    }
    return ([], [])
  }

  /// The axis records of an `fvar` table (or its first bytes).
  static func axes(_ fvar: [UInt8]) -> [FontAxis] {
    guard fvar.count >= 16 else { return [] }
    let axesOffset = Int(UInt16(bigEndian: fvar, at: 4))
    let axisCount = min(Int(UInt16(bigEndian: fvar, at: 8)), axisLimit)
    let axisSize = Int(UInt16(bigEndian: fvar, at: 10))
    guard axisSize >= 20 else { return [] }
    var axes: [FontAxis] = []
    for axis in 0..<axisCount {
      let start = axesOffset + axis * axisSize
      guard start + 20 <= fvar.count else { return [] }
      let tag = String(decoding: fvar[start..<start + 4], as: UTF8.self)
      let fixed = { (at: Int) in Double(Int32(bitPattern: UInt32(bigEndian: fvar, at: at))) / 65536
      }
      axes.append(
        FontAxis(
          tag: tag.trimmingTrailingSpaces, minimum: fixed(start + 4),
          defaultValue: fixed(start + 8), maximum: fixed(start + 12)))
    }
    return axes
  }
}

extension FontAxesReader {
  /// The most named instances read from one face.
  static let instanceLimit = 1024

  /// The coordinates of the instance records of an `fvar` table (or its first bytes) whose
  /// axes are `axisCount`.
  static func instances(_ fvar: [UInt8], axisCount: Int) -> [[Double]] {
    guard fvar.count >= 16, axisCount > 0,
      Int(UInt16(bigEndian: fvar, at: 8)) == axisCount
    else { return [] }
    let axesOffset = Int(UInt16(bigEndian: fvar, at: 4))
    let axisSize = Int(UInt16(bigEndian: fvar, at: 10))
    let count = min(Int(UInt16(bigEndian: fvar, at: 12)), instanceLimit)
    let size = Int(UInt16(bigEndian: fvar, at: 14))
    guard size >= 4 + 4 * axisCount else { return [] }
    let first = axesOffset + axisCount * axisSize
    var instances: [[Double]] = []
    for instance in 0..<count {
      let start = first + instance * size
      guard start + 4 + 4 * axisCount <= fvar.count else { break }
      instances.append(
        (0..<axisCount).map { axis in
          Double(Int32(bitPattern: UInt32(bigEndian: fvar, at: start + 4 + 4 * axis))) / 65536
        })
    }
    return instances
  }
}

extension UInt32 {
  /// The big-endian number at `offset` of `bytes` (which holds four bytes there).
  fileprivate init(bigEndian bytes: [UInt8], at offset: Int) {
    self = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }
}

extension UInt16 {
  /// The big-endian number at `offset` of `bytes` (which holds two bytes there).
  fileprivate init(bigEndian bytes: [UInt8], at offset: Int) {
    self = UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
  }
}

extension String {
  fileprivate var trimmingTrailingSpaces: String {
    var trimmed = Substring(self)
    while trimmed.last == " " { trimmed = trimmed.dropLast() }
    return String(trimmed)
  }
}
