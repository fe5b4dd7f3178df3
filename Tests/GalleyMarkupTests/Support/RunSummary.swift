import GalleyMarkup

/// Describes runs compactly for table-driven tests: the run's text, then `|`, then only the
/// attributes that differ from the formatter's standard defaults.
///
/// Tags: `f=Family`, `s=24`, `w=1`, `i` (italic), `c=#RRGGBBAA`, `d=#RRGGBBAA` (background),
/// `u=single`, `x` (strikethrough), `k=0.5` (spacing), `r=-3` (shift), `o=-liga,smcp`
/// (features), `v=wght=550` (variations), `g=de` (language), `h=auto` (hyphens), `L0` (link 0).
func summary(_ text: FormattedText, defaults: TextAttributes = TextAttributes()) -> [String] {
  text.runs.map { run in
    let attributes = run.attributes
    var tags: [String] = []
    if attributes.family != defaults.family { tags.append("f=\(attributes.family)") }
    if attributes.size != defaults.size { tags.append("s=\(number(attributes.size))") }
    if attributes.weight != defaults.weight { tags.append("w=\(attributes.weight)") }
    if attributes.isItalic { tags.append("i") }
    if attributes.color != defaults.color { tags.append("c=\(attributes.color)") }
    if let background = attributes.background { tags.append("d=\(background)") }
    if attributes.underline != .none { tags.append("u=\(attributes.underline.rawValue)") }
    if attributes.isStruckThrough { tags.append("x") }
    if attributes.characterSpacing != 0 { tags.append("k=\(number(attributes.characterSpacing))") }
    if attributes.baselineShift != 0 { tags.append("r=\(number(attributes.baselineShift))") }
    if !attributes.features.isEmpty { tags.append("o=\(attributes.features)") }
    if !attributes.variations.isEmpty { tags.append("v=\(attributes.variations)") }
    if let language = attributes.language { tags.append("g=\(language)") }
    if let hyphens = attributes.hyphens { tags.append("h=\(hyphens)") }
    if let link = attributes.link { tags.append("L\(link)") }
    return "\(text[run])|" + tags.joined(separator: " ")
  }
}

private func number(_ value: Double) -> String {
  value == value.rounded() ? String(Int(value)) : String(value)
}

/// The formatter most tests use: two families and three colors.
let testFormatter = MarkupFormatter(
  fontFamilies: ["DejaVu Sans", "DejaVu Serif"],
  colors: [
    TextColor(red: 0x1A, green: 0x5F, blue: 0xB4), TextColor(red: 0xC0, green: 0x1C, blue: 0x28),
    TextColor(red: 0, green: 0, blue: 0, alpha: 0x80),
  ])
