/// One check a string failed, with where the string is and the check's figures.
package struct CheckFailure: Hashable, Sendable, Codable {
  /// The four checks, in the order they run.
  package enum Check: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    /// The string formats as strict markup once its placeholders are filled.
    case markup
    /// The translation keeps the source's links and placeholders.
    case structure
    /// Every character has a glyph in the label's fonts or their fallbacks.
    case coverage
    /// The text fits its label whole.
    case fit

    /// Orders checks as they run.
    package static func < (lhs: Check, rhs: Check) -> Bool {
      allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
  }

  /// The string's key.
  package var key: String
  /// Its plural or variation form, if any (`one`, `device.iphone`, `[2]`).
  package var form: String?
  /// Its table, if the format has tables and it is not `""`.
  package var table: String?
  /// The locale.
  package var locale: String
  /// The check that failed.
  package var check: Check
  /// The catalog file.
  package var file: String
  /// The 1-based line in the file (the string's, or the error's for markup), 0 when unknown.
  package var line: Int
  /// The 1-based column, for markup errors where it is known.
  package var column: Int?
  /// What is wrong, for people.
  package var message: String
  /// The string as the catalog holds it.
  package var text: String
  /// The source string a translation was compared with, or `nil` for a source string.
  package var source: String?
  /// The label that holds the key (`labels[2]`), or `nil` for a key in no label.
  package var label: String?
  /// The markup check's figures.
  package var markup: MarkupFigures?
  /// The structure check's figures.
  package var structure: StructureFigures?
  /// The coverage check's figures.
  package var coverage: CoverageFigures?
  /// The fit check's figures.
  package var fit: FitFigures?

  /// The key with its form, as the report names the string: `files[one]`.
  package var name: String {
    let base = table.map { "\($0):\(key)" } ?? key
    guard let form else { return base }
    return form.hasPrefix("[") ? base + form : "\(base)[\(form)]"
  }
}

/// Where markup failed: the error's kind (as `galley format` names it) and its offset in
/// the string, in UTF-16 code units.
package struct MarkupFigures: Hashable, Sendable, Codable {
  /// The markup error's kind, such as `unknownCode`.
  package var kind: String
  /// The error's offset in the catalog string, in UTF-16 code units.
  package var offset: Int
}

/// What a translation changed of its source's structure.
package struct StructureFigures: Hashable, Sendable, Codable {
  /// The source's link targets (`""` for a link without one), sorted.
  package var sourceLinks: [String]
  /// The translation's.
  package var links: [String]
  /// Placeholders the source has and the translation lacks, as the source writes them.
  package var missingPlaceholders: [String]
  /// Placeholders the translation has and the source lacks.
  package var extraPlaceholders: [String]
}

/// The characters no face of the label (fallbacks included) has a glyph for.
package struct CoverageFigures: Hashable, Sendable, Codable {
  /// The characters, each once, in the text's order.
  package var characters: [String]
  /// Their code points, as `U+0E01`.
  package var codePoints: [String]
}

/// How much room a string lacks: what it needs laid out whole and what the label has.
package struct FitFigures: Hashable, Sendable, Codable {
  /// The lines the text takes whole (no line limit, no height, no autoshrink; a one-line
  /// label's text unwrapped).
  package var lines: Int
  /// The label's line limit, if any.
  package var maxLines: Int?
  /// Lines past the limit.
  package var missingLines: Int?
  /// The widest line's width, whole, in points.
  package var width: Double
  /// The width the label gives lines (its width less its insets), if limited.
  package var availableWidth: Double?
  /// Points a one-line label lacks.
  package var missingWidth: Double?
  /// The text's height whole, in points.
  package var height: Double
  /// The height the label gives lines, if limited.
  package var availableHeight: Double?
  /// Points of height the text lacks.
  package var missingHeight: Double?
  /// The label's smallest autoshrink scale (1: none).
  package var minScale: Double
  /// The scale the text would need to fit whole, or `nil` when no scale down to 0.1 fits it.
  package var neededScale: Double?
}
