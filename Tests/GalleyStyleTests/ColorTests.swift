import GalleyStyle
import Testing

@Suite("Colors")
struct ColorTests {
  @Test(arguments: [
    ("#000", "#000000FF"), ("#fff", "#FFFFFFFF"), ("#F80", "#FF8800FF"), ("#F808", "#FF880088"),
    ("#1a5fb4", "#1A5FB4FF"), ("#1A5FB480", "#1A5FB480"), ("red", "#FF0000FF"),
    ("RebeccaPurple", "#663399FF"), ("GREY", "#808080FF"), ("transparent", "#00000000"),
    ("lightgoldenrodyellow", "#FAFAD2FF"),
  ])
  func parses(text: String, hex: String) throws {
    let color = try #require(TextColor(parsing: text))
    #expect(color.hexString == hex)
    #expect(color.description == hex)
    #expect(TextColor(parsing: hex) == color)
  }

  @Test(arguments: [
    "", "#", "#1", "#12", "#12345", "#1234567", "#123456789", "#GGG", "red ", " red", "reddish",
    "#-12", "rgb(1,2,3)", String(repeating: "a", count: 10_000),
  ])
  func rejects(text: String) {
    #expect(TextColor(parsing: text) == nil)
  }

  @Test func namedColorTableIsComplete() {
    let names = ["aliceblue", "yellowgreen", "darkslategrey", "darkslategray", "cyan", "aqua"]
    for name in names { #expect(TextColor(parsing: name) != nil, "\(name)") }
    #expect(TextColor(parsing: "cyan") == TextColor(parsing: "aqua"))
  }
}
