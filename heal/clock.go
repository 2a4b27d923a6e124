package heal

import (
	"context"
	"time"
)

// Clock is the loop's view of time. Tests inject a fake one so that backoff
// never sleeps for real.
type Clock interface {
	Now() time.Time
	// Sleep waits d or until ctx is done, whichever comes first, and returns
	// ctx.Err() in the latter case.
	Sleep(ctx context.Context, d time.Duration) error
}

// SystemClock is the real clock.
var SystemClock Clock = systemClock{}

type systemClock struct{}

// Now returns the wall-clock time.
func (systemClock) Now() time.Time { return time.Now() }

// Sleep waits for d or until ctx is done.
func (systemClock) Sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
