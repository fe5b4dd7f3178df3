import Foundation
import GalleyTestSupport
import Testing

/// `galley-server`'s options and start-up failures end the process at once with one line and
/// the CLI's exit statuses: 64 for an option out of range (negative values included), a cache
/// directory that is a file, a playground that is not a directory; 65 for a missing FontSets
/// file; 69 for an address it cannot listen on.
@Suite("galley-server start-up")
struct ServerOptionTests {
  @Test(
    "Bad options exit with 64 and name the option",
    arguments: [
      (["--port", "-1"], "'--port' must be in 0...65535"),
      (["--port", "70000"], "'--port' must be in 0...65535"),
      (["--workers", "-2"], "'--workers' must be in 1...1024"),
      (["--cache-size", "-1"], "'--cache-size' must be in 0...65536 MB"),
      (["--cache-disk-size", "0"], "'--cache-disk-size' must be in 1...1048576 MB"),
      (["--max-body", "-5"], "'--max-body' must be in 1...1048576 KB"),
      (["--cache-dir", "/dev/null"], "'--cache-dir': '/dev/null' is not a directory"),
      (["--cache-dir", "/dev/null/cache"], "'--cache-dir': cannot create '/dev/null/cache'"),
      (["--playground", "/nonexistent-galley"], "'--playground': '/nonexistent-galley' is not"),
      (["--header-timeout", "-1"], "'--header-timeout' must be in 0.1...3600 seconds"),
      (["--send-timeout", "0"], "'--send-timeout' must be in 0.1...3600 seconds"),
      (["--drain-timeout", "-2"], "'--drain-timeout' must be in 0...3600 seconds"),
      (["--max-connections", "0"], "'--max-connections' must be in 1...1000000"),
      (["--max-answer", "-1"], "'--max-answer' must be in 1...1024 MB"),
      (["--answer-memory", "0"], "'--answer-memory' must be in 1...65536 MB"),
    ])
  func badOptionsExitWith64(_ arguments: [String], _ message: String) throws {
    let result = try GalleyBinary(named: "galley-server").run(arguments)
    #expect(result.status == 64, "\(result.standardError)")
    #expect(result.standardError.contains(message), "\(result.standardError)")
    #expect(!result.standardError.contains("Missing value"))
  }

  /// An explicit connection limit the open-file limit cannot hold is a usage error.
  @Test func aConnectionLimitPastTheOpenFileLimitExitsWith64() throws {
    var limit = rlimit()
    try #require(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0)
    // A million connections, their refusals and the reserve need 1,062,564 descriptors.
    try #require(limit.rlim_max < 1_062_500, "the hard open-file limit is \(limit.rlim_max)")
    let result = try GalleyBinary(named: "galley-server").run(
      ["--port", "0", "--max-connections", "1000000"])
    #expect(result.status == 64, "\(result.standardError)")
    #expect(
      result.standardError.contains("error: '--max-connections' 1000000 needs more open files"),
      "\(result.standardError)")
  }

  @Test func aMissingFontSetsFileExitsWith65() throws {
    let result = try GalleyBinary(named: "galley-server").run([
      "--fontset", "/nonexistent-galley.json", "--port", "0",
    ])
    #expect(result.status == 65)
    #expect(
      result.standardError == "error: FontSets file '/nonexistent-galley.json': no such file\n")
  }

  @Test func anAddressInUseExitsWith69() throws {
    // A socket of this process holds a port; the server asked for it cannot listen.
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(socket, pointer, length) == 0 && listen(socket, 1) == 0
          && getsockname(socket, pointer, &length) == 0
      }
    }
    try #require(bound)
    let port = Int(UInt16(bigEndian: address.sin_port))
    let configuration = try HermeticFonts.configurationFile()
    let result = try GalleyBinary(named: "galley-server").run(
      ["--port", "\(port)"], environment: ["FONTCONFIG_FILE": configuration])
    #expect(result.status == 69)
    #expect(
      result.standardError.contains(
        "error: cannot listen on 127.0.0.1:\(port): the address is already in use"),
      "\(result.standardError)")
  }
}
