/// Every string read, the source's and each locale's, each string once.
///
/// Catalogs in the source locale (``Catalog/isSource``, or in the source locale) give the
/// source strings; the others, their locale's translations. A string that two files give
/// (the same table, key and form) is taken from the first file read.
package struct CatalogSet: Sendable {
  /// A string and the file it was read from.
  package struct Located: Hashable, Sendable {
    /// The string.
    package var entry: CatalogEntry
    /// Its file.
    package var file: String
    /// The file's format.
    package var format: CatalogFormat
  }

  /// The source locale.
  package let sourceLocale: String
  /// The source strings, in the order read.
  package private(set) var source: [Located] = []
  /// Each locale's translations, in the order read.
  package private(set) var translations: [String: [Located]] = [:]
  /// The files read.
  package var files: [String] = []
  private var sourceIndex: [CatalogEntry.Identity: Int] = [:]
  /// The last source string of each table and key, whatever its form.
  private var lastOfKey: [KeyName: Int] = [:]
  private var translationIndex: [String: Set<CatalogEntry.Identity>] = [:]

  /// An empty set.
  ///
  /// - Parameter sourceLocale: The source locale.
  package init(sourceLocale: String) { self.sourceLocale = sourceLocale }

  /// The locales with translations, sorted.
  package var locales: [String] { translations.keys.sorted() }

  /// Adds a catalog's strings.
  ///
  /// - Parameter catalog: The catalog.
  package mutating func add(_ catalog: Catalog) {
    let isSource = catalog.isSource || catalog.locale == sourceLocale
    for entry in catalog.entries {
      let located = Located(entry: entry, file: catalog.file, format: catalog.format)
      if isSource {
        guard sourceIndex[entry.identity] == nil else { continue }
        sourceIndex[entry.identity] = source.count
        lastOfKey[KeyName(table: entry.table, key: entry.key)] = source.count
        source.append(located)
      } else {
        guard translationIndex[catalog.locale, default: []].insert(entry.identity).inserted
        else { continue }
        translations[catalog.locale, default: []].append(located)
      }
    }
    if !isSource, translations[catalog.locale] == nil { translations[catalog.locale] = [] }
  }

  /// Adds strings to a locale (a pseudo-locale's, made from the source).
  ///
  /// - Parameters:
  ///   - strings: The strings.
  ///   - locale: The locale.
  package mutating func add(_ strings: [Located], locale: String) {
    for located in strings
    where translationIndex[locale, default: []].insert(located.entry.identity).inserted {
      translations[locale, default: []].append(located)
    }
  }

  /// The source string a translation is checked against: for a plural form (a CLDR
  /// category, or gettext's `[n]`), the source's `other` form (gettext's `msgid_plural`),
  /// which has every placeholder; else the same table, key and form; else the key's last
  /// form, else the key without a form.
  ///
  /// - Parameters:
  ///   - identity: The translation's identity.
  ///   - format: The translation's format.
  /// - Returns: The source string, or `nil` for a key the source lacks.
  package func source(for identity: CatalogEntry.Identity, format: CatalogFormat) -> Located? {
    if let form = identity.form, let other = Self.otherForm(of: form, format: format) {
      var plural = identity
      plural.form = other
      if let index = sourceIndex[plural] { return source[index] }
    }
    if let index = sourceIndex[identity] { return source[index] }
    return lastOfKey[KeyName(table: identity.table, key: identity.key)].map { source[$0] }
  }

  /// The `other` form of a plural form's variable (`files.one` gives `files.other`), `[1]`
  /// for gettext's `[n]`, or `nil` for a form that is no plural category.
  static func otherForm(of form: String, format: CatalogFormat) -> String? {
    if format == .gettext { return "[1]" }
    let parts = form.split(separator: ".")
    guard let last = parts.last, PluralExpansion.categories.contains(String(last)) else {
      return nil
    }
    return (parts.dropLast().map(String.init) + ["other"]).joined(separator: ".")
  }

  /// The source strings a locale has no translation for, translatable ones only: the app
  /// shows the source's text instead.
  ///
  /// - Parameter locale: The locale.
  /// - Returns: The untranslated source strings, each key once.
  package func missing(in locale: String) -> [Located] {
    let present = Set(
      (translations[locale] ?? []).map { KeyName(table: $0.entry.table, key: $0.entry.key) })
    var seen: Set<KeyName> = []
    return source.filter {
      let name = KeyName(table: $0.entry.table, key: $0.entry.key)
      return $0.entry.isTranslatable && !present.contains(name) && seen.insert(name).inserted
    }
  }

  private struct KeyName: Hashable {
    var table: String
    var key: String
  }
}
