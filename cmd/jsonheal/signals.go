package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync"
	"syscall"
	"time"
)

// Signals. Every command ends within a second of the first SIGINT or
// SIGTERM, whatever it is doing:
//
//   - the first signal cancels the context every command runs under, and
//     reads of stdin and of pipes return at once (interruptibleReader), so a
//     command waiting for input or a model returns on its own;
//   - a watchdog then gives the command watchdogGrace to return; if it has
//     not (a long validation, a schema stuck loading from a FIFO), it runs
//     the safe flushes the command registered (clean writes the whole
//     records it holds and ends its compressed streams), says where the
//     command stopped and exits;
//   - a second signal exits at once, without the flushes.
//
// The exit code is 128 + the signal number: 130 for SIGINT, 143 for SIGTERM.

// watchdogGrace is how long a command has to return after the first signal
// before the process exits without it.
const watchdogGrace = 700 * time.Millisecond

// flushBudget bounds the safe flushes of a forced exit, so that the exit
// comes within a second of the signal even when a flush would block.
const flushBudget = 200 * time.Millisecond

// stopper turns SIGINT and SIGTERM into a cancelled context, and into an
// exit when the command does not return in time. A nil *stopper (tests
// that call run directly) does nothing.
type stopper struct {
	ctx    context.Context
	cancel context.CancelFunc
	stderr io.Writer
	exit   func(code int)
	grace  time.Duration

	mu       sync.Mutex
	command  string
	sig      syscall.Signal // 0 until the first signal
	where    func() string
	flushes  map[int]func()
	nextID   int
	finished bool // the command returned, or the process is exiting
}

// newStopper returns a stopper whose context ends at the first signal
// passed to handle. exit ends the process (os.Exit outside tests).
func newStopper(stderr io.Writer, exit func(int)) *stopper {
	ctx, cancel := context.WithCancel(context.Background())
	return &stopper{ctx: ctx, cancel: cancel, stderr: stderr, exit: exit, grace: watchdogGrace, flushes: map[int]func(){}}
}

// listen handles the signals arriving on ch until the process ends.
func (s *stopper) listen(ch <-chan os.Signal) {
	for sig := range ch {
		n, ok := sig.(syscall.Signal)
		if !ok {
			n = syscall.SIGINT
		}
		s.handle(n)
	}
}

// handle reacts to one signal: the first cancels the context and arms the
// watchdog, the second exits at once.
func (s *stopper) handle(sig syscall.Signal) {
	s.mu.Lock()
	first := s.sig == 0
	if first {
		s.sig = sig
	}
	s.mu.Unlock()
	if !first {
		s.forceExit(false)
		return
	}
	s.cancel()
	time.AfterFunc(s.grace, func() { s.forceExit(true) })
}

// setCommand names the running command in the messages.
func (s *stopper) setCommand(name string) {
	if s == nil {
		return
	}
	s.mu.Lock()
	s.command = name
	s.mu.Unlock()
}

// setWhere sets the function that says how far the command got; the
// message of a signal shows what it returns.
func (s *stopper) setWhere(where func() string) {
	if s == nil {
		return
	}
	s.mu.Lock()
	s.where = where
	s.mu.Unlock()
}

// onForcedExit registers a flush that leaves an output valid (whole records,
// compressed streams ended) when the process exits without the command
// returning. The function returned removes it.
func (s *stopper) onForcedExit(flush func()) (remove func()) {
	if s == nil {
		return func() {}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	id := s.nextID
	s.nextID++
	s.flushes[id] = flush
	return func() {
		s.mu.Lock()
		delete(s.flushes, id)
		s.mu.Unlock()
	}
}

// whereNow says how far the command got (see setWhere), or "".
func (s *stopper) whereNow() string {
	if s == nil {
		return ""
	}
	s.mu.Lock()
	where := s.where
	s.mu.Unlock()
	if where == nil {
		return ""
	}
	return where()
}

// signal returns the first signal received, or 0.
func (s *stopper) signal() syscall.Signal {
	if s == nil {
		return 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sig
}

// finish is called with the command's exit code once it returned; it
// returns the process exit code: 128+signal when a signal came, with a line
// saying where the command stopped.
func (s *stopper) finish(code int) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.finished = true
	if s.sig == 0 {
		return code
	}
	s.report()
	return 128 + int(s.sig)
}

// forceExit ends the process when the command has not returned: after the
// grace period (with the safe flushes) or at a second signal (without).
func (s *stopper) forceExit(flush bool) {
	s.mu.Lock()
	if s.finished {
		s.mu.Unlock()
		return
	}
	s.finished = true
	if flush {
		// Each flush on a goroutine of its own: one stuck on a full pipe
		// (stdout) does not spend the budget of the others (a compressed
		// rejects file).
		var wg sync.WaitGroup
		for _, f := range s.flushes {
			wg.Go(f)
		}
		done := make(chan struct{})
		go func() { wg.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(flushBudget):
		}
	}
	s.report()
	code := 128 + int(s.sig)
	s.mu.Unlock()
	s.exit(code)
}

// report writes the line saying which signal stopped the command, where,
// and the exit code. s.mu is held.
func (s *stopper) report() {
	name := "jsonheal"
	if s.command != "" {
		name += " " + s.command
	}
	where := ""
	if s.where != nil {
		if w := s.where(); w != "" {
			where = " " + w
		}
	}
	fmt.Fprintf(s.stderr, "%s: stopped by %s (exit %d)%s\n", name, signalName(s.sig), 128+int(s.sig), where)
}

func signalName(sig syscall.Signal) string {
	switch sig {
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return sig.String()
}
