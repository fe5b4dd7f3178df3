import GalleyLayout
import GalleyRender
import GalleyTools

extension Failure {
  /// Text and options that cannot be laid out.
  ///
  /// - Parameter error: The layout error.
  package init(_ error: LayoutError) {
    self.init(.layout, kind: error.kind.rawValue, error.message)
  }

  /// A layout that cannot be drawn, such as an image over the limits.
  ///
  /// - Parameter error: The render error.
  package init(_ error: RenderError) {
    self.init(.drawing, kind: error.kind.rawValue, error.message)
  }
}
