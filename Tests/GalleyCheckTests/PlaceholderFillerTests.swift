import GalleyCheck
import Testing

/// Placeholders filled with samples: exact and positional tokens, `%%`, named tokens, and the
/// offsets mapped back to the string.
@Suite struct PlaceholderFillerTests {
  let filler = PlaceholderFiller(samples: [
    "%@": "Ada", "%d": "99999", "%lld": "12", "{name}": "50%Bo", "{{count}}": "7",
  ])

  @Test(arguments: [
    ("Hello, %@!", "Hello, Ada!", ["%@#1"]),
    ("%2$@ has %1$d", "Ada has 99999", ["%@#2", "%d#1"]),
    ("%d of %d", "99999 of 99999", ["%d#1", "%d#2"]),
    ("%lld files", "12 files", ["%lld#1"]),
    ("100%% sure, %%d", "100%% sure, %%d", []),
    ("Hi {name}", "Hi 50%%Bo", ["{name}"]),
    ("{{count}} items", "7 items", ["{{count}}"]),
    ("%B bold %b", "%B bold %b", []),
    ("%3$ trailing", "%3$ trailing", []),
    ("end %", "end %", []),
  ])
  func fills(string: String, markup: String, placeholders: [String]) {
    let filled = filler.fill(string)
    #expect(filled.markup == markup)
    #expect(
      filled.placeholders.map { "\($0.token)" + ($0.argument.map { "#\($0)" } ?? "") }
        == placeholders)
  }

  @Test func offsetsMapBack() {
    let filled = filler.fill("Hi %@, %Q")
    // "Hi Ada, %Q": the code %Q is at 8 in the markup and 7 in the string.
    #expect(filled.originalOffset(ofFilled: 8) == 7)
    // Inside the sample: the placeholder's start.
    #expect(filled.originalOffset(ofFilled: 4) == 3)
    #expect(filled.originalOffset(ofFilled: 1) == 1)
  }

  @Test func spellings() {
    let filled = filler.fill("%2$@ and %d and {name}")
    #expect(filled.placeholders.map(\.spelling) == ["%2$@", "%1$d", "{name}"])
  }
}
