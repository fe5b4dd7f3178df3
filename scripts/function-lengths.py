#!/usr/bin/env python3
"""Lists the longest functions, initializers and closures-as-functions in Swift sources.

    scripts/function-lengths.py [--top N] [--over LINES] PATH...

Each declaration (`func`, `init`, `deinit`, `subscript`) is measured from its first line to
its closing brace, comments and blank lines included, as a reader sees it. Braces inside
string literals and comments are skipped. Prints `lines<TAB>file:line<TAB>name`, longest first.
Exits 1 with --over when any function is longer than LINES.
"""
import argparse
import pathlib
import re
import sys

DECLARATION = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|package|open|"
    r"static|class|mutating|nonmutating|override|final|convenience|required|nonisolated)\s+)*"
    r"(func\s+[^\s(<]+|init[?!]?|deinit|subscript)\b")


def strip(line, in_block):
    """The line without string literals and comments; whether a block comment continues."""
    out = []
    index = 0
    in_string = False
    while index < len(line):
        pair = line[index:index + 2]
        if in_block:
            if pair == "*/":
                in_block = False
                index += 2
                continue
            index += 1
            continue
        if in_string:
            if line[index] == "\\":
                index += 2
                continue
            if line[index] == '"':
                in_string = False
            index += 1
            continue
        if pair == "//":
            break
        if pair == "/*":
            in_block = True
            index += 2
            continue
        if line[index] == '"':
            in_string = True
            index += 1
            continue
        out.append(line[index])
        index += 1
    return "".join(out), in_block


def functions(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    cleaned = []
    in_block = False
    for line in lines:
        text, in_block = strip(line, in_block)
        cleaned.append(text)
    for start, text in enumerate(cleaned):
        match = DECLARATION.match(text)
        if not match:
            continue
        depth = 0
        opened = False
        for end in range(start, len(cleaned)):
            for character in cleaned[end]:
                if character == "{":
                    depth += 1
                    opened = True
                elif character == "}":
                    depth -= 1
            if opened and depth <= 0:
                yield end - start + 1, start + 1, match.group(1)
                break
            if not opened and end > start and cleaned[end].strip() == "":
                break  # a requirement without a body


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("--over", type=int)
    parser.add_argument("paths", nargs="+")
    arguments = parser.parse_args()
    found = []
    for root in arguments.paths:
        root_path = pathlib.Path(root)
        files = [root_path] if root_path.is_file() else sorted(root_path.rglob("*.swift"))
        for path in files:
            for length, line, name in functions(path):
                found.append((length, f"{path}:{line}", name))
    found.sort(key=lambda entry: -entry[0])
    for length, location, name in found[: arguments.top]:
        print(f"{length}\t{location}\t{name}")
    if arguments.over is not None:
        too_long = [entry for entry in found if entry[0] > arguments.over]
        if too_long:
            print(f"{len(too_long)} longer than {arguments.over} lines", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
