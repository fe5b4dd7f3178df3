import GalleyCheck
import GalleyMarkup
import Testing

/// The pseudo-locales: text changed, codes and placeholders kept, length as defined.
@Suite struct PseudoLocaleTests {
  let filler = PlaceholderFiller(samples: ["%@": "Ada", "%d": "9"])

  @Test func accentedKeepsCodesAndPlaceholders() {
    let pseudo = PseudoLocale.accented.translate(
      "Tap %{https://x.org}Lhere%l, %@ has %d %Bfiles%b", placeholders: filler)
    #expect(pseudo.hasPrefix("[Ţáþ %{https://x.org}Lĥéŕé%l, %@ ĥáš %d %Bƒîļéš%b"))
    #expect(pseudo.hasSuffix("]"))
    #expect(
      Markup.codeRanges(in: pseudo).count == Markup.codeRanges(in: "%{https://x.org}L%l%B%b").count
        + 2)
  }

  @Test(arguments: ["Hello world", "Settings", "A much longer sentence for the label to hold"])
  func accentedIsThirtyPercentLonger(source: String) {
    let pseudo = PseudoLocale.accented.translate(source, placeholders: filler)
    let letters = source.filter(\.isLetter).count
    #expect(pseudo.count >= source.count + (letters * 3 + 9) / 10)
    #expect(pseudo.count <= source.count + (letters * 3 + 9) / 10 + 3)
  }

  @Test func doubled() {
    #expect(PseudoLocale.doubled.translate("Go %@", placeholders: filler) == "Ĝö Ĝö %@")
  }

  @Test func rightToLeft() {
    let pseudo = PseudoLocale.rightToLeft.translate("Hi %@ there", placeholders: filler)
    #expect(pseudo == "\u{200F}\u{202E}Hi\u{202C}\u{200F} %@ \u{200F}\u{202E}there\u{202C}\u{200F}")
  }
}
