import GalleyFonts
import GalleyTools

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `galley`: answers the usual `galley font` and `galley fonts` command lines itself, and
/// hands every other command line to `galley-engine`.
///
/// The font commands need only fontconfig. This executable links nothing else (no HarfBuzz,
/// ICU, cairo, pixman or libpng, no argument-parser: ``FontCommandLine`` reads the command
/// line), and links it statically, so the kernel starts it without the dynamic loader. So
/// `galley font FAMILY` starts faster than `fc-match FAMILY`; the engine links everything and
/// pays for it only when it is used. See docs/design/tools-and-server.md.
@main
enum GalleyFront {
  static func main() {
    switch FontCommandLine(Array(CommandLine.arguments.dropFirst())) {
    case .font(let query)?:
      answer(in: query.makeFontSet(), query.execute(in:))
    case .fonts(let query)?:
      answer(in: query.makeFontSet(), query.execute(in:))
    case nil:
      printError(EngineLauncher.execute())
      exit(ExitStatus.unavailable)
    }
  }

  /// Prints the answer and exits with its status.
  ///
  /// The font set is not released: the process ends, and releasing fontconfig's
  /// configuration and the catalog first would only take time (about 2 million
  /// instructions, 0.2 ms).
  ///
  /// - Parameters:
  ///   - fonts: The font set, or why there is none.
  ///   - work: The query's work in that font set.
  private static func answer(
    in fonts: Result<FontSet, FontSetError>,
    _ work: (Result<FontSet, FontSetError>) -> CommandOutcome
  ) -> Never {
    let status = work(fonts).write()
    withExtendedLifetime(fonts) { exit(status) }
  }
}
