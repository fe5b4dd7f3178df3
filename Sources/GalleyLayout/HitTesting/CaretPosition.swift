/// A caret position: a UTF-16 offset between characters, and the character the caret sits
/// beside.
///
/// In text of one direction the offset alone says where the caret is drawn. Where runs of
/// different directions meet, and at the end of a wrapped line, one offset has two places on
/// screen: the affinity picks one, as UIKit's and Android's text affinities do.
public struct CaretPosition: Hashable, Sendable, Codable {
  /// Which character a caret position belongs to.
  public enum Affinity: String, Hashable, Sendable, Codable {
    /// The character before the offset: the caret is drawn at that character's trailing
    /// edge (its right in left-to-right text, its left in right-to-left text).
    case upstream
    /// The character at the offset: the caret is drawn at that character's leading edge.
    case downstream
  }

  /// The offset in the text (UTF-16).
  public var index: Int
  /// The character the caret belongs to.
  public var affinity: Affinity

  /// Creates a caret position.
  ///
  /// - Parameters:
  ///   - index: The offset (UTF-16).
  ///   - affinity: The character it belongs to.
  public init(index: Int, affinity: Affinity) {
    self.index = index
    self.affinity = affinity
  }
}
