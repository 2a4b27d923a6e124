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
# size, one after the other, for the size columns and the growth: the
# largest over the smallest speed of the 1, 4 and 16 MiB runs of a round,
# whose median over the rounds the table gives. A last line sums up the
# targets: the lowest speed, the lowest ratio, the largest growth. A peer's speed is marked "error"
# when it gave up on the input (it is left out of the ratio), and "≠" when
# its output holds other data than jsonheal's (it counts in the ratio).
#
#   scripts/bench-repair.sh cli [MiB...]     # the CLI on valid JSON (64 512)
#
# With "cli", it times `jsonheal repair` instead, on one valid document of
# each size (scripts/gen-big.py deep), ROUNDS times (default 5) beside
# encoding/json.Valid on the same bytes already in memory (a program built
# in a temporary directory), and prints the medians: elapsed and CPU
# (user+sys) seconds, peak RSS (/usr/bin/time), and Valid's over
# jsonheal's elapsed time (the target: 2.5x or more, in memory that does
# not grow with the input).
set -euo pipefail

if [ "${1:-}" = cli ]; then
	shift
	cd "$(dirname "$0")/.."
	ROUNDS=${ROUNDS:-5}
	dir=$(mktemp -d "${TMPDIR:-/tmp}/bench-repair-cli.XXXXXX")
	trap 'rm -rf "$dir"' EXIT
	go build -o "$dir/jsonheal" ./cmd/jsonheal
	mkdir "$dir/validsrc"
	cat >"$dir/validsrc/main.go" <<'GO'
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"time"
)

// Prints the seconds encoding/json.Valid takes on the file, read first.
func main() {
	b, err := os.ReadFile(os.Args[1])
	if err != nil {
		panic(err)
	}
	t := time.Now()
	if !json.Valid(b) {
		panic("invalid")
	}
	fmt.Printf("%.3f\n", time.Since(t).Seconds())
}
GO
	(cd "$dir/validsrc" && go mod init validtime >/dev/null 2>&1 && go build -o ../valid .)
	echo "median of $ROUNDS; $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
	echo
	echo "| MiB | jsonheal repair s | CPU s | peak RSS MB | encoding/json.Valid s | ÷ Valid |"
	echo "|---:|---:|---:|---:|---:|---:|"
	for mib in "${@:-64 512}"; do
		for m in $mib; do
			python3 scripts/gen-big.py deep "$m" >"$dir/in.json"
			: >"$dir/times"
			: >"$dir/valids"
			for _ in $(seq "$ROUNDS"); do
				/usr/bin/time -f "%e %U %S %M" -a -o "$dir/times" \
					"$dir/jsonheal" repair --max-document-bytes 1GiB "$dir/in.json" >/dev/null
				"$dir/valid" "$dir/in.json" >>"$dir/valids"
			done
			python3 - "$m" "$dir/times" "$dir/valids" <<'PY'
import statistics, sys
m, times, valids = sys.argv[1], open(sys.argv[2]).read().split("\n"), open(sys.argv[3]).read().split()
rows = [list(map(float, t.split())) for t in times if t.strip()]
e = statistics.median(r[0] for r in rows)
cpu = statistics.median(r[1] + r[2] for r in rows)
rss = statistics.median(r[3] for r in rows) / 1024
v = statistics.median(map(float, valids))
print(f"| {m} | {e:.2f} | {cpu:.2f} | {rss:.0f} | {v:.2f} | {v / e:.1f}× |")
PY
		done
	done
	exit 0
fi
cd "$(dirname "$0")/../bench"

ROUNDS=${ROUNDS:-5}
CLASSES=${CLASSES:-.*}

bin=$(mktemp "${TMPDIR:-/tmp}/bench-repair.XXXXXX")
out=$(mktemp "${TMPDIR:-/tmp}/bench-repair-out.XXXXXX")
trap 'rm -f "$bin" "$out"' EXIT
go test -c -o "$bin" .

for r in $(seq "$ROUNDS"); do
	# (-test.bench splits its pattern at each '/': one level per part.)
	p=0
	for pattern in "1MiB/(jsonheal|realalexandre)" "64KiB/kaptinlin" "(64KiB|1MiB|4MiB|16MiB)/jsonheal"; do
		p=$((p + 1))
		"$bin" -test.run '^$' -test.benchtime=1s -test.bench "^BenchmarkRepair\$/^($CLASSES)\$/^$pattern\$" |
			sed "s/^/round$r pass$p /" >>"$out"
	done
done

python3 - "$out" <<'EOF'
import collections, re, statistics, sys

runs = collections.defaultdict(dict)  # (class, size, tool) -> {round: cpu-MB/s}
alone = {}  # (class, round) -> cpu-MB/s of jsonheal at 1 MiB in the sizes pass
errors = set()
differs = set()  # the peer's output holds other data than jsonheal's
order = []
for line in open(sys.argv[1]):
    m = re.match(r"round(\d+) pass(\d) BenchmarkRepair/([^/]+)/([^/]+)/(\w+)-\d+\s+\d+\s.*?([\d.]+) cpu-MB/s", line)
    if not m:
        continue
    rnd, npass, cls, size, tool, v = m.groups()
    if npass == "3" and size == "1MiB":
        alone[cls, rnd] = float(v)  # for the growth only: the column is pass 1's
        continue
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

print("| class | jsonheal 64 KiB | 1 MiB | 4 MiB | 16 MiB | RealAlexandreAI 1 MiB | kaptinlin 64 KiB | ÷ faster peer (median of rounds) | growth 1–16 MiB (median of rounds) |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
lowest, lowest_ratio, largest_growth = None, None, None
for cls in order:
    j = runs.get((cls, "1MiB", "jsonheal"), {})
    ratios = []
    for rnd, v in j.items():
        peers = [runs.get((cls, "1MiB", "realalexandre"), {}).get(rnd),
                 runs.get((cls, "64KiB", "kaptinlin"), {}).get(rnd)]
        peers = [p for p in peers if p]
        if peers:
            ratios.append(v / max(peers))
    growths = []
    for rnd, v in runs.get((cls, "4MiB", "jsonheal"), {}).items():
        sizes = [alone.get((cls, rnd)), v, runs.get((cls, "16MiB", "jsonheal"), {}).get(rnd)]
        if all(sizes):
            growths.append(max(sizes) / min(sizes))
    ratio = statistics.median(ratios) if ratios else None
    growth = statistics.median(growths) if growths else None
    cells = [med((cls, size, "jsonheal")) for size in ("64KiB", "1MiB", "4MiB", "16MiB")]
    for x, size in zip(cells, ("64 KiB", "1 MiB", "4 MiB", "16 MiB")):
        if x is not None and (lowest is None or x < lowest[0]):
            lowest = (x, f"{cls} {size}")
    if ratio is not None and (lowest_ratio is None or ratio < lowest_ratio[0]):
        lowest_ratio = (ratio, cls)
    if growth is not None and (largest_growth is None or growth > largest_growth[0]):
        largest_growth = (growth, cls)
    print(f"| {cls} | {fmt(cells[0])} | {fmt(cells[1])} | {fmt(cells[2])} | {fmt(cells[3])} | "
          f"{fmt(med((cls, '1MiB', 'realalexandre')), (cls, '1MiB', 'realalexandre'))} | "
          f"{fmt(med((cls, '64KiB', 'kaptinlin')), (cls, '64KiB', 'kaptinlin'))} | "
          f"{f'{ratio:.1f}×' if ratio is not None else ''} | {f'{growth:.2f}' if growth is not None else ''} |")
if lowest and lowest_ratio and largest_growth:
    print()
    print(f"lowest speed {lowest[0]:.0f} MB/s ({lowest[1]}); lowest ratio {lowest_ratio[0]:.1f}× ({lowest_ratio[1]}); "
          f"largest growth {largest_growth[0]:.2f} ({largest_growth[1]})")
EOF
