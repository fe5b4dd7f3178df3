import Foundation
import GalleyFonts
import GalleyLayout
import GalleyMarkup
import GalleyRender

var formatter = MarkupFormatter(colors: [TextColor(red: 0x1A, green: 0x5F, blue: 0xB4)])
formatter.defaultFamily = "DejaVu Sans"
formatter.defaultSize = 13
let text = try formatter.format(
  "Tap %{https://example.com}L%0Chere%c%l for %Bmore%b, or read %Lthe whole manual%l first.")
let layout = try LayoutEngine(fonts: try FontSet())
  .layout(text, options: LayoutOptions(width: 200))

var options = RenderOptions(scale: 2)  // @2x: 2 pixels per point
options.shadow = RenderOptions.Shadow(offsetY: 1, blur: 3)  // #00000080 by default
options.outline = RenderOptions.Outline(width: 1, color: .white)

let renderer = Renderer()  // make one and share it
let image = try renderer.render(layout, options: options, format: .png)
try Data(image.data).write(to: URL(fileURLWithPath: "label.png"))
let geometry = image.geometry  // the canvas grew for the shadow and the outline
print(geometry.width, geometry.height, geometry.originX, geometry.originY)  // 431 83 8.5 5.0

// A tap on the image, in image pixels, back to layout points and to a link:
let point = geometry.layoutPoint(imageX: 77, imageY: 24)  // (x: 30.0, y: 7.0)
let hits = HitTester(layout: layout)
print(hits.link(atX: point.x, y: point.y) as Any)  // Optional(0): on "here"
