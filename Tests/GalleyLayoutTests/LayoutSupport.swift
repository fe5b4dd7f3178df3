import GalleyFonts
import GalleyLayout
import GalleyMarkup
import GalleyTestSupport
import Testing

/// Lays out with one engine per accelerator setting (none, each alone, all) and expects
/// every layout to equal the reference path's, so each test of a layout checks every fast
/// path; returns the reference layout.
///
/// The engines live as long as the test process, so later tests meet warm caches: words and
/// pairs learned from earlier text.
struct CheckedEngine {
  /// The settings every layout is made under; the first is the reference path.
  static let settings: [LayoutEngine.Accelerators] = [
    [], .wordCache, .pairShaping, .shapingPlans, .all,
  ]

  private static let shared = Result {
    let fonts = try HermeticFonts.fontSet()
    return settings.map {
      LayoutEngine(fonts: fonts, accelerators: $0, hyphenation: LayoutSupport.hyphenation)
    }
  }

  let engines: [LayoutEngine]

  init() throws { engines = try Self.shared.get() }

  /// The layout of `text`, the same under every setting.
  func layout(
    _ text: FormattedText, options: LayoutOptions = LayoutOptions(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Layout {
    let reference = try engines[0].layout(text, options: options)
    for engine in engines.dropFirst() {
      let accelerated = try engine.layout(text, options: options)
      #expect(
        accelerated == reference, "accelerators \(engine.accelerators): \(text.string)",
        sourceLocation: sourceLocation)
    }
    return reference
  }

  /// The size that fits, the same under every setting.
  func sizeThatFits(
    _ text: FormattedText, width: Double?, options: LayoutOptions = LayoutOptions(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Layout.Size {
    let reference = try engines[0].sizeThatFits(text, width: width, options: options)
    for engine in engines.dropFirst() {
      #expect(
        try engine.sizeThatFits(text, width: width, options: options) == reference,
        "accelerators \(engine.accelerators): \(text.string)", sourceLocation: sourceLocation)
    }
    return reference
  }
}

/// The engine and formatter the layout tests share: hermetic fonts, DejaVu Sans 13 px.
enum LayoutSupport {
  /// The hyphenation dictionaries kept with the tests (`Tests/Hyphenation`): American
  /// English, French, and `qaa`, a small ISO 8859-1 one.
  static let hyphenation = HyphenationDictionaries(
    directories: [HermeticFonts.packageRoot + "/Tests/Hyphenation"])

  /// The layout engine, checked under every accelerator setting (``CheckedEngine``).
  static func engine() throws -> CheckedEngine { try CheckedEngine() }

  static var formatter: MarkupFormatter {
    var formatter = MarkupFormatter(fontFamilies: ["DejaVu Sans", "DejaVu Serif", "Lato"])
    formatter.defaultFamily = "DejaVu Sans"
    formatter.defaultSize = 13
    formatter.colors = [TextColor(red: 0x1A, green: 0x5F, blue: 0xB4)]
    return formatter
  }

  static func layout(
    _ markup: String, width: Double? = nil, options: LayoutOptions = LayoutOptions()
  ) throws -> (FormattedText, Layout) {
    let text = try formatter.format(markup)
    var options = options
    if let width { options.width = width }
    return (text, try engine().layout(text, options: options))
  }

  /// The layout of `markup` in `family` at 13 px, checked under every accelerator setting.
  static func layout(
    _ markup: String, family: String, options: LayoutOptions = LayoutOptions()
  ) throws -> Layout {
    var formatter = formatter
    formatter.defaultFamily = family
    return try engine().layout(try formatter.format(markup), options: options)
  }

  /// Each line's text.
  static func lineTexts(_ layout: Layout, _ text: FormattedText) -> [String] {
    let utf16 = Array(text.string.utf16)
    return layout.lines.map {
      String(decoding: utf16[$0.location..<$0.location + $0.length], as: UTF16.self)
    }
  }
}
