package main

import (
	"bytes"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// exitRecorder stands for os.Exit in the stopper's unit tests.
type exitRecorder struct {
	code chan int
}

func (r *exitRecorder) exit(code int) { r.code <- code }

func TestStopperFinishMapsTheSignalToTheExitCode(t *testing.T) {
	var errb bytes.Buffer
	s := newStopper(&errb, func(int) { t.Error("no forced exit expected") })
	s.grace = time.Hour
	s.setCommand("repair")
	assert.Equal(t, exitFailed, s.finish(exitFailed), "no signal: the command's code")
	assert.Empty(t, errb.String())

	s = newStopper(&errb, func(int) { t.Error("no forced exit expected") })
	s.grace = time.Hour
	s.setCommand("repair")
	s.setWhere(func() string { return "in stdin at input offset 5 (line 1)" })
	s.handle(syscall.SIGTERM)
	assert.Error(t, s.ctx.Err(), "the first signal cancels the context")
	assert.Equal(t, 143, s.finish(exitUsage))
	assert.Equal(t, "jsonheal repair: stopped by SIGTERM (exit 143) in stdin at input offset 5 (line 1)\n", errb.String())
}

func TestStopperWatchdogFlushesThenExits(t *testing.T) {
	var errb bytes.Buffer
	rec := &exitRecorder{code: make(chan int, 2)}
	s := newStopper(&errb, rec.exit)
	s.grace = 10 * time.Millisecond
	s.setCommand("clean")
	var flushed, removedRan bool
	s.onForcedExit(func() { flushed = true })
	remove := s.onForcedExit(func() { removedRan = true })
	remove()
	start := time.Now()
	s.handle(syscall.SIGINT)
	select {
	case code := <-rec.code:
		assert.Equal(t, 130, code)
	case <-time.After(5 * time.Second):
		t.Fatal("the watchdog did not exit")
	}
	assert.Less(t, time.Since(start), time.Second)
	assert.True(t, flushed, "registered flushes run before the exit")
	assert.False(t, removedRan, "a removed flush does not")
	assert.Contains(t, errb.String(), "jsonheal clean: stopped by SIGINT (exit 130)")
	// The command returning after the exit changes nothing.
	assert.Equal(t, 130, s.finish(exitOK))
	assert.Empty(t, rec.code)
}

func TestStopperSecondSignalExitsAtOnceWithoutFlushes(t *testing.T) {
	var errb bytes.Buffer
	rec := &exitRecorder{code: make(chan int, 2)}
	s := newStopper(&errb, rec.exit)
	s.grace = time.Hour
	s.onForcedExit(func() { t.Error("no flush at a second signal") })
	s.handle(syscall.SIGINT)
	s.handle(syscall.SIGTERM)
	assert.Equal(t, 130, <-rec.code, "the first signal names the code")
}

func TestStopperReturningInTimeDisarmsTheWatchdog(t *testing.T) {
	var errb bytes.Buffer
	rec := &exitRecorder{code: make(chan int, 2)}
	s := newStopper(&errb, rec.exit)
	s.grace = 20 * time.Millisecond
	s.handle(syscall.SIGINT)
	assert.Equal(t, 130, s.finish(exitUsage))
	time.Sleep(60 * time.Millisecond)
	assert.Empty(t, rec.code)
	var nilStopper *stopper // tests that call run directly
	nilStopper.setWhere(nil)
	nilStopper.setCommand("x")
	nilStopper.onForcedExit(func() {})()
	assert.Zero(t, nilStopper.signal())
}
