#!/usr/bin/env bash
# The fast layer against the validators, for the README table.
#
#   scripts/bench-syntax.sh            # 5 rounds
#   ROUNDS=9 scripts/bench-syntax.sh
#
# A round runs BenchmarkSyntax and BenchmarkLLMRawVsClean once, one second
# per benchmark: for each file, every implementation one after the other.
# The ratios are jsonheal's sanitizer over each validator, and the scanner
# alone over sonic (the fastest peer).
# The host's speed drifts by tens of percent over a minute, so each ratio
# is taken within a round and the table gives the median of the rounds,
# beside the median cpu-MB/s of every column.
set -euo pipefail

out=$(mktemp "${TMPDIR:-/tmp}/bench-syntax-out.XXXXXX")
trap 'rm -f "$out"' EXIT
"$(dirname "$0")/bench-rounds.sh" "$(dirname "$0")/../bench" 'BenchmarkSyntax|BenchmarkLLMRawVsClean' >"$out"

python3 - "$out" <<'EOF'
import collections, re, statistics, sys

runs = collections.defaultdict(dict)  # (bench, file, impl) -> {round: cpu-MB/s}
for line in open(sys.argv[1]):
    m = re.match(r"round(\d+) (BenchmarkSyntax|BenchmarkLLMRawVsClean)/(\S+)-\d+\s+\d+\s.*?([\d.]+) cpu-MB/s", line)
    if not m:
        continue
    rnd, bench, name, v = m.groups()
    parts = dict(p.split("=", 1) for p in name.split("/"))
    runs[bench, parts["file"], parts["impl"]][rnd] = float(v)

def med(key):
    v = runs.get(key)
    return statistics.median(v.values()) if v else None

def ratio(a, b):
    x, y = runs.get(a, {}), runs.get(b, {})
    r = [x[k] / y[k] for k in x if k in y]
    return f"{statistics.median(r):.2f}×" if r else "–"

S = "BenchmarkSyntax"
print("| file | jsonheal sanitize | scanner alone | encoding/json.Valid | fastjson | sonic | ÷ encoding/json | ÷ fastjson | ÷ sonic | scanner ÷ sonic |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for f in ["twitter", "citm_catalog", "canada", "llm", "llm_raw"]:
    j = (S, f, "jsonheal-sanitize")
    cells = [med(j), med((S, f, "jsonheal-scanner")), med((S, f, "encoding-json")), med((S, f, "fastjson")), med((S, f, "sonic"))]
    cells = ["" if c is None else f"{c:.0f}" for c in cells]
    if f == "llm_raw":  # the validators reject raw newlines in strings
        cells[2:] = ["rejects it"] * 3
        print(f"| {f} | " + " | ".join(cells) + " | – | – | – | – |")
        continue
    print(f"| {f} | " + " | ".join(cells) + f" | {ratio(j, (S, f, 'encoding-json'))} | {ratio(j, (S, f, 'fastjson'))}"
          f" | {ratio(j, (S, f, 'sonic'))} | {ratio((S, f, 'jsonheal-scanner'), (S, f, 'sonic'))} |")
L = "BenchmarkLLMRawVsClean"
print()
print(f"llm_raw sanitized {med((L, 'llm_raw', 'jsonheal-sanitize')):.0f} cpu-MB/s, encoding/json.Valid on llm "
      f"{med((L, 'llm', 'encoding-json')):.0f}: {ratio((L, 'llm_raw', 'jsonheal-sanitize'), (L, 'llm', 'encoding-json'))} (median of rounds)")
EOF
