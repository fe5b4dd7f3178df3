import ArgumentParser
import GalleyTools

/// The `galley` command: markup formatting, font lookup, layout, hit-testing and rendering,
/// one subcommand each.
@main
struct GalleyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "galley",
    abstract: "Turn printf-like markup into laid-out, hit-testable, renderable text.",
    discussion: """
      Exit status: 0 on success, 64 for bad flags (usage: bad values, unknown output formats, \
      output folders that do not exist or cannot be written), 65 for bad input data (markup, \
      files that are not UTF-8, unknown families with --strict, unusable font files, \
      directories or FontSets files, images over the size limits, failed drawing or writing).

      'galley check --spec SPEC CATALOG…' checks every translation of every string against \
      its label (markup, structure, glyphs, fit); 'galley check --help' describes it. It is \
      the galley-check executable, which galley starts for that command.
      """,
    version: GalleyVersion.current,
    subcommands: [
      FormatCommand.self, FontCommand.self, FontsCommand.self, LayoutCommand.self, HitCommand.self,
      RenderCommand.self,
    ]
  )
}
