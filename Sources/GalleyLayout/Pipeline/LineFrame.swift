/// The output of line stacking: where one line sits in the layout box, in 26.6.
///
/// Read by the builders.
struct LineFrame {
  /// The line's left edge after alignment.
  var x: Int64
  /// The top of the line box.
  var top: Int64
  /// The height of the line box.
  var height: Int64
  /// The baseline, from the top of the layout box.
  var baseline: Int64
}

/// All lines' frames and the box they fill.
struct LineStack {
  /// One frame per line, top to bottom.
  var frames: [LineFrame]
  /// The box width: the width asked for, or the widest line's and the left and right insets.
  var width: Int64
  /// The box height: the height asked for, or the lines' (spacing included) and the top and
  /// bottom insets.
  var height: Int64
}
