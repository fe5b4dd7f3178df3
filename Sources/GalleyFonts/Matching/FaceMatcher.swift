/// The CSS Fonts 4 font matching rules (§5.2), applied to the faces of one family.
///
/// The order is width, then style, then weight:
/// - width: normal (100) first; otherwise narrower widths from the widest down, then wider
///   ones from the narrowest up;
/// - style: for italic, italic then oblique then upright; otherwise upright then oblique then
///   italic;
/// - weight: for a desired weight from 400 to 500, weights from it up to 500 ascending, then
///   lighter ones descending, then heavier ones ascending; below 400, lighter or equal
///   descending, then heavier ascending; above 500, heavier or equal ascending, then lighter
///   descending.
public enum FaceMatcher {
  /// The face CSS would pick.
  ///
  /// - Parameters:
  ///   - faces: The faces of one family.
  ///   - weight: The desired CSS weight, 1...1000.
  ///   - isItalic: Whether italic is desired.
  /// - Returns: The best face, or `nil` when `faces` is empty.
  public static func bestFace(
    in faces: [FaceDescriptor], weight: Int, isItalic: Bool
  ) -> FaceDescriptor? {
    guard !faces.isEmpty else { return nil }
    let width = preferredWidth(among: faces.map(\.width))
    let sameWidth = faces.filter { $0.width == width }
    let slants: [FaceDescriptor.Slant] =
      isItalic ? [.italic, .oblique, .upright] : [.upright, .oblique, .italic]
    let slant = slants.first { slant in sameWidth.contains { $0.slant == slant } } ?? .upright
    let candidates = sameWidth.filter { $0.slant == slant }
    let chosenWeight = preferredWeight(weight, among: candidates.map(\.weight))
    return candidates.first { $0.weight == chosenWeight }
  }

  /// The width CSS would pick for a desired normal width.
  static func preferredWidth(among widths: [Int]) -> Int {
    if widths.contains(100) { return 100 }
    if let narrower = widths.filter({ $0 < 100 }).max() { return narrower }
    return widths.min() ?? 100
  }

  /// The weight CSS would pick among the available ones.
  ///
  /// - Parameters:
  ///   - desired: The desired CSS weight.
  ///   - available: The weights on offer; must not be empty for a meaningful answer.
  /// - Returns: The chosen weight, or `desired` when nothing is on offer.
  public static func preferredWeight(_ desired: Int, among available: [Int]) -> Int {
    if available.contains(desired) { return desired }
    let lighter = available.filter { $0 < desired }
    let heavier = available.filter { $0 > desired }
    if desired >= 400, desired <= 500 {
      if let upTo500 = heavier.filter({ $0 <= 500 }).min() { return upTo500 }
      if let below = lighter.max() { return below }
      return heavier.min() ?? desired
    }
    if desired < 400 {
      return lighter.max() ?? heavier.min() ?? desired
    }
    return heavier.min() ?? lighter.max() ?? desired
  }
}
