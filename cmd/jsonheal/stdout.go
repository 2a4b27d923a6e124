package main

import (
	"fmt"
	"io"
	"os"
	"sync"
)

// stdoutWriter is what commands see as stdout: it keeps the first write
// error, fails every later write with it at once, and turns it into exit 2
// when the command returns, so that a full disk or a closed pipe behind
// stdout (`> /dev/full`) never ends with exit 0 or 1, in any command.
type stdoutWriter struct {
	w   io.Writer
	mu  sync.Mutex
	err error
}

// Write passes p on, unless an earlier write failed.
func (s *stdoutWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	if err != nil {
		s.err = err
	}
	return n, err
}

// Stat reports the file behind stdout, when there is one.
func (s *stdoutWriter) Stat() (os.FileInfo, error) {
	if st, ok := s.w.(statter); ok {
		return st.Stat()
	}
	return nil, fmt.Errorf("stat: not a file")
}

// exitCode returns the exit code of a command that returned code: 2 with
// a message when a write to stdout failed (a full disk, or a reader that
// closed the pipe: SIGPIPE is ignored, see main) and the command did not
// already fail as a usage or I/O error. The message says how far the
// command had read when it returned, when it knows.
func (s *stdoutWriter) exitCode(e *env, prefix string, code int) int {
	s.mu.Lock()
	err := s.err
	s.mu.Unlock()
	if err == nil || code != exitOK && code != exitFailed {
		return code
	}
	fmt.Fprintf(e.stderr, "%s: writing stdout: %v%s\n", prefix, err, stoppedWhere(e))
	return exitUsage
}

// stoppedWhere says, for the message of a failed write, how far the
// command had read: " (stopped in FILE at input offset N (line L))", or
// "" when it does not know.
func stoppedWhere(e *env) string {
	if w := e.stop.whereNow(); w != "" {
		return " (stopped " + w + ")"
	}
	return ""
}
