internal import CHarfBuzz
import Synchronization

/// Shaping plans for the feature lists HarfBuzz should not keep: lists past the interning
/// limit, and features given as ranges (``ShapingFeatures/ranged(_:)``).
///
/// `hb_shape` keeps the plan of every feature list it meets in a list per face, searched on
/// every call, for the face's life: a process fed many distinct lists (an HTTP server) would
/// grow it without bound. These lists shape through `hb_shape_plan_create2`, whose plans
/// HarfBuzz does not keep, and `hb_shape_plan_execute`. A plan depends on the face, the segment
/// properties (direction, script, language), the font's normalized coordinates and each
/// feature's tag, value and whether it is global, in order, never on the ranges, which the
/// execution reads from the features it is given: so one plan serves every buffer whose
/// features have the same tags and values, with exactly `hb_shape`'s glyphs. A font keeps at
/// most ``limit`` (``LayoutEngine/Accelerators/shapingPlans``); past that, or without the
/// accelerator, a plan is made for the call and destroyed. The corresponding C functions are
/// `hb_buffer_get_segment_properties` and `hb_font_get_var_coords_normalized`, and
/// `hb_shape_plan_destroy`.
///
/// `@unchecked Sendable`: the plans are immutable once made (HarfBuzz shares its own between
/// threads), and the table is behind a mutex.
final class ShapingPlans: @unchecked Sendable {
  /// What a plan depends on besides the font.
  private struct Key: Hashable {
    var direction: UInt32
    var script: UInt32
    var language: UInt
    /// Each feature's tag, value and globalness, in order.
    var features: [UInt64]
  }

  /// An `hb_shape_plan_t`, immutable once made.
  private struct Plan: @unchecked Sendable {
    let handle: OpaquePointer
  }

  /// The most plans one font keeps.
  static let limit = 64

  private let plans = Mutex<[Key: Plan]>([:])

  deinit {
    plans.withLock { table in
      for plan in table.values { hb_shape_plan_destroy(plan.handle) }
    }
  }

  /// Shapes `buffer` (its segment properties set) with `font` and `features`, through a
  /// plan kept for their tags and values.
  ///
  /// - Parameters:
  ///   - buffer: The `hb_buffer_t`.
  ///   - font: The `hb_font_t` the plans belong to.
  ///   - features: The features.
  func shape(
    _ buffer: OpaquePointer, font: OpaquePointer, features: UnsafeBufferPointer<hb_feature_t>
  ) {
    var properties = hb_segment_properties_t()
    hb_buffer_get_segment_properties(buffer, &properties)
    let key = Key(
      direction: properties.direction.rawValue, script: properties.script.rawValue,
      language: UInt(bitPattern: properties.language),
      features: features.map { feature in
        let isGlobal: UInt64 = feature.start == 0 && feature.end == UInt32.max ? 1 : 0
        return UInt64(feature.tag) << 32 | UInt64(feature.value) << 1 | isGlobal
      })
    if let plan = plans.withLock({ $0[key] }) {
      Self.execute(plan, buffer, font: font, features: features)
      return
    }
    let made = Self.plan(&properties, font: font, features: features)
    Self.execute(made, buffer, font: font, features: features)
    let kept = plans.withLock { table in
      guard table[key] == nil, table.count < Self.limit else { return false }
      table[key] = made
      return true
    }
    if !kept { hb_shape_plan_destroy(made.handle) }
  }

  /// Shapes `buffer` with a plan made for the call and destroyed: the reference path's way.
  ///
  /// - Parameters:
  ///   - buffer: The `hb_buffer_t`, its segment properties set.
  ///   - font: The `hb_font_t`.
  ///   - features: The features.
  static func shapeOnce(
    _ buffer: OpaquePointer, font: OpaquePointer, features: UnsafeBufferPointer<hb_feature_t>
  ) {
    var properties = hb_segment_properties_t()
    hb_buffer_get_segment_properties(buffer, &properties)
    let made = plan(&properties, font: font, features: features)
    execute(made, buffer, font: font, features: features)
    hb_shape_plan_destroy(made.handle)
  }

  /// A plan HarfBuzz does not keep (`hb_shape_plan_create2`).
  private static func plan(
    _ properties: inout hb_segment_properties_t, font: OpaquePointer,
    features: UnsafeBufferPointer<hb_feature_t>
  ) -> Plan {
    var count: UInt32 = 0
    let coordinates = hb_font_get_var_coords_normalized(font, &count)
    return Plan(
      handle: hb_shape_plan_create2(
        hb_font_get_face(font), &properties, features.baseAddress, UInt32(features.count),
        coordinates, count, nil))
  }

  /// Shapes with a plan (`hb_shape_plan_execute`).
  private static func execute(
    _ plan: Plan, _ buffer: OpaquePointer, font: OpaquePointer,
    features: UnsafeBufferPointer<hb_feature_t>
  ) {
    hb_shape_plan_execute(
      plan.handle, font, buffer, features.baseAddress, UInt32(features.count))
  }
}
