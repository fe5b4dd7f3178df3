import FuzzSupport
@_spi(Fuzzing) import GalleyCheck

/// libFuzzer's entry point: the first byte chooses the file's name (and so its reader and
/// locale), the rest is the file, read as bytes.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The input's length.
/// - Returns: 0, as libFuzzer requires; a broken property traps instead.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let paths = CatalogFuzzing.paths
  let path = paths[Int(input.byte()) % paths.count]
  let bytes = input.rest
  FuzzCheck.context = { "\(path): \(String(decoding: bytes, as: UTF8.self).debugDescription)" }
  let problem = CatalogFuzzing.check(bytes, path: path)
  FuzzCheck.expect(problem == nil, "catalog-properties", problem ?? "")
  return 0
}
