import Foundation

/// Reads Xcode string catalogs (`.xcstrings`, JSON): every locale of every key.
///
/// Plural, device and width variations make forms (each case one), and substitutions
/// (`%#@name@`) are expanded like `.stringsdict`'s variables. A key with no source
/// localization is its own source text, as Xcode reads it; `shouldTranslate: false` keys are
/// not translated.
enum XCStringsReader {
  /// Reads one file.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - file: The file's name.
  /// - Returns: One catalog per locale, the source's first.
  /// - Throws: ``CatalogError`` for JSON that does not read or is not a string catalog.
  static func read(_ bytes: [UInt8], file: String) throws(CatalogError) -> [Catalog] {
    let text = try CatalogText(bytes, file: file)
    let root = try JSONText.object(text.string, file: file)
    guard let source = root["sourceLanguage"] as? String,
      let strings = root["strings"] as? [String: Any]
    else {
      throw CatalogError(file: file, "is not a string catalog (no sourceLanguage and strings)")
    }
    let sourceLocale = LocaleTag.canonical(source) ?? source
    let table = AppleLocale.table(of: file)
    var byLocale: [String: [CatalogEntry]] = [sourceLocale: []]
    let positions = JSONKeyPositions(text.utf8)
    for key in strings.keys.sorted() {
      let record = strings[key] as? [String: Any] ?? [:]
      let translatable = record["shouldTranslate"] as? Bool ?? true
      let keyOffset = positions.offset(of: ["strings", key]) ?? 0
      let localizations = record["localizations"] as? [String: Any] ?? [:]
      if localizations[source] == nil {
        var entry = CatalogEntry(
          key: key, table: table, value: key,
          line: text.position(ofUTF8Offset: keyOffset).line)
        entry.isTranslatable = translatable
        byLocale[sourceLocale, default: []].append(entry)
      }
      for (language, value) in localizations {
        guard let localization = value as? [String: Any] else { continue }
        let locale = LocaleTag.canonical(language) ?? language
        let line = positions.offset(of: ["strings", key, "localizations", language]).map {
          text.position(ofUTF8Offset: $0).line
        }
        for (form, string) in forms(of: localization) {
          var entry = CatalogEntry(
            key: key, table: table, form: form, value: string, line: line ?? 0)
          entry.isTranslatable = translatable
          byLocale[locale, default: []].append(entry)
        }
      }
    }
    let locales = [sourceLocale] + byLocale.keys.filter { $0 != sourceLocale }.sorted()
    return locales.map {
      Catalog(
        file: file, format: .xcstrings, locale: $0, isSource: $0 == sourceLocale,
        entries: byLocale[$0] ?? [])
    }
  }

  /// A localization's strings: its string unit, each variation case's (the form
  /// `case` for plurals, `kind.case` otherwise, nested with `.`), and its substitutions'
  /// plural forms.
  static func forms(of localization: [String: Any], path: String? = nil) -> [(String?, String)] {
    var results: [(String?, String)] = []
    if let unit = localization["stringUnit"] as? [String: Any], let value = unit["value"] as? String
    {
      let substitutions = localization["substitutions"] as? [String: Any] ?? [:]
      var variables: [String: PluralExpansion.Variable] = [:]
      for (name, record) in substitutions {
        guard let record = record as? [String: Any] else { continue }
        variables[name] = variable(record)
      }
      for (form, expanded) in PluralExpansion.expand(value, variables: variables) {
        results.append((join(path, form), expanded))
      }
    }
    let variations = localization["variations"] as? [String: Any] ?? [:]
    for kind in variations.keys.sorted() {
      guard let cases = variations[kind] as? [String: Any] else { continue }
      let names = kind == "plural" ? cases.keys.sorted(by: categoryOrder) : cases.keys.sorted()
      for name in names {
        guard let nested = cases[name] as? [String: Any] else { continue }
        let form = kind == "plural" ? name : "\(kind).\(name)"
        results += forms(of: nested, path: join(path, form))
      }
    }
    return results
  }

  /// A substitution's plural forms and the placeholder its `%arg` stands for
  /// (`%1$lld` for `argNum` 1 and `formatSpecifier` `lld`).
  private static func variable(_ record: [String: Any]) -> PluralExpansion.Variable {
    var forms: [String: String] = [:]
    let plural = (record["variations"] as? [String: Any])?["plural"] as? [String: Any] ?? [:]
    for (category, value) in plural {
      if let unit = (value as? [String: Any])?["stringUnit"] as? [String: Any],
        let string = unit["value"] as? String
      {
        forms[category] = string
      }
    }
    let specifier = record["formatSpecifier"] as? String ?? "@"
    let argument = (record["argNum"] as? Int).map { "%\($0)$\(specifier)" } ?? "%\(specifier)"
    return PluralExpansion.Variable(forms: forms, argument: argument)
  }

  private static func join(_ path: String?, _ form: String?) -> String? {
    switch (path, form) {
    case (nil, let form): form
    case (let path, nil): path
    case (let path?, let form?): "\(path).\(form)"
    }
  }

  /// Plural categories in CLDR's order, then other names alphabetically.
  private static func categoryOrder(_ lhs: String, _ rhs: String) -> Bool {
    let order = PluralExpansion.categories
    return (order.firstIndex(of: lhs) ?? order.count, lhs)
      < (order.firstIndex(of: rhs) ?? order.count, rhs)
  }
}

/// Foundation's JSON reader over a catalog's text.
enum JSONText {
  /// The object at the root of a JSON text.
  ///
  /// - Throws: ``CatalogError`` with Foundation's reason, for text that is not a JSON object.
  static func object(_ text: String, file: String) throws(CatalogError) -> [String: Any] {
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    } catch {
      throw CatalogError(file: file, "is not JSON: \((error as NSError).localizedDescription)")
    }
    guard let object = root as? [String: Any] else {
      throw CatalogError(file: file, "is not a JSON object")
    }
    return object
  }
}
