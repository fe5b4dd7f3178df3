import GalleyFonts
import GalleyLayout
import GalleyMarkup

var formatter = MarkupFormatter(colors: [TextColor(red: 0x1A, green: 0x5F, blue: 0xB4)])
formatter.defaultFamily = "DejaVu Sans"
formatter.defaultSize = 13
let text = try formatter.format(
  "Tap %{https://example.com}L%0Chere%c%l for %Bmore%b, or read %Lthe whole manual%l first.")

let engine = LayoutEngine(fonts: try FontSet())  // make one and share it
let layout = try engine.layout(text, options: LayoutOptions(width: 200))
print(layout.size.width, layout.size.height)  // 200.0 30.25
for line in layout.lines {
  print(line.location, line.length, line.y, line.width, line.baseline, line.breakReason)
}
// 0 31 0.0 199.65625 12.0625 wrap
// 31 19 15.125 124.859375 27.1875 end
for link in layout.links {
  print(link.index, link.target ?? "no target", link.rects.count)
}
// 0 https://example.com 1
// 1 no target 2
let size = try engine.sizeThatFits(text, width: nil)  // one line: nothing wraps
print(size.width, size.height)  // 328.640625 15.125
