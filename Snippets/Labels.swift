import GalleyFonts
import GalleyLayout
import GalleyMarkup

var formatter = MarkupFormatter(colors: [TextColor(red: 0x1A, green: 0x5F, blue: 0xB4)])
formatter.defaultFamily = "DejaVu Sans"
formatter.defaultSize = 13
let text = try formatter.format(
  "The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs.")
let engine = LayoutEngine(fonts: try FontSet())

// Two lines at most, then a "… more" token whose link comes after the text's (none here).
var options = LayoutOptions(width: 200)
options.maximumLines = 2
options.truncationToken = LayoutOptions.TruncationToken(
  markup: "… %0C%{more}Lmore%l%c", formatter: formatter)
let label = try engine.layout(text, options: options)
print(label.lines.count, label.lines[1].breakReason)  // 2 truncated
if let hidden = label.truncation {
  // UTF-16 offsets: "k my box with five dozen liquor jugs." is hidden.
  print(hidden.location, hidden.length)  // 48 37
}

let more = label.links[0]  // the token's link
let tap = more.rects[0]
let hits = HitTester(layout: label)
let (x, y) = (tap.x + tap.width / 2, tap.y + tap.height / 2)
print(more.isToken, hits.link(atX: x, y: y) as Any)  // true Optional(0)
print(hits.isOnToken(atX: x, y: y), hits.characterIndex(atX: x, y: y) as Any)  // true Optional(48)
print(hits.isOnToken(atX: 5, y: 5))  // false: on "The"

// Autoshrink instead: the largest scale, to 0.01, at which the text fits two lines whole.
options.minimumScaleFactor = 0.5
let shrunk = try engine.layout(text, options: options)
print(shrunk.scale, shrunk.truncation == nil, shrunk.lines.count)  // 0.67 true 2
