#!/usr/bin/env python3
"""Checks that the documentation names only what exists.

    scripts/check-docs.py           check every document; exit 1 listing each problem
    scripts/check-docs.py --graph   print the target graph made from Package.swift
    scripts/check-docs.py --spec-schema   print galley check's spec schema made from the
                                          OpenAPI document (docs/check-spec.schema.json)

Documents checked: every *.md under docs/, README.md, and Sources/**/*.docc/*.md
(CHANGELOG.md is history and may name what is gone). In each, outside fenced code blocks:

- a backticked path that starts with Sources/, Tests/ or scripts/ must exist
  (`*` and `<placeholder>` match any name, `{a,b}` either);
- a backticked Swift type name (UpperCamelCase, with an optional `.member` chain, generic
  arguments or an argument list) must be declared in Sources/, Tests/, Snippets/ or Fuzz/,
  or be a target, or a known type of Swift, Foundation or a dependency (EXTERNAL below);
  lower-case members must be declared somewhere (func, var, let, case) too;
- a relative Markdown link must reach an existing file, and its #anchor a heading there;
- docs/design/README.md must hold the output of --graph between its graph markers;
- docs/check-spec.schema.json must be the output of --spec-schema.

Python 3 standard library only.
"""

import glob
import os
import re
import sys
import textwrap
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GRAPH_FILE = "docs/design/README.md"
SPEC_SCHEMA_FILE = "docs/check-spec.schema.json"
OPENAPI_FILE = "Sources/GalleyServerKit/openapi.json"


def spec_schema():
    """galley check's spec as a standalone JSON Schema (2020-12): the OpenAPI document's
    CheckSpec and every schema it refers to, under $defs."""
    import json
    schemas = json.loads(read(OPENAPI_FILE))["components"]["schemas"]
    prefix = "#/components/schemas/"
    needed, queue = [], ["CheckSpec"]
    while queue:
        name = queue.pop(0)
        if name in needed:
            continue
        needed.append(name)
        queue += re.findall(r'"\$ref": "%s([A-Za-z]+)"' % re.escape(prefix),
                            json.dumps(schemas[name]))
    text = json.dumps({name: schemas[name] for name in needed}, indent=2, ensure_ascii=False)
    defs = json.loads(text.replace(prefix, "#/$defs/"))
    document = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "galley check spec",
        "description": "Made from CheckSpec in Sources/GalleyServerKit/openapi.json by "
                       "scripts/check-docs.py --spec-schema; docs/cli.md describes every field.",
        "$ref": "#/$defs/CheckSpec",
        "$defs": defs,
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def check_spec_schema():
    path = os.path.join(ROOT, SPEC_SCHEMA_FILE)
    if not os.path.isfile(path) or read(SPEC_SCHEMA_FILE) != spec_schema():
        return ["%s:1: stale; write it with `python3 scripts/check-docs.py --spec-schema > %s`"
                % (SPEC_SCHEMA_FILE, SPEC_SCHEMA_FILE)]
    return []
GRAPH_BEGIN = "<!-- graph:begin -->"
GRAPH_END = "<!-- graph:end -->"

# Types of Swift, Foundation, Swift Testing and the packages Galley depends on, which the
# documents name but Galley does not declare.
EXTERNAL = set("""
    Any AnyObject Array AsyncSequence AttributedString AttributeScope Bool Character
    CheckedContinuation Codable CodingKey Collection CustomStringConvertible Data Date
    DecodingError Decodable Dictionary Double Encodable Equatable Error ExitCode
    ExpressibleByArgument FileHandle FileManager Float Hashable Identifiable Int Int16 Int32
    Int64 Int8 JSONDecoder JSONEncoder JSONSerialization Mutex NSRange Never Optional
    ParsableCommand ProcessInfo Range RandomAccessCollection RawRepresentable Result Sendable
    SendableMetatype Sequence Set String StaticString Substring Task TextOutputStream UInt
    UInt16 UInt32 UInt64 UInt8 URL Unicode UnsafeBufferPointer UnsafeMutablePointer
    UnsafeMutableRawPointer UnsafePointer UnsafeRawPointer ValidationError Void
    SourceLocation Issue Suite Test Atomic
    FoundationEssentials Foundation
    Hummingbird HummingbirdTesting Logging Metrics Prometheus ServiceLifecycle ServiceGroup
    ArgumentParser MetricsSystem NIO NIOSingletons EventLoopGroup
""".split())

# Backticked words that look like type names but are not Swift: HTTP headers, OpenType
# table tags, C types, product names.
NOT_SWIFT = set("""
    Allow ETag Silf UBiDi DejaVu DejaVuSans OpenType HarfBuzz FreeType LaTeX
""".split())

# CSS color names (`RebeccaPurple`), read from GalleyStyle's table.
COLOR_NAMES = set(re.findall(
    r'^\s*"([a-z]+)":', open(os.path.join(ROOT, "Sources/GalleyStyle/NamedColors.swift"),
                             encoding="utf-8").read() if os.path.isfile(os.path.join(
                                 ROOT, "Sources/GalleyStyle/NamedColors.swift")) else "",
    re.M))

FILE_EXTENSIONS = (".swift", ".md", ".json", ".txt", ".png", ".c", ".h", ".py", ".sh",
                   ".bash", ".toml", ".html", ".js", ".css", ".conf", ".galley", ".pc",
                   ".modulemap", ".resolved", ".svg", ".pdf", ".xml", ".yml", ".yaml")

SPAN = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
TYPE_SPAN = re.compile(
    r"^(?P<chain>[A-Z][A-Za-z0-9]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)"
    r"(?:<[^<>`]*>)?(?:\([A-Za-z0-9_:]*\))?(?:\?|\.self|\.Type)?$")
DECLARATION = re.compile(
    r"\b(?:struct|class|enum|protocol|actor|typealias|associatedtype|extension)\s+"
    r"([A-Za-z_][A-Za-z0-9_.]*)")
MEMBER = re.compile(
    r"\b(?:func|var|let|case|init|subscript)\s+`?([A-Za-z_][A-Za-z0-9_]*)")
CASE_LIST = re.compile(r"\bcase\s+([^:=\n{]+)")


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as handle:
        return handle.read()


# MARK: Package.swift


def strip_comments(text):
    """Removes // and /* */ comments, leaving string literals (and line numbers) intact."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append("\n" * text.count("\n", i, end))
            i = end
        else:
            out.append(c)
            i += 1
    return "".join(out)


def balanced(text, start):
    """Returns the index just past the bracket that closes the one at text[start]."""
    pairs = {"(": ")", "[": "]", "{": "}"}
    stack, i = [], start
    while i < len(text):
        c = text[i]
        if c == '"':
            i += 1
            while i < len(text) and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif c in pairs:
            stack.append(pairs[c])
        elif stack and c == stack[-1]:
            stack.pop()
            if not stack:
                return i + 1
        i += 1
    return len(text)


def top_level_items(body):
    """Splits the inside of a [...] on the commas at its own level."""
    items, depth, current, i = [], 0, [], 0
    while i < len(body):
        c = body[i]
        if c == '"':
            j = i + 1
            while j < len(body) and body[j] != '"':
                j += 2 if body[j] == "\\" else 1
            current.append(body[i:j + 1])
            i = j + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if c == "," and depth == 0:
            items.append("".join(current).strip())
            current = []
        else:
            current.append(c)
        i += 1
    if "".join(current).strip():
        items.append("".join(current).strip())
    return items


def argument(body, label):
    """The text of `label: …` at the top level of a call's arguments, or None."""
    for item in top_level_items(body):
        if re.match(r"%s\s*:" % re.escape(label), item):
            return item.split(":", 1)[1].strip()
    return None


def package_argument(label):
    """Package.swift without comments, and its `Package(label: …)` argument (or None)."""
    text = strip_comments(read("Package.swift"))
    call = re.search(r"\bPackage\s*\(", text)
    listed = argument(text[call.end():balanced(text, call.end() - 1) - 1], label) \
        if call else None
    return text, listed


def read_package():
    """Targets of Package.swift: name -> (kind, [(dependency, is_external, traits)])."""
    text, listed = package_argument("targets")
    if not listed or not listed.startswith("["):
        raise SystemExit("Package.swift: no targets: [...] in Package(...)")
    targets_text = listed[1:balanced(listed, 0) - 1]
    # Conditions kept in constants: `let server = TargetDependencyCondition.when(traits: [...])`.
    conditions = {}
    for constant in re.finditer(
            r"\blet\s+(\w+)\s*(?::[^=]*)?=\s*[\w.]*\.when\s*\(([^)]*)\)", text):
        conditions[constant.group(1)] = re.findall(
            r'"([^"]+)"', argument(constant.group(2), "traits") or "")
    targets = {}
    for item in top_level_items(targets_text):
        call = re.match(r"\.(\w+)\s*\(", item)
        if not call:
            continue
        kind = call.group(1)
        body = item[call.end():balanced(item, call.end() - 1) - 1]
        name = re.match(r'"([^"]+)"', argument(body, "name") or "")
        if not name:
            continue
        dependencies = []
        listed = argument(body, "dependencies")
        if listed and listed.startswith("["):
            for dependency in top_level_items(listed[1:balanced(listed, 0) - 1]):
                traits = re.search(r"\.when\s*\(([^)]*)\)", dependency)
                named_condition = re.search(r"condition\s*:\s*(\w+)\s*\)?\s*$", dependency)
                trait_names = []
                if traits:
                    trait_list = argument(traits.group(1), "traits")
                    trait_names = re.findall(r'"([^"]+)"', trait_list or "")
                elif named_condition:
                    trait_names = conditions.get(named_condition.group(1), [])
                literal = re.match(r'"([^"]+)"$', dependency)
                product = re.match(r"\.product\s*\((.*)\)$", dependency, re.S)
                named = re.match(r"\.(?:target|byName)\s*\((.*)\)$", dependency, re.S)
                if literal:
                    dependencies.append((literal.group(1), False, trait_names))
                elif product:
                    package = re.search(r'package\s*:\s*"([^"]+)"', product.group(1))
                    dependencies.append((package.group(1) if package else "?", True,
                                         trait_names))
                elif named:
                    target = re.search(r'name\s*:\s*"([^"]+)"', named.group(1))
                    if target:
                        dependencies.append((target.group(1), False, trait_names))
        targets[name.group(1)] = (kind, dependencies)
    return targets


def read_products():
    """Executable products: target name -> product name."""
    _, listed = package_argument("products")
    products = {}
    for item in top_level_items(listed[1:balanced(listed, 0) - 1] if listed else ""):
        executable = re.match(r"\.executable\s*\((.*)\)$", item, re.S)
        if executable:
            name = re.search(r'name\s*:\s*"([^"]+)"', executable.group(1))
            target = re.search(r'targets\s*:\s*\[\s*"([^"]+)"', executable.group(1))
            if name and target:
                products[target.group(1)] = name.group(1)
    return products


def graph():
    """The target graph as Mermaid: non-test targets, edges implied by others left out."""
    targets = read_package()
    internal = {n for n, (kind, _) in targets.items() if kind != "testTarget"}
    edges = {}
    for name in sorted(internal):
        for dependency, external, traits in targets[name][1]:
            edges.setdefault(name, {})[dependency] = (external, traits)

    def reachable(start, skip_edge):
        seen, stack = set(), [start]
        while stack:
            node = stack.pop()
            for nxt in edges.get(node, {}):
                if (node, nxt) == skip_edge or nxt in seen:
                    continue
                seen.add(nxt)
                stack.append(nxt)
        return seen

    products = read_products()
    lines = ["```mermaid", "flowchart BT"]
    linked = {n for n in edges if edges[n]} | {d for n in edges for d in edges[n]}
    for name in sorted(internal):
        kind = targets[name][0]
        if kind == "systemLibrary" or (kind == "target" and re.match(r"^C[A-Z]", name)):
            lines.append("  %s[(%s)]" % (name, name))  # C: a system library or C files
        elif kind == "executableTarget":
            label = "%s: %s" % (name, products[name]) if name in products else name
            lines.append('  %s(["%s"])' % (name, label))
        elif name not in linked:
            lines.append("  %s" % name)
    packages = sorted({d for n in edges for d, (ext, _) in edges[n].items() if ext})
    for package in packages:
        lines.append('  %s{{"%s"}}' % (re.sub(r"\W", "_", package), package))
    for name in sorted(edges):
        for dependency in sorted(edges[name]):
            external, traits = edges[name][dependency]
            if dependency in reachable(name, (name, dependency)):
                continue
            node = re.sub(r"\W", "_", dependency) if external else dependency
            arrow = "-- %s -->" % ", ".join(traits) if traits else "-->"
            lines.append("  %s %s %s" % (name, arrow, node))
    lines.append("```")
    tests = [n for n in sorted(targets) if targets[n][0] == "testTarget"]
    if tests:
        lines.append("")
        lines += textwrap.wrap("Test targets (each depends on what it tests): "
                               + ", ".join("`%s`" % t for t in tests) + ".", 96)
    return "\n".join(lines)


# MARK: Declarations


def swift_files():
    for top in ("Sources", "Tests", "Snippets", "Fuzz"):
        for directory, _, names in os.walk(os.path.join(ROOT, top)):
            if "/.build" in directory or "/Golden" in directory:
                continue
            for name in names:
                if name.endswith(".swift"):
                    yield os.path.join(directory, name)


def declarations():
    types, members = set(), set()
    for path in swift_files():
        with open(path, encoding="utf-8", errors="replace") as handle:
            text = handle.read()
        for chain in DECLARATION.findall(text):
            types.update(chain.split("."))
        members.update(MEMBER.findall(text))
        for cases in CASE_LIST.findall(text):
            members.update(re.findall(r"(?:^|,)\s*`?([A-Za-z_]\w*)", cases))
        types.add(os.path.splitext(os.path.basename(path))[0])  # snippets, main files
    try:
        types.update(read_package().keys())
    except SystemExit:
        pass
    for top in ("Sources", "Fuzz/Sources"):
        if os.path.isdir(os.path.join(ROOT, top)):
            types.update(os.listdir(os.path.join(ROOT, top)))
    return types, members


# MARK: Documents


def documents():
    paths = sorted(glob.glob(os.path.join(ROOT, "docs", "**", "*.md"), recursive=True))
    paths.append(os.path.join(ROOT, "README.md"))
    paths += sorted(glob.glob(os.path.join(ROOT, "Sources", "**", "*.docc", "*.md"),
                              recursive=True))
    return [os.path.relpath(p, ROOT) for p in paths if os.path.isfile(p)]


def prose_lines(text):
    """(line number, line) outside fenced code blocks and HTML comments."""
    fence = None
    for number, line in enumerate(text.split("\n"), 1):
        marker = re.match(r"^\s*(```+|~~~+)", line)
        if marker:
            if fence is None:
                fence = marker.group(1)[0] * 3
            elif marker.group(1).startswith(fence):
                fence = None
            continue
        if fence is None:
            yield number, line


def anchors(path, cache={}):
    """GitHub's heading anchors of a Markdown file."""
    if path not in cache:
        found, counts = set(), defaultdict(int)
        for _, line in prose_lines(read(path)):
            heading = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
            if heading:
                slug = heading.group(1).strip().lower()
                slug = re.sub(r"[^\w\- ]", "", slug.replace("`", "")).replace(" ", "-")
                anchor = slug if counts[slug] == 0 else "%s-%d" % (slug, counts[slug])
                counts[slug] += 1
                found.add(anchor)
        cache[path] = found
    return cache[path]


def path_exists(span):
    pattern = span.split()[0].rstrip(".,;:")
    if pattern.startswith("./"):
        pattern = pattern[2:]
    pattern = re.sub(r"<[^>/]*>", "*", pattern)
    alternatives = [pattern]
    brace = re.search(r"\{([^{}]*)\}", pattern)
    if brace:
        alternatives = [pattern[:brace.start()] + part + pattern[brace.end():]
                        for part in brace.group(1).split(",")]
    for candidate in alternatives:
        full = os.path.join(ROOT, candidate)
        if glob.has_magic(candidate):
            if glob.glob(full):
                continue
        elif os.path.exists(full):
            continue
        return False
    return True


def check_type(span, types, members):
    """The problem with a type-like span, or None."""
    if span.endswith(FILE_EXTENSIONS) or span in NOT_SWIFT or span.lower() in COLOR_NAMES:
        return None
    match = TYPE_SPAN.match(span)
    if not match or len(span) <= 2 or re.match(r"^[A-Z][a-z0-9]*$", span):
        return None  # markup codes (`B`), and bare words: English, font names
    parts = match.group("chain").split(".")
    if parts[0] in NOT_SWIFT or re.match(r"^(Fc|FT|HB|hb|U[A-Z])", parts[0]):
        return None  # fontconfig, FreeType, HarfBuzz and ICU names
    if len(parts[0]) > 1 and parts[0].isupper():
        return None  # an all-caps token: a C macro, a table tag, an acronym
    for part in parts:
        if part in EXTERNAL:
            return None  # members of a type Galley does not declare are not checked
        if part[0].isupper():
            if part not in types:
                return "`%s`: no type, extension or target named %s" % (span, part)
        elif part not in members and part not in ("init", "self", "Type"):
            return "`%s`: no member named %s is declared" % (span, part)
    return None


def check_links(path, number, line):
    problems = []
    for target in LINK.findall(line):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("<"):
            continue  # https:, mailto: and the like
        file_part, _, anchor = target.partition("#")
        base = os.path.dirname(path)
        linked = os.path.normpath(os.path.join(base, file_part)) if file_part else path
        if not os.path.exists(os.path.join(ROOT, linked)):
            problems.append("%s:%d: link to %s, which does not exist" % (path, number, target))
        elif anchor and linked.endswith(".md") and anchor not in anchors(linked):
            problems.append("%s:%d: link to %s: no heading gives #%s"
                            % (path, number, target, anchor))
    return problems


def check_graph():
    path = os.path.join(ROOT, GRAPH_FILE)
    if not os.path.isfile(path):
        return ["%s:1: missing (it holds the target graph)" % GRAPH_FILE]
    text = read(GRAPH_FILE)
    begin, end = text.find(GRAPH_BEGIN), text.find(GRAPH_END)
    line = text.count("\n", 0, max(begin, 0)) + 1
    if begin < 0 or end < begin:
        return ["%s:%d: no %s ... %s markers" % (GRAPH_FILE, line, GRAPH_BEGIN, GRAPH_END)]
    pasted = text[begin + len(GRAPH_BEGIN):end].strip()
    if pasted != graph().strip():
        return ["%s:%d: the target graph is stale; paste the output of "
                "`python3 scripts/check-docs.py --graph`" % (GRAPH_FILE, line)]
    return []


def check():
    types, members = declarations()
    problems, spans = [], 0
    files = documents()
    for path in files:
        for number, line in prose_lines(read(path)):
            if line.lstrip().startswith("<!--"):
                continue
            problems += check_links(path, number, line)
            for _, span in SPAN.findall(line):
                span = span.strip()
                spans += 1
                if re.match(r"^(\./)?(Sources|Tests|scripts)/", span):
                    if not path_exists(span):
                        problems.append("%s:%d: `%s` does not exist" % (path, number, span))
                    continue
                problem = check_type(span, types, members)
                if problem:
                    problems.append("%s:%d: %s" % (path, number, problem))
    problems += check_graph()
    problems += check_spec_schema()
    return problems, len(files), spans


def main(arguments):
    if arguments == ["--graph"]:
        print(graph())
        return 0
    if arguments == ["--spec-schema"]:
        sys.stdout.write(spec_schema())
        return 0
    if arguments:
        print(__doc__.strip().split("\n\n")[0], file=sys.stderr)
        return 64
    problems, files, spans = check()
    for problem in problems:
        print(problem)
    if problems:
        print("check-docs: %d problem(s)" % len(problems), file=sys.stderr)
        return 1
    print("check-docs: %d documents, %d code spans, links, the target graph and the spec schema "
          "are current" % (files, spans))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
