import GalleyJobs
import GalleyRender
import GalleyService
import Testing

/// The request's `variants`: render fields per variant, in the body's order, with errors that
/// name the variant's field.
@Suite struct VariantRequestTests {
  private func prepare(_ json: String) throws(RequestError) -> PreparedRequest {
    try PreparedRequest(RequestDecoder.decode(Array(json.utf8)), limits: ServiceLimits())
  }

  @Test func variantsChangeTheRequestsRenderFieldsInTheBodysOrder() throws {
    let prepared = try prepare(
      ##"""
      {"markup": "Hi", "render": {"scale": 2, "linkColor": "blue"}, "layout": {"seed": 9},
       "variants": {"pressed": {"offset": [0, 2], "color": "#555555"},
                    "normal": {},
                    "shuffled": {"offset": {"x": 1, "y": -1}, "drawOrder": "random"}}}
      """##)
    let variants = try #require(prepared.variants)
    #expect(variants.map(\.name) == ["pressed", "normal", "shuffled"])
    #expect(variants[0].options.offsetY == 2 && variants[0].options.offsetX == 0)
    #expect(variants[0].options.textColor == TextColor(red: 0x55, green: 0x55, blue: 0x55))
    #expect(variants[0].options.scale == 2)
    #expect(variants[0].options.linkColor == TextColor(red: 0, green: 0, blue: 255))
    #expect(variants[1].options == prepared.render.options)
    #expect(variants[2].options.offsetX == 1 && variants[2].options.offsetY == -1)
    #expect(variants[2].options.drawOrder == .random(seed: 9))
    #expect(prepared.request.variantOrder == ["pressed", "normal", "shuffled"])
  }

  @Test(arguments: [
    (#""variants": {}"#, "variants", "must name at least one variant"),
    (#""variants": {"a": 1}"#, "variants.a", "must be an object of render fields"),
    (#""variants": {"a": {"format": "svg"}}"#, "variants.a.format", "is shared by every variant"),
    (#""variants": {"a": {"offset": [1]}}"#, "variants.a.offset", #"must be [x, y] or {"x", "y"}"#),
    (
      #""variants": {"a": {"offset": [0, 1e5]}}"#, "variants.a.offset",
      "offset must be within 10000 points"
    ),
    (#""variants": {"a": {"colour": "red"}}"#, "variants.a.colour", "unknown field"),
    (
      #""variants": {"a/b": {}}"#, "variants.a/b",
      "a name may not be '.', '..', or hold '/', '\\' or control characters"
    ),
    (
      #""variants": {"..": {}}"#, "variants...",
      "a name may not be '.', '..', or hold '/', '\\' or control characters"
    ),
    (
      #""render": {"format": "svg"}, "variants": {"a": {}}"#, "variants",
      "make a PNG sprite sheet: render.format must be png"
    ),
  ])
  func badVariantsNameTheirField(fields: String, field: String, message: String) {
    let error = #expect(throws: RequestError.self) {
      try prepare(#"{"markup": "Hi", "# + fields + "}")
    }
    #expect(error?.field == field)
    #expect(error?.message == message)
  }

  @Test func tooManyVariantsAreRefused() {
    let names = (0...VariantFields.maximumCount).map { "\"v\($0)\": {}" }.joined(separator: ", ")
    let error = #expect(throws: RequestError.self) {
      try prepare(#"{"markup": "Hi", "variants": {"# + names + "}}")
    }
    #expect(error?.message == "has more than \(VariantFields.maximumCount) variants")
  }

  @Test func theRenderFieldsColorAndOffsetWorkWithoutVariants() throws {
    let prepared = try prepare(
      #"{"markup": "Hi", "render": {"color": "red", "offset": {"x": 2, "y": 3}}}"#)
    #expect(prepared.render.options.textColor == TextColor(red: 255, green: 0, blue: 0))
    #expect(prepared.render.options.offsetX == 2 && prepared.render.options.offsetY == 3)
    #expect(prepared.variants == nil)
  }
}
