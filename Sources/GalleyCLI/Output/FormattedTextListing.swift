import GalleyMarkup

/// The readable listing `galley format` prints without `--json`.
enum FormattedTextListing {
  static func render(_ text: FormattedText) -> String {
    var lines = ["text: \(quote(text.string[...]))"]
    lines.append("runs: \(text.runs.count)")
    for run in text.runs {
      let range = "[\(run.utf16Range.lowerBound), \(run.utf16Range.upperBound))"
      lines.append("  \(range) \(quote(text[run])) \(describe(run.attributes))")
    }
    lines.append("links: \(text.links.count)")
    for link in text.links {
      let range = "[\(link.utf16Range.lowerBound), \(link.utf16Range.upperBound))"
      let target = link.target.map { " -> \($0)" } ?? ""
      lines.append("  \(link.index) \(range) \(quote(text[link]))\(target)")
    }
    return lines.joined(separator: "\n")
  }

  private static func describe(_ attributes: TextAttributes) -> String {
    var parts = [attributes.family, "\(number(attributes.size))pt", "weight \(attributes.weight)"]
    if attributes.isItalic { parts.append("italic") }
    parts.append("color \(attributes.color)")
    if let background = attributes.background { parts.append("background \(background)") }
    if attributes.underline != .none { parts.append("underline \(attributes.underline.rawValue)") }
    if attributes.isStruckThrough { parts.append("strikethrough") }
    if attributes.characterSpacing != 0 {
      parts.append("spacing \(number(attributes.characterSpacing))em")
    }
    if attributes.baselineShift != 0 { parts.append("shift \(number(attributes.baselineShift))pt") }
    if !attributes.features.isEmpty { parts.append("features \(attributes.features)") }
    if !attributes.variations.isEmpty { parts.append("variations \(attributes.variations)") }
    if let link = attributes.link { parts.append("link \(link)") }
    return parts.joined(separator: ", ")
  }

  private static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }

  private static func quote(_ text: Substring) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          result += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}
