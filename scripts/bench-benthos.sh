#!/usr/bin/env bash
# The Benthos plugin's cost over Benthos itself (issue 38, item 5).
#
#   scripts/bench-benthos.sh            # 5 rounds
#   ROUNDS=9 scripts/bench-benthos.sh
#
# A round runs BenchmarkCostScanner and BenchmarkCostProcessor
# (integrations/benthos/cost_bench_test.go) once, one second per
# benchmark, over testdata/corpus/llm.jsonl's records (3.6 KB answers)
# with integrations/benthos/testdata/llm-answer.schema.json. Each ratio is
# taken within a round, on CPU time per record (the whole process's, GC
# included), and the median of the rounds is printed:
#   scanner:   jsonheal_records / lines, over the same bytes
#   processor: (jsonheal - noop) per message over the library's own CPU per
#              record: jsonl.Cleaner.Run's (clean: what `jsonheal clean
#              -j 2` spends, splitter and writer included) and
#              jsonl.Judge's alone (judge: the sanitize, validate and
#              schema-fix calls clean makes per record); the same for
#              jsonheal_batch on one batch;
#   and where the processor's time goes: Benthos's wrapper of any plugin
#   processor (plugin - noop), the metadata and counter of a clean record
#   (plugin+metadata - plugin), and the judging (jsonheal -
#   plugin+metadata, beside judge alone).
set -euo pipefail

out=$(mktemp "${TMPDIR:-/tmp}/bench-benthos-out.XXXXXX")
trap 'rm -f "$out"' EXIT
"$(dirname "$0")/bench-rounds.sh" "$(dirname "$0")/../integrations/benthos" '^BenchmarkCost(Scanner|Processor)$' >"$out"

python3 - "$out" <<'PY'
import collections, re, statistics, sys

runs = collections.defaultdict(dict)  # name -> {round: (cpu-ns/record, ns/record)}
for line in open(sys.argv[1]):
    m = re.match(r"round(\d+) BenchmarkCost(\w+)/(\S+)-\d+\s.*?([\d.]+) cpu-ns/record\s+([\d.]+) ns/record", line)
    if m:
        rnd, bench, name, cpu, wall = m.groups()
        runs[bench + "/" + name][rnd] = (float(cpu), float(wall))

def med(name, i=0):
    return statistics.median(v[i] for v in runs[name].values())

def ratio(f):
    rounds = set.intersection(*(set(v) for v in runs.values()))
    return statistics.median(f(lambda n: runs[n][r][0]) for r in rounds)

print(f"{len(next(iter(runs.values())))} rounds; medians of cpu-ns/record (ns/record wall)")
for name in runs:
    print(f"  {name:32s} {med(name):8.0f} ({med(name, 1):.0f})")
print(f"scanner:   jsonheal_records / lines = {ratio(lambda t: t('Scanner/jsonheal_records') / t('Scanner/lines')):.2f}x (target <= 1.1)")
for ref in ["clean", "judge"]:
    print(f"processor: (jsonheal - noop) / {ref} = "
          f"{ratio(lambda t: (t('Processor/message/jsonheal') - t('Processor/message/noop')) / t('Processor/' + ref)):.2f}x per message, "
          f"{ratio(lambda t: (t('Processor/batch/jsonheal') - t('Processor/batch/noop')) / t('Processor/' + ref)):.2f}x in a batch (target <= 1.5)")
def med_diff(a, b):
    return ratio(lambda t: t("Processor/" + a) - t("Processor/" + b))
print(f"per message: Benthos's plugin wrapper {med_diff('message/plugin', 'message/noop'):.0f} ns, "
      f"metadata and counter {med_diff('message/plugin+metadata', 'message/plugin'):.0f} ns, "
      f"judging {med_diff('message/jsonheal', 'message/plugin+metadata'):.0f} ns (judge alone {med('Processor/judge'):.0f} ns)")
PY
