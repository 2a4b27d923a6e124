package sanitize

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// repairVector is one line of testdata/repair-cases/public.jsonl: a repair
// from another project's test suite (see its README for the sources).
type repairVector struct {
	Source   string          `json:"source"`
	Input    string          `json:"input"`
	Expected *string         `json:"expected"`
	Compare  string          `json:"compare"`
	Category string          `json:"category"`
	Options  json.RawMessage `json:"options"`
	Test     string          `json:"test"`
}

// schemaGuided reports whether the vector needs a schema or a target type:
// that is heal's job (schema-guided fixes), not sanitize's.
func (v repairVector) schemaGuided() bool {
	return bytes.Contains(v.Options, []byte(`"baml_schema"`))
}

// sanitizeOptions maps the vector's options that have a jsonheal
// equivalent; truncated input is always closed, as the sources do.
func (v repairVector) sanitizeOptions() Options {
	opts := Options{MinConfidence: Guess, CloseTruncated: true}
	var o map[string]any
	if json.Unmarshal(v.Options, &o) == nil {
		if o["allow_python_keywords"] == false {
			opts.Disable = opts.Disable.With(KindPythonLiteral)
		}
		if o["normalize_js_nonfinite"] == false || o["repair_undefined"] == false {
			opts.NonFiniteAsString = true
		}
	}
	return opts
}

// tally counts agreement for one group.
type tally struct{ agree, total int }

func (t tally) String() string {
	return fmt.Sprintf("%3d/%3d (%5.1f%%)", t.agree, t.total, 100*float64(t.agree)/float64(max(t.total, 1)))
}

// Agreement floors: the share of vectors (not schema-guided) on which
// jsonheal gives the value the source project expects. They only go up;
// docs/repair-agreement.md explains where we disagree on purpose.
var agreementFloors = map[string]float64{
	"all":                               0.72,
	"Latias94/jsonrepair":               0.66,
	"beenotung/best-effort-json-parser": 0.86,
	"promplate/partial-json-parser":     0.47,
}

func TestRepairCasesAgreement(t *testing.T) {
	f, err := os.Open("../testdata/repair-cases/public.jsonl")
	require.NoError(t, err)
	defer f.Close()

	bySource := map[string]*tally{}
	byCategory := map[string]*tally{}
	all := &tally{}
	schemaGuided := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var v repairVector
		require.NoError(t, json.Unmarshal(sc.Bytes(), &v))
		if v.schemaGuided() {
			schemaGuided++
			continue
		}
		out, rep, err := Append(nil, []byte(v.Input), v.sanitizeOptions())
		if errors.Is(err, ErrMultipleValues) {
			// Several values are refused by default; the other projects
			// give them as an array, which is --values=array.
			opts := v.sanitizeOptions()
			opts.Values = ValuesArray
			out, rep, err = Append(nil, []byte(v.Input), opts)
		}
		value, ok := resultValue(out, rep, err)
		if ok {
			require.True(t, validSequence(out), "%s %q: invalid output %q", v.Source, v.Input, out)
		} else {
			var e *Error
			require.ErrorAs(t, err, &e, "%s %q", v.Source, v.Input)
		}
		agree := agrees(v, value, ok)
		source := strings.Fields(v.Source)[0]
		for _, tl := range []*tally{all, group(bySource, source), group(byCategory, v.Category)} {
			tl.total++
			if agree {
				tl.agree++
			}
		}
	}
	require.NoError(t, sc.Err())

	t.Logf("repair-cases agreement (schema-guided vectors left to heal: %d)", schemaGuided)
	t.Logf("  %-40s %s", "all", all)
	for _, k := range sortedKeys(bySource) {
		t.Logf("  %-40s %s", k, bySource[k])
	}
	for _, k := range sortedKeys(byCategory) {
		t.Logf("  category %-31s %s", k, byCategory[k])
	}
	check := func(name string, tl *tally) {
		if floor, ok := agreementFloors[name]; ok {
			assert.GreaterOrEqual(t, float64(tl.agree)/float64(tl.total), floor, "agreement for %s fell below its floor: %s", name, tl)
		}
	}
	check("all", all)
	for k, tl := range bySource {
		check(k, tl)
	}
}

func group(m map[string]*tally, k string) *tally {
	if m[k] == nil {
		m[k] = &tally{}
	}
	return m[k]
}

func sortedKeys(m map[string]*tally) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// resultValue decodes what jsonheal produced: one value, or several as an
// array (the form the other projects give for concatenated values). A
// truncated input closed with CloseTruncated counts as produced.
func resultValue(out []byte, rep Report, err error) (any, bool) {
	if err != nil && !(errors.Is(err, ErrTruncated) && len(out) > 0) {
		return nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	dec.UseNumber()
	var values []any
	for {
		var v any
		if err := dec.Decode(&v); err != nil {
			break
		}
		values = append(values, v)
	}
	if len(values) == 1 {
		return values[0], true
	}
	return values, len(values) > 0
}

// agrees reports whether jsonheal's result matches the vector's
// expectation.
func agrees(v repairVector, got any, ok bool) bool {
	if v.Expected == nil {
		return !ok
	}
	if !ok {
		return false
	}
	dec := json.NewDecoder(strings.NewReader(*v.Expected))
	dec.UseNumber()
	var want any
	if dec.Decode(&want) != nil {
		return false
	}
	return reflect.DeepEqual(normalizeNumbers(want), normalizeNumbers(got))
}

// normalizeNumbers compares numbers by value (1.0 equals 1).
func normalizeNumbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		if f, err := x.Float64(); err == nil {
			return f
		}
		return x.String()
	case []any:
		for i := range x {
			x[i] = normalizeNumbers(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = normalizeNumbers(x[k])
		}
	}
	return v
}

// The public vectors that hold several top-level values are refused by
// default (ErrMultipleValues, never exit 0 with a sequence), and agree
// with their source's array when Options.Values asks for one.
func TestRepairCasesSeveralValues(t *testing.T) {
	n := 0
	forEachRepairVector(t, func(v repairVector) {
		if v.schemaGuided() {
			return
		}
		out, _, err := Append(nil, []byte(v.Input), v.sanitizeOptions())
		if !errors.Is(err, ErrMultipleValues) {
			return
		}
		n++
		assert.Empty(t, out, "%q", v.Input)
		opts := v.sanitizeOptions()
		opts.Values = ValuesArray
		out, rep, err := Append(nil, []byte(v.Input), opts)
		require.NoError(t, err, "%q", v.Input)
		require.True(t, json.Valid(out), "%q: %q", v.Input, out)
		value, ok := resultValue(out, rep, err)
		assert.True(t, agrees(v, value, ok), "%s %q: %q", v.Source, v.Input, out)
	})
	assert.Equal(t, 6, n, "vectors holding several values")
}

// forEachRepairVector calls f with each vector of
// testdata/repair-cases/public.jsonl, in order.
func forEachRepairVector(t *testing.T, f func(v repairVector)) {
	t.Helper()
	file, err := os.Open("../testdata/repair-cases/public.jsonl")
	require.NoError(t, err)
	defer file.Close()
	sc := bufio.NewScanner(file)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var v repairVector
		require.NoError(t, json.Unmarshal(sc.Bytes(), &v))
		f(v)
	}
	require.NoError(t, sc.Err())
}
