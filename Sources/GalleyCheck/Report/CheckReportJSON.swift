import Foundation

/// The JSON form of a ``CheckReport``: keys sorted, two-space indentation, no final newline
/// (the writer adds one, as for every document).
package enum CheckReportJSON {
  /// The document.
  ///
  /// - Parameter report: The report.
  /// - Returns: The JSON text.
  package static func encode(_ report: CheckReport) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(report) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }
}
