internal import CFontconfig

/// Owns an `FcObjectSet`: the properties a listing copies out.
///
/// The corresponding C functions are `FcObjectSetCreate`, `FcObjectSetAdd` and
/// `FcObjectSetDestroy` (`FcObjectSetBuild` is variadic, which Swift cannot call).
final class ObjectSet {
  let handle: UnsafeMutablePointer<FcObjectSet>

  /// A set of the given objects; `nil` only when memory runs out.
  init?(_ objects: [String]) {
    guard let handle = FcObjectSetCreate() else { return nil }
    self.handle = handle
    for object in objects { _ = FcObjectSetAdd(handle, object) }
  }

  deinit { FcObjectSetDestroy(handle) }
}
