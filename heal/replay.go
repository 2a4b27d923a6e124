package heal

import (
	"context"
	"fmt"
)

// Replay runs a dead letter's task again with h (typically after the
// schema, the prompt or the model was changed, or an outage ended). The
// task is replayed as it was first given, without the re-ask turns, under a
// fresh idempotency key. It fails when h validates against a schema whose
// $id differs from the dead letter's.
func Replay(ctx context.Context, h *Healer, dl *DeadLetter) (*Result, error) {
	if dl == nil {
		return nil, fmt.Errorf("heal: replay: nil dead letter")
	}
	if h.Schema != nil && dl.SchemaID != h.Schema.ID() {
		return nil, fmt.Errorf("heal: replay: the dead letter was validated against %q, the healer uses %q",
			dl.SchemaID, h.Schema.ID())
	}
	task := dl.Task
	task.Messages = append([]Message(nil), dl.Task.Messages...)
	task.IdempotencyKey = ""
	return h.Heal(ctx, task)
}
