import GalleyJobs
import GalleyLayout
import GalleyRender
import GalleyService
import Testing

/// The request model: defaults, the field tables, and errors that name the field.
@Suite struct RequestCheckTests {
  /// Decodes and prepares a body.
  private func prepare(_ json: String) throws(RequestError) -> PreparedRequest {
    try PreparedRequest(RequestDecoder.decode(Array(json.utf8)), limits: ServiceLimits())
  }

  @Test func missingFieldsTakeTheLibraryDefaultsTheCLIUses() throws {
    let prepared = try prepare(#"{"markup": "Hi"}"#)
    #expect(prepared.layoutOptions == LayoutOptions())
    #expect(prepared.render.options == RenderOptions())
    #expect(prepared.render.format == .png)
    #expect(prepared.formatter.defaultFamily == "sans-serif")
    #expect(prepared.formatter.defaultSize == 17)
    #expect(prepared.points.isEmpty)
  }

  @Test func fieldsSetTheirOptions() throws {
    let prepared = try prepare(
      #"""
      {"markup": "Hi", "fonts": ["DejaVu Serif"], "colors": ["#1A5FB4", "red"],
       "defaults": {"family": "DejaVu Sans", "size": 13, "weight": "bold", "color": "blue"},
       "layout": {"width": 300, "maxLines": 2, "truncate": "middle", "insets": 4,
                  "noOrphans": true, "align": "center", "tabStops": [40, 80],
                  "kerningTable": {"a": 0.5}, "truncationToken": "… %Lmore%l", "language": "ja",
                  "features": "liga=0, \"smcp\"", "variations": "wght=550",
                  "noOpticalSizing": true, "wrapStyle": "pretty", "hyphens": "auto",
                  "hyphenateLimits": "6,3,2", "emergencyHyphens": true},
       "render": {"format": "svg", "scale": 2, "shadowBlur": 3, "glowColor": "white",
                  "gradient": "red,blue@0.8", "gradientType": "radial",
                  "outlineWidth": 1.5, "outlineJoin": "miter", "background": "transparent"},
       "points": [{"x": 1, "y": 2}], "tolerance": 3}
      """#)
    let layout = prepared.layoutOptions
    #expect(layout.width == 300)
    #expect(layout.maximumLines == 2)
    #expect(layout.truncationMode == .middle)
    #expect(layout.insets == LayoutOptions.Insets(top: 4, left: 4, bottom: 4, right: 4))
    #expect(!layout.allowsOrphans)
    #expect(layout.alignment == .center)
    #expect(layout.tabStops == [40, 80])
    #expect(layout.kerningTable == ["a": 0.5])
    #expect(layout.truncationToken.markup == "… %Lmore%l")
    #expect(layout.truncationToken.formatter == prepared.formatter)
    #expect(layout.language == "ja")
    #expect(layout.features.description == "-liga,smcp")
    #expect(layout.variations.description == "wght=550")
    #expect(!layout.opticalSizing)
    #expect(layout.wrapStyle == .pretty)
    #expect(layout.hyphens == .auto)
    #expect(layout.hyphenationLimits == .init(minimumWordLength: 6, before: 3, after: 2))
    #expect(layout.hyphenatesEmergencyBreaks)
    let render = prepared.render
    #expect(render.format == .svg)
    #expect(render.options.scale == 2)
    #expect(render.options.shadow?.blur == 3)
    #expect(render.options.shadow?.offsetY == RenderOptions.Shadow.drop.offsetY)
    #expect(render.options.glow?.blur == RenderOptions.Shadow.glow.blur)
    #expect(render.options.gradient?.kind == .radial)
    #expect(render.options.gradient?.stops.map(\.offset) == [0, 0.8])
    #expect(render.options.outline?.width == 1.5)
    #expect(render.options.outline?.join == .miter)
    #expect(render.options.background == nil)
    #expect(prepared.formatter.defaultWeight == 700)
    #expect(prepared.formatter.colors.count == 2)
    #expect(prepared.points == [RequestPoint(x: 1, y: 2)])
    #expect(prepared.tolerance == 3)
  }

  @Test(arguments: [
    ("{", "", "the body is not valid JSON"),
    ("[]", "", "must be an object"),
    (#"{}"#, "markup", "markup: is required"),
    (#"{"markup": 3}"#, "markup", "markup: must be a string"),
    (#"{"markup": "", "colour": []}"#, "colour", "colour: unknown field"),
    (
      #"{"markup": "", "layout": {"width": "wide"}}"#, "layout.width",
      "layout.width: must be a number, not a string"
    ),
    (
      #"{"markup": "", "layout": {"hyphenateLimits": "5,0,2"}}"#, "layout.hyphenateLimits",
      #"layout.hyphenateLimits: must be "WORD,BEFORE,AFTER" such as "5,2,2": "#
        + "three whole numbers, each 1 to 64"
    ),
    (
      #"{"markup": "", "layout": {"width": -1}}"#, "layout.width",
      "layout.width: width must be above 0 and at most 1000000"
    ),
    (#"{"markup": "", "layout": {"widht": 1}}"#, "layout.widht", "layout.widht: unknown field"),
    (
      #"{"markup": "", "layout": {"maxLines": 1.5}}"#, "layout.maxLines",
      "layout.maxLines: must be a whole number, not 1.5"
    ),
    (
      #"{"markup": "", "layout": {"align": "middle"}}"#, "layout.align",
      "layout.align: must be one of left, right, center, natural, justify"
    ),
    (
      #"{"markup": "", "layout": {"width": 10, "insets": 6}}"#, "layout.insets",
      "layout.insets: the width must be larger than the left and right insets together"
    ),
    (
      #"{"markup": "", "layout": {"features": "liga,kern=x"}}"#, "layout.features",
      #"layout.features: must be OpenType features such as "liga=0,smcp": feature 'kern=x' "#
        + "at offset 5: '=' must be followed by a value (a number, on or off)"
    ),
    (
      #"{"markup": "", "layout": {"variations": "wght=1e2"}}"#, "layout.variations",
      #"layout.variations: must be axis coordinates such as "wght=550,opsz=20": variation "#
        + "'wght=1e2' at offset 0: unexpected text after the value"
    ),
    (
      #"{"markup": "", "layout": {"kerningTable": {"ab": 1}}}"#, "layout.kerningTable",
      #"layout.kerningTable: key "ab" must be exactly one code point"#
    ),
    (
      #"{"markup": "", "render": {"scale": 100}}"#, "render.scale",
      "render.scale: scale must be in 0.01...16"
    ),
    (
      #"{"markup": "", "render": {"gradientType": "radial"}}"#, "render.gradientType",
      "render.gradientType: needs render.gradient"
    ),
    (
      #"{"markup": "", "render": {"outlineColor": "red"}}"#, "render.outlineColor",
      "render.outlineColor: needs render.outlineWidth"
    ),
    (
      #"{"markup": "", "render": {"shadowColor": "nope"}}"#, "render.shadowColor",
      ##"render.shadowColor: must be a color such as "#1A5FB4" or "red""##
    ),
    (
      #"{"markup": "", "render": {"format": "gif"}}"#, "render.format",
      "render.format: must be one of png, svg, pdf"
    ),
    (
      #"{"markup": "", "colors": ["nope"]}"#, "colors[0]",
      ##"colors[0]: must be a color such as "#1A5FB4" or "red""##
    ),
    (
      #"{"markup": "", "defaults": {"size": 0}}"#, "defaults.size",
      "defaults.size: must be above 0 and at most 1000"
    ),
    (
      #"{"markup": "", "defaults": {"weight": 5}}"#, "defaults.weight",
      "defaults.weight: must be a ladder step in -3...3, a CSS weight in 100...1000 or a name such as bold"
    ),
    (
      #"{"markup": "", "defaults": {"famly": "x"}}"#, "defaults.famly",
      "defaults.famly: unknown field"
    ),
    (#"{"markup": "", "points": [{"x": 1}]}"#, "points[0].y", "points[0].y: is required"),
    (#"{"markup": "", "tolerance": -1}"#, "tolerance", "tolerance: must be in 0...10000"),
  ])
  func badRequestsNameTheField(json: String, field: String, message: String) {
    let error = #expect(throws: RequestError.self) { try prepare(json) }
    #expect(error?.field == field)
    #expect(error?.description == message)
  }

  @Test func glyphFieldsSetTypesettersInTheCLIsOrder() throws {
    let prepared = try prepare(
      #"""
      {"markup": "Hi",
       "layout": {"glyphJitter": {"x": 2, "y": 1, "degrees": 10}, "glyphRotation": 15,
                  "arcRadius": -80, "seed": 42, "glyphScale": {"width": 1.5, "height": 2},
                  "glyphExpansion": 0.8},
       "render": {"drawOrder": "random"}}
      """#)
    let layout = prepared.layoutOptions
    #expect(
      layout.glyphTypesetters == [
        AnyGlyphTypesetter(ArcTypesetter(radius: -80)),
        AnyGlyphTypesetter(RotationTypesetter(degrees: 15)),
        AnyGlyphTypesetter(RandomShiftTypesetter(x: 2, y: 1, degrees: 10, seed: 42)),
      ])
    #expect(layout.glyphScale == LayoutOptions.GlyphScale(width: 1.5, height: 2))
    #expect(layout.glyphExpansion == 0.8)
    #expect(prepared.render.options.drawOrder == .random(seed: 42))
    let reverse = try prepare(#"{"markup": "Hi", "render": {"drawOrder": "reverse"}}"#)
    #expect(reverse.render.options.drawOrder == .reverse)
    #expect(reverse.layoutOptions.glyphTypesetters.isEmpty)
  }

  @Test(arguments: [
    (#"{"markup": "", "layout": {"arcRadius": 0}}"#, "layout.arcRadius"),
    (#"{"markup": "", "layout": {"glyphRotation": 40000}}"#, "layout.glyphRotation"),
    (
      #"{"markup": "", "layout": {"glyphJitter": {"x": -1, "y": 0, "degrees": 0}}}"#,
      "layout.glyphJitter"
    ),
    (#"{"markup": "", "layout": {"glyphJitter": {"x": 1, "y": 1}}}"#, "layout.glyphJitter"),
    (#"{"markup": "", "layout": {"seed": -1}}"#, "layout.seed"),
    (#"{"markup": "", "layout": {"seed": 1.5}}"#, "layout.seed"),
    (#"{"markup": "", "layout": {"glyphScale": {"width": 0, "height": 1}}}"#, "layout.glyphScale"),
    (#"{"markup": "", "layout": {"glyphScale": [1, 2]}}"#, "layout.glyphScale"),
    (#"{"markup": "", "layout": {"glyphExpansion": 11}}"#, "layout.glyphExpansion"),
    (#"{"markup": "", "render": {"drawOrder": "sideways"}}"#, "render.drawOrder"),
  ])
  func badGlyphFieldsNameTheField(json: String, field: String) {
    let error = #expect(throws: RequestError.self) { try prepare(json) }
    #expect(error?.field == field, "\(error?.description ?? "")")
  }

  @Test func aLayoutFieldIsOneRowOfItsTable() {
    #expect(LayoutFields.table.names.count == Set(LayoutFields.table.names).count)
    #expect(LayoutFields.table.names.contains("maxLines"))
    #expect(RenderFields.table.names.contains("innerShadowOffset"))
  }

  @Test func markupOverTheLimitIsRefused() {
    var limits = ServiceLimits()
    limits.maximumMarkupBytes = 4
    let error = #expect(throws: RequestError.self) {
      try PreparedRequest(ServiceRequest(markup: "Hello"), limits: limits)
    }
    #expect(error?.description == "markup: has 5 bytes; at most 4")
  }
}
