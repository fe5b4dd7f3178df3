#!/usr/bin/env bash
# Builds the libFuzzer harnesses in Fuzz/ with AddressSanitizer (in .build-fuzz, so the main
# build stays fast and sanitizer-free) and runs each for SECONDS on a temporary copy of its seed
# corpus in Fuzz/Corpus/<harness>/. New corpus files and crash reproducers go to a temporary
# directory, never into the repository. Exits 1 when a harness finds a crash and prints the
# reproducer's path, 64 for a usage error.
#
#   scripts/fuzz.sh SECONDS [formatter] [layout] [typography] [catalog]     (default: all four)
#
# GALLEY_FUZZ_SKIP lists checks to leave out, comma-separated (see docs/design/testing.md);
# unset or empty, every check runs.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  echo "usage: scripts/fuzz.sh SECONDS [formatter] [layout] [typography] [catalog]" >&2
  exit 64
}
[[ $# -ge 1 && $1 =~ ^[0-9]+$ && $1 -gt 0 ]] || usage
seconds=$1
shift
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=(formatter layout typography catalog)
declare -A products=([formatter]=FormatterFuzz [layout]=LayoutFuzz [typography]=TypographyFuzz
  [catalog]=CatalogFuzz)
for harness in "${harnesses[@]}"; do
  [ -n "${products[$harness]:-}" ] || usage
done

command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
toolchain_bin=$(dirname "$(command -v swift)")

# Every check runs; GALLEY_FUZZ_SKIP may name checks to leave out while a new finding is
# fixed (add its seed as Fuzz/Corpus/*/known-<check>-*, so `GALLEY_FUZZ_SKIP= scripts/fuzz.sh
# 10` shows it at once). Fixed, and checked again on every run from their seeds (found-*):
# escape-link-target ('}' before a combining mark), link-in-line-exact (link rectangles past
# the line on combining marks, and a digit with an accent drawn from the emoji font), and
# line-width-exact (a line whose edge is unsafe to break, re-shaped when assembled: the kerning
# pair of "s/et" in Lato at 100 pt in a box of 86, Arabic joining forms, a right-to-left line's
# hanging space, a justified line's spaces after a control character that draws no glyph, a
# trailing space after U+001C, once read as a paragraph separator, and the line above a head
# truncation's token, which loses the text it was shaped with).
export GALLEY_FUZZ_SKIP="${GALLEY_FUZZ_SKIP-}"
# Swift's own crash backtracer and AddressSanitizer both catch the crash; let libFuzzer report.
export SWIFT_BACKTRACE=enable=no
# LeakSanitizer cannot follow fontconfig's offsets (see the file).
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan-suppressions.txt:print_suppressions=0"

# `--sanitize fuzzer` makes SwiftPM link the executables without their own main (libFuzzer has
# one); the -Xswiftc flag then asks for both sanitizers at once, because separate
# -sanitize=fuzzer -sanitize=address flags leave out the coverage instrumentation.
build=(swift build --package-path Fuzz --scratch-path .build-fuzz -c debug --sanitize fuzzer
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
[ -x "$toolchain_bin/ld.lld" ] && build+=(-Xswiftc -use-ld=lld)
for harness in "${harnesses[@]}"; do
  echo "fuzz: building ${products[$harness]}"
  "${build[@]}" --product "${products[$harness]}"
done
bin=$("${build[@]}" --show-bin-path)

work=$(mktemp -d "${TMPDIR:-/tmp}/galley-fuzz.XXXXXX")
export TMPDIR="$work"  # fontconfig's cache for the layout harness, and libFuzzer's scratch files
status=0
for harness in "${harnesses[@]}"; do
  corpus="$work/$harness-corpus"
  artifacts="$work/$harness-artifacts"
  log="$work/$harness.log"
  cp -R "Fuzz/Corpus/$harness" "$corpus"
  mkdir -p "$artifacts"
  echo "fuzz: running $harness for ${seconds}s (skipping: ${GALLEY_FUZZ_SKIP:-nothing})"
  if "$bin/${products[$harness]}" -max_total_time="$seconds" -timeout=30 -print_final_stats=1 \
    -artifact_prefix="$artifacts/" "$corpus" >"$log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    added=$(sed -n 's/^stat::new_units_added: *//p' "$log")
    echo "fuzz: $harness passed: $runs runs, $speed exec/s, $added new corpus inputs"
  else
    status=1
    reproducer=$(find "$artifacts" -type f | head -n 1)
    grep -a -E '^galley-fuzz:|^==[0-9]+==ERROR|^SUMMARY' "$log" >&2 || tail -n 30 "$log" >&2
    echo "fuzz: $harness FAILED; log: $log" >&2
    if [ -n "$reproducer" ]; then
      echo "fuzz: reproducer: $reproducer" >&2
      echo "fuzz: rerun it with: SWIFT_BACKTRACE=$SWIFT_BACKTRACE LSAN_OPTIONS=$LSAN_OPTIONS" \
        "GALLEY_FUZZ_SKIP=$GALLEY_FUZZ_SKIP $bin/${products[$harness]} $reproducer" >&2
    fi
  fi
done

if [ "$status" -eq 0 ]; then
  rm -rf "$work"
else
  echo "fuzz: kept $work for the reproducers" >&2
fi
exit "$status"
