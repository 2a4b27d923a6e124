package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
)

func init() {
	register(command{
		name:    "report",
		summary: "summarise rejects and dead letters: reasons, layers, the schema's hot spots",
		run:     runReport,
	})
}

// hotSpotHintMin is the size from which a hot spot gets its hint ("three
// failures on the same field: the problem was not the model").
const hotSpotHintMin = 3

// incidentReport is what `jsonheal report` prints (--format=json writes it
// as is).
type incidentReport struct {
	// Records counts the incidents read: rejects plus dead letters.
	Records     int64 `json:"records"`
	Rejects     int64 `json:"rejects"`
	DeadLetters int64 `json:"dead_letters"`
	// ByReason counts incidents by reject reason, or by the class of a
	// dead letter (the names are shared: syntax, truncated, schema...).
	ByReason map[string]int64 `json:"by_reason"`
	// ByLayer counts incidents by the layer that gave up: sanitize,
	// validate, model or split.
	ByLayer map[string]int64 `json:"by_layer"`
	// ByClass counts the dead letters (standalone, or a model's attempts
	// at a reject) by the class of their last failure.
	ByClass map[string]int64 `json:"by_class"`
	// HotSpots groups schema failures by field and keyword, most frequent
	// first. A failure counts once in each distinct hot spot it hits.
	HotSpots []hotSpot `json:"hot_spots"`
	// SecondRound is the second-round ratio of the dead letters read.
	SecondRound deadLetterRounds `json:"second_round"`
}

// hotSpot is one group of schema failures.
type hotSpot struct {
	// Pointer is the JSON Pointer of the field, array indexes folded to
	// "*"; a missing or extra property ends with its name.
	Pointer string `json:"pointer"`
	// Keyword is the JSON Schema keyword that failed.
	Keyword string `json:"keyword"`
	Count   int64  `json:"count"`
	// Share is Count over all the incidents read.
	Share   float64        `json:"share"`
	Example hotSpotExample `json:"example"`
	// Hint is set from hotSpotHintMin failures on.
	Hint string `json:"hint,omitempty"`
}

// hotSpotExample is the first failure of a hot spot.
type hotSpotExample struct {
	// File and Line locate the incident in the file read.
	File string `json:"file"`
	Line int64  `json:"line"`
	// Input is where the failed record was first read (FILE:LINE), when
	// the incident says.
	Input string `json:"input,omitempty"`
	// Diagnostic is the diagnostic's message.
	Diagnostic string `json:"diagnostic"`
}

// deadLetterRounds is the second-round ratio of a set of dead letters:
// how many entered a second model attempt; a dead letter is a give-up, so
// none left it healed (Healed is there to read like clean's and ask's).
type deadLetterRounds struct {
	DeadLetters int64 `json:"dead_letters"`
	Entered     int64 `json:"entered"`
	Healed      int64 `json:"healed"`
}

func runReport(_ context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "report",
		"usage: jsonheal report [--format=text|json] FILE...",
		"Summarises rejects files (clean --rejects, replay --rejects) and dead letters, in any mix",
		"(stdin when FILE is absent or -; gzip and zstd detected): counts by reason and by layer, the",
		"schema's hot spots (failures by field and keyword, most frequent first) and the second-round",
		"ratio of the dead letters.",
		"Exit 0: report printed (an empty input prints an empty report); 2: usage or I/O error, a",
		"record that is not a reject or a dead letter, or one over twice --max-record-bytes plus 1 MiB.",
	)
	format := fs.String("format", "text", "output on stdout: text or json")
	maxRecordText := fs.String("max-record-bytes", "64MiB", "the record cap of the clean that wrote the rejects: "+
		"an incident over twice it plus 1 MiB is refused while it is read (bytes, or with K, M, G, KiB, MiB, GiB)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	maxRecord, err := parseSize(*maxRecordText)
	if err != nil || maxRecord <= 0 {
		fmt.Fprintf(e.stderr, "jsonheal report: --max-record-bytes: invalid size %q\n", *maxRecordText)
		return exitUsage
	}
	if *format != "text" && *format != "json" {
		fmt.Fprintf(e.stderr, "jsonheal report: --format must be text or json, not %q\n", *format)
		return exitUsage
	}
	inputs := fs.Args()
	if len(inputs) == 0 {
		inputs = []string{"-"}
	}
	err = checkInputs(inputs)
	if err == nil {
		err = checkStdout(e, inputs)
	}
	var rep *incidentReport
	if err == nil {
		rep, err = buildReport(e, inputs, maxRecord)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "jsonheal report: %v\n", err)
		return exitUsage
	}
	if *format == "json" {
		err = json.NewEncoder(e.stdout).Encode(rep)
	} else {
		err = rep.writeText(e.stdout, inputs)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "jsonheal report: writing the report: %v\n", err)
		return exitUsage
	}
	return exitOK
}

type hotSpotKey struct{ pointer, keyword string }

// buildReport reads every incident of inputs, each capped at
// incidentCap(maxRecord) bytes.
func buildReport(e *env, inputs []string, maxRecord int64) (*incidentReport, error) {
	rep := &incidentReport{ByReason: map[string]int64{}, ByLayer: map[string]int64{}, ByClass: map[string]int64{}, HotSpots: []hotSpot{}}
	spots := map[hotSpotKey]*hotSpot{}
	err := readIncidents(e, inputs, maxRecord, func(in *incident) error {
		rep.Records++
		if in.reject != nil {
			rep.Rejects++
		} else {
			rep.DeadLetters++
		}
		rep.ByReason[in.reason()]++
		rep.ByLayer[in.layer()]++
		if dl := in.deadLetter(); dl != nil {
			rep.ByClass[dl.Class.String()]++
			rep.SecondRound.DeadLetters++
			if dl.ModelAttempts >= 2 {
				rep.SecondRound.Entered++
			}
		}
		seen := map[hotSpotKey]bool{}
		for _, d := range schemaDiags(in) {
			k := hotSpotKey{d.pointer, d.keyword}
			if seen[k] {
				continue
			}
			seen[k] = true
			s := spots[k]
			if s == nil {
				s = &hotSpot{Pointer: d.pointer, Keyword: d.keyword, Example: hotSpotExample{
					File: in.file, Line: in.line, Input: in.origin(), Diagnostic: d.message,
				}}
				spots[k] = s
			}
			s.Count++
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, s := range spots {
		s.Share = float64(s.Count) / float64(rep.Records)
		if s.Count >= hotSpotHintMin {
			s.Hint = hotSpotHint(s.Keyword)
		}
		rep.HotSpots = append(rep.HotSpots, *s)
	}
	sort.Slice(rep.HotSpots, func(i, j int) bool {
		a, b := rep.HotSpots[i], rep.HotSpots[j]
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		if a.Pointer != b.Pointer {
			return a.Pointer < b.Pointer
		}
		return a.Keyword < b.Keyword
	})
	return rep, nil
}

// writeText prints the report for people.
func (r *incidentReport) writeText(w io.Writer, inputs []string) error {
	var b strings.Builder
	names := make([]string, len(inputs))
	for i, n := range inputs {
		names[i] = cleanInputName(n)
	}
	from := strings.Join(names, ", ")
	if r.Records == 0 {
		fmt.Fprintf(&b, "jsonheal report: no incidents in %s\n", from)
		_, err := io.WriteString(w, b.String())
		return err
	}
	fmt.Fprintf(&b, "jsonheal report: %d incidents (%d rejects, %d dead letters) in %s\n", r.Records, r.Rejects, r.DeadLetters, from)
	fmt.Fprintf(&b, "  by reason: %s\n", formatCounts(r.ByReason))
	fmt.Fprintf(&b, "  by layer:  %s\n", formatCounts(r.ByLayer))
	if len(r.ByClass) > 0 {
		fmt.Fprintf(&b, "  dead letters by class: %s\n", formatCounts(r.ByClass))
	}
	if len(r.HotSpots) > 0 {
		fmt.Fprintf(&b, "  hot spots (schema failures by field and keyword, most frequent first):\n")
		for _, s := range r.HotSpots {
			p := s.Pointer
			if p == "" {
				p = "(root)"
			}
			kw := s.Keyword
			if kw == "" {
				kw = "?"
			}
			fmt.Fprintf(&b, "    %5d  %5.1f%%  %s  %s\n", s.Count, 100*s.Share, p, kw)
			ex := s.Example
			at := fmt.Sprintf("%s:%d", ex.File, ex.Line)
			if ex.Input != "" {
				at += " (record " + ex.Input + ")"
			}
			fmt.Fprintf(&b, "           e.g. %s: %s\n", at, ex.Diagnostic)
			if s.Hint != "" {
				fmt.Fprintf(&b, "           hint: %s\n", s.Hint)
			}
		}
	}
	if sr := r.SecondRound; sr.DeadLetters > 0 {
		fmt.Fprintf(&b, "  second round: %d of %d dead letters entered a second attempt, %d left it healed (dead letters are give-ups;\n"+
			"    the healed ones are in clean's and ask -v's summaries); entering often without healing points at a schema\n"+
			"    that asks for what the model cannot know\n", sr.Entered, sr.DeadLetters, sr.Healed)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
