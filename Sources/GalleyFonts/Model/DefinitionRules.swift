/// The merged FontSets definitions, keyed by normalized family name; later files win.
struct DefinitionRules: Sendable {
  var aliases: [String: [String]] = [:]
  var ladders: [String: [Int: FontSetDefinition.LadderEntry]] = [:]
  var weights: [String: [String: Int]] = [:]
  /// Normalized family → normalized language tag (``FontSetDefinition/normalizedLanguageTag(_:)``)
  /// → families to try.
  var languages: [String: [String: [String]]] = [:]

  init(_ definitions: [FontSetDefinition]) {
    for definition in definitions {
      for (family, targets) in definition.aliases {
        aliases[FontSetDefinition.normalized(family)] = targets
      }
      for (family, ladder) in definition.ladders {
        ladders[FontSetDefinition.normalized(family)] = ladder
      }
      for (family, styles) in definition.weights {
        var normalized: [String: Int] = [:]
        for (style, weight) in styles { normalized[FontSetDefinition.normalized(style)] = weight }
        weights[FontSetDefinition.normalized(family), default: [:]].merge(normalized) { $1 }
      }
      for (family, tags) in definition.languages {
        var normalized: [String: [String]] = [:]
        for (tag, families) in tags {
          if let key = FontSetDefinition.normalizedLanguageTag(tag) { normalized[key] = families }
        }
        languages[FontSetDefinition.normalized(family), default: [:]].merge(normalized) { $1 }
      }
    }
  }
}
