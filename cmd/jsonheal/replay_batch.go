package main

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/jsonheal/jsonheal/jsonl"
)

// Batches: records that end at their last line (endsAtItsLastLine) are
// cleaned many to a Cleaner, one per line of one stream, which costs a
// small fraction of a Cleaner per record. Each outcome is matched to its
// item by the line it starts on; anything unexpected (a count that does
// not match) falls back to cleaning each record alone.
const (
	maxBatchItems = 256
	maxBatchBytes = 1 << 20
)

// cleanBatch cleans batchable items in one stream.
func (r *replayer) cleanBatch(ctx context.Context, items []replayItem) []replayOutcome {
	var stream bytes.Buffer
	first := make(map[int64]int, len(items)) // stream line -> item
	line := int64(1)
	for i := range items {
		first[line] = i
		stream.Write(items[i].raw)
		stream.WriteByte('\n')
		line += int64(bytes.Count(items[i].raw, []byte("\n"))) + 1
	}
	opts := r.opts
	opts.Workers, opts.Window = 1, 2
	var out, rej bytes.Buffer
	st, err := jsonl.NewCleaner(opts).Run(ctx, &stream, &out, &rej)
	if err != nil {
		// Nothing of the batch is written: the first item says where the
		// run stopped.
		return []replayOutcome{{in: items[0].in, stop: runStop(ctx, err)}}
	}
	outcomes, ok := r.matchBatch(items, first, st, out.Bytes(), rej.Bytes())
	if !ok {
		outcomes = outcomes[:0]
		for i := range items {
			outcomes = append(outcomes, r.cleanRecord(ctx, items[i].in, items[i].raw, items[i].task))
		}
	}
	return outcomes
}

// matchBatch gives each item its outcome: its reject, found by the line
// it starts on, or the next written record.
func (r *replayer) matchBatch(items []replayItem, first map[int64]int, st jsonl.Stats, out, rej []byte) ([]replayOutcome, bool) {
	outcomes := make([]replayOutcome, len(items))
	if st.Records != int64(len(items)) {
		return outcomes, false
	}
	rejected := make([]bool, len(items))
	for _, l := range bytes.Split(bytes.TrimSuffix(rej, []byte("\n")), []byte("\n")) {
		if len(l) == 0 {
			continue
		}
		var nr jsonl.Reject
		if json.Unmarshal(l, &nr) != nil {
			return outcomes, false
		}
		i, found := first[nr.Line]
		if !found || rejected[i] {
			return outcomes, false
		}
		rejected[i] = true
		outcomes[i] = r.failed(items[i].in, withRaw(nr, items[i].raw), items[i].task)
	}
	lines := bytes.SplitAfter(out, []byte("\n"))
	if len(lines) > 0 && len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	k := 0
	for i := range items {
		if rejected[i] {
			continue
		}
		if k == len(lines) {
			return outcomes, false
		}
		outcomes[i] = replayOutcome{in: items[i].in, healed: true, out: lines[k]}
		k++
	}
	return outcomes, k == len(lines)
}
