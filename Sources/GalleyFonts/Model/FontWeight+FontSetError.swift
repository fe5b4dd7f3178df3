import GalleyStyle

extension FontWeight {
  /// The CSS weight of a ladder step or CSS weight, or a font-set error.
  ///
  /// The same table as `FontWeight.cssWeight(for:)`, for code that reports an invalid
  /// weight as a ``FontSetError``, as ``FontSet/resolve(family:weight:italic:strict:)`` does.
  ///
  /// - Parameter weight: A ladder step (-3...3) or a CSS weight (100...1000).
  /// - Returns: The CSS weight (ladder step 1 gives 700).
  /// - Throws: ``FontSetError/Kind/invalidWeight`` for any other value.
  public static func cssWeight(_ weight: Int) throws(FontSetError) -> Int {
    guard let css = cssWeight(for: weight) else {
      throw FontSetError(
        .invalidWeight,
        "weight \(weight) is neither a ladder step in -3...3 nor a CSS weight in 100...1000")
    }
    return css
  }
}
