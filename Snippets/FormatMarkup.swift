import GalleyMarkup

let formatter = MarkupFormatter(
  fontFamilies: ["DejaVu Sans", "DejaVu Serif"],  // %0F, %1F
  colors: [TextColor(red: 0x1A, green: 0x5F, blue: 0xB4)])  // %0C, %0D

let text = try formatter.format("Tap %{https://example.com}L%0Chere%c%l for %Bmore%b")
print(text.string)  // Tap here for more
for run in text.runs {
  print(run.utf16Range, text[run], run.attributes.weight, run.attributes.link as Any)
}
for link in text.links {
  print(link.index, text[link], link.utf16Range, link.target ?? "no target")
}

// Interpolated values are escaped, so a user's "%" cannot start a code.
let name = "50%Bot"
let greeting: Markup = "Hello %B\(name)%b"  // source: "Hello %B50%%Bot%b"
print(try formatter.format(greeting).string)  // Hello 50%Bot

// Errors are data; `format` uses typed throws, so `error` is a `MarkupError`.
do {
  _ = try formatter.format("Hi %3C")
} catch {
  print(error.kind, error.offset, error.utf16Length)  // indexOutOfRange 3 3
  print(error)  // 1:4: color 3 is not in the table of 1 color
}
let lenient = formatter.formatLeniently("50% off %Bnow")
print(lenient.text.string, lenient.warnings.map(\.kind))  // 50 off now [unknownCode]
