#!/usr/bin/env bash
# Fuzzes galley-server's HTTP API with schemathesis (pinned in scripts/python-requirements.txt,
# installed into .build-venv/) against its own /openapi.json: builds and starts the server on a
# free port with the tests' fonts, sends at least MIN_REQUESTS generated requests (default
# 1000), valid and invalid, and fails on any 5xx, on any response that does not match the
# schema (status code, content type, headers and body), on a request the schema calls valid
# that gets 400 (positive_data_acceptance), on one it calls invalid that is accepted
# (negative_data_rejection), and on a method the path does not take that is not 405 with
# Allow. scripts/api-fuzz.toml sets the statuses each check expects; scripts/api-fuzz-hooks.py
# drops the generated valid requests that break a rule between fields the schema cannot state.
# The server is always stopped.
#   scripts/api-fuzz.sh [EXAMPLES_PER_OPERATION]   (default 200; the seed is fixed)
# .ci/run runs it. The report is written to .build-fuzz-api/ (git ignores it).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
python=$(./scripts/python-venv.sh)
examples=${1:-200}
minimum=${MIN_REQUESTS:-1000}
report=.build-fuzz-api
rm -rf "$report"
mkdir -p "$report"

source scripts/test-server.bash
test_server_start

status=0
# From inside the report folder: schemathesis keeps a .schemathesis/ cache where it runs.
(cd "$report" && SCHEMATHESIS_HOOKS=../scripts/api-fuzz-hooks.py "$(dirname "$python")/schemathesis" --config-file ../scripts/api-fuzz.toml \
  run "$TEST_SERVER_URL/openapi.json" --url "$TEST_SERVER_URL" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance,positive_data_acceptance,negative_data_rejection,unsupported_method,missing_required_header,allow_header_conformance \
  --max-examples "$examples" --seed 20260524 --generation-database none --workers 2 \
  --request-timeout 30 \
  --suppress-health-check too_slow,filter_too_much,data_too_large \
  --report junit,har --report-dir . --output-truncate false) || status=$?

# Count the requests schemathesis sent and their statuses, from its HAR log.
"$python" - "$report" "$minimum" <<'PYTHON' || status=1
import collections, json, pathlib, sys
entries = []
for path in pathlib.Path(sys.argv[1]).glob("har-*.json"):
    entries += json.loads(path.read_text())["log"]["entries"]
statuses = collections.Counter(entry["response"]["status"] for entry in entries)
print(f"api-fuzz: {len(entries)} requests; statuses: {dict(sorted(statuses.items()))}")
failed = False
for entry in entries:
    status = entry["response"]["status"]
    if status >= 500 or status == 0:
        failed = True
        request = entry["request"]
        body = (request.get("postData") or {}).get("text", "")
        print(f"api-fuzz: {status} for {request['method']} {request['url']} {body[:2000]}", file=sys.stderr)
if len(entries) < int(sys.argv[2]):
    print(f"api-fuzz: fewer than {sys.argv[2]} requests; pass more examples per operation", file=sys.stderr)
    failed = True
sys.exit(1 if failed else 0)
PYTHON
exit "$status"
