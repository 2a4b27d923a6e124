package heal

import (
	"context"
	"encoding/json"
	"fmt"
)

// Decode runs the loop for task and decodes the validated JSON into a T
// with encoding/json. (A faster decoder would save microseconds after a
// model call of a second; sonic, which did, cost every process that
// linked this package 12-17 ms and 750 page faults at start.)
func Decode[T any](ctx context.Context, h *Healer, task Task) (T, *Result, error) {
	var v T
	res, err := h.Heal(ctx, task)
	if err != nil {
		return v, res, err
	}
	if err := json.Unmarshal(res.JSON, &v); err != nil {
		return v, res, fmt.Errorf("heal: decode %T: %w", v, err)
	}
	return v, res, nil
}
