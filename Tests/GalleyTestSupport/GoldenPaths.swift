import Foundation

/// How goldens write paths inside the package: from `$GALLEY_ROOT`, a fixed name for the
/// package's root folder, so that a golden holds no path of the machine that recorded it.
///
/// A face's `file` in a golden reads `$GALLEY_ROOT/Tests/Fonts/dejavu/DejaVuSans.ttf`.
public enum GoldenPaths {
  /// The text that stands for ``HermeticFonts/packageRoot`` in goldens.
  public static let rootPlaceholder = "$GALLEY_ROOT"

  /// Text as a golden holds it: every path under the package root starts with
  /// ``rootPlaceholder``.
  ///
  /// - Parameter text: Output of a test, such as a layout document or `galley font`'s listing.
  /// - Returns: The text with ``HermeticFonts/packageRoot`` replaced.
  public static func normalized(_ text: String) -> String {
    text.replacingOccurrences(
      of: HermeticFonts.packageRoot + "/", with: rootPlaceholder + "/")
  }

  /// A golden's text with ``rootPlaceholder`` replaced by this checkout's package root, for a
  /// test that reads a golden as its input (a layout whose faces it draws).
  ///
  /// - Parameter golden: The golden's text.
  /// - Returns: The text with real paths.
  public static func resolved(_ golden: String) -> String {
    golden.replacingOccurrences(
      of: rootPlaceholder + "/", with: HermeticFonts.packageRoot + "/")
  }
}
