import GalleyMarkup
import Testing

@Suite("Every formatting code")
struct CodeTests {
  @Test(arguments: [
    // Plain text and the literal percent.
    ("", [String]()),
    ("plain", ["plain|"]),
    ("100%% sure", ["100% sure|"]),
    ("%%%%", ["%%|"]),
    // Family: table, default, braced, and kept size/weight/italic.
    ("a%0Fb%1Fc%fd", ["a|", "b|f=DejaVu Sans", "c|f=DejaVu Serif", "d|"]),
    ("%B%I%20S%1Fx", ["x|f=DejaVu Serif s=20 w=1 i"]),
    ("%{Noto Sans}Fx%{Noto Sans}Fy", ["xy|f=Noto Sans"]),
    ("%{ Noto Sans }Fx%{Noto Sans}Fy%{ red }Cz", ["xy|f=Noto Sans", "z|f=Noto Sans c=#FF0000FF"]),
    // Colors and backgrounds: table, default, braced hex and names.
    ("%0Ca%1Cb%cc", ["a|c=#1A5FB4FF", "b|c=#C01C28FF", "c|"]),
    ("%0Da%db", ["a|d=#1A5FB4FF", "b|"]),
    ("%{#F80}Ca", ["a|c=#FF8800FF"]),
    ("%{#FF8800}Ca", ["a|c=#FF8800FF"]),
    ("%{#ff880080}Ca", ["a|c=#FF880080"]),
    ("%{red}Ca%{RebeccaPurple}Db", ["a|c=#FF0000FF", "b|c=#FF0000FF d=#663399FF"]),
    ("%{transparent}Ca", ["a|c=#00000000"]),
    // Underline: numbers and names.
    ("%1Ua%2Ub%0Uc%1Ud%ue", ["a|u=single", "b|u=double", "c|", "d|u=single", "e|"]),
    ("%1Ua%0Ub", ["a|u=single", "b|"]),
    ("%{double}Ua%{NONE}Ub", ["a|u=double", "b|"]),
    // Weight: ladder steps, CSS weights, names, bold on and off, default.
    ("%Ba%bb", ["a|w=1", "b|"]),
    ("%-1Wa%-3Wb%3Wc%wd", ["a|w=-1", "b|w=-3", "c|w=3", "d|"]),
    ("%600Wa%100Wb%1000Wc", ["a|w=600", "b|w=100", "c|w=1000"]),
    ("%{semibold}Wa%{-2}Wb%{900}Wc", ["a|w=600", "b|w=-2", "c|w=900"]),
    ("%Ba%Bb", ["ab|w=1"]),
    // Italic.
    ("%Ia%ib%Ic", ["a|i", "b|", "c|i"]),
    // Size: whole, fractional, default.
    ("%24Sa%{12.5}Sb%sc", ["a|s=24", "b|s=12.5", "c|"]),
    ("%1Sa%1000Sb", ["a|s=1", "b|s=1000"]),
    // Galley's additions: strikethrough, spacing, baseline shift.
    ("%Xa%xb", ["a|x", "b|"]),
    ("%10Ka%{-5}Kb%-20Kc%kd", ["a|k=0.1", "b|k=-0.05", "c|k=-0.2", "d|"]),
    ("H%{-3}R2%rO%4Rx", ["H|", "2|r=-3", "O|", "x|r=4"]),
    ("%{2.5}R^", ["^|r=2.5"]),
    // OpenType features: HarfBuzz and CSS items, added to those in force (a later setting of
    // a tag wins), back to none with %o; an empty list changes nothing.
    ("a%{smcp,tnum}Ob%{liga=0}Oc%od", ["a|", "b|o=smcp,tnum", "c|o=smcp,tnum,-liga", "d|"]),
    ("%{\"liga\" 0, \"ss01\"}Oa%{liga}Ob", ["a|o=-liga,ss01", "b|o=liga,ss01"]),
    ("%{smcp}Oa%{smcp=1}Ob%{}Oc%{normal}Od", ["abcd|o=smcp"]),
    ("%{aalt=2, -kern}O%Ba%bb", ["a|w=1 o=aalt=2,-kern", "b|o=aalt=2,-kern"]),
    // Axis coordinates: added to those in force, back to none with %v.
    (
      "a%{wght=550}Vb%{\"opsz\" 20, wght=600}Vc%vd",
      ["a|", "b|v=wght=550", "c|v=wght=600,opsz=20", "d|"]
    ),
    ("%{slnt=-10}V%{smcp}Oa%Nb", ["a|o=smcp v=slnt=-10", "b|"]),
    // A span's language and hyphenation: back to the layout's with %g and %h, and with %N.
    ("a%{de-CH}Gb%{fr}Gc%gd", ["a|", "b|g=de-CH", "c|g=fr", "d|"]),
    ("%{AUTO}Ha%{none}Hb%{Manual}Hc%hd", ["a|h=auto", "b|h=none", "c|h=manual", "d|"]),
    ("%{sr_Latn}G%{auto}Ha%Nb", ["a|g=sr_Latn h=auto", "b|"]),
    ("%{de}Ga%{de}Gb", ["ab|g=de"]),
    // %N resets all but colors and link.
    (
      "%0C%0D%1F%B%I%1U%30S%X%10K%2R%{smcp}O%La%Nb%l",
      [
        "a|f=DejaVu Serif s=30 w=1 i c=#1A5FB4FF d=#1A5FB4FF u=single x k=0.1 r=2 o=smcp L0",
        "b|c=#1A5FB4FF d=#1A5FB4FF L0",
      ]
    ),
    // Links: plain, with target, several, across other codes.
    ("Tap %Lhere%l now", ["Tap |", "here|L0", " now|"]),
    ("%La%l%Lb%l", ["a|L0", "b|L1"]),
    ("%L%Bbo%bld%l", ["bo|w=1 L0", "ld|L0"]),
    ("%{https://example.com}Lx%l", ["x|L0"]),
    // Codes that change nothing do not split runs.
    ("a%Bb%bc", ["a|", "b|w=1", "c|"]),
    ("a%B%bb", ["ab|"]),
    ("a%0C%cb", ["ab|"]),
    ("a%f%c%d%u%w%s%k%r%i%x%o%v%Nb", ["ab|"]),
    // Non-ASCII text around codes.
    ("é%Bß%b😀", ["é|", "ß|w=1", "😀|"]),
  ])
  func code(markup: String, expected: [String]) throws {
    let text = try testFormatter.format(markup)
    #expect(summary(text) == expected, "\(markup)")
  }

  @Test func linksRecordRangesAndTargets() throws {
    let text = try testFormatter.format("😀 %{https://a.example/x%20y}Lone%l and %Ltwo%l")
    #expect(text.string == "😀 one and two")
    #expect(text.links.count == 2)
    let first = try #require(text.links.first)
    #expect(first.index == 0)
    #expect(first.utf16Range == 3..<6)
    #expect(first.utf8Range == 5..<8)
    #expect(text[first] == "one")
    #expect(first.target == "https://a.example/x%20y")
    let second = text.links[1]
    #expect(second.index == 1)
    #expect(second.utf16Range == 11..<14)
    #expect(second.target == nil)
    #expect(text[second] == "two")
  }

  @Test func emptyLinkIsListedButHasNoRun() throws {
    let text = try testFormatter.format("a%L%lb")
    #expect(text.links.count == 1)
    #expect(text.links[0].utf16Range == 1..<1)
    #expect(summary(text) == ["ab|"])
  }

  @Test func runRangesAgreeInEveryUnit() throws {
    let text = try testFormatter.format("a😀%Bé%b𝄞z")
    for run in text.runs {
      let substring = text.string[run.range]
      #expect(substring.utf16.count == run.utf16Range.count)
      #expect(substring.utf8.count == run.utf8Range.count)
      #expect(
        text.string.utf16.distance(from: text.string.startIndex, to: run.range.lowerBound)
          == run.utf16Range.lowerBound)
    }
    #expect(text.runs.map(\.utf16Range) == [0..<3, 3..<4, 4..<7])
    #expect(text.run(atUTF16Offset: 3)?.attributes.weight == 1)
    #expect(text.run(atUTF16Offset: 7) == nil)
  }

  @Test func defaultsAreConfigurable() throws {
    var formatter = MarkupFormatter(fontFamilies: ["Lato"], colors: [.clear])
    formatter.defaultFamily = "DejaVu Serif"
    formatter.defaultSize = 13
    formatter.defaultWeight = 300
    formatter.defaultItalic = true
    formatter.defaultColor = .white
    formatter.defaultBackground = .black
    let text = try formatter.format("a%0F%B%i%24S%0Cb%N%f%w%s%c%dc")
    let defaults = formatter.defaultAttributes
    #expect(defaults.isItalic)
    #expect(text.runs.first?.attributes == defaults)
    #expect(text.runs.last?.attributes == defaults)
    #expect(text.runs.count == 3)
    #expect(text.runs[1].attributes.isItalic == false)
  }

  @Test func defaultsMatchDAAttributedStringFormatter() {
    let defaults = MarkupFormatter().defaultAttributes
    #expect(defaults.family == "sans-serif")
    #expect(defaults.size == 17)
    #expect(defaults.weight == 0)
    #expect(!defaults.isItalic)
    #expect(defaults.color.hexString == "#000000FF")
    #expect(defaults.background == nil)
    #expect(defaults.underline == .none)
  }

  @Test func tableFamilyEqualToDefaultDoesNotSplitRuns() throws {
    let formatter = MarkupFormatter(fontFamilies: ["sans-serif", "sans-serif"])
    let text = try formatter.format("a%0Fb%1Fc%{sans-serif}Fd%fe")
    #expect(summary(text) == ["abcde|"])
  }

  @Test func plainTextInitializerMakesOneRun() {
    let text = FormattedText(plain: "50% off", attributes: TextAttributes(size: 9, link: 3))
    #expect(text.runs.count == 1)
    #expect(text.runs[0].attributes.link == nil)
    #expect(text.runs[0].attributes.size == 9)
    #expect(FormattedText(plain: "").runs.isEmpty)
  }
}
