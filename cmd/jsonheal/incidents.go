package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/jsonl"
)

// An incident is one failure recorded by an earlier run: a line of a
// rejects file (clean --rejects, replay --rejects) or a dead letter (ask's,
// or heal's written with encoding/json). `report` and `replay` read any mix
// of them, one JSON value per record as the jsonl Splitter finds records,
// so pretty-printed dead letters read as well as JSON Lines.
type incident struct {
	// file and line say where the incident was read (file is "stdin" for
	// standard input).
	file string
	line int64
	// reject is set for a rejects-file line.
	reject *jsonl.Reject
	// task is the dead letter whose task is the thing to replay: a
	// standalone dead letter, or the one a replay kept with a reject
	// (field "dead_letter"). Nil for a plain reject.
	task *heal.DeadLetter
	// repair is the dead letter of the model's attempts at repairing a
	// reject's record (clean --model; the reject's details.dead_letter).
	repair *heal.DeadLetter
}

// where is the incident's own location, "FILE:LINE".
func (in *incident) where() string { return in.file + ":" + strconv.FormatInt(in.line, 10) }

// origin is where the failed record was first read ("FILE:LINE" of the
// input a reject names), or "" when unknown.
func (in *incident) origin() string {
	if in.reject == nil || in.reject.Line == 0 {
		return ""
	}
	f := in.reject.File
	if f == "" {
		f = "stdin"
	}
	return f + ":" + strconv.FormatInt(in.reject.Line, 10)
}

// reason is the incident's reason: the reject's, or the dead letter's
// class (the two vocabularies share syntax, truncated and schema).
func (in *incident) reason() string {
	if in.reject != nil {
		return in.reject.Reason
	}
	return in.task.Class.String()
}

// text is the incident's compact diagnostic text.
func (in *incident) text() string {
	if in.reject != nil {
		return in.reject.Error
	}
	if d := lastDiagnostics(in.task); d != "" {
		return d
	}
	return in.task.Reason
}

// deadLetter is the dead letter the incident carries, if any.
func (in *incident) deadLetter() *heal.DeadLetter {
	if in.task != nil {
		return in.task
	}
	return in.repair
}

// layer names the layer that gave up on the incident: sanitize (the bytes
// are not one whole JSON value), validate (the schema), model (a model was
// asked and did not heal it, or the run's model budget ran out) or split
// (larger than the record cap).
func (in *incident) layer() string {
	if in.deadLetter() != nil {
		return "model"
	}
	switch in.reason() {
	case "schema":
		return "validate"
	case "budget":
		return "model"
	case "too_large":
		return "split"
	}
	return "sanitize"
}

// lastDiagnostics returns the diagnostics of the last attempt that has
// some.
func lastDiagnostics(dl *heal.DeadLetter) string {
	for i := len(dl.Attempts) - 1; i >= 0; i-- {
		if d := dl.Attempts[i].Diagnostics; d != "" {
			return d
		}
	}
	return ""
}

// lastAnswer returns the last answer a dead letter holds; ok is false when
// no attempt got one.
func lastAnswer(dl *heal.DeadLetter) (string, bool) {
	for i := len(dl.Attempts) - 1; i >= 0; i-- {
		if a := dl.Attempts[i].Raw; a != "" {
			return a, true
		}
	}
	return "", false
}

// notIncidentError reports a record that is neither a rejects-file line
// nor a dead letter.
type notIncidentError struct {
	File string
	Line int64
	Why  string
}

// Error says where and why, and what was expected.
func (e *notIncidentError) Error() string {
	return fmt.Sprintf("%s:%d: not a rejects record or a dead letter (%s); expected the files written by "+
		"clean --rejects, replay --rejects, or dead letters", e.File, e.Line, e.Why)
}

// incidentReader reads the incidents of one file (decompressed).
type incidentReader struct {
	name    string
	closeIn func() error
	dec     *jsonl.Reader
	split   *jsonl.Splitter
	limit   int64 // incidentCap
}

// openIncidents opens the named file for its incidents, each capped at
// incidentCap(maxRecord) bytes while it is read (incident_cap.go).
func openIncidents(e *env, name string, maxRecord int64) (*incidentReader, error) {
	in, closeIn, err := openInput(e, name)
	if err != nil {
		return nil, err
	}
	dec, err := jsonl.NewReader(in, jsonl.ReaderOptions{})
	if err != nil {
		closeIn()
		return nil, fmt.Errorf("%s: %w", cleanInputName(name), err)
	}
	limit := incidentCap(maxRecord)
	return &incidentReader{
		name:    cleanInputName(name),
		closeIn: closeIn,
		dec:     dec,
		limit:   limit,
		split: jsonl.NewSplitter(newLineCapReader(dec, cleanInputName(name), limit),
			jsonl.SplitOptions{MaxRecordBytes: limit}),
	}, nil
}

func (r *incidentReader) close() {
	r.dec.Close()
	r.closeIn()
}

// next returns the next incident, io.EOF at the end, a *notIncidentError
// for a record that is not one, an *incidentTooLargeError for one over
// the cap, or the read error.
func (r *incidentReader) next() (*incident, error) {
	rec, err := r.split.Next()
	if err != nil {
		var tl *incidentTooLargeError
		switch {
		case errors.Is(err, io.EOF):
			return nil, io.EOF
		case errors.As(err, &tl):
			return nil, tl // it names the file
		}
		return nil, fmt.Errorf("%s: %w", r.name, err)
	}
	bad := func(why string) (*incident, error) {
		return nil, &notIncidentError{File: r.name, Line: rec.Line, Why: why}
	}
	if rec.TooLarge {
		return nil, &incidentTooLargeError{File: r.name, Line: rec.Line, Offset: rec.Offset + r.limit, Size: rec.Size, Cap: r.limit}
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(rec.Data, &fields); err != nil {
		return bad("not a JSON object")
	}
	in := &incident{file: r.name, line: rec.Line}
	switch {
	case fields["reason"] != nil && fields["error"] != nil && fields["line"] != nil:
		var rl struct {
			jsonl.Reject
			DeadLetter json.RawMessage `json:"dead_letter"`
		}
		if err := json.Unmarshal(rec.Data, &rl); err != nil {
			return bad("a reject with a field of the wrong type: " + err.Error())
		}
		in.reject = &rl.Reject
		if len(rl.DeadLetter) > 0 {
			if in.task, err = heal.ParseDeadLetter(rl.DeadLetter); err != nil {
				return bad(err.Error())
			}
		}
		in.repair = detailsDeadLetter(rl.Details)
	case fields["version"] != nil && fields["task"] != nil && fields["class"] != nil:
		if in.task, err = heal.ParseDeadLetter(rec.Data); err != nil {
			return bad(err.Error())
		}
	default:
		return bad("no reason, error and line, nor version, task and class")
	}
	return in, nil
}

// detailsDeadLetter returns the dead letter a reject's details carry
// ({"diagnostics":...,"dead_letter":...}), or nil.
func detailsDeadLetter(details json.RawMessage) *heal.DeadLetter {
	if len(details) == 0 || details[0] != '{' {
		return nil
	}
	var d struct {
		DeadLetter json.RawMessage `json:"dead_letter"`
	}
	if json.Unmarshal(details, &d) != nil || len(d.DeadLetter) == 0 {
		return nil
	}
	dl, err := heal.ParseDeadLetter(d.DeadLetter)
	if err != nil {
		return nil
	}
	return dl
}

// readIncidents calls fn for every incident of the named files in order
// ("-" is stdin), each capped at incidentCap(maxRecord) bytes while it is
// read. It stops at the first error, fn's included.
func readIncidents(e *env, names []string, maxRecord int64, fn func(*incident) error) error {
	for _, name := range names {
		r, err := openIncidents(e, name, maxRecord)
		if err != nil {
			return err
		}
		for {
			in, err := r.next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err == nil {
				err = fn(in)
			}
			if err != nil {
				r.close()
				return err
			}
		}
		r.close()
	}
	return nil
}
