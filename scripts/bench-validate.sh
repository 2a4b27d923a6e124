#!/usr/bin/env bash
# Validation against the sanitizer and against santhosh-tekuri v6, for
# the targets of issues #36 and #38.
#
#   scripts/bench-validate.sh            # 5 rounds
#   ROUNDS=9 scripts/bench-validate.sh
#
# A round runs BenchmarkValidate (jsonheal and santhosh-tekuri v6) and
# BenchmarkValidateVsSanitize (jsonheal's sanitizer, then its validation,
# on the same valid documents) once, one second per benchmark. Each ratio
# is taken within a round, between benchmarks seconds apart (the host's
# speed drifts over a minute); the table gives the median of the rounds,
# beside the median cpu-ns/op (CPU time of the process per document) of
# every column.
set -euo pipefail

out=$(mktemp "${TMPDIR:-/tmp}/bench-validate-out.XXXXXX")
trap 'rm -f "$out"' EXIT
"$(dirname "$0")/bench-rounds.sh" "$(dirname "$0")/../bench" 'BenchmarkValidate$/.*/(jsonheal|santhosh-v6)$|BenchmarkValidateVsSanitize' >"$out"

python3 - "$out" <<'PY'
import collections, re, statistics, sys

runs = collections.defaultdict(dict)  # (bench, doc, impl) -> {round: cpu-ns/op}
allocs = {}
for line in open(sys.argv[1]):
    m = re.match(r"round(\d+) (BenchmarkValidate|BenchmarkValidateVsSanitize)/([^/]+)/(\S+)-\d+\s.*?([\d.]+) cpu-ns/op.*?(\d+) allocs/op", line)
    if not m:
        continue
    rnd, bench, doc, impl, ns, al = m.groups()
    runs[bench, doc, impl][rnd] = float(ns)
    allocs[bench, doc, impl] = int(al)

def med(key):
    v = runs.get(key)
    return statistics.median(v.values()) if v else None

def ratio(a, b):
    x, y = runs.get(a, {}), runs.get(b, {})
    r = [x[k] / y[k] for k in x if k in y]
    return statistics.median(r) if r else None

V, S = "BenchmarkValidate", "BenchmarkValidateVsSanitize"
fmt = lambda x, f="{:,.0f}": "–" if x is None else f.format(x)
print("| document | jsonheal validate (cpu-ns) | allocs | sanitize, same bytes (cpu-ns) | validate ÷ sanitize | santhosh v6 (cpu-ns) | santhosh ÷ jsonheal |")
print("|---|---:|---:|---:|---:|---:|---:|")
for d in ["llm-valid", "llm-invalid", "citm"]:
    j = (V, d, "jsonheal")
    vs = ratio((S, d, "jsonheal"), (S, d, "jsonheal-sanitize"))
    print(f"| {d} | {fmt(med(j))} | {allocs.get(j, '–')} | {fmt(med((S, d, 'jsonheal-sanitize')))} | {fmt(vs, '{:.2f}×')}"
          f" | {fmt(med((V, d, 'santhosh-v6')))} | {fmt(ratio((V, d, 'santhosh-v6'), j), '{:.1f}×')} |")
print()
print(f"targets: citm validate ÷ sanitize {fmt(ratio((S, 'citm', 'jsonheal'), (S, 'citm', 'jsonheal-sanitize')), '{:.2f}×')} (#38: 2× or less);"
      f" llm-valid {fmt(med((V, 'llm-valid', 'jsonheal')))} cpu-ns (#38: half of the 7,000 the issue measured);"
      f" santhosh ÷ jsonheal valid {fmt(ratio((V, 'llm-valid', 'santhosh-v6'), (V, 'llm-valid', 'jsonheal')), '{:.1f}×')} (#36: 10× or more),"
      f" invalid {fmt(ratio((V, 'llm-invalid', 'santhosh-v6'), (V, 'llm-invalid', 'jsonheal')), '{:.1f}×')} (#36: 5× or more)")
PY
