import ArgumentParser

/// `galley-bench`: throughput figures as JSON, one object per run.
@main
struct GalleyBench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "galley-bench",
    abstract: "Measure Galley's throughput and print the figures as JSON.",
    subcommands: [
      ParseBenchmark.self, FontsBenchmark.self, LayoutBenchmark.self, HitBenchmark.self,
      RenderBenchmark.self, LabelBenchmark.self, CheckBenchmark.self,
    ]
  )
}
