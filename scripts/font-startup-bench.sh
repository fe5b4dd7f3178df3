#!/usr/bin/env bash
# The cold-start comparison in docs/benchmarks.md ("Fonts"): `galley font FAMILY` as a whole
# process against `fc-match FAMILY`, same query, same (the machine's own) fontconfig
# configuration. Each family is run RUNS times per command, alternating the two, after one
# unmeasured warm-up of each; prints one JSON object with the median milliseconds and the
# ratio per family. spawnFloorMs is the same clock around /bin/true: what starting any process
# costs here, included in both medians.
# Usage: scripts/font-startup-bench.sh [--galley PATH] [--runs N] [FAMILY...]
#   Defaults: .build/release/galley, 30 runs, "DejaVu Sans" serif Helvetica "No Such Family".
set -euo pipefail
cd "$(dirname "$0")/.."
galley=".build/release/galley"
runs=30
while [ $# -gt 0 ]; do
  case "$1" in
    --galley) galley="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --) shift; break ;;
    -*) echo "usage: scripts/font-startup-bench.sh [--galley PATH] [--runs N] [FAMILY...]" >&2
        exit 64 ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || set -- "DejaVu Sans" serif Helvetica "No Such Family"
[ -x "$galley" ] || { echo "font-startup-bench: build $galley first" >&2; exit 66; }
command -v fc-match > /dev/null || { echo "font-startup-bench: fc-match is missing" >&2; exit 69; }
exec python3 - "$galley" "$runs" "$@" << 'EOF'
import json, os, statistics, subprocess, sys, time

galley, runs, families = sys.argv[1], int(sys.argv[2]), sys.argv[3:]

def seconds(command):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start

def median_ms(samples):
    return round(statistics.median(samples) * 1000, 2)

results = []
for family in families:
    commands = {"galley": [galley, "font", family], "fcMatch": ["fc-match", family]}
    samples = {name: [] for name in commands}
    for command in commands.values():
        seconds(command)
    for _ in range(runs):
        for name, command in commands.items():
            samples[name].append(seconds(command))
    galley_ms, fc_ms = median_ms(samples["galley"]), median_ms(samples["fcMatch"])
    results.append({"family": family, "galleyMs": galley_ms, "fcMatchMs": fc_ms,
                    "ratio": round(galley_ms / fc_ms, 2)})
floor = median_ms([seconds(["/bin/true"]) for _ in range(runs)])
print(json.dumps({"runs": runs, "galley": os.path.abspath(galley), "spawnFloorMs": floor,
                  "families": results,
                  "worstRatio": max(result["ratio"] for result in results)}, indent=2))
EOF
