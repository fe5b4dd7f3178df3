import GalleyCheck
import GalleyJobs
import Testing

/// Specs: fields read into jobs, the base label, and errors that name the field.
@Suite struct CheckSpecTests {
  func spec(_ json: String) throws(RequestError) -> CheckSpec {
    try CheckSpec(json: Array(json.utf8))
  }

  @Test func labelsAndBase() throws {
    let spec = try spec(
      """
      {"$schema": "docs/check-spec.schema.json", "version": 1, "samples": {"%d": "99"},
       "label": {"defaults": {"size": 15}, "layout": {"width": 200, "maxLines": 2},
                 "samples": {"%@": "Ada"}},
       "labels": [
         {"keys": ["onboarding.*", "welcome"], "layout": {"maxLines": 1}, "truncates": true},
         {"keys": "*", "samples": {"%@": "Alexandra"}}]}
      """)
    #expect(spec.labels.count == 2)
    let first = try #require(spec.label(for: "onboarding.title"))
    #expect(first.spec.truncates)
    #expect(first.request.layoutOptions.width == 200)
    #expect(first.request.layoutOptions.maximumLines == 1)
    #expect(first.request.formatter.defaultSize == 15)
    #expect(first.spec.samples == ["%d": "99", "%@": "Ada"])
    let second = try #require(spec.label(for: "other"))
    #expect(second.spec.path == "labels[1]")
    #expect(second.spec.samples["%@"] == "Alexandra")
    #expect(!second.spec.truncates)
    #expect(spec.label(for: "welcome")?.spec.path == "labels[0]")
    #expect(spec.base.spec.samples["%d"] == "99")
  }

  @Test(arguments: [
    ("[]", ""),
    ("{\"labels\": []", ""),
    ("{\"labels\": [], \"extra\": 1}", "extra"),
    ("{\"labels\": [], \"$schema\": 1}", "$schema"),
    ("{\"version\": 2, \"labels\": []}", "version"),
    ("{}", "labels"),
    ("{\"labels\": [{}]}", "labels[0].keys"),
    ("{\"labels\": [{\"keys\": []}]}", "labels[0].keys"),
    ("{\"labels\": [{\"keys\": [1]}]}", "labels[0].keys[0]"),
    ("{\"labels\": [{\"keys\": \"a\", \"layout\": {\"width\": -1}}]}", "labels[0].layout.width"),
    ("{\"labels\": [{\"keys\": \"a\", \"layout\": {\"wdth\": 1}}]}", "labels[0].layout.wdth"),
    ("{\"labels\": [{\"keys\": \"a\", \"truncates\": \"yes\"}]}", "labels[0].truncates"),
    ("{\"labels\": [{\"keys\": \"a\", \"samples\": {\"%d\": 5}}]}", "labels[0].samples.%d"),
    ("{\"labels\": [{\"keys\": \"a\", \"defaults\": {\"size\": 0}}]}", "labels[0].defaults.size"),
    ("{\"labels\": [{\"keys\": \"a\", \"colors\": [\"nocolor\"]}]}", "labels[0].colors[0]"),
    ("{\"label\": {\"keys\": \"a\"}, \"labels\": []}", "label.keys"),
    ("{\"labels\": [{\"keys\": \"a\", \"keys\": \"b\"}]}", "labels[0].keys"),
  ])
  func errorsNameTheField(json: String, field: String) {
    do {
      _ = try spec(json)
      Issue.record("no error for \(json)")
    } catch {
      #expect(error.field == field, "\(error)")
    }
  }

  @Test(arguments: [
    ("*", "anything.at.all", true), ("onboarding.*", "onboarding.title", true),
    ("onboarding.*", "onboarding", false), ("a?c", "abc", true), ("a?c", "ac", false),
    ("*_button", "buy_button", true), ("*_button", "buy_button_label", false),
    ("a*b*c", "aXbYbZc", true), ("exact", "exact", true), ("exact", "exactly", false),
    ("", "", true), ("**", "x", true),
  ])
  func globs(pattern: String, key: String, matches: Bool) {
    #expect(KeyPattern(pattern).matches(key) == matches)
  }
}
