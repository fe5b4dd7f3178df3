import GalleyLayout
import Testing

/// Hit-testing through transforms: across a grid of points, the character and link under each
/// point are those of the glyph quad that holds it (point in polygon), exactly.
@Suite("Hit-testing transformed glyphs")
struct TransformedHitTests {
  static let markup = "Tap %Lthe link%l or %Lthis one%l, then more text after"

  static let cases: [[AnyGlyphTypesetter]] = [
    [AnyGlyphTypesetter(RotationTypesetter(degrees: 25))],
    [AnyGlyphTypesetter(RandomShiftTypesetter(x: 2, y: 3, degrees: 20, seed: 9))],
    [AnyGlyphTypesetter(ArcTypesetter(radius: 150))],
    [
      AnyGlyphTypesetter(RotationTypesetter(degrees: -90)),
      AnyGlyphTypesetter(RandomShiftTypesetter(x: 1, y: 1, degrees: 45, seed: 3)),
    ],
  ]

  /// Each glyph's quad, character, link and whether it is the first of its cluster.
  struct GlyphQuad {
    var quad: Layout.Quad
    var cluster: Int
    var link: Int?
  }

  static func quads(of layout: Layout) -> [GlyphQuad] {
    layout.lines.flatMap { line in
      line.runs.flatMap { run in
        run.glyphs.indices.compactMap { index -> GlyphQuad? in
          let glyph = run.glyphs[index]
          // Spaces hanging past the line's end hit nothing.
          let right = line.x + line.width
          guard glyph.advance > 0, !(glyph.x >= right - 1e-9 && glyph.x + glyph.advance > right)
          else { return nil }
          let quad = line.matrix(of: glyph, transform: run.transform(at: index))
            .apply(to: line.box(of: glyph))
          return GlyphQuad(quad: quad, cluster: glyph.cluster, link: run.link)
        }
      }
    }
  }

  @Test(arguments: cases.indices)
  func gridPointsHitTheGlyphWhoseQuadHoldsThem(caseIndex: Int) throws {
    var options = LayoutOptions(width: 170)
    options.glyphTypesetters = Self.cases[caseIndex]
    let (_, layout) = try LayoutSupport.layout(Self.markup, options: options)
    let tester = HitTester(layout: layout)
    let quads = Self.quads(of: layout)
    let ink = try #require(layout.inkBounds)
    var hits = 0
    var linkHits = 0
    // A grid over the ink, offset so points fall on no edge.
    var y = ink.y - 5 + 0.013
    while y < ink.y + ink.height + 5 {
      var x = ink.x - 5 + 0.017
      while x < ink.x + ink.width + 5 {
        let holding = quads.filter { $0.quad.contains(x: x, y: y) }
        let found = tester.characterIndex(atX: x, y: y)
        if let top = holding.last {
          // Ligatures split a cluster: the hit is inside it.
          let hit = try #require(found, "(\(x), \(y))")
          #expect(hit >= top.cluster, "(\(x), \(y))")
          hits += 1
        } else {
          #expect(found == nil, "(\(x), \(y))")
        }
        let link = tester.link(atX: x, y: y)
        let linkQuads = layout.links.flatMap { region in region.quads.map { ($0, region.index) } }
        let expected = linkQuads.last { $0.0.contains(x: x, y: y) }?.1
        #expect(link == expected, "(\(x), \(y))")
        if link != nil { linkHits += 1 }
        x += 1.5
      }
      y += 1.5
    }
    #expect(hits > 100 && linkHits > 10)
  }

  @Test func aTapOnARotatedLinkGlyphHitsItsLinkAndCharacter() throws {
    var options = LayoutOptions()
    options.glyphTypesetters = [AnyGlyphTypesetter(RotationTypesetter(degrees: 90))]
    let (text, layout) = try LayoutSupport.layout("ab%LW%lcd", options: options)
    let tester = HitTester(layout: layout)
    let line = try #require(layout.lines.first)
    let run = try #require(line.runs.first { $0.link != nil })
    let glyph = try #require(run.glyphs.first)
    // A point of the glyph's box near its center, turned a quarter with it, where no
    // neighbour's turned box reaches.
    let matrix = line.matrix(of: glyph, transform: run.transform(at: 0))
    let inside = matrix.apply(x: glyph.x + glyph.advance * 0.5, y: line.y + line.height * 0.45)
    #expect(tester.characterIndex(atX: inside.x, y: inside.y) == glyph.cluster)
    #expect(tester.link(atX: inside.x, y: inside.y) == 0)
    #expect(text.links.count == 1)
    let region = try #require(layout.links.first)
    #expect(region.quads.count == run.glyphs.count)
    #expect(region.rects == region.quads.map(\.bounds))
  }

  @Test func caretsFollowTheTurnedGlyph() throws {
    var options = LayoutOptions()
    options.glyphTypesetters = [AnyGlyphTypesetter(RotationTypesetter(degrees: 180))]
    let (_, layout) = try LayoutSupport.layout("AB", options: options)
    let tester = HitTester(layout: layout)
    let line = try #require(layout.lines.first)
    let run = try #require(line.runs.first)
    let glyph = run.glyphs[0]
    let matrix = line.matrix(of: glyph, transform: run.transform(at: 0))
    // Upside down, the glyph's own left half is on screen's right.
    let ownLeft = matrix.apply(x: glyph.x + glyph.advance * 0.2, y: line.y + line.height / 2)
    let ownRight = matrix.apply(x: glyph.x + glyph.advance * 0.8, y: line.y + line.height / 2)
    #expect(ownLeft.x > ownRight.x)
    #expect(tester.caretPosition(atX: ownLeft.x, y: ownLeft.y).index == 0)
    #expect(tester.caretPosition(atX: ownRight.x, y: ownRight.y).index == 1)
  }

  @Test func decorationsFollowTheirGlyphs() throws {
    var options = LayoutOptions()
    options.glyphTypesetters = [AnyGlyphTypesetter(RotationTypesetter(degrees: 30))]
    let (_, layout) = try LayoutSupport.layout("%1Uunder%u %{#FF0000}Dback%d", options: options)
    let underlines = layout.decorations.filter { $0.kind == .underline }
    // One piece per glyph of "under".
    #expect(underlines.count == 5)
    for piece in underlines {
      let quad = try #require(piece.quad)
      #expect(piece.rect == quad.bounds)
    }
    #expect(layout.backgrounds.count == 4 && layout.backgrounds.allSatisfy { $0.quad != nil })
  }
  /// A selection's quads follow the glyphs: the center of each lies in the quad of a glyph
  /// of the range, and an untransformed layout gets its rectangles as they are.
  @Test(arguments: cases.indices)
  func selectionQuadsFollowTheGlyphs(caseIndex: Int) throws {
    var options = LayoutOptions(width: 170)
    options.glyphTypesetters = Self.cases[caseIndex]
    let (_, layout) = try LayoutSupport.layout(Self.markup, options: options)
    let tester = HitTester(layout: layout)
    let range = 4..<20
    let quads = tester.quads(for: range)
    #expect(quads.count >= tester.rects(for: range).count)
    let glyphs = Self.quads(of: layout).filter { range.contains($0.cluster) }
    var checked = 0
    for quad in quads where quad.bounds.width > 0.5 && quad.bounds.height > 0.5 {
      let x = quad.corners.map(\.x).reduce(0, +) / 4
      let y = quad.corners.map(\.y).reduce(0, +) / 4
      #expect(glyphs.contains { $0.quad.contains(x: x, y: y) }, "a quad centered at \(x), \(y)")
      checked += 1
    }
    #expect(checked > 0)
    let (_, plain) = try LayoutSupport.layout(Self.markup, options: LayoutOptions(width: 170))
    let plainTester = HitTester(layout: plain)
    #expect(plainTester.quads(for: range) == plainTester.rects(for: range).map(Layout.Quad.init))
  }
}
