extension LayoutError.Kind {
  /// ICU's bidi analysis (UBiDi) failed.
  public static let bidiAnalysisFailed = LayoutError.Kind(rawValue: "bidiAnalysisFailed")
}
