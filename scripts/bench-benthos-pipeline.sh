#!/usr/bin/env bash
# The Benthos plugin end to end: benthos-jsonheal runs a real pipeline
# (file input, pipeline threads: 2, file output) over SIZE_MB of
# testdata/corpus/llm.jsonl concatenated (3.6 KB answers, all valid
# against integrations/benthos/testdata/llm-answer.schema.json), with
#   lines + noop, jsonheal_records + noop, lines + jsonheal,
#   jsonheal_records + jsonheal
# and `jsonheal clean --schema -j 2` on the same file (the reference: the
# library's own CPU per record), RUNS times each, alternating, under
# /usr/bin/time. Prints the medians of wall and CPU (user + sys) seconds,
# the scanner's and the processor's cost over the lines + noop baseline,
# and the processor's CPU per message over clean's per record.
#
#   scripts/bench-benthos-pipeline.sh               # 200 MB, 5 runs
#   SIZE_MB=50 RUNS=3 scripts/bench-benthos-pipeline.sh
#   BINS="/tmp/old /tmp/new" scripts/bench-benthos-pipeline.sh  # A/B builds
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

SIZE_MB=${SIZE_MB:-200}
RUNS=${RUNS:-5}
SCHEMA=$root/integrations/benthos/testdata/llm-answer.schema.json

dir=$(mktemp -d "${TMPDIR:-/tmp}/bench-benthos-pipeline.XXXXXX")
trap 'rm -rf "$dir"' EXIT

go build -o "$dir/jsonheal" ./cmd/jsonheal
if [ -z "${BINS:-}" ]; then
	(cd integrations/benthos && go build -o "$dir/benthos-jsonheal" ./cmd/benthos-jsonheal)
	BINS=$dir/benthos-jsonheal
fi
corpus=testdata/corpus/llm.jsonl
copies=$(((SIZE_MB * 1000000 + $(stat -c %s $corpus) - 1) / $(stat -c %s $corpus)))
for _ in $(seq "$copies"); do cat $corpus; done >"$dir/in.jsonl"
records=$(wc -l <"$dir/in.jsonl")
bytes=$(stat -c %s "$dir/in.jsonl")

configs="lines-noop jsonheal_records-noop lines-jsonheal jsonheal_records-jsonheal"
for c in $configs; do
	scanner=${c%-*} proc=${c#*-}
	procyaml="- noop: {}"
	[ "$proc" = jsonheal ] && procyaml="- jsonheal: { schema_path: $SCHEMA }"
	cat >"$dir/$c.yaml" <<YAML
http: { enabled: false }
logger: { level: warn }
input:
  file:
    paths: [ $dir/in.jsonl ]
    scanner: { $scanner: {} }
pipeline:
  threads: 2
  processors:
    $procyaml
output:
  file: { path: $dir/out.jsonl, codec: lines }
YAML
done

for r in $(seq "$RUNS"); do
	/usr/bin/time -f "clean clean %e %U %S" -a -o "$dir/times" "$dir/jsonheal" clean --schema "$SCHEMA" \
		--report=none --progress=never -j 2 -o /dev/null "$dir/in.jsonl"
	for bin in $BINS; do
		for c in $configs; do
			rm -f "$dir/out.jsonl"
			/usr/bin/time -f "$bin $c %e %U %S" -a -o "$dir/times" "$bin" -c "$dir/$c.yaml"
			got=$(wc -l <"$dir/out.jsonl")
			[ "$got" = "$records" ] || { echo "$c: $got records written, want $records" >&2; exit 1; }
		done
	done
done

echo "$bytes bytes, $records records; median of $RUNS runs; $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$dir/times" "$records" <<'PY'
import collections, statistics, sys
wall, cpu = collections.defaultdict(list), collections.defaultdict(list)
for line in open(sys.argv[1]):
    bin, c, e, u, s = line.split()
    wall[bin, c].append(float(e))
    cpu[bin, c].append(float(u) + float(s))
n = int(sys.argv[2])
clean = statistics.median(wall["clean", "clean"]), statistics.median(cpu["clean", "clean"])
print(f"jsonheal clean --schema -j 2: {clean[0]:.2f} s wall {clean[1]:.2f} s CPU = {clean[1] / n * 1e6:.1f} us CPU per record")
for bin in dict.fromkeys(b for b, _ in wall if b != "clean"):
    print(bin)
    m = {c: (statistics.median(wall[b, c]), statistics.median(cpu[b, c])) for b, c in wall if b == bin}
    for c, (w, u) in m.items():
        print(f"  {c:28s} {w:6.2f} s wall {u:6.2f} s CPU")
    base = m["lines-noop"]
    print(f"  jsonheal_records + noop / lines + noop: {m['jsonheal_records-noop'][0] / base[0]:.2f}x wall, "
          f"{m['jsonheal_records-noop'][1] / base[1]:.2f}x CPU")
    for s in ["lines", "jsonheal_records"]:
        w = m[s + "-jsonheal"][0] - m[s + "-noop"][0]
        u = m[s + "-jsonheal"][1] - m[s + "-noop"][1]
        print(f"  jsonheal over noop ({s}): +{w:.2f} s wall, +{u:.2f} s CPU = {u / n * 1e6:.1f} us CPU per message, "
              f"{u / clean[1]:.2f}x clean's")
PY
