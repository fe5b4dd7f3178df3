import GalleyFonts

/// `galley font` and `galley fonts` command lines of the usual forms, read without
/// argument-parser, so that `galley font FAMILY` starts about as fast as `fc-match FAMILY`.
///
/// argument-parser's first parse of a command line costs more than the rest of `galley font`,
/// fontconfig's own start-up aside: about 11 million instructions, mostly the Swift runtime's
/// first protocol-conformance and type lookups (docs/benchmarks.md). This reader knows only
/// the forms below and gives `nil` for anything else, so that `galley-engine` reads it with
/// argument-parser and prints its messages:
///
/// - `font`, then one family that does not start with `-`, anywhere among the options;
///   `--weight VALUE` (a value `FontWeight.parse` reads; like argument-parser, which parses
///   it unconditionally, it may start with `-`), `--italic`, `--strict`, `--json`,
///   `--for-text VALUE` and `--language VALUE`;
/// - `fonts`, then `--family VALUE` and `--json`;
/// - for both, `--fontconfig VALUE` and `--no-built-in-aliases`, and the repeatable
///   `--fontset VALUE`, `--font-dir VALUE` and `--font-file VALUE`;
/// - each option at most once unless repeatable; a value that starts with `-` (but for
///   `--weight`) is left to argument-parser, as are `--name=value`, `--`, short options,
///   unknown words, help requests, and values that the query's `validationProblem` refuses.
///
/// `FontCommandLineTests` checks that every command line read here gives the query that
/// argument-parser gives.
package enum FontCommandLine: Hashable, Sendable {
  /// `galley font …`.
  case font(FontQuery)
  /// `galley fonts …`.
  case fonts(FontsQuery)

  /// Reads a command line of one of the forms above, or fails when argument-parser must read
  /// it.
  ///
  /// - Parameter arguments: The arguments after the executable's name.
  package init?(_ arguments: [String]) {
    guard let command = arguments.first else { return nil }
    var reader = Reader(arguments: arguments.dropFirst())
    switch command {
    case "font":
      guard let query = reader.fontQuery(), query.validationProblem == nil else { return nil }
      self = .font(query)
    case "fonts":
      guard let query = reader.fontsQuery(), query.validationProblem == nil else { return nil }
      self = .fonts(query)
    default:
      return nil
    }
  }
}

/// Walks the arguments after the command's name, refusing anything unusual.
private struct Reader {
  /// The arguments left.
  var arguments: ArraySlice<String>
  /// The options seen, so that one given twice is refused.
  var seen: Set<String> = []

  /// The options whose value is appended, so they may be repeated.
  static let repeatable: Set<String> = ["--fontset", "--font-dir", "--font-file"]

  /// The next argument, and whether it is an option (`-` first).
  mutating func next() -> (word: String, isOption: Bool)? {
    guard let word = arguments.popFirst() else { return nil }
    return (word, word.hasPrefix("-"))
  }

  /// An option's value: the next argument, unless it is missing or starts with `-`.
  mutating func value(unconditional: Bool = false) -> String? {
    guard let value = arguments.popFirst(), unconditional || !value.hasPrefix("-") else {
      return nil
    }
    return value
  }

  /// Whether an option may be taken: not seen before, or repeatable.
  mutating func isNew(_ option: String) -> Bool {
    seen.insert(option).inserted || Self.repeatable.contains(option)
  }

  /// `galley font`'s arguments.
  mutating func fontQuery() -> FontQuery? {
    var query = FontQuery(family: "")
    var family: String?
    while let (word, isOption) = next() {
      guard isOption else {
        guard family == nil else { return nil }
        family = word
        continue
      }
      guard isNew(word) else { return nil }
      switch word {
      case "--italic": query.italic = true
      case "--describe": query.describes = true
      case "--strict": query.strict = true
      case "--json": query.json = true
      case "--weight":
        guard let text = value(unconditional: true), let weight = FontWeight.parse(text)
        else { return nil }
        query.weight = weight
      case "--for-text":
        guard let text = value() else { return nil }
        query.text = text
      case "--language":
        guard let language = value() else { return nil }
        query.language = language
      default:
        guard read(sourceOption: word, into: &query.sources) else { return nil }
      }
    }
    guard let family else { return nil }
    query.family = family
    return query
  }

  /// `galley fonts`' arguments.
  mutating func fontsQuery() -> FontsQuery? {
    var query = FontsQuery()
    while let (word, isOption) = next() {
      guard isOption, isNew(word) else { return nil }
      switch word {
      case "--json": query.json = true
      case "--family":
        guard let family = value() else { return nil }
        query.family = family
      default:
        guard read(sourceOption: word, into: &query.sources) else { return nil }
      }
    }
    return query
  }

  /// One of the options that say where fonts come from.
  ///
  /// - Returns: `false` for another word, or a missing value.
  mutating func read(sourceOption option: String, into sources: inout FontSources) -> Bool {
    switch option {
    case "--no-built-in-aliases": sources.includesBuiltInAliases = false
    case "--fontconfig", "--fontset", "--font-dir", "--font-file":
      guard let value = value() else { return false }
      switch option {
      case "--fontconfig": sources.fontconfigFile = value
      case "--fontset": sources.fontsets.append(value)
      case "--font-dir": sources.fontDirectories.append(value)
      default: sources.fontFiles.append(value)
      }
    default: return false
    }
    return true
  }
}
