package fuzz

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/jsonheal/jsonheal/internal/mixgen"
	"github.com/jsonheal/jsonheal/jsonl"
	"github.com/jsonheal/jsonheal/sanitize"
	"github.com/stretchr/testify/require"
)

func addJSONLSeeds(f *testing.F) {
	f.Add([]byte("{\"a\":1}\n{\"b\":\"x\ny\"}\n"))
	f.Add([]byte("```json\n{\"a\":1}\n```\nSure: {\"b\":2}\n{\"c\":\"cut\n{\"d\":[1,\n{\"e\":2}\n"))
	f.Add([]byte("\xEF\xBB\xBF{\"a\":1}\r\n\r\n{\"b\":\x00}\n\xff\n{\"c\":\"\\\n\"}"))
	f.Add([]byte("[\n {\"a\":1},\n {\"b\":2}\n]\n{\"a\":\n{\"b\":1}}\n~~~\n{}\n"))
	if raw, err := os.ReadFile("../testdata/corpus/llm_raw.jsonl"); err == nil {
		f.Add(raw[:1024])
	}
}

// FuzzJSONLConservation: every record read ends in the output or in the
// rejects exactly once, with its line; what is written is valid JSON, one
// value per line.
func FuzzJSONLConservation(f *testing.F) {
	addJSONLSeeds(f)
	f.Fuzz(func(t *testing.T, in []byte) {
		const max = 512
		sp := jsonl.NewSplitter(bytes.NewReader(in), jsonl.SplitOptions{MaxRecordBytes: max})
		byLine := map[int64][]byte{}
		var n int64
		for {
			rec, err := sp.Next()
			if err == io.EOF {
				break
			}
			require.NoError(t, err)
			n++
			byLine[rec.Line] = bytes.Clone(rec.Data)
		}
		for _, closeTruncated := range []bool{false, true} {
			var out, rej bytes.Buffer
			c := jsonl.NewCleaner(jsonl.Options{Workers: 2, BatchBytes: 64, Window: 2, MaxRecordBytes: max,
				Sanitize: sanitize.Options{CloseTruncated: closeTruncated}})
			st, err := c.Run(context.Background(), bytes.NewReader(in), &out, &rej)
			require.NoError(t, err)
			require.Equal(t, n, st.Records)
			require.Equal(t, st.Records, st.Written()+st.Rejected, "records in = out + rejects")

			var lines int64
			sc := bufio.NewScanner(&out)
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				lines++
				require.True(t, json.Valid(sc.Bytes()), "output line %q", sc.Text())
			}
			require.Equal(t, st.Written(), lines)

			seen := map[int64]bool{}
			sc = bufio.NewScanner(&rej)
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				var r jsonl.Reject
				require.NoError(t, json.Unmarshal(sc.Bytes(), &r))
				data, ok := byLine[r.Line]
				require.True(t, ok, "reject line %d is a record", r.Line)
				require.False(t, seen[r.Line], "line %d rejected once", r.Line)
				seen[r.Line] = true
				raw, err := r.RawBytes()
				require.NoError(t, err)
				require.Equal(t, data, raw)
			}
			require.Equal(t, st.Rejected, int64(len(seen)))
		}
	})
}

// FuzzJSONLSplitChunking: how the input arrives never changes the records.
func FuzzJSONLSplitChunking(f *testing.F) {
	addJSONLSeeds(f)
	f.Fuzz(func(t *testing.T, in []byte) {
		all := func(r io.Reader) []jsonl.Record {
			sp := jsonl.NewSplitter(r, jsonl.SplitOptions{MaxRecordBytes: 300, ReadBufferSize: 16})
			var recs []jsonl.Record
			for {
				rec, err := sp.Next()
				if err == io.EOF {
					return recs
				}
				require.NoError(t, err)
				rec.Data = bytes.Clone(rec.Data)
				recs = append(recs, rec)
			}
		}
		require.Equal(t, all(bytes.NewReader(in)), all(iotest.OneByteReader(bytes.NewReader(in))))
	})
}

// FuzzJSONLMixes: generated mixes of the forms models write (mixgen), with
// the fuzzer choosing the seed, the size, the share of cut records and the
// forms. Every output record equals exactly one original by value, every
// complete original comes out, and records in = out + rejects.
func FuzzJSONLMixes(f *testing.F) {
	f.Add(uint64(1), uint8(50), uint16(250), uint16(0))
	f.Add(uint64(7), uint8(200), uint16(500), uint16(1<<8|1<<4))
	f.Add(uint64(42), uint8(30), uint16(900), uint16(1<<4|1<<5|1<<6))
	f.Fuzz(func(t *testing.T, seed uint64, records uint8, cutPermille uint16, formMask uint16) {
		var forms []mixgen.Form
		for _, fm := range mixgen.Forms() {
			if formMask&(1<<fm) != 0 {
				forms = append(forms, fm)
			}
		}
		frac := float64(cutPermille%1000) / 1000
		if frac == 0 {
			frac = -1
		}
		m := mixgen.Generate(seed, mixgen.Options{Records: 1 + int(records), CutFraction: frac, Forms: forms})
		var out, rej bytes.Buffer
		st, err := jsonl.NewCleaner(jsonl.Options{Workers: 2, BatchBytes: 4096}).Run(context.Background(), bytes.NewReader(m.Input), &out, &rej)
		require.NoError(t, err)
		res := m.Check(out.Bytes())
		require.True(t, res.OK(), "%s%s", res, m.Context(res))
		require.Equal(t, st.Records, st.Written()+st.Rejected)
		// A reject without a value that holds a fence is text of a cut
		// record (a line of its string that starts with "```"): the
		// fences of whole records belong to them. One was rejected so
		// when a fenced record after a cut string came out without its
		// closing fence, and the fences after it paired up wrongly.
		for line := range bytes.Lines(rej.Bytes()) {
			var r struct{ Reason, Raw string }
			require.NoError(t, json.Unmarshal(line, &r))
			if r.Reason == "no_value" && strings.Contains(r.Raw, "```") {
				require.True(t, slices.ContainsFunc(m.Entries, func(e mixgen.Entry) bool {
					return !e.Complete() && bytes.Contains(e.Text, []byte(r.Raw))
				}), "a fence rejected as a record of its own: %q", r.Raw)
			}
		}
	})
}
