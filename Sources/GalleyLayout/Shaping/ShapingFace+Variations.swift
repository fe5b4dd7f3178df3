internal import CHarfBuzz

extension ShapingFace {
  /// The design coordinates of a variable face for the font of `namedInstance` (1-based, as
  /// fontconfig numbers them; 0 for the face's defaults) with `variations` set over them, each
  /// clamped to its axis; the axes `variations` names that the face lacks are ignored.
  ///
  /// With an `opticalSize`, an `opsz` axis that `variations` does not set follows it (CSS
  /// `font-optical-sizing: auto`: the size in points).
  ///
  /// - Returns: One value per axis of ``axes``, in their order; empty for a face without axes.
  func designCoordinates(
    namedInstance: Int, variations: FontVariations, opticalSize: Double? = nil
  ) -> [Float] {
    guard !axes.isEmpty else { return [] }
    var variations = variations
    if let opticalSize, variations.value(forTag: Self.opticalSizeTag) == nil,
      axes.contains(where: { $0.tag == Self.opticalSizeTag })
    {
      variations.set(FontVariations.Variation(tag: Self.opticalSizeTag, value: opticalSize))
    }
    var coordinates = axes.map(\.default_value)
    if namedInstance > 0 {
      var count = UInt32(coordinates.count)
      _ = hb_ot_var_named_instance_get_design_coords(
        handle, UInt32(namedInstance - 1), &count, &coordinates)
    }
    for variation in variations.variations {
      guard let index = axes.firstIndex(where: { $0.tag == variation.tag }) else { continue }
      let axis = axes[index]
      coordinates[index] = min(axis.max_value, max(axis.min_value, Float(variation.value)))
    }
    return coordinates
  }

  /// The name of the named instance at exactly `coordinates` (its subfamily, such as
  /// `SemiBold`), or `nil` when none is there.
  ///
  /// The corresponding C functions are `hb_ot_var_get_named_instance_count`,
  /// `hb_ot_var_named_instance_get_design_coords`,
  /// `hb_ot_var_named_instance_get_subfamily_name_id` and `hb_ot_name_get_utf8`.
  func namedInstance(at coordinates: [Float]) -> String? {
    guard !axes.isEmpty else { return nil }
    var instance = [Float](repeating: 0, count: axes.count)
    for index in 0..<hb_ot_var_get_named_instance_count(handle) {
      var count = UInt32(instance.count)
      _ = hb_ot_var_named_instance_get_design_coords(handle, index, &count, &instance)
      guard instance == coordinates else { continue }
      let nameID = hb_ot_var_named_instance_get_subfamily_name_id(handle, index)
      var size: UInt32 = 0
      let length = hb_ot_name_get_utf8(handle, nameID, nil, &size, nil)
      guard length > 0 else { return nil }
      var bytes = [CChar](repeating: 0, count: Int(length) + 1)
      size = UInt32(bytes.count)
      _ = hb_ot_name_get_utf8(handle, nameID, nil, &size, &bytes)
      return String(decoding: bytes.prefix(Int(size)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    return nil
  }

  /// The tag of the optical size axis, `opsz`.
  static let opticalSizeTag: UInt32 = 0x6F70_737A

  /// The design axes of `face`, in the face's order; empty for a face that is not variable.
  ///
  /// The corresponding C functions are `hb_ot_var_has_data` and `hb_ot_var_get_axis_infos`.
  static func axes(of face: OpaquePointer) -> [hb_ot_var_axis_info_t] {
    guard hb_ot_var_has_data(face) != 0 else { return [] }
    let total = hb_ot_var_get_axis_count(face)
    var axes = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(total))
    var count = total
    _ = hb_ot_var_get_axis_infos(face, 0, &count, &axes)
    return Array(axes.prefix(Int(count)))
  }
}
