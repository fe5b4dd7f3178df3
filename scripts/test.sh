#!/usr/bin/env bash
# Installs what is missing, then builds and runs the whole test suite. The build includes the
# snippets in Snippets/ (the README's Swift examples); the script then checks that README.md and
# the DocC pages show them as they are, and runs each one on the machine's fonts. Last, the
# playground's real-browser test (scripts/browser-test.sh) runs against galley-server.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
./scripts/check-snippets.sh
swift build --build-tests
swift test --skip-build

bin=$(swift build --show-bin-path)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/galley-snippets.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
count=0
for snippet in Snippets/*.swift; do
  count=$((count + 1))
  name=$(basename "$snippet" .swift)
  if ! (cd "$scratch" && "$bin/$name" >"$scratch/$name.out" 2>&1); then
    cat "$scratch/$name.out" >&2
    echo "test: the snippet $snippet failed" >&2
    exit 1
  fi
done
echo "test: ran $count snippets"

./scripts/browser-test.sh
