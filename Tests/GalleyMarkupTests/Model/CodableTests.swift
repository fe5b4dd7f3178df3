import Foundation
import GalleyMarkup
import GalleyTestSupport
import Testing

@Suite("JSON coding of the run model")
struct CodableTests {
  private func encode(_ text: FormattedText) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(text), as: UTF8.self)
  }

  private func decode(_ json: String) throws -> FormattedText {
    try JSONDecoder().decode(FormattedText.self, from: Data(json.utf8))
  }

  @Test(arguments: [
    "", "plain", "%B😀%b %{#F80}C%Lé%l%c %{https://x.y/%7D}Lz%l", "%L%l",
    "%1F%{12.5}S%{-2}Rx%X%10Ky", "a%{de-CH}G%{auto}Hb%hc%gd",
    "%{smcp,tnum}Oab%{liga=0}Oc%od%{wght=550,opsz=20}Ve%{\"slnt\" -10}Vf%vg%Nh",
  ])
  func roundTrips(markup: String) throws {
    let text = try testFormatter.format(markup)
    #expect(try decode(try encode(text)) == text)
  }

  @Test func languageAndHyphensAreWrittenOnlyWhereSet() throws {
    let text = try testFormatter.format("a%{de}G%{none}Hb")
    let json = try encode(text)
    #expect(json.components(separatedBy: "\"language\"").count == 2)
    #expect(json.components(separatedBy: "\"hyphens\"").count == 2)
    #expect(try decode(json).runs.last?.attributes.hyphens == Hyphens.none)
    // A tag that markup could not have written is refused.
    let bad = json.replacingOccurrences(of: "\"de\"", with: "\"../de\"")
    #expect(throws: DecodingError.self) { try decode(bad) }
  }

  /// Span features and coordinates are written where set, each item in HarfBuzz's form in
  /// the order set, and read back; a list markup could not have written is refused.
  @Test func featuresAndVariationsAreWrittenOnlyWhereSet() throws {
    let text = try testFormatter.format("a%{smcp,\"liga\" 0}Ob%{wght=550}Vc%o%vd")
    let json = try encode(text)
    #expect(json.components(separatedBy: "\"features\"").count == 3, "\(json)")
    #expect(json.components(separatedBy: "\"variations\"").count == 2, "\(json)")
    #expect(json.contains("\"smcp,-liga\""), "\(json)")
    #expect(json.contains("\"wght=550\""), "\(json)")
    let decoded = try decode(json)
    #expect(decoded == text)
    #expect(
      decoded.runs.map(\.attributes.features.description) == ["", "smcp,-liga", "smcp,-liga", ""])
    let bad = json.replacingOccurrences(of: "\"wght=550\"", with: "\"wght=x\"")
    #expect(throws: DecodingError.self) { try decode(bad) }
  }

  @Test func golden() throws {
    let text = try testFormatter.format(
      "Tap %{https://e.com}L%0C%1Uhere%u%c%l, 😀 %B%{12.5}Snow%s%b")
    try expectGolden(try encode(text), named: "codable-link.json")
  }

  @Test(arguments: [
    // Gaps, overlaps, empty runs, uncoalesced runs, bad ranges, bad values, bad links.
    (#"{"text":"ab","runs":[],"links":[]}"#, "runs cover 0 of 2"),
    (
      #"{"text":"ab","runs":[\#(run(0, 1)),\#(run(1, 1, weight: 1)),\#(run(1, 1))],"links":[]}"#,
      "gap or overlap"
    ),
    (#"{"text":"ab","runs":[\#(run(0, 1)),\#(run(1, 1))],"links":[]}"#, "same attributes"),
    (#"{"text":"ab","runs":[\#(run(0, 0)),\#(run(0, 2, weight: 1))],"links":[]}"#, "empty run"),
    (#"{"text":"😀","runs":[\#(run(0, 1)),\#(run(1, 1, weight: 1))],"links":[]}"#, "whole scalars"),
    (#"{"text":"ab","runs":[\#(run(0, 3))],"links":[]}"#, "whole scalars"),
    (#"{"text":"ab","runs":[\#(run(-1, 2))],"links":[]}"#, "whole scalars"),
    (#"{"text":"ab","runs":[\#(run(0, 2, size: 0))],"links":[]}"#, "invalid attribute"),
    (#"{"text":"ab","runs":[\#(run(0, 2, weight: 7))],"links":[]}"#, "invalid attribute"),
    (#"{"text":"ab","runs":[\#(run(0, 2, link: 0))],"links":[]}"#, "names link 0"),
    (
      #"{"text":"ab","runs":[\#(run(0, 2))],"links":[{"index":1,"location":0,"length":1}]}"#,
      "has index 1"
    ),
    (
      #"{"text":"ab","runs":[\#(run(0, 2))],"links":[{"index":0,"location":0,"length":2}]}"#,
      "lies in link 0"
    ),
    (#"{"schemaVersion":2,"text":"","runs":[],"links":[]}"#, "schema version 2"),
    (
      #"{"text":"ab","runs":[\#(run(0, 1, link: 0)),\#(run(1, 1, link: 1))],"links":[{"index":0,"location":0,"length":2},{"index":1,"location":1,"length":1}]}"#,
      "overlaps"
    ),
  ])
  func invalidDocumentsAreRejected(json: String, problem: String) {
    do {
      _ = try decode(json)
      Issue.record("decoded an invalid document: \(json)")
    } catch let DecodingError.dataCorrupted(context) {
      #expect(context.debugDescription.contains(problem), "\(context.debugDescription)")
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  @Test func badColorIsADecodingError() {
    let json = #"{"text":"a","runs":[\#(run(0, 1, color: "#12"))],"links":[]}"#
    #expect(throws: DecodingError.self) { try decode(json) }
  }

  @Test func errorsEncodeWithTheirPosition() throws {
    let error = try #require(throws: MarkupError.self) { try testFormatter.format("😀%Q") }
    let data = try JSONEncoder().encode(error)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["kind"] as? String == "unknownCode")
    #expect(object["offset"] as? Int == 2)
    #expect(object["length"] as? Int == 2)
    #expect(object["utf8Offset"] as? Int == 4)
    #expect(try JSONDecoder().decode(MarkupError.self, from: data) == error)
  }
}

private func run(
  _ location: Int, _ length: Int, size: Double = 17, weight: Int = 0, link: Int? = nil,
  color: String = "#000000FF"
) -> String {
  let linkValue = link.map(String.init) ?? "null"
  return """
    {"location":\(location),"length":\(length),"family":"sans-serif","size":\(size),\
    "weight":\(weight),"italic":false,"color":"\(color)","background":null,"underline":"none",\
    "link":\(linkValue)}
    """
}
