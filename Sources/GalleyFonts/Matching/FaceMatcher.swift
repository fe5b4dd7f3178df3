/// The CSS Fonts 4 font matching rules (§5.2), applied to the faces of one family.
///
/// The order is width, then style, then weight:
/// - width: the desired width (normal, 100, by default) first; for a width of 100 or less,
///   narrower widths from the widest down, then wider ones from the narrowest up; for a wider
///   one, wider widths from the narrowest up, then narrower ones from the widest down;
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
  ///   - width: The desired width in percent of normal.
  /// - Returns: The best face, or `nil` when `faces` is empty.
  public static func bestFace(
    in faces: [FaceDescriptor], weight: Int, isItalic: Bool, width: Int = 100
  ) -> FaceDescriptor? {
    guard !faces.isEmpty else { return nil }
    let width = preferredWidth(width, among: faces.map(\.width))
    let sameWidth = faces.filter { $0.width == width }
    let slants: [FaceDescriptor.Slant] =
      isItalic ? [.italic, .oblique, .upright] : [.upright, .oblique, .italic]
    let slant = slants.first { slant in sameWidth.contains { $0.slant == slant } } ?? .upright
    let candidates = sameWidth.filter { $0.slant == slant }
    let chosenWeight = preferredWeight(weight, among: candidates.map(\.weight))
    return candidates.first { $0.weight == chosenWeight }
  }

  /// The width CSS would pick for a desired width.
  static func preferredWidth(_ desired: Int = 100, among widths: [Int]) -> Int {
    if widths.contains(desired) { return desired }
    let narrower = widths.filter { $0 < desired }
    let wider = widths.filter { $0 > desired }
    if desired <= 100 { return narrower.max() ?? wider.min() ?? desired }
    return wider.min() ?? narrower.max() ?? desired
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
