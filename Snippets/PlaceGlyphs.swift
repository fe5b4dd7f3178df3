import Foundation
import GalleyFonts
import GalleyLayout
import GalleyMarkup

/// A user typesetter: glyphs ride a wave, each turned along its slope.
struct Wave: GlyphTypesetter {
  var amplitude = 4.0  // points
  var wavelength = 60.0  // points

  func transform(of glyph: TypesetGlyph) -> Layout.GlyphTransform {
    let phase = (glyph.box.midX - glyph.lineBox.x) / wavelength * 2 * .pi
    let slope = amplitude * 2 * .pi / wavelength * cos(phase)
    var transform = glyph.transform  // what the typesetters before gave it
    transform.dy += amplitude * sin(phase)
    transform.rotation += atan(slope) * 180 / .pi
    return transform
  }
}

extension Layout.Rect {
  var midX: Double { x + width / 2 }
}

var formatter = MarkupFormatter()
formatter.defaultSize = 18
let text = try formatter.format("Ride the %Lwave%l, then %1Uturn%u")
var options = LayoutOptions(width: 300)
options.glyphTypesetters = [
  AnyGlyphTypesetter(Wave()),
  AnyGlyphTypesetter(RandomShiftTypesetter(x: 0.5, y: 0.5, degrees: 3, seed: 1)),
]
let layout = try LayoutEngine(fonts: try FontSet()).layout(text, options: options)

let run = layout.lines[0].runs[0]
print(run.transforms.count == run.glyphs.count)  // true: one transform per glyph
print(layout.links[0].quads.count)  // 4: one quadrilateral per glyph of "wave"
print(layout.inkBounds != nil)  // true: the ink after the transforms

// A tap on a turned glyph hits it: the point goes back through its transform.
let line = layout.lines[0]
let glyph = run.glyphs[0]
let center = line.matrix(of: glyph, transform: run.transform(at: 0))
  .apply(x: glyph.x + glyph.advance / 2, y: line.y + line.height / 2)
print(HitTester(layout: layout).characterIndex(atX: center.x, y: center.y) as Any)  // Optional(0)
