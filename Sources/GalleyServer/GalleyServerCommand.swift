// Built with the `Server` trait only (Package.swift).
#if Server
import ArgumentParser
import Foundation
import GalleyFonts
import GalleyJobs
import GalleyRender
import GalleyServerKit
import GalleyService
import Logging
import ServiceLifecycle

/// `galley-server`: the HTTP service over Galley's libraries.
@main
struct GalleyServerCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "galley-server",
    abstract: "Serve formatting, layout, hit-testing and rendering over HTTP.",
    discussion: """
      Prints the address it listens on as its first line of standard output. Requests never \
      name files: only the fonts and font sets given here are used. SIGTERM or SIGINT stops \
      the server after the requests in flight finish (at most --drain-timeout seconds). \
      Exit status: 64 for bad options, 65 \
      for unusable fonts or font sets, 69 when it cannot listen (an address in use, a port \
      it may not bind).
      """)

  @Option(help: "The address to listen on.")
  var host = "127.0.0.1"

  @Option(parsing: .unconditional, help: "The port to listen on (0 picks a free one).")
  var port = 8080

  @Option(name: .customLong("fontset"), help: "A FontSets JSON file of aliases and ladders.")
  var fontsets: [String] = []

  @Option(name: .customLong("font-dir"), help: "A directory of extra font files.")
  var fontDirectories: [String] = []

  @Option(parsing: .unconditional, help: "The in-memory render cache, in MB (0 turns it off).")
  var cacheSize = 64

  @Option(help: "A directory for the second cache level (may be shared, even read-only).")
  var cacheDir: String?

  @Option(
    parsing: .unconditional,
    help: """
      The most the disk cache's files may take, in MB (1...1048576); past it, the least \
      recently used go.
      """)
  var cacheDiskSize = 1024

  @Option(parsing: .unconditional, help: "The largest request body, in KB.")
  var maxBody = 1024

  @Option(
    parsing: .unconditional, help: "How many requests work at once (default: the number of cores).")
  var workers: Int?

  @Option(
    parsing: .unconditional,
    help: """
      The largest answer, in MB (1...1024); a larger one is answered 422 answerTooLarge.
      """)
  var maxAnswer = 32

  @Option(
    parsing: .unconditional,
    help: """
      The most MB of answers that may wait for slow clients (1...65536); past it, new work is \
      answered 503.
      """)
  var answerMemory = 256

  @Option(
    parsing: .unconditional,
    help: """
      The most connections served at once (default: 1024, or what the open-file limit \
      allows); past it, the longest-idle connection is closed to make room, or with none \
      idle the new one is answered 503.
      """)
  var maxConnections: Int?

  @Option(
    parsing: .unconditional,
    help: "Seconds for a connection's first request head to arrive (0.1...3600).")
  var headerTimeout = 60.0

  @Option(
    parsing: .unconditional,
    help: "Seconds a request body may stall between two reads before a 408 (0.1...3600).")
  var bodyTimeout = 60.0

  @Option(
    parsing: .unconditional,
    help: "Seconds for the next request head to arrive after an answer (0.1...3600).")
  var keepAliveTimeout = 75.0

  @Option(
    parsing: .unconditional,
    help: "Seconds a client may leave an answer untaken before it is closed (0.1...3600).")
  var sendTimeout = 60.0

  @Option(
    parsing: .unconditional,
    help: """
      Seconds the requests in flight get to finish after SIGTERM or SIGINT (0...3600); then \
      their connections close.
      """)
  var drainTimeout = 10.0

  @Option(help: "Allow this origin to call the API from a browser (CORS); none by default.")
  var cors: String?

  @Option(help: "The playground's directory (default: Playground/ of the package).")
  var playground: String?

  @Option(
    help: """
      The fast paths to use: all, none, or names from word-cache, pair-shaping, shaping-plans, \
      glyph-masks and glyph-outlines, comma-separated. Answers are the same with any; only \
      speed changes.
      """,
    transform: AcceleratorSelection.init(parsing:))
  var accelerators: AcceleratorSelection = .all

  func validate() throws {
    guard (0...65535).contains(port) else {
      throw ValidationError("'--port' must be in 0...65535.")
    }
    guard (0...65536).contains(cacheSize) else {
      throw ValidationError("'--cache-size' must be in 0...65536 MB.")
    }
    guard (1...1 << 20).contains(cacheDiskSize) else {
      throw ValidationError("'--cache-disk-size' must be in 1...1048576 MB.")
    }
    if let playground,
      (try? FileManager.default.contentsOfDirectory(atPath: playground)) == nil
    {
      throw ValidationError("'--playground': '\(playground)' is not a directory that can be read.")
    }
    if let cacheDir, let problem = RenderCache.problem(withDirectory: cacheDir) {
      throw ValidationError("'--cache-dir': \(problem).")
    }
    guard (1...1 << 20).contains(maxBody) else {
      throw ValidationError("'--max-body' must be in 1...1048576 KB.")
    }
    if let workers, !(1...1024).contains(workers) {
      throw ValidationError("'--workers' must be in 1...1024.")
    }
    try validateConnectionOptions()
  }

  /// Checks the connection options' ranges.
  func validateConnectionOptions() throws {
    guard (1...1024).contains(maxAnswer) else {
      throw ValidationError("'--max-answer' must be in 1...1024 MB.")
    }
    guard (1...65536).contains(answerMemory) else {
      throw ValidationError("'--answer-memory' must be in 1...65536 MB.")
    }
    if let maxConnections, !(1...1_000_000).contains(maxConnections) {
      throw ValidationError("'--max-connections' must be in 1...1000000.")
    }
    let timeouts = [
      ("header-timeout", headerTimeout), ("body-timeout", bodyTimeout),
      ("keep-alive-timeout", keepAliveTimeout), ("send-timeout", sendTimeout),
    ]
    for (name, seconds) in timeouts where !(0.1...3600).contains(seconds) {
      throw ValidationError("'--\(name)' must be in 0.1...3600 seconds.")
    }
    guard (0...3600).contains(drainTimeout) else {
      throw ValidationError("'--drain-timeout' must be in 0...3600 seconds.")
    }
  }

  func run() async throws {
    var options = FontSet.Options()
    options.fontDirectories = fontDirectories
    let fonts: FontSet
    do {
      for file in fontsets { options.definitions.append(try .load(contentsOf: file)) }
      fonts = try FontSet(options: options)
    } catch {
      FileHandle.standardError.write(Data("error: \(error)\n".utf8))
      throw ExitCode(65)
    }
    var configuration = serverConfiguration
    configuration.connections.maximumConnections = try connectionLimit()
    // Images drawn with and without glyph masks differ within anti-aliasing: a shared cache
    // directory keeps them apart.
    configuration.generation = CacheGeneration.make(
      fonts: fonts, definitionFiles: fontsets,
      settings: accelerators.render == .all ? "" : "render-accelerators=\(accelerators.render)",
      cacheDirectory: cacheDir)
    let application = ServiceApplication(
      service: TextService(fonts: fonts, accelerators: accelerators),
      configuration: configuration)
    let logger = Logger(label: "galley-server")
    let host = self.host
    let server = application.makeApplication(logger: logger) { port in
      // Written straight to the descriptor: a pipe must see it at once.
      FileHandle.standardOutput.write(Data("http://\(host):\(port)\n".utf8))
    }
    var groupConfiguration = ServiceGroupConfiguration(
      services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
    // The connection guard closes every connection by the drain timeout; this bounds the rest.
    groupConfiguration.maximumGracefulShutdownDuration = .seconds(drainTimeout + 5)
    groupConfiguration.maximumCancellationDuration = .seconds(5)
    let group = ServiceGroup(configuration: groupConfiguration)
    do {
      try await group.run()
    } catch {
      FileHandle.standardError.write(Data("error: \(Self.serveFailure(error, host, port))\n".utf8))
      throw ExitCode(69)
    }
  }

  /// The most connections to serve: `--max-connections`, or 1024.
  ///
  /// Either must fit what the open-file limit (raised to its hard limit first) allows: an
  /// explicit limit past it is a usage error; the default is lowered, with a note.
  func connectionLimit() throws -> Int {
    let descriptors = DescriptorLimit.raise()
    let most = ConnectionLimits.maximumConnections(descriptors: descriptors)
    if let maxConnections {
      guard maxConnections <= most else {
        FileHandle.standardError.write(
          Data(
            ("error: '--max-connections' \(maxConnections) needs more open files than the "
              + "process may have (\(descriptors)); at most \(most)\n").utf8))
        throw ExitCode(64)
      }
      return maxConnections
    }
    let limit = ConnectionLimits().maximumConnections
    guard limit > most else { return limit }
    FileHandle.standardError.write(
      Data("note: serving at most \(most) connections (open-file limit \(descriptors))\n".utf8))
    return most
  }

  /// A failure to serve in one line: an address in use or a port the user may not bind is
  /// said in words, anything else as the error reads.
  static func serveFailure(_ error: any Error, _ host: String, _ port: Int) -> String {
    let text = "\(error)"
    let address = "\(host):\(port)"
    if text.contains("errno: 98") || text.contains("Address already in use") {
      return "cannot listen on \(address): the address is already in use"
    }
    if text.contains("errno: 13") || text.contains("Permission denied") {
      return "cannot listen on \(address): permission denied (ports below 1024 need privileges)"
    }
    if text.contains("errno: 99") || text.contains("Cannot assign requested address") {
      return "cannot listen on \(address): this machine has no such address"
    }
    return "cannot serve on \(address): \(text.split(separator: "\n").first ?? "")"
  }

  /// The server's configuration from the options.
  var serverConfiguration: ServerConfiguration {
    var configuration = ServerConfiguration()
    configuration.host = host
    configuration.port = port
    configuration.connections.maximumBodyBytes = maxBody * 1024
    configuration.connections.headerTimeout = .seconds(headerTimeout)
    configuration.connections.bodyTimeout = .seconds(bodyTimeout)
    configuration.connections.keepAliveTimeout = .seconds(keepAliveTimeout)
    configuration.connections.sendTimeout = .seconds(sendTimeout)
    configuration.connections.drainTimeout = .seconds(drainTimeout)
    configuration.connections.unsentAnswerBytes = answerMemory << 20
    configuration.maximumAnswerBytes = maxAnswer << 20
    if let workers { configuration.workers = workers }
    configuration.cacheBytes = cacheSize << 20
    configuration.cacheDirectory = cacheDir
    configuration.cacheDiskBytes = cacheDiskSize << 20
    configuration.corsOrigin = cors
    configuration.playgroundDirectory = playground ?? PlaygroundLocator.packageDirectory()
    return configuration
  }
}
#endif
