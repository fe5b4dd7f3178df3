extension LayoutOptions {
  /// Why a label-wide spacing value cannot be used, or `nil`.
  var spacingProblem: String? {
    let limit = Self.maximumRelativeSpacing
    if !(abs(characterSpacing) <= limit) {
      return "the character spacing must be within ±\(Int(limit)) (a fraction of the size)"
    }
    if !(abs(baselineOffset) <= limit) {
      return "the baseline offset must be within ±\(Int(limit)) (a fraction of the size)"
    }
    if !(abs(relativeLineSpacing) <= limit) {
      return "the relative line spacing must be within ±\(Int(limit)) (a fraction of the size)"
    }
    if kerningTable.count > Self.maximumKerningEntries {
      return "the kerning table may have at most \(Self.maximumKerningEntries) entries"
    }
    for (character, value) in kerningTable where !(abs(value) <= limit) {
      let name = character.unicodeScalars.map {
        "U+\(String($0.value, radix: 16, uppercase: true))"
      }
      return "the kerning of \(name.joined(separator: " ")) must be within ±\(Int(limit))"
    }
    return nil
  }

  /// The largest label-wide spacing, in either direction, as a fraction of the point size.
  public static let maximumRelativeSpacing: Double = 10

  /// The most entries a kerning table may have.
  public static let maximumKerningEntries = 10_000
}
