import GalleyMarkup
import GalleyTestSupport
import Testing

@Suite("Escaping untrusted text")
struct EscapingTests {
  @Test(arguments: ["", "plain", "%", "%%", "50% off", "%B%L%{red}C%", "😀%é%\n%"])
  func escapedTextFormatsAsItself(text: String) throws {
    let formatted = try testFormatter.format(Markup.escape(text))
    #expect(formatted.string == text)
    #expect(formatted.runs.count <= 1)
    #expect(formatted.links.isEmpty)
  }

  @Test func interpolatedValuesCannotInjectCodes() throws {
    let name = "%Bbold%L"
    let count = 3
    let markup: Markup = "Hello %B\(name)%b, you have \(count) new %Imessages%i"
    #expect(markup.source == "Hello %B%%Bbold%%L%b, you have 3 new %Imessages%i")
    let text = try testFormatter.format(markup)
    #expect(text.string == "Hello %Bbold%L, you have 3 new messages")
    #expect(summary(text) == ["Hello |", "%Bbold%L|w=1", ", you have 3 new |", "messages|i"])
  }

  @Test func literalsPassedToFormatAreEscapedToo() throws {
    let name = "%Bx%L"
    let text = try testFormatter.format("Hi %I\(name)%i")
    #expect(text.string == "Hi %Bx%L")
    #expect(summary(text) == ["Hi |", "%Bx%L|i"])
    let source = "Hi %I%Bx%i"  // a String variable is markup as is
    #expect(summary(try testFormatter.format(source)) == ["Hi |", "x|w=1 i"])
  }

  @Test func rawAndMarkupInterpolationsAreTrusted() throws {
    let emphasis: Markup = "%I\("a%b")%i"
    let markup: Markup = "x \(markup: emphasis) \(raw: "%Bbold%b")"
    #expect(markup.source == "x %Ia%%b%i %Bbold%b")
    #expect(summary(try testFormatter.format(markup)) == ["x |", "a%b|i", " |", "bold|w=1"])
  }

  @Test func linkInterpolationEscapesTextAndTarget() throws {
    let markup: Markup = "See \(link: "100% docs", target: "https://e.com/{x}?q=%20") now"
    #expect(markup.source == "See %{https://e.com/{x%7D?q=%20}L100%% docs%l now")
    let text = try testFormatter.format(markup)
    #expect(text.links.first?.target == "https://e.com/{x%7D?q=%20")
    #expect(text.links.first.map { text[$0] } == "100% docs")
    let plain: Markup = "\(link: "here")"
    #expect(plain.source == "%Lhere%l")
  }

  /// A `}` followed by a combining mark is one Character, but the scanner ends the argument at
  /// its byte: it is escaped too (found by the formatter fuzzer).
  @Test(arguments: ["}\u{301}", "a}\u{20DD}b", "}}\u{0308}", "x\u{301}}"])
  func braceBeforeACombiningMarkIsEscaped(target: String) throws {
    let markup: Markup = "\(link: "t", target: target)"
    let text = try testFormatter.format(markup)
    #expect(text.links.count == 1)
    let expected = target.unicodeScalars.map { $0 == "}" ? "%7D" : String($0) }.joined()
    let actual = try #require(text.links.first?.target)
    #expect(actual.unicodeScalars.elementsEqual(expected.unicodeScalars))
    #expect(text.string == "t")
  }

  @Test func concatenationAndTextInitializer() throws {
    let combined = Markup(raw: "%B") + Markup(text: "5%") + "%b"
    #expect(combined.source == "%B5%%%b")
    #expect(combined.description == combined.source)
    #expect(summary(try testFormatter.format(combined)) == ["5%|w=1"])
  }

  @Test func randomTextAlwaysRoundTrips() throws {
    var generator = SeededGenerator(seed: 7)
    let alphabet: [Character] = ["%", "B", "L", "l", "{", "}", "-", "1", "a", " ", "é", "😀", "\n"]
    for _ in 0..<500 {
      let length = Int.random(in: 0..<40, using: &generator)
      let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
      let formatted = try testFormatter.format(Markup(text: text))
      #expect(formatted.string == text)
    }
  }
}
