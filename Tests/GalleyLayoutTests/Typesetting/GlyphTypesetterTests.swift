import Foundation
import GalleyLayout
import Testing

/// Each typesetter's transforms against their definitions: where the maths puts each glyph.
@Suite("Glyph typesetters")
struct GlyphTypesetterTests {
  static let markup = "Tap %Lthe link%l and %1Uread%u on, twice over"

  static func options(_ typesetters: [any GlyphTypesetter], width: Double? = 160)
    -> LayoutOptions
  {
    var options = LayoutOptions(width: width)
    options.glyphTypesetters = typesetters.map { AnyGlyphTypesetter($0) }
    return options
  }

  /// Every glyph with its line and transform.
  static func glyphs(
    of layout: Layout
  ) -> [(line: Layout.Line, glyph: Layout.PositionedGlyph, transform: Layout.GlyphTransform)] {
    layout.lines.flatMap { line in
      line.runs.flatMap { run in
        run.glyphs.indices.map { (line, run.glyphs[$0], run.transform(at: $0)) }
      }
    }
  }

  @Test(arguments: [15.0, -40, 90, 180, 7.5])
  func rotationTurnsEveryGlyphAboutItsBoxCenter(degrees: Double) throws {
    let plain = try LayoutSupport.layout(Self.markup, width: 160).1
    let (_, layout) = try LayoutSupport.layout(
      Self.markup, options: Self.options([RotationTypesetter(degrees: degrees)]))
    #expect(layout.lines.map(\.runs.count) == plain.lines.map(\.runs.count))
    let radians = degrees * .pi / 180
    for (line, glyph, transform) in Self.glyphs(of: layout) {
      #expect(transform == Layout.GlyphTransform(rotation: degrees))
      let box = line.box(of: glyph)
      let center = (x: box.x + box.width / 2, y: box.y + box.height / 2)
      let matrix = line.matrix(of: glyph, transform: transform)
      let fixed = matrix.apply(x: center.x, y: center.y)
      #expect(abs(fixed.x - center.x) < 1e-9 && abs(fixed.y - center.y) < 1e-9)
      // The box's top-right corner turns clockwise (y down) about the center.
      let corner = matrix.apply(x: box.x + box.width, y: box.y)
      let (rx, ry) = (box.width / 2, -box.height / 2)
      let expected = (
        x: center.x + rx * cos(radians) - ry * sin(radians),
        y: center.y + rx * sin(radians) + ry * cos(radians)
      )
      #expect(abs(corner.x - expected.x) < 1e-9 && abs(corner.y - expected.y) < 1e-9)
    }
    // The lines, links and boxes are the untransformed layout's, but for the quads.
    #expect(layout.lines.map(\.width) == plain.lines.map(\.width))
    #expect(layout.inkBounds != nil && plain.inkBounds == nil)
  }

  @Test(arguments: [120.0, -90, 400])
  func arcPutsBaselineMidpointsOnTheCircle(radius: Double) throws {
    let (_, layout) = try LayoutSupport.layout(
      "GALLEY STAMP\nOF APPROVAL",
      options: Self.options([ArcTypesetter(radius: radius)], width: nil))
    for (line, glyph, transform) in Self.glyphs(of: layout) {
      let middle = line.x + line.width / 2
      let s = glyph.x + glyph.advance / 2 - middle
      let circle = (x: middle, y: line.baseline + radius)
      let point = line.matrix(of: glyph, transform: transform)
        .apply(x: glyph.x + glyph.advance / 2, y: line.baseline)
      let distance =
        ((point.x - circle.x) * (point.x - circle.x)
        + (point.y - circle.y) * (point.y - circle.y)).squareRoot()
      #expect(abs(distance - abs(radius)) < 1e-6)
      // s points along the circle from the top (or bottom) of it, turned to the tangent.
      let angle = s / radius
      #expect(abs(transform.rotation - angle * 180 / .pi) < 1e-9)
      #expect(abs(point.x - (middle + radius * sin(angle))) < 1e-6)
    }
  }

  @Test func randomShiftIsSeededBoundedAndTheSameOnEveryThread() async throws {
    let shift = RandomShiftTypesetter(x: 3, y: 2, degrees: 12, seed: 42)
    let options = Self.options([shift])
    let (_, first) = try LayoutSupport.layout(Self.markup, options: options)
    let transforms = Self.glyphs(of: first).map(\.transform)
    for transform in transforms {
      #expect(abs(transform.dx) <= 3 && abs(transform.dy) <= 2 && abs(transform.rotation) <= 12)
    }
    // Not all the same: the amounts vary per glyph.
    #expect(Set(transforms.map(\.dx)).count > transforms.count / 2)
    let layouts = try await withThrowingTaskGroup(of: Layout.self) { group in
      for _ in 0..<8 {
        group.addTask { try LayoutSupport.layout(Self.markup, options: options).1 }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    for layout in layouts { #expect(layout == first) }
    let other = try LayoutSupport.layout(
      Self.markup, options: Self.options([RandomShiftTypesetter(x: 3, y: 2, degrees: 12, seed: 43)])
    ).1
    #expect(other != first)
  }

  @Test func typesettersComposeInOrder() throws {
    let (_, layout) = try LayoutSupport.layout(
      Self.markup,
      options: Self.options([
        RotationTypesetter(degrees: 10), RandomShiftTypesetter(x: 1, y: 1, degrees: 5, seed: 1),
      ]))
    let (_, shifted) = try LayoutSupport.layout(
      Self.markup, options: Self.options([RandomShiftTypesetter(x: 1, y: 1, degrees: 5, seed: 1)]))
    for (composed, alone) in zip(Self.glyphs(of: layout), Self.glyphs(of: shifted)) {
      #expect(abs(composed.transform.rotation - alone.transform.rotation - 10) < 1e-9)
      #expect(composed.transform.dx == alone.transform.dx)
    }
  }

  /// A user's typesetter: every other glyph two points up.
  struct Bounce: GlyphTypesetter {
    var lift = 2.0
    func transform(of glyph: TypesetGlyph) -> Layout.GlyphTransform {
      var transform = glyph.transform
      if glyph.index % 2 == 1 { transform.dy -= lift }
      return transform
    }
  }

  @Test func aUserTypesetterSeesEveryGlyphInOrder() throws {
    let (_, layout) = try LayoutSupport.layout(Self.markup, options: Self.options([Bounce()]))
    for (index, entry) in Self.glyphs(of: layout).enumerated() {
      #expect(entry.transform == Layout.GlyphTransform(dy: index % 2 == 1 ? -2 : 0))
    }
    #expect(
      AnyGlyphTypesetter(Bounce()) == AnyGlyphTypesetter(Bounce())
        && AnyGlyphTypesetter(Bounce()) != AnyGlyphTypesetter(Bounce(lift: 3))
        && AnyGlyphTypesetter(Bounce()) != AnyGlyphTypesetter(RotationTypesetter(degrees: 0)))
  }

  /// A built-in typesetter seen as a user's: placement makes a whole ``TypesetGlyph`` for
  /// each glyph and calls ``GlyphTypesetter/transform(of:)``.
  struct Wrapped: GlyphTypesetter {
    var base: AnyGlyphTypesetter
    func transform(of glyph: TypesetGlyph) -> Layout.GlyphTransform {
      base.base.transform(of: glyph)
    }
  }

  @Test(arguments: [
    [AnyGlyphTypesetter(RotationTypesetter(degrees: 12))],
    [AnyGlyphTypesetter(RandomShiftTypesetter(x: 1, y: 2, degrees: 9, seed: 7))],
    [AnyGlyphTypesetter(ArcTypesetter(radius: 90))],
    [
      AnyGlyphTypesetter(ArcTypesetter(radius: -150)),
      AnyGlyphTypesetter(RandomShiftTypesetter(x: 0.5, y: 0.5, degrees: 4, seed: 2)),
    ],
  ])
  func builtInTypesettersPlaceGlyphsAsTheirTransformOfGlyphDoes(
    typesetters: [AnyGlyphTypesetter]
  ) throws {
    // Built-ins run over a run's transforms directly; a user's typesetter sees each glyph
    // whole. Both give one layout, to the last bit.
    var direct = LayoutOptions(width: 160)
    direct.glyphTypesetters = typesetters
    var wrapped = direct
    wrapped.glyphTypesetters = typesetters.map { AnyGlyphTypesetter(Wrapped(base: $0)) }
    let fast = try LayoutSupport.layout(Self.markup, options: direct).1
    let general = try LayoutSupport.layout(Self.markup, options: wrapped).1
    #expect(fast.lines.contains { $0.runs.contains { !$0.transforms.isEmpty } })
    #expect(fast.lines == general.lines)
    #expect(fast.links == general.links && fast.decorations == general.decorations)
    #expect(fast.inkBounds == general.inkBounds)
  }

  /// Gives a transform that is not a number.
  struct Broken: GlyphTypesetter {
    func transform(of glyph: TypesetGlyph) -> Layout.GlyphTransform {
      Layout.GlyphTransform(dx: .nan)
    }
  }

  @Test func anUnusableTransformIsAnError() throws {
    #expect(throws: LayoutError.self) {
      try LayoutSupport.layout(Self.markup, options: Self.options([Broken()]))
    }
  }

  @Test func aTypesetterThatMovesNothingLeavesNoTransforms() throws {
    let (_, layout) = try LayoutSupport.layout(
      Self.markup, options: Self.options([RotationTypesetter(degrees: 0)]))
    let plain = try LayoutSupport.layout(Self.markup, width: 160).1
    #expect(layout.lines == plain.lines && layout.links == plain.links)
    #expect(layout.inkBounds != nil)
  }
}

/// Truncation splits runs at the token's edges; each piece keeps its glyphs' transforms.
@Suite("Transformed truncation")
struct TransformedTruncationTests {
  @Test(arguments: [LayoutOptions.TruncationMode.tail, .head, .middle, .clip])
  func truncatedLayoutsPlaceEveryGlyph(mode: LayoutOptions.TruncationMode) throws {
    var options = LayoutOptions(width: 120)
    options.maximumLines = 1
    options.truncationMode = mode
    options.glyphScale = LayoutOptions.GlyphScale(width: 1.2, height: 1)
    options.glyphTypesetters = [AnyGlyphTypesetter(RotationTypesetter(degrees: 8))]
    options.truncationToken = LayoutOptions.TruncationToken(
      markup: "… %{more}Lmore%l", formatter: LayoutSupport.formatter)
    let (_, layout) = try LayoutSupport.layout(
      "A %Llong link%l of text that will not fit in one line at all", options: options)
    #expect(layout.truncation != nil)
    for run in layout.lines.flatMap(\.runs) where !run.glyphs.isEmpty {
      #expect(run.transforms.count == run.glyphs.count)
    }
    #expect(layout.inkBounds != nil)
  }
}
