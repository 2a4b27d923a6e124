// The race detector makes sync.Pool drop items at random, so allocation
// counts are only meaningful without it (as in the standard library).

//go:build !race

package heal_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/jsonheal/jsonheal/heal"
)

func TestCheckValidAnswerDoesNotAllocate(t *testing.T) {
	h := checker(t)
	answer := []byte(valid)
	h.Check(answer, "stop") // warm up pools
	allocs := testing.AllocsPerRun(200, func() {
		v := h.Check(answer, "stop")
		if v.Decision.Action != heal.ActionAccept {
			t.Fatal(v.Decision)
		}
	})
	assert.Zero(t, allocs)
}
