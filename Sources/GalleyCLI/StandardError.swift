import Foundation

/// A text stream that writes to the process's standard error.
struct StandardError: TextOutputStream {
  mutating func write(_ string: String) {
    FileHandle.standardError.write(Data(string.utf8))
  }
}

/// Writes one line to standard error.
func printError(_ line: String) {
  var stream = StandardError()
  print(line, to: &stream)
}
