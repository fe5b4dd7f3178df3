import Foundation
import GalleyMarkup
import Testing

@Suite("Conversion to Foundation's AttributedString")
struct AttributedStringTests {
  @Test func attributesArriveInTheGalleyScope() throws {
    let text = try testFormatter.format(
      "a%B%1F%{24}S%0Cb%c%b%f%s %{https://e.com/x}L%1Ulink%u%l 😀%X%10K%{2}R%Ix")
    let attributed = AttributedString(text)
    #expect(String(attributed.characters) == text.string)

    let runs = Array(attributed.runs)
    #expect(runs.count == text.runs.count)
    let bold = runs[1]
    #expect(attributed[bold.range].characters.elementsEqual("b"))
    #expect(bold.galleyWeight == 1)
    #expect(bold.galleyFamily == "DejaVu Serif")
    #expect(bold.galleySize == 24)
    #expect(bold.galleyColor == TextColor(red: 0x1A, green: 0x5F, blue: 0xB4))

    let link = try #require(runs.first { $0.galleyLinkIndex == 0 })
    #expect(String(attributed[link.range].characters) == "link")
    #expect(link.galleyLinkTarget == "https://e.com/x")
    #expect(link.link == URL(string: "https://e.com/x"))
    #expect(link.galleyUnderline == .single)

    let last = try #require(runs.last)
    #expect(last.galleyStrikethrough == true)
    #expect(last.galleyCharacterSpacing == 0.1)
    #expect(last.galleyBaselineShift == 2)
    #expect(last.galleyItalic == true)
    #expect(runs[0].galleyUnderline == nil)
    #expect(runs[0].galleyBackground == nil)
    #expect(runs[0].galleyLanguage == nil && runs[0].galleyHyphens == nil)
  }

  @Test func languageAndHyphens() throws {
    let text = try testFormatter.format("a%{de-CH}G%{auto}Hb")
    let runs = Array(AttributedString(text).runs)
    #expect(runs.count == 2)
    #expect(runs[1].galleyLanguage == "de-CH")
    #expect(runs[1].galleyHyphens == "auto")
  }

  @Test func emptyText() {
    #expect(AttributedString(FormattedText(plain: "")).characters.isEmpty)
  }
}
