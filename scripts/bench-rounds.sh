#!/usr/bin/env bash
# The rounds the bench-* scripts take their medians from.
#
#   scripts/bench-rounds.sh DIR PATTERN
#
# Builds the test binary of the package in DIR and runs the benchmarks
# matching PATTERN ROUNDS times (default 5), one second per benchmark,
# printing each output line after "roundN ". The host's speed drifts by
# tens of percent over a minute, so the callers take each ratio within a
# round and give the median of the rounds.
set -euo pipefail
cd "$1"

ROUNDS=${ROUNDS:-5}

bin=$(mktemp "${TMPDIR:-/tmp}/bench-rounds.XXXXXX")
trap 'rm -f "$bin"' EXIT
go test -c -o "$bin" .

for r in $(seq "$ROUNDS"); do
	"$bin" -test.run '^$' -test.benchtime=1s -test.bench "$2" | sed "s/^/round$r /"
done
