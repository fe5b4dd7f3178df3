import ArgumentParser
import NIOCore
import NIOPosix

// Swift concurrency's tasks run on NIO's event loop threads, so a request's handler does not
// hop between NIO's threads and the concurrency pool's (fewer context switches under load).
// It must happen before any task starts, hence here and not in the command.
_ = NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
do {
  // `main()` and `run()` here would pick argument-parser's synchronous entry points.
  var command = try GalleyServerCommand.parseAsRoot()
  if let server = command as? GalleyServerCommand {
    try await server.serve()
  } else {
    try command.run()  // --help, --version
  }
} catch {
  GalleyServerCommand.exit(withError: error)
}
