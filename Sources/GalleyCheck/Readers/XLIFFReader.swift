/// Reads XLIFF 1.2 and 2.0 files with ``XMLReader``: each unit's source text (the
/// source catalog) and target text (the translation).
///
/// A 1.2 `<trans-unit>`'s key is its `resname` or `id`, its table its `<file original>`'s
/// name (`Localizable` for Xcode's `en.lproj/Localizable.strings`); a 2.0 `<unit>`'s key is
/// its `name` or `id`, its segments joined. Inline codes keep their text (`<g>`, `<ph>`,
/// `<pc>`, `<mrk>`) or become their `equiv-text`/`equiv` (`<x/>`, `<ph/>`); `translate="no"`
/// units are not translated; `<alt-trans>`, `<seg-source>` and notes are skipped.
enum XLIFFReader {
  /// Reads one file.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - file: The file's name.
  ///   - sourceLocale: The locale when the file names no source language.
  /// - Returns: The source catalog, then one catalog per target language.
  /// - Throws: ``CatalogError`` for XML that is not well-formed or not XLIFF.
  static func read(
    _ bytes: [UInt8], file: String, sourceLocale: String
  ) throws(CatalogError) -> [Catalog] {
    let collector = XLIFFCollector(sourceLocale: sourceLocale)
    try XMLReader.parse(bytes, file: file, handler: collector)
    guard collector.sawRoot else {
      throw CatalogError(file: file, "is not XLIFF (no <xliff> root)")
    }
    var catalogs: [Catalog] = []
    for locale in collector.order {
      let isSource = collector.sourceLocales.contains(locale)
      catalogs.append(
        Catalog(
          file: file, format: .xliff, locale: locale, isSource: isSource,
          entries: collector.entries[locale] ?? []))
    }
    return catalogs
  }
}

/// The XLIFF reader's handler: collects sources and targets by locale.
private final class XLIFFCollector: XMLEventHandler {
  let defaultSource: String
  var sawRoot = false
  var entries: [String: [CatalogEntry]] = [:]
  var order: [String] = []
  var sourceLocales: Set<String> = []
  var failure: XMLFailure?

  private var version2 = false
  private var sourceLanguage: String
  private var targetLanguage: String?
  private var table = ""
  /// The unit being read: key, whether translatable, where it starts.
  private var unit: (key: String, translatable: Bool, line: Int)?
  private var source: String?
  private var target: String?
  private var capturing: Capture?
  private var skipping = 0
  private var targetLine = (0, 0)

  private enum Capture { case source, target }

  init(sourceLocale: String) {
    defaultSource = sourceLocale
    sourceLanguage = sourceLocale
  }

  func start(_ name: String, attributes: [String: String], line: Int, column: Int) {
    if skipping > 0 {
      skipping += 1
      return
    }
    switch name {
    case "xliff":
      sawRoot = true
      version2 = attributes["version"]?.hasPrefix("2") ?? false
      if version2 {
        sourceLanguage =
          attributes["srcLang"].flatMap({ LocaleTag.canonical($0, knownLanguage: false) })
          ?? defaultSource
        targetLanguage = attributes["trgLang"].flatMap {
          LocaleTag.canonical($0, knownLanguage: false)
        }
      }
    case "file":
      if !version2 {
        sourceLanguage =
          attributes["source-language"].flatMap({ LocaleTag.canonical($0, knownLanguage: false) })
          ?? defaultSource
        targetLanguage = attributes["target-language"].flatMap {
          LocaleTag.canonical($0, knownLanguage: false)
        }
      }
      table = (attributes["original"] ?? attributes["id"]).map(AppleLocale.table(of:)) ?? ""
    case "trans-unit", "unit":
      let key = attributes[version2 ? "name" : "resname"] ?? attributes["id"] ?? ""
      unit = (key, attributes["translate"] != "no", line)
      source = nil
      target = nil
    case "alt-trans", "note", "notes", "seg-source":
      skipping = 1
    case "source" where unit != nil:
      capturing = .source
      source = (source ?? "")
    case "target" where unit != nil:
      capturing = .target
      target = (target ?? "")
      targetLine = (line, column)
    case "x", "bx", "ex", "ph", "sc", "ec", "cp":
      // A 1.2 <ph> holds its native code as text, which arrives as characters.
      if name == "ph", !version2 { break }
      if let text = attributes["equiv-text"] ?? attributes["equiv"] {
        add(text)
      } else if name == "cp", let hex = attributes["hex"], let value = UInt32(hex, radix: 16),
        let scalar = Unicode.Scalar(value)
      {
        add(String(scalar))
      }
    default: break
    }
  }

  private func add(_ text: String) {
    switch capturing {
    case .source: source?.append(text)
    case .target: target?.append(text)
    case nil: break
    }
  }

  func text(_ string: String) {
    if skipping == 0 { add(string) }
  }

  func end(_ name: String, line: Int) {
    if skipping > 0 {
      skipping -= 1
      return
    }
    switch name {
    case "source", "target": capturing = nil
    case "trans-unit", "unit": finishUnit()
    default: break
    }
  }

  private func finishUnit() {
    guard let unit else { return }
    self.unit = nil
    if let source {
      var entry = CatalogEntry(key: unit.key, table: table, value: source, line: unit.line)
      entry.isTranslatable = unit.translatable
      append(entry, locale: sourceLanguage, isSource: true)
    }
    if let target, let targetLanguage, !target.isEmpty {
      var entry = CatalogEntry(
        key: unit.key, table: table, value: target, line: targetLine.0, column: targetLine.1)
      entry.isTranslatable = unit.translatable
      append(entry, locale: targetLanguage, isSource: false)
    }
  }

  private func append(_ entry: CatalogEntry, locale: String, isSource: Bool) {
    if entries[locale] == nil { order.append(locale) }
    if isSource { sourceLocales.insert(locale) }
    entries[locale, default: []].append(entry)
  }
}
