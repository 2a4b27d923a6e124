package heal

import (
	"context"
	"fmt"

	"github.com/bytedance/sonic"
)

// Decode runs the loop for task and decodes the validated JSON into a T.
// It uses sonic (which falls back to encoding/json on platforms where its
// JIT does not run) with encoding/json-compatible settings.
func Decode[T any](ctx context.Context, h *Healer, task Task) (T, *Result, error) {
	var v T
	res, err := h.Heal(ctx, task)
	if err != nil {
		return v, res, err
	}
	if err := sonic.ConfigStd.Unmarshal(res.JSON, &v); err != nil {
		return v, res, fmt.Errorf("heal: decode %T: %w", v, err)
	}
	return v, res, nil
}
