package validate

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPropTableAgreesWithMap checks the perfect hash of property names
// against a map: every name is found at its index, other names are not.
func TestPropTableAgreesWithMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	llm := []string{"id", "version", "created_at", "customer", "channel", "language", "subject", "summary",
		"category", "priority", "sentiment", "confidence", "tags", "entities", "actions", "requires_human",
		"sla_hours", "escalation", "related_ids", "reasoning"}
	sets := [][]string{llm, {"a"}, {"", "a", "b"}, {"type", "value", "start", "end", "normalized"}}
	for range 200 {
		n := 1 + rng.IntN(40)
		var names []string
		seen := map[string]bool{}
		for len(names) < n {
			b := make([]byte, rng.IntN(10))
			for i := range b {
				b[i] = "abcdefgh_-é"[rng.IntN(11)]
			}
			if !seen[string(b)] {
				seen[string(b)] = true
				names = append(names, string(b))
			}
		}
		sets = append(sets, names)
	}
	tables := 0
	for _, names := range sets {
		n := &node{propIndex: map[string]int{}}
		for i, name := range names {
			n.props = append(n.props, prop{name: name})
			n.propIndex[name] = i
		}
		n.propTable = newPropTable(names)
		if n.propTable != nil {
			tables++
		}
		for i, name := range names {
			require.Equal(t, i, n.propIndexOf([]byte(name)), "%q in %q", name, names)
		}
		for _, other := range []string{"", "x", "idx", "ID", "notes", "reasoning2", "summary " + strconv.Itoa(len(names))} {
			if _, ok := n.propIndex[other]; !ok {
				assert.Equal(t, -1, n.propIndexOf([]byte(other)), "%q in %q", other, names)
			}
		}
	}
	assert.Greater(t, tables, len(sets)*9/10, "most name sets get a perfect hash")
	assert.NotNil(t, newPropTable(llm), "the LLM schema's names get a perfect hash")
	// Names that differ only where the hash does not look cannot get one.
	assert.Nil(t, newPropTable([]string{"axbcd", "aybcd"}))
}
