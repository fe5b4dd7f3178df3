/// Galley's version, which `galley --version` prints and the render cache's keys include.
package enum GalleyVersion {
  /// The version, such as `0.1.0`.
  package static let current = "0.1.0"
}
