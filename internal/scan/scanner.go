package scan

import "github.com/jsonheal/jsonheal/internal/structural"

// DefaultMaxDepth is the nesting cap used when Reset is given zero.
const DefaultMaxDepth = 512

// Scanner is the state machine. The zero value is not ready: call Reset.
// A Scanner is not safe for concurrent use; reuse one per goroutine.
type Scanner struct {
	st       state
	stack    stack
	maxDepth int

	base      int64 // absolute offset of the next byte Next will read
	line      int   // current line, 1-based
	lineBreak int64 // offset of the line break before the current line; -1 on the first

	// last describes the last event: its offset, the length of its bytes
	// where it has some, its line and column, and for a Repair what it
	// replaces (the fields QueuedRepair keeps, so that a queued Repair
	// is one copy of it).
	last QueuedRepair
	err  *SyntaxError

	inKey   bool  // the current string is an object key
	escOff  int64 // offset of the backslash of the current escape
	hexLeft uint8 // hex digits left in \uXXXX
	u8      [4]byte
	u8n     uint8 // carried bytes of an incomplete UTF-8 sequence
	u8Off   int64

	num       numState
	lit       string // the literal being read: "true", "false" or "null"
	litPos    uint8
	tentative bool  // the current top-level number or literal is not yet confirmed
	endOff    int64 // for stTopEnd: where the confirmed scalar ends

	gapDirty bool // the gap since the last value (or the input start) holds prose
	// proseLikeValue: the last event is Prose that begins, on the line a
	// top-level value ended on, with a byte that may begin a value (see
	// ProseLikeValue).
	proseLikeValue bool
	fenceSeen      bool
	inFence        bool
	fenceChar      byte
	fenceCount     int
	fenceStart     int64
	// fenceTag: the opening fence line read so far holds only blanks and
	// a JSON language tag ("json", "JSON", "jsonc"; fenceTagLen letters of
	// it so far), so a '{' or '[' on it starts a value.
	fenceTag    bool
	fenceTagLen uint8

	valueStart int64 // where the current top-level value began
	valueLine  int   // the line it began on
	valueBreak int64 // the offset of the line break before that line; -1 on the first
	commit     mark  // past the last complete element or opener of the innermost container
	values     int   // top-level values seen

	// Repairs (see repair.go). A saved offset that a later Repair may
	// refer to must be listed by AppendRepairAnchors: the sanitizer forgets
	// how it mapped any other offset before the current one.
	repairs          RepairSet
	nonFiniteStrings bool
	queue            []QueuedRepair // see SetQueue (made when first turned on, grown by Next, kept by Reset)
	nq               int
	queueOn          bool
	requote          bool  // see SetRequote
	oddFixed         bool  // the current odd string's opening was reported as a repair
	quote            byte  // the current string's delimiter: '"', '\'' or 'u' (unquoted)
	comma            mark  // the last comma read
	keyEnd           mark  // just past the last complete key
	strQuote         mark  // the quote that may close the current string
	strQuoteLen      int   // its length: 1, or 3 for a typographic quote
	typoStart        mark  // a typographic opening quote being read
	wideStart        mark  // full-width punctuation being read
	wideRet          state // the state it stands in
	virt             byte  // the ASCII twin of full-width punctuation, still to be read
	virtOff          int64 // its offset: the last byte of the full-width character
	virtBuf          [1]byte
	prevCommit       mark  // commit before the last value
	lastWasString    bool  // the last value of the container is a string, nothing read since
	closeSpaces      int   // spaces read after a possibly closing quote
	retState         state // where a comment or '.' returns to
	cmt              mark  // start of the current comment
	cmtStar          bool  // a block comment just read '*'
	cmtValue         bool  // the current comment is a # comment where a value belongs
	cmtJoins         bool  // the current comment joins the last one's fix (see commentJoins)
	cmtGap           int64 // 1 + where the unchecked whitespace after the last dropped comment begins; 0 when none
	dot              mark  // first '.' of a number or ellipsis
	dots             int
	numStart         mark
	numQuoted        bool // a number with leading zeros is being quoted as a string
	word             [24]byte
	wordLen          int
	wordStart        mark
	uqEnd            mark // just past the last non-blank byte of an unquoted value
	// uqBraces and uqBrackets count the '{' and '[' an unquoted value
	// holds and has not closed (words{a, b}): its ',' and their closers
	// are its own bytes, not its end.
	uqBraces, uqBrackets int32
	wrapDepth            int // depth whose next value is wrapped in a constructor call; 0 none
	bomN                 int
	blankBuf             [3]byte // the bytes held of what may be a Unicode blank (stBlank)
	blankN               uint8
	blankStart           mark    // where it begins
	blankRet             state   // the state it stands in
	replayBuf            [3]byte // held bytes that were no blank, to read again
	replayN              uint8
	replayOff            int64 // the offset of replayBuf[0]
	replaying            bool  // those bytes are being read again: hold no blank
	quoteStartsValue     bool  // the '"' next, after a top-level string on its line, begins a value
	afterTopValue        bool  // only blanks since a top-level value ended, on its line
	topComma             mark  // a comma right after a top-level value (see topValueComma)
	tailStart            mark  // the text after a top-level string (see toptail.go)
	tailFirst            byte  // its first byte
	tailQuote            [maxTailQuotes]int64
	tailQuotes           int   // quotes in it
	tailDirty            int64 // the first byte in it that cannot go into a string as it is; -1 none
	tailEndsQuote        bool  // its last non-blank byte so far is a quote
	tailColon            uint8 // the watch for a ':' and a value after it (prosecolon.go)
	colonWatch           uint8 // the same watch over other prose on a top-level value's line
	colonAt              int64 // the ':' it found
	proseWatch           bool  // see SetProseWatch
	tailStep             int   // what emitTail reports next
	tailInner            int   // quotes it escapes

	radix       radixState // the hexadecimal, octal or binary literal being read
	numAfterSep numState   // where a number goes on after a '_' between its digits
	digitKey    int64      // 1 + where the last bare key began, when with a digit; 0 otherwise
	tailComma   int64      // 1 + the comma the last chunk read inside a string ends with (and spaces); 0 otherwise
	tailEnd     int64      // where that chunk ended
	strComma    int64      // 1 + the comma just before the quote that may close the string; 0 otherwise
	probe       probeState // a quote being probed as the opening of the next key
	numEndSlow  int64      // 1 + where the last number read byte by byte ended
	bareKeyEnd  int64      // 1 + where the last bare key ended; 0 once its quote is read
	slashNum    int64      // 1 + where a number followed by '/' or '.' at a chunk's end began; 0 otherwise
	quotedEnd   int64      // 1 + where the last number quoted for its leading zeros ended
	rx          regexState // where the regular-expression literal being quoted is (see regex.go)
	rxEsc       bool       // its last byte is a backslash
	rxStart     mark       // its opening '/'
	ifStart     mark       // a markdown fence inside a container (see fence.go)
	ifRet       state      // the state it stands in
	ifTicks     uint8      // its backticks so far (at most 255)
	ifTag       bool       // its language tag has begun
	escDoc      bool       // the top-level value is an escaped document (see escdoc.go)
	escFixed    bool       // its first unescaping was reported: the others join it
	escPhase    uint8      // where an escape in one of its strings is
	escOutStart mark       // a backslash outside strings in it
	escOutRet   state      // the state that backslash stands in
	wrapClean   bool       // only ASCII blanks since the top-level opener (see endInnerFence)

	// Python tuples (see tuple.go): those that may hold one element,
	// outermost first, and the depth of the innermost one waiting for its
	// first element (a container) to end, -1 when none.
	tuples     [maxTuples]tupleMark
	ntuples    int
	tupleWatch int

	// A top-level object's closer held (see rootclose.go), the step
	// reached after it, and the end of the key that may reopen the object.
	rootCloser mark
	rootStep   uint8
	rootKeyEnd mark

	// The backticks after a quote that may close a string (see
	// fencecut.go): where they begin, how many, and whether blanks follow.
	cutFence mark
	cutTicks int
	cutTail  bool

	endedTruncated bool // End reported Truncated

	// wholeAt is 1 + the offset just past a top-level opener, while the
	// scanner has read nothing after it: there readWhole may read the
	// whole container at once. 0 otherwise.
	wholeAt   int64
	wholeRest int                 // containers readWhole leaves alone before it samples again
	checker   *structural.Checker // readWhole's, made on first use and kept by Reset
}

// New returns a Scanner ready to use, with the given depth cap (zero means
// DefaultMaxDepth).
func New(maxDepth int) *Scanner {
	s := new(Scanner)
	s.Reset(maxDepth)
	return s
}

// Reset readies s for a new input, keeping its memory. maxDepth caps the
// nesting of containers; zero means DefaultMaxDepth.
func (s *Scanner) Reset(maxDepth int) {
	if maxDepth <= 0 {
		maxDepth = DefaultMaxDepth
	}
	bits, repairs, nfs, queue, queueOn, requote, checker, watch := s.stack.bits, s.repairs, s.nonFiniteStrings, s.queue, s.queueOn, s.requote, s.checker, s.proseWatch
	*s = Scanner{}
	s.stack.bits, s.repairs, s.nonFiniteStrings, s.queue, s.queueOn, s.requote, s.checker, s.proseWatch = bits, repairs, nfs, queue, queueOn, requote, checker, watch
	s.stack.reset(maxDepth)
	s.maxDepth = maxDepth
	s.line, s.lineBreak = 1, -1
	s.tupleWatch = -1
}

// Offset returns the number of bytes consumed so far.
func (s *Scanner) Offset() int64 { return s.base }

// EventOffset returns the absolute input offset of the last event.
func (s *Scanner) EventOffset() int64 { return s.last.Offset }

// EventLen returns the byte length of the last InvalidUTF8 or InvalidEscape
// event.
func (s *Scanner) EventLen() int { return s.last.Len }

// EventPos returns the 1-based line and byte column of the last event.
func (s *Scanner) EventPos() (line, column int) { return s.last.Line, s.last.Column }

// Pos returns the 1-based line and byte column of the next byte to read.
func (s *Scanner) Pos() (line, column int) {
	return s.line, int(s.base - s.lineBreak)
}

// Err returns the syntax error behind the last Error event, or nil.
func (s *Scanner) Err() *SyntaxError { return s.err }

// CommitOffset returns the input offset just past the last complete
// element (or the opener) of the innermost open container.
func (s *Scanner) CommitOffset() int64 { return s.commit.off }

// HasPending reports whether the scanner holds bytes of its own to read
// before the next input byte (the ASCII twin of full-width punctuation,
// or what looked like the start of a Unicode blank and was not):
// call Next, even with an empty chunk, until it reports false.
func (s *Scanner) HasPending() bool { return s.virt != 0 || s.replayN != 0 }

// Depth returns the number of open containers.
func (s *Scanner) Depth() int { return s.stack.depth }

// Values returns the number of top-level values that have begun.
func (s *Scanner) Values() int { return s.values }

// InValue reports whether the scanner is inside a top-level value.
func (s *Scanner) InValue() bool {
	switch s.st {
	case stLineStart, stMidLine, stProse, stFenceMarker, stFenceInfo, stBOM, stTopEnd, stScalarTail, stError, stEnded:
		return false
	}
	return !s.tentative
}

// InString reports whether the scanner is inside a string (key or value).
func (s *Scanner) InString() bool {
	return s.st == stString || s.st == stEscape || s.st == stUnicode || s.st == stUTF8 || s.st == stStrClose || s.st == stKeyProbe || s.st == stBareQuote
}

// InKey reports whether the current string is an object key.
func (s *Scanner) InKey() bool { return s.InString() && s.inKey }

// InFence reports whether the scanner is inside a fenced block.
func (s *Scanner) InFence() bool { return s.inFence }

// AppendOpen appends the open containers, outermost first, as '{' and '['
// bytes.
func (s *Scanner) AppendOpen(dst []byte) []byte {
	for d := 0; d < s.stack.depth; d++ {
		if s.stack.isObject(d) {
			dst = append(dst, '{')
		} else {
			dst = append(dst, '[')
		}
	}
	return dst
}

// AppendClosers appends the closers of the open containers, innermost
// first, as '}' and ']' bytes.
func (s *Scanner) AppendClosers(dst []byte) []byte {
	for d := s.stack.depth - 1; d >= 0; d-- {
		if s.stack.isObject(d) {
			dst = append(dst, '}')
		} else {
			dst = append(dst, ']')
		}
	}
	return dst
}

// event records the position of an event at absolute offset off, which lies
// on the current line.
func (s *Scanner) event(off int64, n int) {
	s.proseLikeValue = false
	s.last.Offset, s.last.Len = off, n
	s.last.Line, s.last.Column = s.line, int(off-s.lineBreak)
}

// newline records a line break at absolute offset off.
func (s *Scanner) newline(off int64) {
	s.line++
	s.lineBreak = off
}

// failAt records a syntax error at m, which may lie on an earlier line
// (a character read across a line break).
func (s *Scanner) failAt(m mark, c byte, context, expected string) {
	s.fail(m.off, c, context, expected)
	s.last.Line, s.last.Column = m.line, int(m.off-m.lineBreak)
	s.err.Line, s.err.Column = s.last.Line, s.last.Column
}

// fail records a syntax error at absolute offset off.
func (s *Scanner) fail(off int64, c byte, context, expected string) {
	s.event(off, 1)
	s.err = &SyntaxError{Err: ErrSyntax, Offset: off, Line: s.last.Line, Column: s.last.Column, Byte: c, Context: context, Expected: expected}
	s.st = stError
}

// failDepth records a depth error at absolute offset off.
func (s *Scanner) failDepth(off int64, c byte) {
	s.event(off, 1)
	s.err = &SyntaxError{Err: ErrDepth, Offset: off, Line: s.last.Line, Column: s.last.Column, Byte: c, Context: "opening a container", Expected: "fewer nested containers"}
	s.st = stError
}

// Truncation describes what is open; meaningful after End returned
// Truncated.
func (s *Scanner) Truncation() Truncation {
	t := Truncation{Start: s.valueStart, Depth: s.stack.depth}
	t.StartLine, t.StartColumn = s.valueLine, int(s.valueStart-s.valueBreak)
	if s.stack.depth > 0 {
		t.Commit = s.commit.off
		t.CommitLine, t.CommitColumn = s.commit.line, int(s.commit.off-s.commit.lineBreak)
	}
	st := s.st
	switch st {
	case stTupleFirst:
		st = stArrayFirst
	case stLineComment, stBlockComment, stSlash:
		// The comment is dropped; what matters is where it stands.
		t.Partial = int(s.base - s.cmt.off)
		st = s.retState
	case stBlank:
		// The bytes of what may be a blank are dropped with it.
		t.Partial = int(s.blankN)
		st = s.blankRet
		if st == stStrClose {
			st = stColon
			if !s.inKey {
				st = stAfterValue
			}
		}
	case stFenceCut:
		t.Partial = int(s.base - s.cutFence.off) // the fence and the blanks after it
		st = stAfterValue
	case stEscOut:
		// The backslash is dropped; what matters is where it stands.
		t.Partial = int(s.base - s.escOutStart.off)
		st = s.escOutRet
	case stStrClose:
		// The quote read last may close the string: read as closed (but
		// for the backticks after it, a fence that may close it).
		if s.cutTicks > 0 {
			t.Partial = int(s.base - s.cutFence.off)
		}
		st = stColon
		if !s.inKey {
			st = stAfterValue
		}
	}
	switch st {
	case stString, stEscape, stUnicode, stUTF8, stKeyProbe, stBareQuote:
		if s.inKey {
			t.Pending = PendingKey
		} else {
			t.Pending = PendingString
		}
		switch st {
		case stEscape, stUnicode:
			t.Partial = int(s.base - s.escOff)
		case stString:
			if s.quote == 'e' && s.escPhase != escNone {
				t.Partial = s.escapedPartial()
			}
		case stKeyProbe, stBareQuote:
			// The quote being decided, and what was read after it, is
			// left out: read as it stands, it would end the string.
			t.Partial = int(s.base - s.strQuote.off)
		case stUTF8:
			t.Partial = int(s.u8n)
		}
	case stObjectFirst, stKey, stUnquotedKey:
		t.Pending = PendingKey
	case stColon:
		t.Pending = PendingColon
	case stValue, stArrayFirst:
		t.Pending = PendingValue
	case stAfterValue:
		t.Pending = PendingComma
	case stNumber:
		t.Pending = PendingNumber
	case stLiteral, stLiteralEnd, stWord, stDot, stEllipsis, stTypoOpen:
		t.Pending = PendingLiteral
	case stWide:
		t.Pending = PendingComma
		if s.wideRet != stAfterValue {
			t.Pending = PendingValue
		}
		t.Partial = int(s.u8n)
	case stConcat:
		t.Pending = PendingValue
	}
	return t
}

// AppendRepairAnchors appends to dst the input offsets before Offset that
// a Repair found from now on, or the Truncation, may refer to, and returns
// it: where a missing comma, colon or value would go, the last comma (a
// trailing comma), the start of the token or comment being read, the quote
// that may close the current string, the end of an unquoted value, the
// commit points (StableOffset among them), and so on. Every other offset
// such a Repair refers to is at or past Offset. The list may hold stale
// offsets that no repair will use, in no order. A rewriter that maps input
// offsets to output positions needs the mapping only at these offsets and
// from Offset on.
func (s *Scanner) AppendRepairAnchors(dst []int64) []int64 {
	dst = append(dst,
		s.commit.off, s.prevCommit.off, s.comma.off, s.keyEnd.off, s.strQuote.off,
		s.typoStart.off, s.wideStart.off, s.blankStart.off, s.replayOff, s.cmt.off, s.dot.off, s.numStart.off,
		s.wordStart.off, s.uqEnd.off, s.ifStart.off, s.escOutStart.off, s.escOff, s.u8Off, s.virtOff, s.valueStart, s.endOff,
		max(s.strComma-1, 0), s.probe.q2.off, max(s.slashNum-1, 0))
	dst = append(s.appendTupleAnchors(dst), s.rootCloser.off)
	if s.cmtGap > 0 {
		dst = append(dst, s.cmtGap-1)
	}
	if s.st == stTopTail || s.st == stTopTailEmit {
		dst = append(dst, s.tailQuote[:min(s.tailQuotes, maxTailQuotes)]...)
	}
	return dst
}

// StableOffset returns the input offset before which the output of the
// open top-level container can no longer change (short of an error): the
// end of the last complete element of the innermost container, or the
// element before it while a string concatenation may still join the last
// one. It returns -1 outside containers, but for a top-level object whose
// closer may have come too early (see rootclose.go): the closer.
func (s *Scanner) StableOffset() int64 {
	if s.stack.depth == 0 {
		if s.st == stRootClose {
			return s.rootCloser.off // the closer may come too early
		}
		return -1
	}
	if s.wrapMayCome() && s.repairs.Has(RepairInnerFence) {
		return s.valueStart // the fence would take the '{'
	}
	if s.slashNum != 0 {
		// A number followed by '/' or '.' whose next byte is still to
		// come: it may go on as an unquoted value (see fraction).
		return s.tupleStable(s.prevCommit.off)
	}
	if s.lastWasString && s.repairs.Has(RepairConcatenation) {
		st := s.st
		if st == stSlash || st == stLineComment || st == stBlockComment {
			st = s.retState
		}
		// Full-width punctuation or a Unicode blank being read: what it
		// turns out to be (a colon makes the string a key) is read in the
		// state it stands in.
		switch st {
		case stWide:
			st = s.wideRet
		case stBlank:
			st = s.blankRet
		}
		if st == stAfterValue || st == stConcat {
			return s.tupleStable(s.prevCommit.off)
		}
	}
	return s.tupleStable(s.commit.off)
}
