#!/usr/bin/env bash
# Runs the README's HTTP example as written: the curl command of the ```sh block under
# "## HTTP service", against a galley-server started by scripts/test-server.bash, with the
# README's http://127.0.0.1:PORT replaced by the server's address. Checks that it exits 0 and
# writes a PNG. Exits 1 naming what failed.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
example=$(awk '
  /^## HTTP service/ { section = 1; next }
  section && /^```sh/ { block = 1; next }
  block && /^```/ { exit }
  block { print }
' README.md | awk '/^curl / { take = 1 } take { print } take && !/\\$/ { take = 0 }')
if [ -z "$example" ]; then
  echo "check-readme-http: no curl command in README.md's HTTP service example" >&2
  exit 1
fi
source scripts/test-server.bash
test_server_start
work=$(mktemp -d "${TMPDIR:-/tmp}/galley-readme.XXXXXX")
trap 'rm -rf "$work"; test_server_stop' EXIT
command=${example//http:\/\/127.0.0.1:PORT/$TEST_SERVER_URL}
if ! (cd "$work" && bash -euo pipefail -c "$command"); then
  echo "check-readme-http: the README's example failed: $example" >&2
  exit 1
fi
output=$(find "$work" -maxdepth 1 -type f | head -n 1)
if [ -z "$output" ] || [ "$(head -c 8 "$output" | od -An -tx1 | tr -d ' \n')" != "89504e470d0a1a0a" ]; then
  echo "check-readme-http: the README's example wrote no PNG (${output:-nothing}): $(head -c 300 "${output:-/dev/null}")" >&2
  exit 1
fi
echo "check-readme-http: the README's HTTP example writes a $(wc -c <"$output")-byte PNG"
