import FuzzSupport

/// libFuzzer's entry point: the whole input, decoded leniently as UTF-8, is markup.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The input's length.
/// - Returns: 0, as libFuzzer requires; a broken property traps instead.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let markup = FuzzInput(data, size).text
  FormatterChecks.check(markup)
  return 0
}
