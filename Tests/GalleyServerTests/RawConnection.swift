// Built with the `Server` trait only (Package.swift).
#if Server
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A TCP connection to a test server on 127.0.0.1 that sends and reads raw bytes, for what
/// an HTTP client library will not do: trickle a head, stall a body, pipeline, hold a
/// connection idle.
final class RawConnection {
  /// The socket.
  private let socket: Int32

  /// Connects.
  ///
  /// - Parameters:
  ///   - port: The server's port.
  ///   - receiveBuffer: A receive buffer size to ask for before connecting, or `nil`.
  /// - Throws: When the connection fails.
  init(port: Int, receiveBuffer: Int? = nil) throws {
    socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    if var size = receiveBuffer.map(Int32.init) {
      setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    try #require(connected, "connect: errno \(errno)")
  }

  deinit { close(socket) }

  /// Sends bytes, all of them.
  ///
  /// - Parameter text: The bytes, as text.
  /// - Returns: Whether every byte was sent (`false` when the server closed first).
  @discardableResult
  func send(_ text: String) -> Bool { send(Array(text.utf8)) }

  /// Sends bytes, all of them.
  ///
  /// - Parameter bytes: The bytes.
  /// - Returns: Whether every byte was sent (`false` when the server closed first).
  @discardableResult
  func send(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }

  /// What reading until the server closes, or a time passes, gave.
  struct Reading {
    /// The bytes read.
    var bytes: [UInt8]
    /// Whether the server closed (end of stream or reset).
    var closed: Bool
    /// How long the reading took.
    var elapsed: Duration

    /// The bytes as text.
    var text: String { String(decoding: bytes, as: UTF8.self) }
    /// The status code of the first final answer (after any `100 Continue`), or `nil`.
    var status: Int? { statuses.first { $0 >= 200 } }
    /// The status codes of every answer, in order.
    var statuses: [Int] {
      // A body may end without a line break, right before the next status line.
      text.components(separatedBy: "HTTP/1.1 ").dropFirst().compactMap { Int($0.prefix(3)) }
    }

    /// A header's value in the first final answer, or `nil`.
    ///
    /// - Parameter name: The header's name, any case.
    /// - Returns: The value.
    func header(_ name: String) -> String? {
      let head = text.components(separatedBy: "\r\n\r\n").first { !$0.contains(" 100 Continue") }
      return head?.components(separatedBy: "\r\n").first {
        $0.lowercased().hasPrefix(name.lowercased() + ":")
      }.map { String($0.drop { $0 != ":" }.dropFirst()).trimmingCharacters(in: .whitespaces) }
    }

    /// The `kind` of the error document in the answer, or `nil`.
    var errorKind: String? {
      guard let range = text.range(of: "\"kind\" : \"") else { return nil }
      return String(text[range.upperBound...].prefix { $0 != "\"" })
    }
  }

  /// Reads until the server closes or `limit` passes.
  ///
  /// - Parameter limit: The most time to wait.
  /// - Returns: What was read.
  func read(for limit: Duration = .seconds(10)) -> Reading {
    receive(for: limit) { _ in false }
  }

  /// Reads until `count` answers have ended (by `Content-Length`), the server closes, or
  /// `limit` passes; the connection stays usable.
  ///
  /// - Parameters:
  ///   - count: How many final answers to wait for.
  ///   - limit: The most time to wait.
  /// - Returns: What was read.
  func readAnswers(_ count: Int = 1, for limit: Duration = .seconds(10)) -> Reading {
    receive(for: limit) { Self.completeAnswers(in: $0) >= count }
  }

  /// Reads until `done` holds for the bytes read, the server closes, or `limit` passes.
  private func receive(for limit: Duration, until done: ([UInt8]) -> Bool) -> Reading {
    let clock = ContinuousClock()
    let start = clock.now
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while clock.now - start < limit, !done(bytes) {
      var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 20) > 0 else { continue }
      let read = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      guard read > 0 else { return Reading(bytes: bytes, closed: true, elapsed: clock.now - start) }
      bytes += buffer[..<read]
    }
    return Reading(bytes: bytes, closed: false, elapsed: clock.now - start)
  }

  /// How many final answers with a `Content-Length` the bytes hold in full.
  private static func completeAnswers(in bytes: [UInt8]) -> Int {
    let separator: [UInt8] = Array("\r\n\r\n".utf8)
    var offset = 0
    var count = 0
    while let end = firstIndex(of: separator, in: bytes, from: offset) {
      let head = String(decoding: bytes[offset..<end], as: UTF8.self)
      offset = end + separator.count
      if head.contains(" 100 Continue") { continue }
      let length =
        head.components(separatedBy: "\r\n").first {
          $0.lowercased().hasPrefix("content-length:")
        }.flatMap { Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces)) } ?? 0
      guard bytes.count - offset >= length else { return count }
      offset += length
      count += 1
    }
    return count
  }

  /// Where a byte sequence first occurs at or after an offset.
  private static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
    return (start...(bytes.count - needle.count)).first {
      bytes[$0..<($0 + needle.count)].elementsEqual(needle)
    }
  }
}
#endif
