package validate

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// randItemSchema returns a random schema for one item.
func randItemSchema(rng *rand.Rand) string {
	items := []string{`{"type":"integer"}`, `{"type":"string"}`, `{"minimum":2}`, `{"const":1}`,
		`{"enum":[1,"a"]}`, `{"type":"object","required":["a"]}`, `true`, `false`, `{"maxLength":1}`,
		`{"anyOf":[{"type":"string"},{"maximum":1}]}`}
	return items[rng.IntN(len(items))]
}

// randArraySchema returns a random schema for a root array, with
// applicators down to depth levels.
func randArraySchema(rng *rand.Rand, depth int) string {
	if rng.IntN(12) == 0 {
		return []string{`true`, `false`, `{"type":"object"}`, `{"type":["string","null"]}`}[rng.IntN(4)]
	}
	var kws []string
	add := func(k, v string) { kws = append(kws, strconv.Quote(k)+":"+v) }
	if rng.IntN(3) == 0 {
		add("type", `"array"`)
	}
	if rng.IntN(2) == 0 {
		add("items", randItemSchema(rng))
	}
	if rng.IntN(4) == 0 {
		add("prefixItems", "["+randItemSchema(rng)+","+randItemSchema(rng)+"]")
	}
	if rng.IntN(4) == 0 {
		add("contains", randItemSchema(rng))
		if rng.IntN(2) == 0 {
			add("maxContains", strconv.Itoa(rng.IntN(3)))
		}
		if rng.IntN(3) == 0 {
			add("minContains", strconv.Itoa(rng.IntN(3)))
		}
	}
	if rng.IntN(4) == 0 {
		add("minItems", strconv.Itoa(rng.IntN(4)))
	}
	if rng.IntN(4) == 0 {
		add("maxItems", strconv.Itoa(rng.IntN(5)))
	}
	if rng.IntN(5) == 0 {
		add("uniqueItems", "true")
	}
	if depth > 0 {
		list := func() string {
			n := 1 + rng.IntN(3)
			parts := make([]string, n)
			for i := range parts {
				parts[i] = randArraySchema(rng, depth-1)
			}
			return "[" + strings.Join(parts, ",") + "]"
		}
		if rng.IntN(2) == 0 {
			add("anyOf", list())
		}
		if rng.IntN(3) == 0 {
			add("oneOf", list())
		}
		if rng.IntN(4) == 0 {
			add("allOf", list())
		}
		if rng.IntN(4) == 0 {
			add("not", randArraySchema(rng, depth-1))
		}
		if rng.IntN(4) == 0 {
			add("if", randArraySchema(rng, depth-1))
			if rng.IntN(4) != 0 {
				add("then", randArraySchema(rng, depth-1))
			}
			if rng.IntN(4) != 0 {
				add("else", randArraySchema(rng, depth-1))
			}
		}
	}
	return "{" + strings.Join(kws, ",") + "}"
}

// randArrayDoc returns a random root array (now and then another value).
func randArrayDoc(rng *rand.Rand) string {
	vals := []string{`1`, `2`, `3`, `"a"`, `"bb"`, `{"a":1}`, `{}`, `[1]`, `null`, `1.0`, `"a"`, `1`}
	if rng.IntN(15) == 0 {
		return vals[rng.IntN(len(vals))]
	}
	n := rng.IntN(7)
	parts := make([]string, n)
	for i := range parts {
		parts[i] = vals[rng.IntN(len(vals))]
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// TestLanesRandom: random root schemas with anyOf, oneOf, allOf, not and
// if/then/else over array branches, against random arrays: Validate (which
// streams them through lanes) and a Stream fed in random chunks give the
// tree evaluation's answer, diagnostics and all.
func TestLanesRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 3))
	streamed := 0
	for round := 0; round < 2500; round++ {
		src := randArraySchema(rng, 1+rng.IntN(2))
		s, err := Compile([]byte(src), Options{})
		require.NoError(t, err, src)
		for range 8 {
			doc := []byte(randArrayDoc(rng))
			want := treeVerdict(s, doc)
			require.Equal(t, want, verdictOf(s.Validate(doc)), "schema %s\ndoc %s", src, doc)
			w := s.NewStream()
			for p := 0; p < len(doc); {
				q := min(len(doc), p+1+rng.IntN(6))
				_, err := w.Write(doc[p:q])
				require.NoError(t, err)
				p = q
			}
			if w.st != nil && w.st.doc.streamed == '[' && len(w.st.arr.groups) > 0 {
				streamed++
			}
			require.Equal(t, want, verdictOf(w.Close()), "stream: schema %s\ndoc %s", src, doc)
		}
	}
	t.Logf("%d of 20000 documents streamed through lanes", streamed)
	require.Greater(t, streamed, 5000, "most arrays stream through lanes")
}
