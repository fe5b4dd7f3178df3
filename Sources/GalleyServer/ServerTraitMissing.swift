#if !Server
#if canImport(Glibc)
import Glibc
#endif

/// `galley-server` built without the `Server` trait: it has no HTTP service, so it says how to
/// build one and exits with 69 (`EX_UNAVAILABLE`).
@main
enum ServerTraitMissing {
  static func main() {
    let message = Array(
      ("galley-server: built without the Server trait; build it with "
        + "`swift build --traits Server --product galley-server`\n").utf8)
    _ = message.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }
    exit(69)
  }
}
#endif
