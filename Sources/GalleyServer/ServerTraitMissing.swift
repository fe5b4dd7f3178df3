#if !Server
#if canImport(Glibc)
import Glibc
#endif

/// `galley-server` built without the `Server` trait: it has no HTTP service, so it says how to
/// build one and exits with 69 (`EX_UNAVAILABLE`).
@main
enum ServerTraitMissing {
  static func main() {
    fputs(
      "galley-server: built without the Server trait; build it with "
        + "`swift build --traits Server --product galley-server`\n", stderr)
    exit(69)
  }
}
#endif
