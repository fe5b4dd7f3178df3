import FuzzSupport

/// libFuzzer's entry point: the whole input, decoded leniently as UTF-8, is read as a feature
/// list, a coordinate list and a font description.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The input's length.
/// - Returns: 0, as libFuzzer requires; a broken property traps instead.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = FuzzInput(data, size).text
  FuzzCheck.context = { text.debugDescription }
  TypographyChecks.checkFeatures(text)
  TypographyChecks.checkVariations(text)
  TypographyChecks.checkDescription(text)
  return 0
}
