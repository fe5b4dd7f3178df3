import ArgumentParser
import GalleyMarkup
import GalleyOptions
import GalleyRender
import Testing

@testable import GalleyCLI

/// The effect options of `galley render` start from the library's defaults, and their help
/// states those defaults.
@Suite("galley render effect defaults")
struct EffectOptionsTests {
  /// A value the help text of an option names as its default.
  enum StatedDefault: Sendable, CustomTestStringConvertible {
    /// A number, such as `4`.
    case number(Double)
    /// Two numbers, such as `0,1`.
    case pair(Double, Double)
    /// A color, such as `#00000080` or `black`.
    case color(TextColor)
    /// A word, such as `round`.
    case word(String)

    var testDescription: String { "\(self)" }

    /// Whether the help's text names this value.
    ///
    /// - Parameter text: What follows `default ` in the help.
    /// - Returns: `true` when the text parses to this value.
    func matches(_ text: String) -> Bool {
      switch self {
      case .number(let value): Double(text) == value
      case .pair(let x, let y): NumberPair(argument: text).map { $0.x == x && $0.y == y } ?? false
      case .color(let color): TextColor(parsing: text) == color
      case .word(let word): text == word
      }
    }
  }

  @Test(arguments: [
    ("--shadow-offset", StatedDefault.pair(drop.offsetX, drop.offsetY)),
    ("--shadow-color", .color(drop.color)),
    ("--glow-blur", .number(glow.blur)),
    ("--glow-color", .color(glow.color)),
    ("--inner-shadow-offset", .pair(inner.offsetX, inner.offsetY)),
    ("--inner-shadow-blur", .number(inner.blur)),
    ("--inner-shadow-color", .color(inner.color)),
    ("--gradient-type", .word(gradient.kind.rawValue)),
    ("--gradient-start", .pair(gradient.start.x, gradient.start.y)),
    ("--gradient-end", .pair(gradient.end.x, gradient.end.y)),
    ("--outline-color", .color(outline.color)),
    ("--outline-join", .word(outline.join.rawValue)),
    ("--outline-mode", .word(outline.mode.rawValue)),
  ])
  func helpStatesTheLibraryDefault(option: String, expected: StatedDefault) throws {
    // Wide enough that no help wraps; a long option name still puts its help on the next line.
    let help = RenderCommand.helpMessage(columns: 10_000)
    let start = try #require(help.firstRange(of: "\n  \(option) <"), "no help for \(option)")
    let rest = help[start.upperBound...]
    let entry = rest[..<(rest.firstRange(of: "\n  -")?.lowerBound ?? rest.endIndex)]
    let stated = try #require(
      entry.firstMatch(of: /default ([^);]+)\)/)?.output.1, "no default in '\(entry)'")
    #expect(expected.matches(String(stated)), "'\(entry)' states \(stated)")
  }

  /// One option turns each effect on; the effect's other values are the library's.
  @Test(arguments: [
    (["--shadow-blur", "3"], Effect.shadow, changed(drop) { $0.blur = 3 }),
    (["--shadow-offset", "2,-1"], .shadow, changed(drop) { ($0.offsetX, $0.offsetY) = (2, -1) }),
    (["--shadow-color", "red"], .shadow, changed(drop) { $0.color = red }),
    (["--glow-color", "red"], .glow, changed(glow) { $0.color = red }),
    (["--glow-blur", "7"], .glow, changed(glow) { $0.blur = 7 }),
    (["--inner-shadow-blur", "5"], .innerShadow, changed(inner) { $0.blur = 5 }),
    (["--inner-shadow-offset", "0,3"], .innerShadow, changed(inner) { $0.offsetY = 3 }),
    (["--inner-shadow-color", "red"], .innerShadow, changed(inner) { $0.color = red }),
  ])
  func anEffectStartsFromTheLibraryDefault(
    arguments: [String], effect: Effect, expected: RenderOptions.Shadow
  ) throws {
    let options = try EffectOptions.parse(arguments).renderOptions
    #expect(effect.shadow(of: options) == expected)
    // The other two shadows stay off.
    #expect(Effect.allCases.filter { $0 != effect }.allSatisfy { $0.shadow(of: options) == nil })
  }

  @Test func gradientAndOutlineStartFromTheLibraryDefaults() throws {
    let options = try EffectOptions.parse(["--gradient", "red,blue", "--outline-width", "1"])
      .renderOptions
    #expect(options.gradient == gradient)
    #expect(options.outline == outline)
  }

  @Test func withoutOptionsNoEffectIsOn() throws {
    #expect(try EffectOptions.parse([]).renderOptions == RenderOptions())
  }

  /// The three effects drawn with a ``RenderOptions/Shadow``.
  enum Effect: CaseIterable, Sendable {
    case shadow, glow, innerShadow

    /// The effect's shadow in `options`.
    ///
    /// - Parameter options: The render options.
    /// - Returns: The shadow, or `nil` when the effect is off.
    func shadow(of options: RenderOptions) -> RenderOptions.Shadow? {
      switch self {
      case .shadow: options.shadow
      case .glow: options.glow
      case .innerShadow: options.innerShadow
      }
    }
  }
}

// The library's defaults the table rows refer to.
private let drop = RenderOptions.Shadow.drop
private let glow = RenderOptions.Shadow.glow
private let inner = RenderOptions.Shadow.inner
private let red = TextColor(red: 255, green: 0, blue: 0)
/// The library's gradient and outline, made with their initializers' defaults.
private let gradient = RenderOptions.Gradient(
  stops: RenderOptions.Gradient.evenStops([red, TextColor(red: 0, green: 0, blue: 255)]))
private let outline = RenderOptions.Outline(width: 1)

/// A shadow with one change.
///
/// - Parameters:
///   - shadow: The shadow to start from.
///   - change: The change.
/// - Returns: The changed shadow.
private func changed(
  _ shadow: RenderOptions.Shadow, _ change: (inout RenderOptions.Shadow) -> Void
) -> RenderOptions.Shadow {
  var shadow = shadow
  change(&shadow)
  return shadow
}
