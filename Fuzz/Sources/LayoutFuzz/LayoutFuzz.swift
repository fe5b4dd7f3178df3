import FuzzSupport

/// libFuzzer's entry point: a few bytes choose the options, the rest is markup.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The input's length.
/// - Returns: 0, as libFuzzer requires; a broken property traps instead.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let layoutCase = LayoutCase(&input)
  FuzzCheck.context = { layoutCase.description }
  LayoutChecks.check(layoutCase)
  return 0
}
