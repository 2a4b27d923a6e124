package jsonl

import (
	"errors"
	"io"

	"github.com/jsonheal/jsonheal/internal/blank"
)

// DefaultMaxRecordBytes is the record size cap used when
// SplitOptions.MaxRecordBytes is zero.
const DefaultMaxRecordBytes = 64 << 20

// DefaultReadBufferSize is the initial size of the splitter's read buffer.
// The buffer grows (doubling) for records that do not fit, up to the record
// cap.
const DefaultReadBufferSize = 256 << 10

// sampleBytes is how much of an oversized record is kept for its reject.
const sampleBytes = 4 << 10

// maxLeadingBlanks bounds how far the splitter looks past the blanks that
// open a line when it decides whether the line starts a record or a fence.
const maxLeadingBlanks = 4 << 10

// SplitOptions configure a Splitter. The zero value is ready to use.
type SplitOptions struct {
	// MaxRecordBytes caps the size of one record; zero means
	// DefaultMaxRecordBytes. A larger record is not kept in memory: it comes
	// out with TooLarge set, Size its full size and Data its first bytes.
	MaxRecordBytes int64
	// ReadBufferSize is the initial read buffer size; zero means
	// DefaultReadBufferSize.
	ReadBufferSize int
}

// Record is one record of a JSON Lines input, as the Splitter found it.
type Record struct {
	// Data is the record's bytes, without the line end that closes it (LF or
	// CR LF) and without the byte order mark that may open the input (one
	// that opens a later line stays: see Splitter). It aliases the splitter's buffer
	// and is valid until the next call to Next. For a TooLarge record it
	// holds only the first bytes of the record.
	Data []byte
	// Line is the 1-based input line where the record starts.
	Line int64
	// Lines is the number of input lines the record spans (1 for an
	// ordinary JSONL record).
	Lines int
	// Offset is the byte offset in the input where the record starts.
	Offset int64
	// Size is the record's size in bytes (len(Data) unless TooLarge).
	Size int64
	// Cut reports that the record was still open (inside a string, object
	// or array) when the splitter ended it: at a line that starts a new
	// record (see Splitter) or at the end of the input. Such a record is
	// truncated.
	Cut bool
	// TooLarge reports that the record is larger than the record cap.
	TooLarge bool
	// FirstJoin is the offset in Data of the first line end at which the
	// record was still open (inside a string, object or array) and went
	// on to the next line; 0 when it never was. A repair past it relies on
	// the join: the Cleaner does not accept a guess there.
	FirstJoin int
}

// Splitter reads JSON Lines records from an io.Reader.
//
// A record is normally one line. It spans several lines when a line ends
// while something is still open, so that models' output with raw newlines
// in strings, pretty-printed values or markdown fences stays one record:
//
//   - Open string or container: a line that ends inside a string, or inside
//     an object or array, continues on the next line.
//   - Fence: a record whose first line starts with ``` or ~~~ (or whose
//     lines so far hold no '{' or '[' and the next starts a fence) continues
//     until a line that starts with ``` or ~~~ (included), or until the
//     first non-blank line after its first complete value that is not a
//     fence (the fence was never closed: that line starts the next record).
//   - Introduction: a line that holds no '{' or '[' outside strings and
//     whose last non-blank byte is ':' ("Here is the JSON:") continues on
//     the next line. Other lines of prose alone are records of their own
//     (with no JSON value).
//   - Resynchronisation (split_resync.go): a record that is open at a line
//     end never takes a line it cannot continue: a '{"', '{}' or lone '{'
//     line where no value is expected (or a '{"' line inside a string), a
//     fence line outside a string (except the bare closing fence of a
//     fenced record), an introduction line where no value is expected. It
//     is ended there, marked Cut. When the next line could go either way
//     ('{' or '[' where a value is expected, or inside a string), both
//     readings are kept: the join, and the split, where the line starts a
//     record of its own. The split wins when that record is whole (its
//     value closed, its keys followed by ':', no second value after it) and
//     the next non-blank line does not continue the join (']', '}', ',' or,
//     inside a string, '"'). Pretty-printed records stay whole, as their
//     inner lines are followed by closers or commas; a line laid out as
//     an element of one of a record's arrays (indented deeper than the
//     record's first line and than the line that opened the array, or as
//     deep as the element before it) keeps no split reading, so that a
//     pretty-printed record cut after an element comes out as one cut
//     record, not as that element and fragments. A record never holds
//     two input records: a cut record comes out alone (a reject with its
//     raw bytes), and the whole record after it comes out on its own.
//   - One-line fences: ```json {...} ```, ```json{...}``` and ```{...}```
//     are records of one line.
//
// Lines holding only blanks (space, tab, CR, and the Unicode blanks of
// blank.LineLen: no-break and typographic spaces, zero-width spaces, a byte
// order mark, the line separators U+0085, U+2028, U+2029) between records
// are skipped. The rules above read a line by its first token after such
// blanks, so a record that a tool's byte order mark opens
// ("\ufeff{...}" after a cut record, in files concatenated) starts a
// record like "{...}"; the blanks stay in its bytes, for the sanitizer to
// drop with a Fix. A UTF-8 byte order mark at the start of the input is
// dropped; the last
// record needs no final newline; an input whose first line ends with a
// lone CR has CR line ends. Records larger than MaxRecordBytes are
// reported (TooLarge) with their line number and size without being held in
// memory: past the cap only the innermost 64 open containers are kept, the
// deeper ones counted. The splitter runs in linear time (a line is scanned
// at most once per open hypothesis, at most 9 times) and reuses its buffer.
type Splitter struct {
	r    io.Reader
	rerr error // sticky read error (io.EOF at end of input)

	buf   []byte
	start int   // index in buf where the current record starts
	pos   int   // scan position
	end   int   // end of the buffered data
	base  int64 // input offset of buf[0]
	max   int64

	line    int64 // line number at pos
	recLine int64 // first line of the current record
	// recIndent is the indentation (spaces and tabs) of the current
	// record's first line (see nestedLine).
	recIndent int
	// lineIndent is the indentation of the last non-blank line examined
	// (indentLine), prevIndent that of the one before it: a line examined
	// again after a split keeps the line before it.
	lineIndent, prevIndent int
	indentLine             int64
	bufCap                 int // the buffer never grows past this

	st scanState
	// The hypotheses of the resync check (split_resync.go): alts[:nalt];
	// the first pendingAlts of them are records to return.
	alts        [maxAlts]altState
	nalt        int
	pendingAlts int
	// promoteAfter: once the pending ones are returned, the next
	// hypothesis goes on as the current record.
	promoteAfter bool
	atLineHead   bool // pos is at the start of a line not yet examined
	nl           byte // the line end: '\n', or '\r' in a CR-only input
	nlKnown      bool // nl was decided (findLineEnd)
	// The line ends findLineEnd has counted: LFs (alone or after a CR)
	// and CRs not followed by LF, in the input up to nlSeen.
	lfs, loneCRs int
	nlSeen       int64

	// Oversized record: bytes before start were dropped.
	dropped int64
	sample  []byte
	bomDone bool
	// tailEnded: the input's last line, which has no line end, was ended
	// (finish).
	tailEnded bool

	// With chunks set (shareChunks), buf is cur's bytes, and the records
	// Next returned stay valid while a batch holds cur: fill goes on in a
	// fresh chunk rather than move them.
	chunks *chunkPool
	cur    *chunk
	// shortRun counts the fills in a row that found little of a record
	// in a grown chunk (see shortTails).
	shortRun int
}

// scanState is the lexical state of the current record.
type scanState struct {
	inString, escape bool
	// single: the string is in single quotes (a value or key where one
	// is expected, which the sanitizer requotes): it ends at a '\''.
	single       bool
	stack        []byte // open containers, '{' or '['
	expectValue  bool   // outside strings, the grammar expects a value
	content      bool   // the record holds a non-blank byte
	valueSeen    bool   // a container opened at depth 0
	fence        bool   // the record opened with a fence line
	closingFence bool   // the current line is the closing fence
	last         byte   // the last non-blank byte outside strings
	lines        int
	// firstJoin is the input offset of the first line end at which the
	// record was open (a string or container) and went on; 0 when none.
	firstJoin int64
	// A record past the size cap is dropped while scanned (dropping); its
	// containers below the top of the stack are counted in deep.
	dropping bool
	deep     int64
}

func (st *scanState) reset() {
	stack := st.stack[:0]
	if cap(stack) > 64<<10 {
		stack = nil // a huge record's stack is not kept for the next
	}
	*st = scanState{stack: stack}
}

func (st *scanState) open() bool { return st.inString || len(st.stack) > 0 || st.deep > 0 }

// NewSplitter returns a Splitter reading from r.
func NewSplitter(r io.Reader, opts SplitOptions) *Splitter {
	max := opts.MaxRecordBytes
	if max <= 0 {
		max = DefaultMaxRecordBytes
	}
	size := opts.ReadBufferSize
	if size <= 0 {
		size = DefaultReadBufferSize
	}
	// The buffer holds a record up to the cap plus what a line head needs
	// to be examined; past that a record is dropped while scanned.
	bufCap := int(max) + 1 + 2*maxLeadingBlanks + 64
	size = min(size, bufCap)
	return &Splitter{r: r, buf: make([]byte, size), max: max, bufCap: bufCap, line: 1, atLineHead: true, nl: '\n'}
}

// InputOffset returns how many input bytes the splitter has consumed into
// records so far (the offset where the next record starts).
func (s *Splitter) InputOffset() int64 { return s.base + int64(s.start) }

// InputLines returns the number of input lines read so far, counting a
// last line that has no line end once the input has ended.
func (s *Splitter) InputLines() int64 {
	n := s.line - 1
	if s.rerr != nil && s.end > 0 && s.buf[s.end-1] != s.nl {
		n++
	}
	return n
}

// Line returns the input line where the next record starts: the first
// line not yet returned in a record.
func (s *Splitter) Line() int64 {
	if s.st.content {
		return s.recLine
	}
	return s.line
}

// Next returns the next record. At the end of the input it returns io.EOF.
// A read error is returned as is, after the complete records before it; the
// record that was being read when it happened is lost (it would be
// truncated by the I/O error, not by its writer).
func (s *Splitter) Next() (Record, error) {
	if s.pendingAlts > 0 {
		return s.emitAlt(), nil
	}
	for {
		if s.pos == s.end {
			if s.rerr != nil {
				return s.finish()
			}
			s.fill()
			continue
		}
		if !s.bomDone {
			if s.end-s.pos < 3 && s.rerr == nil {
				s.fill()
				continue
			}
			s.bomDone = true
			if s.end-s.pos >= 3 && s.base == 0 && s.pos == 0 && s.buf[0] == 0xEF && s.buf[1] == 0xBB && s.buf[2] == 0xBF {
				s.pos += 3
				s.start = s.pos
			}
		}
		if !s.nlKnown && !s.findLineEnd() {
			s.fill()
			continue
		}
		if s.atLineHead {
			rec, emit, ok := s.lineHead()
			if !ok {
				s.fill()
				continue
			}
			if emit {
				return rec, nil
			}
		}
		i, nl := s.scan()
		if s.nalt > 0 {
			s.altFeed(i)
		}
		s.pos = i
		if !nl {
			if s.st.dropping {
				s.trimStack()
			}
			continue
		}
		// s.buf[i] is the line end.
		s.pos = i + 1
		s.line++
		s.st.lines++
		if s.st.escape { // a backslash escaped the raw newline
			s.st.escape = false
		}
		s.atLineHead = true
		if s.nalt > 0 {
			s.altLineEnd(i)
		}
		st := &s.st
		if st.open() {
			if st.firstJoin == 0 {
				st.firstJoin = s.base + int64(i)
			}
			continue
		}
		if s.nalt > 0 {
			if rec, ok := s.closeWithAlts(); ok {
				return rec, nil
			}
		}
		switch {
		case !st.content:
			// Blank line between records: skip it.
			s.start = s.pos
			s.recLine = s.line
			st.reset()
			continue
		case st.fence && !st.closingFence:
			if !st.valueSeen || !s.endsWithFence(i) {
				continue
			}
			// A fence closed on the line of its value: ```json {...} ```
		case !st.valueSeen && st.last == ':':
			// Prose that introduces what follows ("Here is the JSON:").
			continue
		}
		return s.emit(i, false), nil
	}
}

// lineHead examines the line at pos before it is scanned. It returns a
// record when the line ends the current one (resynchronisation, unclosed
// fence); ok is false when more input is needed to decide. A record ended
// at a line head leaves the line to be examined again (atLineHead), as the
// first line of the next record.
func (s *Splitter) lineHead() (rec Record, emit, ok bool) {
	st := &s.st
	first, second, ok := s.peekHead()
	if !ok {
		return Record{}, false, false
	}
	fenceLine := isFenceStart(s.buf[min(first, s.end):s.end])
	bare := false
	done := s.doneAlt()
	if fenceLine && (done >= 0 && s.alts[done].awaitFence || st.fence && st.valueSeen || st.open()) {
		if bare, ok = s.bareFence(first); !ok {
			return Record{}, false, false
		}
	}
	if done >= 0 {
		if rec, decided := s.altDecide(done, first, fenceLine, bare); decided {
			return rec, true, true
		}
	}
	s.atLineHead = false
	if s.line != s.indentLine && first < s.end && s.buf[first] != '\n' && s.buf[first] != '\r' {
		s.prevIndent, s.lineIndent, s.indentLine = s.lineIndent, s.indentAt(first), s.line
	}
	switch {
	case !st.content:
		s.recLine = s.line
		s.recIndent = s.indentAt(first)
		st.fence = fenceLine
	case st.open():
		startsObject := first < s.end && s.buf[first] == '{' && second < s.end &&
			(s.buf[second] == '"' || s.buf[second] == '}')
		// An introduction line matters at once only to a record that
		// cannot take it (outside strings, no value expected); otherwise
		// it is judged at its line end, as a hypothesis.
		intro, introKnown := false, false
		if first < s.end && isLetter(s.buf[first]) {
			target := st
			if s.nalt > 0 {
				target = &s.alts[s.nalt-1].st
			}
			if target.open() && !target.inString && !target.expectValue {
				if intro, ok = s.introAhead(first); !ok {
					s.atLineHead = true
					return Record{}, false, false
				}
				introKnown = true
			}
		}
		objectAlone := first < s.end && s.buf[first] == '{' && (second >= s.end || s.buf[second] == '\n' || s.buf[second] == '\r')
		starts := lineStart{object: startsObject, objectAlone: objectAlone, fence: fenceLine, bareFence: bare, intro: intro}
		if fenceLine && s.nalt > 0 {
			// A fence line right after a hypothesis' opening fence: that
			// one was not a fenced record.
			if last := &s.alts[s.nalt-1]; last.st.fence && !last.st.valueSeen && !last.done {
				s.removeAlt(s.nalt - 1)
			}
		}
		if (startsObject || objectAlone || fenceLine || intro) && s.nalt > 0 {
			if last := &s.alts[s.nalt-1].st; last.open() && starts.cannotContinue(last) {
				s.atLineHead = true
				if rec, ok := s.cutLastAlt(); ok {
					return rec, true, true
				}
			}
		}
		if starts.cannotContinue(st) {
			// The record cannot go on with this line.
			s.atLineHead = true
			if s.nalt > 0 {
				if rec, ok := s.splitAtAlt(-1); ok {
					return rec, true, true
				}
			}
			return s.emit(s.pos-1, true), true, true
		}
		if fenceLine && s.nalt > 0 {
			if last := &s.alts[s.nalt-1]; !last.st.valueSeen && !last.st.open() && !last.st.fence {
				// The latest hypothesis is an introduction ("Here is the
				// JSON:"), so the fence line opens its fence, as it does
				// the current record's ("Prose introduced a fence" below):
				// it then awaits its closing fence. Unfenced, it failed at
				// this line's end, and the fence line, which cannot open a
				// hypothesis after one that is not open, went to the cut
				// record before it: the value came out alone and its
				// closing fence joined the next record. Done only once the
				// line is read on: after a split above, the line is
				// examined again with the hypothesis as the current record.
				last.st.fence, last.fenceOpens = true, true
			}
		}
		if first < s.end && s.canStartRecord(first, second, fenceLine) && (intro || !introKnown) && !s.nestedLine(first) && s.mayStartAlt() {
			s.startAlt(first, fenceLine)
		}
	case st.fence:
		switch {
		case fenceLine && st.valueSeen && !bare:
			// A fence line with an info string or a value opens the next
			// fenced record: this one was never closed.
			s.atLineHead = true
			return s.emit(s.pos-1, false), true, true
		case fenceLine:
			st.closingFence = true
		case first >= s.end || s.buf[first] == '\n' || s.buf[first] == '\r':
			// blank line inside the fence
		case st.valueSeen:
			// The fence was never closed: this line starts the next record.
			s.atLineHead = true
			return s.emit(s.pos-1, false), true, true
		}
	case !st.valueSeen && fenceLine:
		// Prose introduced a fence.
		st.fence = true
	}
	return Record{}, false, true
}

// peekHead returns the indices of the first and second non-blank bytes of
// the line at pos (space, tab and the Unicode blanks of blank.LineLen are
// blanks: a line that a byte order mark or a no-break space opens is read
// by its first token); an index equal to s.end means the input ended
// first. ok is false when more input must be read to know.
func (s *Splitter) peekHead() (first, second int, ok bool) {
	i, ok := s.skipBlanks(s.pos)
	if !ok {
		return 0, 0, false
	}
	first = i
	if first+3 > s.end && s.rerr == nil {
		return 0, 0, false // a fence needs 3 bytes
	}
	if i >= s.end || s.buf[i] != '{' && s.buf[i] != '[' {
		return first, s.end, true
	}
	if i, ok = s.skipBlanks(first + 1); !ok {
		return 0, 0, false
	}
	return first, i, true
}

// skipBlanks returns the index of the first byte at or after from that is
// not a blank (space, tab, blank.LineLen), looking up to maxLeadingBlanks
// bytes ahead; ok is false when more input must be read to know.
func (s *Splitter) skipBlanks(from int) (int, bool) {
	limit := min(s.end, from+maxLeadingBlanks)
	i := from
	for i < limit {
		if c := s.buf[i]; c == ' ' || c == '\t' {
			i++
			continue
		}
		n := blank.LineLen(s.buf[i:s.end])
		if n > 0 {
			i += n
			continue
		}
		if n < 0 && s.rerr == nil {
			return 0, false // the input stops inside what may be a blank
		}
		break
	}
	if i >= s.end && s.rerr == nil && i < from+maxLeadingBlanks {
		return 0, false
	}
	return min(i, s.end), true
}

// isFenceStart reports whether b starts with a markdown fence.
func isFenceStart(b []byte) bool {
	return len(b) >= 3 && (b[0] == '`' && b[1] == '`' && b[2] == '`' || b[0] == '~' && b[1] == '~' && b[2] == '~')
}

// emit returns the record from start to end (exclusive; end is the index of
// the line end or of the line start that ends it) and starts a new record
// after it.
func (s *Splitter) emit(end int, cut bool) Record {
	next := end + 1
	if end >= s.end {
		next = end
	}
	if end > s.start && s.buf[end-1] == '\r' && s.nl == '\n' && s.dropped == 0 {
		end--
	}
	lines := s.st.lines
	if lines == 0 {
		lines = 1
	}
	rec := Record{
		Line:   s.recLine,
		Lines:  lines,
		Offset: s.base + int64(s.start) - s.dropped,
		Cut:    cut,
	}
	if j := s.st.firstJoin - (s.base + int64(s.start)); s.st.firstJoin > 0 && j > 0 && j < int64(end-s.start) && s.dropped == 0 {
		rec.FirstJoin = int(j)
	}
	if s.recLine == 0 {
		rec.Line = 1
	}
	if s.dropped > 0 {
		rec.TooLarge = true
		rec.Data = s.sample
		rec.Size = s.dropped + int64(end-s.start)
		s.dropped = 0
	} else {
		rec.Data = s.buf[s.start:end]
		rec.Size = int64(len(rec.Data))
		if rec.Size > s.max {
			rec.TooLarge = true
			rec.Data = rec.Data[:min(len(rec.Data), sampleBytes)]
		}
	}
	s.start = next
	if s.pos < next {
		s.pos = next
	}
	s.st.reset()
	return rec
}

// closeWithAlts is called when the current record closed at a line end
// by joining the lines of the hypotheses. A join inside a string (a raw
// newline) may lose to lines that read as a record of their own
// (closeWinner): the current record is then returned, cut; otherwise the
// hypotheses are dropped.
func (s *Splitter) closeWithAlts() (Record, bool) {
	if k := s.closeWinner(); k >= 0 {
		if a := &s.alts[k]; a.done && a.awaitFence {
			// A fenced record whose value closed on this line: it goes
			// on as the current record, to take its closing fence (as
			// altDecide has it take one at a line head). Returned at once,
			// it came out without it, and that fence opened a record of
			// its own, which took the next one's opening fence: every
			// fenced record after it was read one fence off.
			a.done, a.awaitFence = false, false
		}
		if rec, ok := s.splitAtAlt(k); ok {
			return rec, true
		}
	}
	s.removeAlts(0)
	return Record{}, false
}

// finish handles the end of the input: the last record without a final
// newline, then io.EOF or the read error.
func (s *Splitter) finish() (Record, error) {
	if s.rerr == io.EOF && !s.tailEnded && s.end > 0 && s.buf[s.end-1] != s.nl {
		// The last line has no line end: it ends here, for the hypotheses
		// as for the current record, once. A hypothesis begun on it is
		// judged as at a line end (an introduction's first line is judged
		// only there): unjudged, it held no content, and once it went on
		// as the current record its line was dropped as blank ("Sure:
		// {...}" after a cut record, lost for want of a final newline).
		s.tailEnded = true
		s.st.lines++
		if s.nalt > 0 {
			s.altLineEnd(s.end)
			if !s.st.open() && s.nalt > 0 {
				if rec, ok := s.closeWithAlts(); ok {
					return rec, nil
				}
			}
		}
	}
	if s.rerr == io.EOF && s.nalt > 0 {
		// The input ended with hypotheses open or done: the record before
		// them was cut.
		if rec, ok := s.splitAtAlt(s.doneAlt()); ok {
			return rec, nil
		}
	}
	if s.rerr == io.EOF && s.st.content {
		s.atLineHead = false
		end := s.end
		if end > s.start && s.buf[end-1] == s.nl {
			end-- // the record's last line end is not its data
		}
		return s.emit(end, s.st.open()), nil
	}
	if s.rerr == io.EOF {
		s.st.reset()
		s.start = s.end
	}
	return Record{}, s.rerr
}

// drop switches the current record to dropping mode: its first bytes are
// kept as a sample, the bytes scanned so far are discarded. It is called
// only when the buffer is full and the record is past the cap.
func (s *Splitter) drop() {
	upto := s.pos
	if s.nalt > 0 {
		// The hypotheses' bytes are kept: they may be records.
		upto = min(upto, int(s.alts[0].start-s.base))
	}
	if upto <= s.start {
		s.removeAlts(0)
		upto = s.pos
	}
	if s.dropped == 0 {
		s.sample = append(s.sample[:0], s.buf[s.start:s.start+min(sampleBytes, upto-s.start)]...)
	}
	s.dropped += int64(upto - s.start)
	s.start = upto
	s.st.dropping = true
	s.trimStack()
}

// fill reads more input, first moving the current record to the front of the
// buffer or growing the buffer when the record fills it.
func (s *Splitter) fill() {
	if s.rerr != nil {
		return
	}
	if !s.st.content && s.nalt == 0 && s.pos-s.start > maxLeadingBlanks {
		// Nothing but blanks scanned since the record began: they are
		// no part of any record, and a long run of them must not push
		// the record that follows past the cap.
		s.start = s.pos
	}
	if s.end == len(s.buf) && s.start == 0 && len(s.buf) >= s.bufCap {
		// The record fills the largest buffer, so it is past the cap (the
		// buffer holds the cap plus the look-ahead of a line head): keep
		// scanning it without keeping it.
		s.drop()
	}
	switch {
	case s.start == 0:
	case s.cur != nil && s.cur.grown && s.shortTails(s.end-s.start):
		// The long records that grew the buffer are over: back to a
		// chunk of the usual size, which batches may hold.
		s.moveTo(nil)
	case s.cur == nil || !s.cur.shared():
		s.moveTo(s.buf)
	case s.end == len(s.buf):
		// Batches hold the records before start: go on in a fresh
		// chunk, leaving them as they are.
		s.moveTo(nil)
	}
	if s.end == len(s.buf) {
		s.grow(min(2*len(s.buf), s.bufCap))
	}
	for tries := 0; tries < 100; tries++ {
		n, err := s.r.Read(s.buf[s.end:])
		s.end += n
		if err != nil {
			if errors.Is(err, io.EOF) {
				err = io.EOF
			}
			s.rerr = err
			return
		}
		if n > 0 {
			return
		}
	}
	s.rerr = io.ErrNoProgress
}

// shortTails reports, at a fill in a grown chunk that found n bytes of
// the current record, whether the records have been short for long enough
// to go back to the usual chunks: the fourth fill in a row to find an
// eighth of a chunk or less. One short record between long ones does not
// do it (going back and growing again would copy a long record twice).
func (s *Splitter) shortTails(n int) bool {
	if n > s.chunks.size/8 {
		s.shortRun = 0
		return false
	}
	s.shortRun++
	if s.shortRun < 4 {
		return false
	}
	s.shortRun = 0
	return true
}

// moveTo moves the bytes of the current record to the front of dst, the
// buffer itself, or (nil) a fresh chunk of the pool's size (they fit:
// fill asks for one only from a chunk of that size, or from a grown one
// once the record in it fills an eighth of that size or less).
func (s *Splitter) moveTo(dst []byte) {
	var c *chunk
	if dst == nil {
		c = s.chunks.get(s.chunks.size)
		dst = c.data
	}
	n := copy(dst, s.buf[s.start:s.end])
	if c != nil {
		s.useChunk(c)
	}
	s.base += int64(s.start)
	s.pos -= s.start
	s.end = n
	s.start = 0
}

// grow gives the buffer, which the current record fills from its start,
// n bytes.
func (s *Splitter) grow(n int) {
	if s.cur == nil {
		nb := make([]byte, n)
		copy(nb, s.buf[:s.end])
		s.buf = nb
		return
	}
	c := s.chunks.get(n)
	copy(c.data, s.buf[:s.end])
	s.useChunk(c)
}

// useChunk makes c the buffer, leaving the current chunk to the batches
// that hold it.
func (s *Splitter) useChunk(c *chunk) {
	s.cur.drop()
	s.cur, s.buf = c, c.data
}

// shareChunks makes the splitter read into chunks from p, which batches
// may hold (see chunk), from the start: it is called before Next.
func (s *Splitter) shareChunks(p *chunkPool) {
	c := p.get(len(s.buf))
	s.chunks, s.cur, s.buf = p, c, c.data
}

// chunk returns the chunk the records Next returns alias, for batches to
// hold, or nil: without shareChunks, or while the buffer is a grown chunk
// (see chunk).
func (s *Splitter) chunk() *chunk {
	if s.cur == nil || s.cur.grown {
		return nil
	}
	return s.cur
}
