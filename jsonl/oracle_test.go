package jsonl

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"testing"

	"github.com/jsonheal/jsonheal/internal/mixgen"
	"github.com/jsonheal/jsonheal/sanitize"
	"github.com/stretchr/testify/require"
)

// mixSeeds is how many seeded mixes TestOracleMixes runs; `make fuzz` runs
// many more (scripts/fuzz.sh passes -mixseeds).
var mixSeeds = flag.Int("mixseeds", 40, "number of seeded mixes for TestOracleMixes")

// cleanMix runs the Cleaner over a mix and returns the output, the rejects
// and the stats.
func cleanMix(t testing.TB, in []byte, opts Options) ([]byte, []byte, Stats) {
	t.Helper()
	var out, rej bytes.Buffer
	st, err := NewCleaner(opts).Run(context.Background(), bytes.NewReader(in), &out, &rej)
	require.NoError(t, err)
	return out.Bytes(), rej.Bytes(), st
}

// TestOracleMixes: known records in every form, a quarter cut at a seeded
// random point; every output record equals exactly one original, every
// complete original comes out, and records in = out + rejects.
func TestOracleMixes(t *testing.T) {
	for seed := uint64(1); seed <= uint64(*mixSeeds); seed++ {
		m := mixgen.Generate(seed, mixgen.Options{Records: 300})
		for _, opts := range []Options{
			{Workers: 2},
			{Workers: 1, BatchBytes: 512, Sanitize: sanitize.Options{MinConfidence: sanitize.Likely}},
		} {
			out, rej, st := cleanMix(t, m.Input, opts)
			res := m.Check(out)
			require.True(t, res.OK(), "seed %d: %s%s", seed, res, m.Context(res))
			require.Equal(t, st.Records, st.Written()+st.Rejected, "seed %d: records in = out + rejects", seed)
			require.Equal(t, int64(res.Out), st.Written())
			require.Equal(t, int64(bytes.Count(rej, []byte("\n"))), st.Rejected)
			require.Equal(t, int64(bytes.Count(m.Input, []byte("\n"))), st.Lines, "input lines")
		}
	}
}

// TestOracleOneForm runs each form alone, cut and whole, so that a failure
// names its form.
func TestOracleOneForm(t *testing.T) {
	for _, f := range mixgen.Forms() {
		t.Run(f.String(), func(t *testing.T) {
			for seed := uint64(1); seed <= 10; seed++ {
				m := mixgen.Generate(seed, mixgen.Options{Records: 60, CutFraction: 0.4, Forms: []mixgen.Form{f, mixgen.Plain}})
				out, _, st := cleanMix(t, m.Input, Options{Workers: 1})
				res := m.Check(out)
				require.True(t, res.OK(), "seed %d: %s%s", seed, res, m.Context(res))
				require.Equal(t, st.Records, st.Written()+st.Rejected, fmt.Sprint("seed ", seed))
			}
		})
	}
}

// TestGuessNeverCrossesAJoin: with guesses allowed, a guess past a line end
// where the record was open (joined by the splitter) is refused; the same
// guess on one line is accepted.
func TestGuessNeverCrossesAJoin(t *testing.T) {
	opts := Options{Workers: 1, Sanitize: sanitize.Options{MinConfidence: sanitize.Guess}}
	out, rej, st := cleanMix(t, []byte("{\"q\": \"one say \"hi\" now\"}\n"), opts)
	require.Equal(t, "{\"q\": \"one say \\\"hi\\\" now\"}\n", string(out), "an inner quote on one line is a guess taken")
	require.Zero(t, st.Rejected)

	out, rej, st = cleanMix(t, []byte("{\"q\": \"line one\nsay \"hi\" now\"}\n"), opts)
	require.Empty(t, string(out))
	require.Equal(t, int64(1), st.RejectedBy[ReasonNeedsModel.String()])
	require.Contains(t, string(rej), "a guess never crosses a join")

	// The default floor (likely) refuses the guess anyway.
	out, _, st = cleanMix(t, []byte("{\"q\": \"one say \"hi\" now\"}\n"), Options{Workers: 1})
	require.Empty(t, string(out))
	require.Equal(t, int64(1), st.RejectedBy[ReasonNeedsModel.String()])
}

// TestOracleCRLF runs mixes with CR LF line ends (every form but raw
// control bytes, whose raw newlines are data).
func TestOracleCRLF(t *testing.T) {
	var forms []mixgen.Form
	for _, f := range mixgen.Forms() {
		if f != mixgen.RawControl {
			forms = append(forms, f)
		}
	}
	for seed := uint64(1); seed <= 20; seed++ {
		m := mixgen.Generate(seed, mixgen.Options{Records: 200, Forms: forms})
		in := bytes.ReplaceAll(m.Input, []byte("\n"), []byte("\r\n"))
		out, _, st := cleanMix(t, in, Options{Workers: 2})
		res := m.Check(out)
		require.True(t, res.OK(), "seed %d: %s%s", seed, res, m.Context(res))
		require.Equal(t, st.Records, st.Written()+st.Rejected)
	}
}
