#!/usr/bin/env bash
# Installs what is missing, then builds (with the `Server` trait, for galley-server and its
# tests) and runs the whole test suite. The build includes the snippets in Snippets/ (the
# README's Swift examples); the script then checks that README.md and the DocC pages show them
# as they are, and runs each one on the machine's fonts; checks that the docs name only paths
# and types that exist (scripts/check-docs.py); builds a package that depends on the libraries
# alone (scripts/check-client-resolution.sh), then the README's HTTP example and every command
# of its console examples, as written (scripts/check-readme-http.sh,
# scripts/check-readme-examples.py). Then the playground's real-browser test
# (scripts/browser-test.sh) runs against galley-server, and last the deployment test
# (scripts/cluster-test.sh: three servers behind HAProxy, a rolling restart and a kill under
# load), short and on the debug build.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
./scripts/check-snippets.sh
python3 scripts/check-docs.py
swift build --build-tests --traits Server
swift test --skip-build --traits Server

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

# A package that depends on the four libraries resolves none of the server's packages.
./scripts/check-client-resolution.sh

./scripts/check-readme-http.sh

source scripts/test-server.bash
test_server_write_fontconfig "$scratch/fonts.conf"
python3 scripts/check-readme-examples.py "$bin" "$scratch/fonts.conf"

./scripts/browser-test.sh

./scripts/cluster-test.sh --debug 10
