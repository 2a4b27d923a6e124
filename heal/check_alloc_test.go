// The race detector makes sync.Pool drop items at random, so allocation
// counts are only meaningful without it (as in the standard library).

//go:build !race

package heal_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/sanitize"
)

func TestCheckValidAnswerDoesNotAllocate(t *testing.T) {
	for name, configure := range map[string]func(h *heal.Healer){
		"zero options":       func(*heal.Healer) {},
		"guess floor":        func(h *heal.Healer) { h.Policy.MinConfidence = sanitize.Guess },
		"certain floor":      func(h *heal.Healer) { h.Policy.MinConfidence = sanitize.Certain },
		"close truncated":    func(h *heal.Healer) { h.Sanitize.CloseTruncated = true },
		"strict, max input":  func(h *heal.Healer) { h.Sanitize = sanitize.Options{Strict: true, MaxInput: 1 << 20} },
		"sanitize floor set": func(h *heal.Healer) { h.Sanitize.MinConfidence = sanitize.Certain },
	} {
		t.Run(name, func(t *testing.T) {
			h := checker(t)
			configure(h)
			answer := []byte(valid)
			h.Check(answer, "stop") // warm up pools
			allocs := testing.AllocsPerRun(200, func() {
				v := h.Check(answer, "stop")
				if v.Decision.Action != heal.ActionAccept {
					t.Fatal(v.Decision)
				}
			})
			assert.Zero(t, allocs)
		})
	}
}
