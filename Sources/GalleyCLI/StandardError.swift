#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes one line to standard error.
func printError(_ line: String) {
  var text = line + "\n"
  text.withUTF8 { bytes in
    var offset = 0
    while offset < bytes.count {
      let written = write(2, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
      if written <= 0 { return }
      offset += written
    }
  }
}

/// Writes bytes to standard output, retrying short writes; stops at an error (a closed pipe).
///
/// - Parameter bytes: The bytes.
func writeStandardOutput(_ bytes: UnsafeRawBufferPointer) {
  var offset = 0
  while offset < bytes.count {
    let written = write(1, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
    if written < 0, errno == EINTR { continue }
    if written <= 0 { return }
    offset += written
  }
}

/// Reads standard input to its end, or returns `nil` once it grows past `limit` bytes.
func readStandardInput(limit: Int) -> [UInt8]? {
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
    if count < 0, errno == EINTR { continue }
    if count <= 0 { return bytes }
    bytes += chunk[0..<count]
    if bytes.count > limit { return nil }
  }
}
