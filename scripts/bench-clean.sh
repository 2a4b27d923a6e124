#!/usr/bin/env bash
# Reproducible CLI benchmark of `jsonheal clean`.
#
#   scripts/bench-clean.sh                 # ~200 MB, 5% broken, median of 3
#   SIZE=50MB BROKEN=0.2 RUNS=1 scripts/bench-clean.sh
#
# Generates SIZE of ticket-triage JSONL (testdata/sample/gen, fixed seed) with
# a fraction BROKEN of broken records, compresses it (gzip, zstd), then times
# `jsonheal clean` for plain, gzip and zstd input, without and with the LLM
# schema (testdata/schemas/llm.schema.json), at -j 1 and -j 2, and
# `jq -c .` on the clean file if jq is installed. Prints MB/s of
# uncompressed input (median of RUNS runs) as a markdown table.
set -euo pipefail
cd "$(dirname "$0")/.."

SIZE=${SIZE:-200MB}
BROKEN=${BROKEN:-0.05}
RUNS=${RUNS:-3}
SCHEMA=testdata/schemas/llm.schema.json

dir=$(mktemp -d "${TMPDIR:-/tmp}/bench-clean.XXXXXX")
trap 'rm -rf "$dir"' EXIT

go build -o "$dir/jsonheal" ./cmd/jsonheal
for ext in jsonl jsonl.gz jsonl.zst; do
	go run ./testdata/sample/gen -bytes "$SIZE" -broken "$BROKEN" -o "$dir/in.$ext"
done
bytes=$(stat -c %s "$dir/in.jsonl")
# The clean file: what jsonheal keeps of the input (for the jq comparison).
"$dir/jsonheal" clean --report=none --fail-on=never -o "$dir/clean.jsonl" "$dir/in.jsonl"
clean_bytes=$(stat -c %s "$dir/clean.jsonl")

# median_mbps BYTES CMD...: runs CMD RUNS times, prints the median MB/s.
median_mbps() {
	local n=$1
	shift
	local times=()
	for _ in $(seq "$RUNS"); do
		local t0 t1
		t0=$(date +%s.%N)
		"$@" >/dev/null 2>&1 || true
		t1=$(date +%s.%N)
		times+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')")
	done
	printf '%s\n' "${times[@]}" | sort -n | awk -v n="$n" '{a[NR]=$1} END {m=a[int((NR+1)/2)]; printf "%.0f", n/1e6/m}'
}

echo "input: $SIZE ($bytes bytes), broken fraction $BROKEN, median of $RUNS; $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| input | schema | -j 1 MB/s | -j 2 MB/s |"
echo "|---|---|---:|---:|"
for ext in jsonl jsonl.gz jsonl.zst; do
	for schema in none llm; do
		args=(clean --report=none --progress=never --fail-on=never -o /dev/null)
		[ "$schema" = llm ] && args+=(--schema "$SCHEMA")
		j1=$(median_mbps "$bytes" "$dir/jsonheal" "${args[@]}" -j 1 "$dir/in.$ext")
		j2=$(median_mbps "$bytes" "$dir/jsonheal" "${args[@]}" -j 2 "$dir/in.$ext")
		case $ext in jsonl) label=plain ;; jsonl.gz) label=gzip ;; *) label=zstd ;; esac
		echo "| $label | $schema | $j1 | $j2 |"
	done
done
echo
jh=$(median_mbps "$clean_bytes" "$dir/jsonheal" clean --report=none --progress=never -j 2 -o /dev/null "$dir/clean.jsonl")
if command -v jq >/dev/null 2>&1; then
	jqr=$(median_mbps "$clean_bytes" jq -c . "$dir/clean.jsonl")
	echo "clean file ($clean_bytes bytes): jsonheal clean -j 2: $jh MB/s; jq -c .: $jqr MB/s; ratio $(awk -v a="$jh" -v b="$jqr" 'BEGIN {printf "%.1f", a / b}')x"
else
	echo "clean file ($clean_bytes bytes): jsonheal clean -j 2: $jh MB/s; jq not installed (apt-get install jq) - comparison skipped"
fi
