import GalleyFonts
import GalleyLayout
import GalleyMarkup

var formatter = MarkupFormatter(colors: [TextColor(red: 0x1A, green: 0x5F, blue: 0xB4)])
formatter.defaultFamily = "DejaVu Sans"
formatter.defaultSize = 13
let text = try formatter.format(
  "Tap %{https://example.com}L%0Chere%c%l for %Bmore%b, or read %Lthe whole manual%l first.")
let layout = try LayoutEngine(fonts: try FontSet())
  .layout(text, options: LayoutOptions(width: 200))

let hits = HitTester(layout: layout)  // build it once per layout
print(hits.link(atX: 30, y: 7) as Any)  // Optional(0): on "here"
print(hits.link(atX: 58, y: 7) as Any)  // nil: just right of "here"
print(hits.link(atX: 58, y: 7, tolerance: 4) as Any)  // Optional(0): 2.6 points away
print(hits.characterIndex(atX: 30, y: 7) as Any)  // Optional(4): the "h" of "here"
print(hits.characterIndex(atX: 150, y: 22) as Any)  // nil: past the end of line 2
print(hits.closestCharacterIndex(toX: 150, y: 22))  // 50: the caret at the end
print(hits.rects(for: 27..<43).count)  // 2: "the" and "whole manual", one per line
