//go:build linux

package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/jsonl"
)

// The exit paths of issue #39: whatever ends a run, its .gz and .zst
// outputs decompress whole and hold only whole records, each one an input
// record (compared by value).

// exitsInput is a JSONL input of n records, every tenth one broken (a
// syntax reject); it returns the path and the records by line.
func exitsInput(t *testing.T, dir, name string, n int) (string, map[int64]string) {
	t.Helper()
	var b strings.Builder
	recs := map[int64]string{}
	for i := range n {
		rec := fmt.Sprintf(`{"i":%d,"s":"%s"}`, i, strings.Repeat("x", 40))
		if i%10 == 0 {
			rec = fmt.Sprintf(`{"i":%d,"x":@}`, i)
		}
		recs[int64(i+1)] = rec
		b.WriteString(rec + "\n")
	}
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
	return path, recs
}

// decompressed reads a whole .gz or .zst file; a stream that is not
// complete fails the test.
func decompressed(t *testing.T, path string) string {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var r io.Reader
	switch jsonl.FormatForName(path) {
	case jsonl.Gzip:
		zr, err := gzip.NewReader(f)
		require.NoError(t, err, "%s: a gzip stream", path)
		r = zr
	case jsonl.Zstd:
		zr, err := zstd.NewReader(f)
		require.NoError(t, err)
		defer zr.Close()
		r = zr
	default:
		r = f
	}
	b, err := io.ReadAll(r)
	require.NoError(t, err, "%s: a complete stream", path)
	return string(b)
}

// assertWholeRejects checks that every line of rejects is a reject whose
// raw record is the input record of its line, in input order, and returns
// their lines.
func assertWholeRejects(t *testing.T, rejects string, input map[int64]string) []int64 {
	t.Helper()
	var lines []int64
	sc := bufio.NewScanner(strings.NewReader(rejects))
	for sc.Scan() {
		var r jsonl.Reject
		require.NoError(t, json.Unmarshal(sc.Bytes(), &r), "a whole reject: %q", sc.Text())
		assert.Equal(t, input[r.Line], r.Raw, "the reject of line %d holds its record", r.Line)
		if len(lines) > 0 {
			assert.Greater(t, r.Line, lines[len(lines)-1], "in input order")
		}
		lines = append(lines, r.Line)
	}
	assert.True(t, strings.HasSuffix(rejects, "\n") || rejects == "", "ends with a whole line")
	return lines
}

// assertWholeRecords checks that every line of out is an input record,
// compared by value, and returns how many there are.
func assertWholeRecords(t *testing.T, out string, input map[int64]string) int {
	t.Helper()
	byValue := map[string]bool{}
	for _, rec := range input {
		var v any
		if json.Unmarshal([]byte(rec), &v) == nil {
			b, _ := json.Marshal(v)
			byValue[string(b)] = true
		}
	}
	n := 0
	for line := range strings.Lines(out) {
		require.True(t, strings.HasSuffix(line, "\n"), "a whole line: %q", line)
		var v any
		require.NoError(t, json.Unmarshal([]byte(line), &v), "a whole record: %q", line)
		b, _ := json.Marshal(v)
		assert.True(t, byValue[string(b)], "an input record: %q", line)
		n++
	}
	return n
}

// stoppedAt returns the line named by "stopped at input line N" in msg.
func stoppedAt(t *testing.T, msg string) int64 {
	t.Helper()
	m := regexp.MustCompile(`stopped at input line (\d+)`).FindStringSubmatch(msg)
	require.NotNil(t, m, "the message says where the run stopped: %s", msg)
	n, err := strconv.ParseInt(m[1], 10, 64)
	require.NoError(t, err)
	return n
}

// lastLine returns the last line of s.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

// piped is a jsonheal process whose stdout is a pipe the test reads (or
// not) through out.
type piped struct {
	cmd    *exec.Cmd
	out    *os.File
	stderr *syncBuffer
	done   chan struct{}
}

// startPiped starts the binary with stdout to a pipe; the process is
// killed at the end of the test if it still runs.
func startPiped(t *testing.T, bin string, args ...string) *piped {
	t.Helper()
	pr, pw, err := os.Pipe()
	require.NoError(t, err)
	p := &piped{cmd: exec.Command(bin, args...), out: pr, stderr: &syncBuffer{}, done: make(chan struct{})}
	p.cmd.Stdout, p.cmd.Stderr = pw, p.stderr
	require.NoError(t, p.cmd.Start())
	pw.Close()
	go func() { p.cmd.Wait(); close(p.done) }()
	t.Cleanup(func() {
		pr.Close()
		select {
		case <-p.done:
		default:
			p.cmd.Process.Kill()
			<-p.done
		}
	})
	return p
}

// wait waits for the process to end and returns its exit code.
func (p *piped) wait(t *testing.T, what string) int {
	t.Helper()
	select {
	case <-p.done:
	case <-time.After(20 * time.Second):
		t.Fatalf("still running 20 s after %s: %s", what, p.stderr.String())
	}
	return p.cmd.ProcessState.ExitCode()
}

func testSigpipe(t *testing.T, bin string) {
	dir := t.TempDir()
	in, input := exitsInput(t, dir, "p.jsonl", 100000)
	for _, rejects := range []string{"r.jsonl.gz", "r.jsonl.zst"} {
		t.Run(rejects, func(t *testing.T) {
			// jsonheal clean p.jsonl --rejects r.jsonl.gz | head -c 200000
			rejects := filepath.Join(dir, rejects)
			p := startPiped(t, bin, "clean", in, "--rejects", rejects)
			head := make([]byte, 200000)
			_, err := io.ReadFull(p.out, head)
			require.NoError(t, err)
			p.out.Close()
			code := p.wait(t, "its reader left")
			assert.Equal(t, exitUsage, code, "no death by SIGPIPE: %s", p.stderr.String())
			last := lastLine(p.stderr.String())
			assert.Contains(t, last, "broken pipe")
			stop := stoppedAt(t, last)
			// The summary accounts for the records read past the failure.
			m := regexp.MustCompile(`(\d+) records;.*out: (\d+) written \+ (\d+) rejected\n  not written: (\d+) records`).
				FindStringSubmatch(p.stderr.String())
			require.NotNil(t, m, p.stderr.String())
			n := make([]int64, 4)
			for i := range n {
				n[i], _ = strconv.ParseInt(m[i+1], 10, 64)
			}
			assert.Equal(t, n[0], n[1]+n[2]+n[3], "records = written + rejected + not written")
			// Written and rejected: the lines before the stop, and the
			// rejects of the records handed to stdout after its last
			// flush (lost in its buffer), which reached the rejects.
			assert.LessOrEqual(t, stop-1, n[1]+n[2], "written and rejected: the lines before the stop, at least")
			lines := assertWholeRejects(t, decompressed(t, rejects), input)
			// Every record before the line named is a reject or went out:
			// the rejects hold every broken one, and maybe some after.
			var want []int64
			for l := int64(1); l < stop; l++ {
				if (l-1)%10 == 0 {
					want = append(want, l)
				}
			}
			require.GreaterOrEqual(t, len(lines), len(want))
			assert.Equal(t, want, lines[:len(want)])
			for _, l := range lines[len(want):] {
				assert.Zero(t, (l-1)%10, "line %d is a broken one", l)
			}
			assert.Equal(t, int64(len(lines)), n[2], "the rejects counted are the rejects written")
			assert.NotEmpty(t, lines)
			got := string(head[:bytes.LastIndexByte(head, '\n')+1])
			assert.Positive(t, assertWholeRecords(t, got, input))
		})
	}
}

func testLaterInputError(t *testing.T, bin string) {
	// The second input is a gzip stream cut in its middle: the first
	// input's records and those of the second before the cut are written,
	// and both outputs end as whole streams.
	dir := t.TempDir()
	a, inputA := exitsInput(t, dir, "a.jsonl", 3000)
	raw, inputB := exitsInput(t, dir, "b.jsonl", 3000)
	data, err := os.ReadFile(raw)
	require.NoError(t, err)
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write(data)
	zw.Close()
	b := filepath.Join(dir, "b.jsonl.gz")
	require.NoError(t, os.WriteFile(b, z.Bytes()[:z.Len()/2], 0o644))
	out, rej := filepath.Join(dir, "out.jsonl.zst"), filepath.Join(dir, "rej.jsonl.gz")
	code, errOut := shell(t, bin, "", "", "clean", "-o", out, "--rejects", rej, a, b)
	assert.Equal(t, exitUsage, code, errOut)
	assert.Contains(t, lastLine(errOut), "b.jsonl.gz: reading input")
	all := map[int64]string{}
	for l, r := range inputA {
		all[l] = r
	}
	for l, r := range inputB {
		all[l+1e6] = r // the same records: compared by value
	}
	written := assertWholeRecords(t, decompressed(t, out), all)
	assert.Greater(t, written, 2700, "a's records and some of b's")
	var r jsonl.Reject
	n := 0
	for line := range strings.Lines(decompressed(t, rej)) {
		require.NoError(t, json.Unmarshal([]byte(line), &r))
		src := inputA
		if r.File == b {
			src = inputB
		}
		assert.Equal(t, src[r.Line], r.Raw)
		n++
	}
	assert.Greater(t, n, 300, "a's rejects and some of b's")
}

func testSignalCompressedOutputs(t *testing.T, bin string) {
	// SIGINT while clean waits for more input: the command returns, and
	// closes both zstd streams on the records read so far.
	dir := t.TempDir()
	_, input := exitsInput(t, dir, "unused.jsonl", 500)
	out, rej := filepath.Join(dir, "out.jsonl.zst"), filepath.Join(dir, "rej.jsonl.zst")
	r := startCLI(t, bin, dir, "clean", "-o", out, "--rejects", rej, "--progress", "always")
	var b strings.Builder
	for l := int64(1); l <= 500; l++ {
		b.WriteString(input[l] + "\n")
	}
	_, err := io.WriteString(r.stdin, b.String()+`{"i":500,"s":"cut`)
	require.NoError(t, err)
	// The progress line shows when every whole record was read (what is
	// read ahead of the records is dropped at a signal).
	waitFor(t, "the records read", func() bool { return strings.Contains(r.stderr.String(), "\x1b[K500 records") })
	code, took := r.signalAndWait(t, syscall.SIGINT)
	assert.Equal(t, 130, code, r.stderr.String())
	assert.Contains(t, r.stderr.String(), "stopped at line 501")
	assert.Less(t, took, signalEndBound)
	assert.Equal(t, 450, assertWholeRecords(t, decompressed(t, out), input))
	assert.Len(t, assertWholeRejects(t, decompressed(t, rej), input), 50)
}

// pipeBuffered returns how many bytes wait in the pipe read by f.
func pipeBuffered(t *testing.T, f *os.File) int {
	var n int32
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), syscall.TIOCINQ, uintptr(unsafe.Pointer(&n)))
	require.Zero(t, errno)
	return int(n)
}

func testSignalStuckStdout(t *testing.T, bin string) {
	// stdout is a pipe nobody reads: the run is stuck in a write, the
	// watchdog ends it, and the rejects are still closed whole.
	dir := t.TempDir()
	in, input := exitsInput(t, dir, "p.jsonl", 20000)
	rej := filepath.Join(dir, "r.jsonl.zst")
	p := startPiped(t, bin, "clean", in, "--rejects", rej)
	// Once stdout is written to, the run cannot end: its output (1 MB)
	// is far more than the pipe holds (64 KiB, less when its pages are
	// partly filled).
	waitFor(t, "output in the pipe", func() bool { return pipeBuffered(t, p.out) >= 32<<10 })
	waitSignalsCaught(t, p.cmd.Process.Pid)
	start := time.Now()
	require.NoError(t, p.cmd.Process.Signal(syscall.SIGTERM))
	code := p.wait(t, "SIGTERM")
	assert.Less(t, time.Since(start), signalEndBound)
	assert.Equal(t, 143, code, p.stderr.String())
	assert.Contains(t, p.stderr.String(), "jsonheal clean: stopped by SIGTERM (exit 143)")
	assertWholeRejects(t, decompressed(t, rej), input)
}

func testSigpipeOtherCommands(t *testing.T, bin string) {
	// The commands that write stdout alone: exit 2, no death by SIGPIPE,
	// and the message says how far they read.
	dir := t.TempDir()
	big := filepath.Join(dir, "big.json")
	require.NoError(t, os.WriteFile(big, []byte(`{"a":[`+strings.Repeat("1,", 1<<20)+`1]}`), 0o644))
	schema := filepath.Join(dir, "s.json")
	require.NoError(t, os.WriteFile(schema, []byte(`{"type":"object"}`), 0o644))
	docs := []string{"validate", "--schema", schema, "--output", "basic"}
	for i := range 6000 { // 15 bytes of output each: more than a pipe holds
		doc := filepath.Join(dir, fmt.Sprintf("d%04d.json", i))
		require.NoError(t, os.WriteFile(doc, []byte(`{"a":1}`), 0o644))
		docs = append(docs, doc)
	}
	for _, args := range [][]string{{"repair", big}, docs} {
		p := startPiped(t, bin, args...)
		_, err := io.ReadFull(p.out, make([]byte, 10))
		require.NoError(t, err)
		p.out.Close()
		assert.Equal(t, exitUsage, p.wait(t, "its reader left"), "%s: %s", args[0], p.stderr.String())
		last := lastLine(p.stderr.String())
		assert.Contains(t, last, "broken pipe", args[0])
		assert.Contains(t, last, "(stopped in ", args[0])
	}
}
