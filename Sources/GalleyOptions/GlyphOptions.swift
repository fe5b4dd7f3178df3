import ArgumentParser
import GalleyLayout

/// The glyph typesetter options of `galley layout`, `hit` and `render`: glyph scale and
/// expansion, and the typesetters that turn, jitter and bend glyphs (arc, then rotation, then
/// jitter); `galley-bench render` takes them too.
package struct GlyphOptions: ParsableArguments {
  @Option(
    parsing: .unconditional,
    help: "Turn every glyph by this many degrees about its box's center, clockwise.")
  package var glyphRotation: Double?

  @Option(
    parsing: .unconditional,
    help: """
      Move and turn each glyph by random amounts up to X and Y points and DEG degrees, as \
      X,Y,DEG (DHSGlyphText's random shift); --seed picks the amounts.
      """,
    transform: { text in
      guard let jitter = GlyphJitter(argument: text) else {
        throw ValidationError(
          "'--glyph-jitter' must be X,Y,DEG: offsets 0 to 1000 points and a turn 0 to 360 degrees, such as 2,2,10; not '\(text)'."
        )
      }
      return jitter
    })
  package var glyphJitter: GlyphJitter?

  @Option(
    parsing: .unconditional,
    help: "The seed of --glyph-jitter and --draw-order random: the same seed, the same image.",
    transform: { text in
      guard let seed = UInt64(text) else {
        throw ValidationError(
          "'--seed' must be a whole number 0 to \(UInt64.max), not '\(text)'.")
      }
      return seed
    })
  package var seed: UInt64 = 0

  @Option(
    parsing: .unconditional,
    help: """
      Draw glyphs W times as wide and H times as tall, as W,H; the lines make room for them.
      """)
  package var glyphScale: NumberPair?

  @Option(
    parsing: .unconditional,
    help: "Draw glyphs this many times as wide, with room (1 is none; below 1 compresses).")
  package var glyphExpansion: Double = 1

  @Option(
    parsing: .unconditional,
    help: """
      Set each line along a circle of this radius in points: positive bends its ends down \
      (the text's top faces out), negative up.
      """)
  package var arcRadius: Double?

  /// Options with every typesetter off.
  package init() {}

  /// Refuses values out of range, naming the option.
  ///
  /// - Throws: `ValidationError` (exit 64).
  package func validate() throws {
    let range = LayoutOptions.GlyphScale.minimum...LayoutOptions.GlyphScale.maximum
    if let glyphScale, !range.contains(glyphScale.x) || !range.contains(glyphScale.y) {
      throw ValidationError(
        "'--glyph-scale' factors must be 0.1 to 10, not \(glyphScale.x),\(glyphScale.y).")
    }
    if !range.contains(glyphExpansion) {
      throw ValidationError("'--glyph-expansion' must be 0.1 to 10, not \(glyphExpansion).")
    }
    if let glyphRotation, !(abs(glyphRotation) <= 36_000) {
      throw ValidationError("'--glyph-rotation' must be within ±36000 degrees.")
    }
    if let arcRadius,
      !(abs(arcRadius) >= ArcTypesetter.minimumRadius && abs(arcRadius) <= 1_000_000)
    {
      throw ValidationError(
        "'--arc-radius' must be 0.01 to 1000000 points either way, not \(arcRadius).")
    }
  }

  /// Sets the options' glyph scale and typesetters.
  ///
  /// - Parameter options: The layout options to change.
  package func apply(to options: inout LayoutOptions) {
    if let glyphScale {
      options.glyphScale = LayoutOptions.GlyphScale(width: glyphScale.x, height: glyphScale.y)
    }
    options.glyphExpansion = glyphExpansion
    if let arcRadius { options.setTypesetter(ArcTypesetter(radius: arcRadius)) }
    if let glyphRotation { options.setTypesetter(RotationTypesetter(degrees: glyphRotation)) }
    if let glyphJitter {
      options.setTypesetter(
        RandomShiftTypesetter(
          x: glyphJitter.x, y: glyphJitter.y, degrees: glyphJitter.degrees, seed: seed))
    }
  }
}

/// `--glyph-jitter X,Y,DEG`: the largest offsets and turn, each 0 to 1000 (degrees to 360).
package struct GlyphJitter: Hashable, Sendable {
  /// The largest horizontal offset.
  package var x: Double
  /// The largest vertical offset.
  package var y: Double
  /// The largest turn.
  package var degrees: Double

  /// Reads `X,Y,DEG`, or fails.
  ///
  /// - Parameter argument: The text.
  package init?(argument: String) {
    let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 3, let x = Double(parts[0]), let y = Double(parts[1]),
      let degrees = Double(parts[2]), (0...1000).contains(x), (0...1000).contains(y),
      (0...360).contains(degrees)
    else { return nil }
    (self.x, self.y, self.degrees) = (x, y, degrees)
  }
}
