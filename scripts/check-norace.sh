#!/usr/bin/env bash
# Checks that packages whose tests `make test` runs without the race
# detector cannot race: neither they, their tests nor the module's packages
# they import start a goroutine, call t.Parallel or import sync, sync/atomic
# or unsafe. Single-goroutine code gives the race detector nothing to watch
# (and without unsafe, checkptr nothing to check); the code still runs under
# -race through the packages that call it from many goroutines.
#
#   scripts/check-norace.sh ./scanner ./sanitize
set -euo pipefail

if [ $# -lt 1 ]; then
	echo "usage: $0 PACKAGE..." >&2
	exit 2
fi
go=${GO:-go}
module=$("$go" list -m)
bad=0
# The module's packages in the tests' build graph (test variants and the
# generated test mains left out: they list the same files).
pkgs=$("$go" list -deps -test "$@" | grep -E "^$module(/|\$)" | grep -v -e ' \[' -e '\.test$' | sort -u)
for p in $pkgs; do
	imports=$("$go" list -f '{{join .Imports "\n"}}
{{join .TestImports "\n"}}
{{join .XTestImports "\n"}}' "$p")
	for i in sync sync/atomic unsafe; do
		if grep -qx "$i" <<<"$imports"; then
			echo "$p imports $i: run its tests under -race (RACE_PKGS)" >&2
			bad=1
		fi
	done
	dir=$("$go" list -f '{{.Dir}}' "$p")
	files=$("$go" list -f '{{range .GoFiles}}{{$.Dir}}/{{.}}
{{end}}{{range .TestGoFiles}}{{$.Dir}}/{{.}}
{{end}}{{range .XTestGoFiles}}{{$.Dir}}/{{.}}
{{end}}' "$p")
	# A go statement, or a parallel test.
	if found=$(grep -nE '^[[:space:]]*go[[:space:]]+[A-Za-z_(]|\.Parallel\(\)' $files); then
		echo "$p starts goroutines ($dir):" >&2
		echo "$found" >&2
		bad=1
	fi
done
if [ "$bad" -ne 0 ]; then
	exit 1
fi
echo "no goroutines, sync or unsafe in: $(echo $pkgs)"
