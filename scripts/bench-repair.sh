#!/usr/bin/env bash
# Repair throughput per class of breakage, jsonheal beside its peers, for
# the README table.
#
#   scripts/bench-repair.sh                  # every class, 5 rounds
#   ROUNDS=9 CLASSES='single_quotes|unquoted' scripts/bench-repair.sh
#
# A round runs, for each class, jsonheal and RealAlexandreAI/json-repair
# at 1 MiB and kaptinlin/jsonrepair at 64 KiB (it grows faster than
# linearly), one second each, one after the other. The host's speed drifts
# by tens of percent over a minute, so the ratio is taken within each
# round, between benchmarks seconds apart, and the table gives the median
# of the rounds for every column (cpu-MB/s). Then jsonheal alone at every
# size, for the linear-growth columns. A peer's speed is marked "error"
# when it gave up on the input (it is left out of the ratio), and "≠" when
# its output holds other data than jsonheal's (it counts in the ratio).
set -euo pipefail
cd "$(dirname "$0")/../bench"

ROUNDS=${ROUNDS:-5}
CLASSES=${CLASSES:-.*}

bin=$(mktemp "${TMPDIR:-/tmp}/bench-repair.XXXXXX")
out=$(mktemp "${TMPDIR:-/tmp}/bench-repair-out.XXXXXX")
trap 'rm -f "$bin" "$out"' EXIT
go test -c -o "$bin" .

for r in $(seq "$ROUNDS"); do
	# (-test.bench splits its pattern at each '/': one level per part.)
	for pattern in "1MiB/(jsonheal|realalexandre)" "64KiB/kaptinlin" "(64KiB|4MiB|16MiB)/jsonheal"; do
		"$bin" -test.run '^$' -test.benchtime=1s -test.bench "^BenchmarkRepair\$/^($CLASSES)\$/^$pattern\$" |
			sed "s/^/round$r /" >>"$out"
	done
done

python3 - "$out" <<'EOF'
import collections, re, statistics, sys

runs = collections.defaultdict(dict)  # (class, size, tool) -> {round: cpu-MB/s}
errors = set()
differs = set()  # the peer's output holds other data than jsonheal's
order = []
for line in open(sys.argv[1]):
    m = re.match(r"round(\d+) BenchmarkRepair/([^/]+)/([^/]+)/(\w+)-\d+\s+\d+\s.*?([\d.]+) cpu-MB/s", line)
    if not m:
        continue
    rnd, cls, size, tool, v = m.groups()
    if cls not in order:
        order.append(cls)
    if " failed" in line:
        errors.add((cls, size, tool))  # the peer gave up: no repair to compare
        continue
    if " differs" in line:
        differs.add((cls, size, tool))
    runs[cls, size, tool][rnd] = float(v)

def med(key):
    v = runs.get(key)
    return statistics.median(v.values()) if v else None

def fmt(x, key=None):
    if key in errors:
        return "error"
    mark = " ≠" if key in differs else ""
    return "" if x is None else (f"{x:.0f}" if x >= 100 else f"{x:.3g}") + mark

print("| class | jsonheal 64 KiB | 1 MiB | 4 MiB | 16 MiB | RealAlexandreAI 1 MiB | kaptinlin 64 KiB | ÷ faster peer (median of rounds) |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
for cls in order:
    j = runs.get((cls, "1MiB", "jsonheal"), {})
    ratios = []
    for rnd, v in j.items():
        peers = [runs.get((cls, "1MiB", "realalexandre"), {}).get(rnd),
                 runs.get((cls, "64KiB", "kaptinlin"), {}).get(rnd)]
        peers = [p for p in peers if p]
        if peers:
            ratios.append(v / max(peers))
    ratio = f"{statistics.median(ratios):.1f}×" if ratios else ""
    print(f"| {cls} | {fmt(med((cls, '64KiB', 'jsonheal')))} | {fmt(med((cls, '1MiB', 'jsonheal')))} | "
          f"{fmt(med((cls, '4MiB', 'jsonheal')))} | {fmt(med((cls, '16MiB', 'jsonheal')))} | "
          f"{fmt(med((cls, '1MiB', 'realalexandre')), (cls, '1MiB', 'realalexandre'))} | "
          f"{fmt(med((cls, '64KiB', 'kaptinlin')), (cls, '64KiB', 'kaptinlin'))} | {ratio} |")
EOF
