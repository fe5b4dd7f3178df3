internal import GalleySupport

/// A color in sRGB with 8 bits per channel and straight (not premultiplied) alpha.
///
/// Colors print and encode as `#RRGGBBAA` in upper case, the form Galley's JSON uses.
/// ``init(parsing:)`` reads `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA` and the CSS named colors.
public struct TextColor: Hashable, Sendable {
  /// The red channel, 0–255.
  public var red: UInt8
  /// The green channel, 0–255.
  public var green: UInt8
  /// The blue channel, 0–255.
  public var blue: UInt8
  /// The alpha channel, 0 (transparent) to 255 (opaque).
  public var alpha: UInt8

  /// Creates a color from its channels.
  ///
  /// - Parameters:
  ///   - red: The red channel.
  ///   - green: The green channel.
  ///   - blue: The blue channel.
  ///   - alpha: The alpha channel; opaque by default.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Opaque black, the formatter's default text color.
  public static let black = TextColor(red: 0, green: 0, blue: 0)
  /// Opaque white.
  public static let white = TextColor(red: 255, green: 255, blue: 255)
  /// Fully transparent black.
  public static let clear = TextColor(red: 0, green: 0, blue: 0, alpha: 0)

  /// The color as `#RRGGBBAA` in upper case.
  public var hexString: String {
    // Nine ASCII bytes fit in a small string: no allocation.
    let packed = UInt32(red) << 24 | UInt32(green) << 16 | UInt32(blue) << 8 | UInt32(alpha)
    return String(unsafeUninitializedCapacity: 9) { buffer in
      buffer[0] = UInt8(ascii: "#")
      for position in 0..<8 {
        let nibble = UInt8(truncatingIfNeeded: packed >> (28 - 4 * position)) & 0xF
        buffer[position + 1] =
          nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
      }
      return 9
    }
  }

  /// Reads a color written as hex digits or as a CSS color name.
  ///
  /// Accepted forms: `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA` (hex digits in either case), and
  /// the 148 CSS Color 4 names plus `transparent`, in any case (`red`, `RebeccaPurple`).
  ///
  /// The initializer fails when `text` is none of the accepted forms.
  ///
  /// - Parameter text: The color as written by a user.
  public init?(parsing text: some StringProtocol) {
    if text.first == "#" {
      guard let color = Self.parseHex(text.utf8.dropFirst()) else { return nil }
      self = color
    } else {
      guard let color = NamedColors.color(named: text) else { return nil }
      self = color
    }
  }

  private static func parseHex(_ digits: some Sequence<UInt8>) -> TextColor? {
    // Up to 8 hex digits, packed 4 bits each, first digit highest: no allocation.
    var packed: UInt32 = 0
    var count = 0
    for byte in digits {
      guard count < 8, let nibble = HexDigit.value(byte) else { return nil }
      packed = packed << 4 | UInt32(nibble)
      count += 1
    }
    func nibble(_ index: Int) -> UInt8 {
      UInt8(truncatingIfNeeded: packed >> (4 * (count - 1 - index)) & 0xF)
    }
    func pair(_ index: Int) -> UInt8 { nibble(index) << 4 | nibble(index + 1) }
    func single(_ index: Int) -> UInt8 { nibble(index) << 4 | nibble(index) }
    switch count {
    case 3: return TextColor(red: single(0), green: single(1), blue: single(2))
    case 4: return TextColor(red: single(0), green: single(1), blue: single(2), alpha: single(3))
    case 6: return TextColor(red: pair(0), green: pair(2), blue: pair(4))
    case 8: return TextColor(red: pair(0), green: pair(2), blue: pair(4), alpha: pair(6))
    default: return nil
    }
  }
}

extension TextColor: CustomStringConvertible {
  /// The color as `#RRGGBBAA`.
  public var description: String { hexString }
}

extension TextColor: Codable {
  /// Decodes a color from a string in any form ``init(parsing:)`` accepts.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` when the string is not a color.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let color = TextColor(parsing: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "'\(text)' is not a color")
    }
    self = color
  }

  /// Encodes the color as `#RRGGBBAA`.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: The encoder's error when it cannot write a string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(hexString)
  }
}
