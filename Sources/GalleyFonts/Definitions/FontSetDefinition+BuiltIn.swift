import Foundation

extension FontSetDefinition {
  /// The definitions loaded by default: `FontSets/aliases.json`, compiled in.
  public static let builtIn: [FontSetDefinition] = builtInSources.compactMap { source in
    // The sources are checked by a test against FontSets/, so parsing cannot fail here; a
    // broken edit would drop the file rather than crash a program that uses Galley.
    try? FontSetDefinition(json: Data(source.json.utf8), source: "built-in:\(source.name)")
  }
}
