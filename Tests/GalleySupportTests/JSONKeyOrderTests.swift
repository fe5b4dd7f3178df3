import Testing

@testable import GalleySupport

/// The keys of a JSON object in the order written.
@Suite("JSON key order")
struct JSONKeyOrderTests {
  @Test(arguments: [
    (#"{"b": 1, "a": 2, "c": 3}"#, [String](), ["b", "a", "c"] as [String]?),
    (#" { } "#, [], []),
    (
      #"{"x": {"q": [1, {"z": "}"}], "p": "a\"b"}, "v": {"pressed": {}, "normal": {"k": [[]]}}}"#,
      ["v"], ["pressed", "normal"]
    ),
    (#"{"v": {"\u00e9t\u00e9": 1, "a\"b": true, "n": null}}"#, ["v"], ["été", "a\"b", "n"]),
    (#"{"v": [1, 2]}"#, ["v"], nil),
    (#"{"a": {"v": {"k": 1}}}"#, ["v"], nil),
    (#"{"a": {"v": {"k": 1}}}"#, ["a", "v"], ["k"]),
    (#"[1, 2]"#, [], nil),
    (#"{"a": 1"#, [], nil),
  ])
  func keysComeInTheOrderWritten(json: String, path: [String], keys: [String]?) {
    #expect(JSONKeyOrder.keys(at: path, in: Array(json.utf8)) == keys)
  }
}
