#!/usr/bin/env bash
# Times `make ci` as CI runs it: a fresh clone of HEAD, empty build and
# module caches. Prints the wall and CPU (user+sys) time of every go
# command it ran, then of the whole run. CPU seconds are the steadier figure
# on a shared machine; on an idle 2-core one the wall is about half of them
# where both cores are busy.
#
#   scripts/ci-times.sh            # about 10 minutes of CPU
#   scripts/ci-times.sh vet        # another target of the Makefile
set -uo pipefail

target=${1:-ci}

root=$(git rev-parse --show-toplevel)
work=$(mktemp -d "${TMPDIR:-/tmp}/ci-times.XXXXXX")
cleanup() {
	chmod -R u+w "$work" 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT

git clone -q "$root" "$work/clone"
mkdir "$work/gocache" "$work/gomodcache"
export GOCACHE=$work/gocache GOMODCACHE=$work/gomodcache
export GOFLAGS="${GOFLAGS:-} -modcacherw"
export CI_TIMES_LOG=$work/times
: >"$CI_TIMES_LOG"

# A go that logs each call's times (list, env and version are instant).
cat >"$work/go" <<'EOF'
#!/usr/bin/env bash
case "$1" in list | env | version) exec go "$@" ;; esac
exec /usr/bin/time -a -o "$CI_TIMES_LOG" \
	-f "%e s wall %U+%S s cpu  $(basename "$PWD"): go $*" go "$@"
EOF
chmod +x "$work/go"

cd "$work/clone"
/usr/bin/time -o "$work/total" -f "make $target: %e s wall %U+%S s cpu" \
	make "$target" GO="$work/go" >"$work/log" 2>&1
rc=$?
cat "$CI_TIMES_LOG" "$work/total"
if [ "$rc" -ne 0 ]; then
	tail -40 "$work/log"
	echo "make $target failed ($rc)" >&2
fi
exit "$rc"
