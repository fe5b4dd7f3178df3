import Foundation
import Testing

/// The `Golden` folder of the test target that holds `filePath`: the nearest `Golden` in the
/// file's folder or in a folder above it, so that tests in subfolders share their target's
/// goldens.
public func goldenFolder(for filePath: String) -> URL {
  let start = URL(fileURLWithPath: filePath).deletingLastPathComponent()
  var folder = start
  while folder.pathComponents.count > 1 {
    let candidate = folder.appendingPathComponent("Golden")
    if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
    folder = folder.deletingLastPathComponent()
  }
  return start.appendingPathComponent("Golden")
}

/// Compares `actual` with `Golden/<name>` of the calling test file's target
/// (``goldenFolder(for:)``).
///
/// - Parameters:
///   - actual: The text the test produced; paths under the package root are compared and
///     recorded as ``GoldenPaths/normalized(_:)`` writes them.
///   - name: The golden file's name, topic first (`format-listing.txt`).
///   - filePath: The calling test file; its folder holds `Golden/`.
///   - sourceLocation: Where failures are reported.
/// - Throws: When the golden cannot be read or written.
///
/// A missing golden is written and the test fails, so a new baseline is never accepted
/// unseen. `UPDATE_GOLDEN=1 swift test` rewrites every golden; review them with `git diff`.
public func expectGolden(
  _ actual: String, named name: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let actual = GoldenPaths.normalized(actual)
  let url = goldenFolder(for: filePath).appendingPathComponent(name)
  let exists = FileManager.default.fileExists(atPath: url.path)
  if !exists || ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil {
    try actual.write(to: url, atomically: true, encoding: .utf8)
    if !exists {
      Issue.record(
        "wrote new golden \(name); review it and run again", sourceLocation: sourceLocation)
    }
    return
  }
  let expected = try String(contentsOf: url, encoding: .utf8)
  #expect(actual == expected, "\(name) differs from its golden", sourceLocation: sourceLocation)
}
