/// The value of one ASCII hex digit, for the parsers that read `#RRGGBB` colors and `%XX`
/// escapes.
package enum HexDigit {
  /// The value of a hex digit, in either case.
  ///
  /// - Parameter byte: An ASCII byte.
  /// - Returns: 0 to 15, or `nil` for a byte that is not a hex digit.
  package static func value(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
