#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes one line to standard error.
package func printError(_ line: String) {
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
package func writeStandardOutput(_ bytes: UnsafeRawBufferPointer) {
  var offset = 0
  while offset < bytes.count {
    let written = write(1, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
    if written < 0, errno == EINTR { continue }
    if written <= 0 { return }
    offset += written
  }
}
