// Built with the `Server` trait only (Package.swift).
#if Server
import ArgumentParser
import Foundation
import GalleyFonts
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
      the server after the requests in flight finish. Exit status: 64 for bad options, 65 \
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

  @Option(help: "Allow this origin to call the API from a browser (CORS); none by default.")
  var cors: String?

  @Option(help: "The playground's directory (default: Playground/ of the package).")
  var playground: String?

  @Option(
    help: """
      The fast paths to use: all, none, or names from word-cache, pair-shaping and \
      glyph-masks, comma-separated. Answers are the same with any; only speed changes.
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
    if let cacheDir, let problem = DiskCache.problem(with: cacheDir) {
      throw ValidationError("'--cache-dir': \(problem).")
    }
    guard (1...1 << 20).contains(maxBody) else {
      throw ValidationError("'--max-body' must be in 1...1048576 KB.")
    }
    if let workers, !(1...1024).contains(workers) {
      throw ValidationError("'--workers' must be in 1...1024.")
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
    // Images drawn with and without glyph masks differ within anti-aliasing: a shared cache
    // directory keeps them apart.
    configuration.generation = CacheGeneration.make(
      fonts: fonts, definitionFiles: fontsets,
      settings: accelerators.render == .all ? "" : "render-accelerators=\(accelerators.render)")
    let application = ServiceApplication(
      service: TextService(fonts: fonts, accelerators: accelerators),
      configuration: configuration)
    let logger = Logger(label: "galley-server")
    let host = self.host
    let server = application.makeApplication(logger: logger) { port in
      // Written straight to the descriptor: a pipe must see it at once.
      FileHandle.standardOutput.write(Data("http://\(host):\(port)\n".utf8))
    }
    let group = ServiceGroup(
      configuration: ServiceGroupConfiguration(
        services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    do {
      try await group.run()
    } catch {
      FileHandle.standardError.write(Data("error: \(Self.serveFailure(error, host, port))\n".utf8))
      throw ExitCode(69)
    }
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
    configuration.maximumBodyBytes = maxBody * 1024
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
