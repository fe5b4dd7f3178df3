// Built with the `Server` trait only (Package.swift).
#if Server
import Foundation

/// Finds the package's `Playground/` directory from where the binary was built: the first
/// folder above the executable that holds both `Package.swift` and `Playground/`.
enum PlaygroundLocator {
  /// The directory, or `nil` when the binary does not sit inside the package.
  ///
  /// - Returns: The path.
  static func packageDirectory() -> String? {
    var folder = URL(fileURLWithPath: CommandLine.arguments.first ?? "")
      .resolvingSymlinksInPath().deletingLastPathComponent()
    for _ in 0..<8 {
      let playground = folder.appendingPathComponent("Playground")
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("Package.swift").path),
        FileManager.default.fileExists(atPath: playground.path, isDirectory: &isDirectory),
        isDirectory.boolValue
      {
        return playground.path
      }
      folder.deleteLastPathComponent()
    }
    return nil
  }
}
#endif
