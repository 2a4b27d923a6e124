package heal

import (
	"context"
	"fmt"
)

// Decode runs the loop for task and decodes the validated JSON into a T.
// On amd64 and arm64 it uses sonic with encoding/json-compatible settings
// (sonic itself falls back to encoding/json where its JIT does not run);
// elsewhere, encoding/json.
func Decode[T any](ctx context.Context, h *Healer, task Task) (T, *Result, error) {
	var v T
	res, err := h.Heal(ctx, task)
	if err != nil {
		return v, res, err
	}
	if err := unmarshal(res.JSON, &v); err != nil {
		return v, res, fmt.Errorf("heal: decode %T: %w", v, err)
	}
	return v, res, nil
}
