/// A key pattern of a spec's label: an exact key, or a glob where `*` matches any run of
/// characters (dots included) and `?` one character.
package struct KeyPattern: Hashable, Sendable, CustomStringConvertible {
  /// The pattern as written.
  package let description: String
  private let characters: [Character]

  /// Creates a pattern.
  ///
  /// - Parameter text: The pattern.
  package init(_ text: String) {
    description = text
    characters = Array(text)
  }

  /// Whether the pattern matches a key.
  ///
  /// - Parameter key: The key.
  /// - Returns: Whether it matches.
  package func matches(_ key: String) -> Bool {
    let text = Array(key)
    // Greedy matching with one backtrack point per `*`: linear in practice, quadratic at worst.
    var (pattern, index) = (0, 0)
    var star: (pattern: Int, index: Int)?
    while index < text.count {
      if pattern < characters.count,
        characters[pattern] == "?"
          || (characters[pattern] != "*" && characters[pattern] == text[index])
      {
        pattern += 1
        index += 1
      } else if pattern < characters.count, characters[pattern] == "*" {
        star = (pattern, index)
        pattern += 1
      } else if let last = star {
        pattern = last.pattern + 1
        index = last.index + 1
        star = (last.pattern, last.index + 1)
      } else {
        return false
      }
    }
    while pattern < characters.count, characters[pattern] == "*" { pattern += 1 }
    return pattern == characters.count
  }
}
