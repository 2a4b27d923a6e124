package jsonl

import "bytes"

// The resynchronisation check. When a record is still open at a line end
// and the next line can start a record by itself ('{' or '[', a fence, or
// a word that may introduce a value), the splitter keeps two hypotheses:
// the join (the record goes on, as in pretty-printed JSON or a string with
// a raw newline) and the split (the line starts a record of its own). The
// current record is scanned under the first; the second is scanned from
// that line on, in an altState. While the latest hypothesis is itself open
// at a line end, a later line may open another (a cut record followed by a
// cut record, then a whole one), up to maxAlts at once, so that every byte
// is scanned at most maxAlts+1 times.
//
// The split wins when a new line's record is complete by itself (its
// value closed, its fence closed or not opened, nothing but prose after it
// on its line) and the next non-blank line does not continue the join (it
// does not start with ']', '}' or ','), or when the current record cannot
// take a line at all (the resync rule of lineHead). The join wins when the
// new line's record fails (a closer with no opener, a ',' or ':' after its
// value, a quote outside it, prose with no value) or when the current
// record closes first, except when the join was made inside a string: a
// raw newline followed by a line that reads as a record is read as two
// records. When a hypothesis wins, the open ones before it end where the
// next one starts: each is a cut record of its own. A hypothesis whose
// reading breaks on the lines of a later one begun inside one of its
// strings is kept, frozen (broke), for that case: it ends where the later
// one starts, and goes with it.
//
// A line laid out as an array element of a pretty-printed record opens no
// hypothesis (nestedLine): won, it would be written as a record that was
// never in the input.
//
// A false split costs one reject with its raw bytes; a false join would
// cost a good record, or write wrong data.

// maxAlts bounds the hypotheses kept at once.
const maxAlts = 8

// altState is one hypothesis: the record that starts at the line where it
// was opened.
type altState struct {
	// done: its value is complete; the next non-blank line decides.
	done bool
	// awaitFence: done, but a bare closing fence line may still end it.
	awaitFence bool
	// fromString: the hypothesis before it (or the current record) was
	// inside a string when it began; fromCurrent: the current record was.
	// fromProse: the current record was inside a string it opened before
	// any value, a quote in prose or on a fence line (see closeWinner).
	fromString, fromCurrent, fromProse bool
	// frozen: it closed on the line where a later hypothesis, begun inside
	// one of its strings, is also whole; it ends where that one starts.
	// broke: frozen because its own reading failed on a later
	// hypothesis' lines (read inside one of its strings): it can only be a
	// cut record that ends where that one starts, and goes when no later
	// hypothesis is left.
	frozen, broke bool
	// fenceOpens: its current line is its opening fence line (its first
	// line, or the line after an introduction).
	fenceOpens bool
	// cutEnd: it ends at end cut (the line after it could not continue it).
	cutEnd bool
	// intro: it began with a word, which only an introduction line
	// ("Here is the JSON:", nothing open, ':' last) may do.
	intro bool
	// closed: its value closed on the current line; the next non-blank byte
	// on that line is checked.
	closed bool
	// key and inKey follow the keys of its objects: a key must be followed
	// by ':', so that text in a string ("{\n  return [1]\n}") is not read
	// as a record.
	key   keyState
	inKey bool
	// quote is closeCurly (the last byte of U+201D) in a typographic
	// string value, 0 outside one; quoteEscape: a backslash in it escapes
	// the next byte. Brackets and commas in such a string are text, as in
	// a double-quoted one (or a single-quoted one: st.single).
	quote       byte
	quoteEscape bool
	// comment is the comment it is in: '/' for a line comment, '*' for a
	// block comment (star: its last byte was '*'), 0 outside one.
	comment byte
	star    bool
	start   int64 // input offset of its first byte
	end     int64 // input offset of the line end after its last line, when done
	line    int64 // its first line
	// indent is the indentation of its first line (see nestedLine).
	indent int
	st     scanState
}

// keyState is where an object's key is read.
type keyState uint8

const (
	keyNone   keyState = iota
	keyExpect          // after '{' or ',' in an object
	keyBare            // in a bare key (unquoted_key dialect)
	keySingle          // in a single-quoted key
	keyAfter           // after a key: ':' must follow
)

// isKeyByte reports whether c may be part of a bare key.
func isKeyByte(c byte) bool {
	return c|0x20 >= 'a' && c|0x20 <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '$' || c == '-' || c >= 0x80
}

// keyByte advances the key state over c; consumed means c was part of a
// key (or a blank around it) and needs nothing more.
func (a *altState) keyByte(c byte) (ok, consumed bool) {
	blank := c == ' ' || c == '\t' || c == '\r'
	switch a.key {
	case keyExpect:
		switch {
		case blank:
			return true, true
		case c == '"':
			a.key, a.inKey = keyNone, true
			return true, false
		case c == '\'':
			a.key = keySingle
			return true, true
		case c == '}':
			a.key = keyNone
			return true, false
		case isKeyByte(c):
			a.key = keyBare
			return true, true
		}
		return false, false
	case keyBare:
		switch {
		case isKeyByte(c):
			return true, true
		case blank:
			a.key = keyAfter
			return true, true
		case c == ':':
			a.key = keyNone
			return true, false
		}
		return false, false
	case keySingle:
		if c == '\'' {
			a.key = keyAfter
		}
		return true, true
	case keyAfter:
		switch {
		case blank:
			return true, true
		case c == ':':
			a.key = keyNone
			return true, false
		}
		return false, false
	}
	return true, false
}

// canStartRecord reports whether the line whose first and second
// non-blank bytes are at first and second (second is only known after '{'
// or '[') may start a record of its own: an object, an array whose first
// element looks like a value (not "[x] item", a list in a string), a fence
// line, or a word that may introduce a value.
func (s *Splitter) canStartRecord(first, second int, fenceLine bool) bool {
	switch c := s.buf[first]; {
	case c == '{' || fenceLine:
		return true
	case c == '[':
		if second >= s.end {
			return true
		}
		switch d := s.buf[second]; d {
		case '"', '\'', '{', '[', ']', '-', '\n', '\r', 't', 'f', 'n', 'T', 'F', 'N':
			return true
		default:
			return d >= '0' && d <= '9'
		}
	default:
		return isLetter(c) || mayLeadIntro(c)
	}
}

// mayLeadIntro reports whether c, the first byte of a line, may begin the
// prose before a value on that line besides a letter: a quote mark ('>'),
// a list marker ('-', '*'), markdown emphasis or a heading ('*', '#',
// '_'), a tag ('<') or a comment ('/': "/* note */ {...}"). Digits are
// left out: in a pretty-printed array they are elements.
func mayLeadIntro(c byte) bool {
	switch c {
	case '>', '-', '*', '#', '_', '<', '/':
		return true
	}
	return false
}

// mayStartAlt reports whether the line at pos may open a hypothesis: the
// record that would take it (the latest hypothesis, or the current record)
// is open. When maxAlts are open, the oldest is forgotten (it stays joined
// to the record before it: two cut records in one reject at worst), so
// that the newest lines can still be read as records.
func (s *Splitter) mayStartAlt() bool {
	if s.nalt == 0 {
		return true
	}
	last := &s.alts[s.nalt-1]
	if last.done || !last.st.open() {
		return false
	}
	if s.nalt == maxAlts {
		s.removeAlt(0)
	}
	return true
}

// nestedLine reports whether the line at pos, whose first non-blank byte
// is at first, reads as an element of an array of a pretty-printed
// record: the record that would take it (the latest open hypothesis, or
// the current record) is open in an array, not in a string; the line is
// indented deeper than that record's first line; and it is laid out as
// an element: after the line that opened the array ('[' last), indented
// deeper than that line, or after an element (',' last), indented as that
// line (the last non-blank line before it). Such a line opens no
// hypothesis: in a pretty-printed record cut after it ("{\n  \"k\":
// [\n    {\n      \"z\": 1\n    }\n" then a record), it would come out
// as a record of its own, a fragment, and the cut record in pieces. A record after a cut one is not so laid out: it starts at
// column 0 or at the cut record's indentation, or indented after a
// one-line cut record ("{\"a\": [1,\n  {\"id\": 2}"). Inside a string
// indentation is not looked at. Only spaces and tabs count: a byte order
// mark is not indentation.
func (s *Splitter) nestedLine(first int) bool {
	st, recIndent := &s.st, s.recIndent
	if s.nalt > 0 {
		if last := &s.alts[s.nalt-1]; last.st.open() {
			st, recIndent = &last.st, last.indent
		}
	}
	n := len(st.stack)
	if st.inString || n == 0 || st.stack[n-1] != '[' {
		return false
	}
	indent := s.indentAt(first)
	if indent <= recIndent {
		return false
	}
	return st.last == '[' && indent > s.prevIndent || st.last == ',' && indent == s.prevIndent
}

// indentAt returns how many spaces and tabs open the line at pos, whose
// first non-blank byte is at first.
func (s *Splitter) indentAt(first int) int {
	n := 0
	for i := s.pos; i < first && i < s.end && (s.buf[i] == ' ' || s.buf[i] == '\t'); i++ {
		n++
	}
	return n
}

// startAlt opens a hypothesis at the line at pos, whose first non-blank
// byte is at first.
func (s *Splitter) startAlt(first int, fenceLine bool) {
	c := s.buf[first]
	a := &s.alts[s.nalt]
	s.nalt++
	stack := a.st.stack
	from := &s.st
	if s.nalt > 1 {
		from = &s.alts[s.nalt-2].st
	}
	*a = altState{start: s.base + int64(s.pos), line: s.line, indent: s.indentAt(first), fromString: from.inString, fromCurrent: s.st.inString,
		fromProse: s.st.inString && !s.st.valueSeen}
	a.st.stack = stack[:0]
	a.st.fence, a.fenceOpens = fenceLine, fenceLine
	a.intro = !fenceLine && c != '{' && c != '['
}

// removeAlts drops the hypotheses from index k on.
func (s *Splitter) removeAlts(k int) {
	for j := k; j < s.nalt; j++ {
		s.alts[j].st.reset()
	}
	s.nalt = min(s.nalt, k)
}

// removeAlt drops hypothesis k, keeping the order of the others.
func (s *Splitter) removeAlt(k int) {
	a := s.alts[k]
	copy(s.alts[k:s.nalt], s.alts[k+1:s.nalt])
	s.nalt--
	a.st.reset()
	s.alts[s.nalt] = altState{st: a.st} // keeps the stack for reuse
}

// dropBroke drops the broken hypotheses left last: nothing after them to
// end at, they stay joined to the record before them.
func (s *Splitter) dropBroke() {
	for s.nalt > 0 && s.alts[s.nalt-1].broke {
		s.removeAlt(s.nalt - 1)
	}
}

// altFeed scans buf[pos:i] (no line end) under every open hypothesis.
func (s *Splitter) altFeed(i int) {
	for k := 0; k < s.nalt; k++ {
		a := &s.alts[k]
		if a.done || a.frozen || a.intro && a.st.lines == 0 {
			continue // an introduction's first line is judged at its end
		}
		if !a.feed(s.buf[s.pos:i]) || s.base+int64(i)-a.start > s.max {
			if k+1 < s.nalt && s.alts[k+1].fromString && !a.st.inString {
				// Its reading broke on the lines of a hypothesis begun
				// inside one of its strings: if that one is a record, this
				// one is a record cut where it starts.
				a.frozen, a.broke = true, true
				continue
			}
			s.removeAlt(k)
			k--
		}
	}
	s.dropBroke()
}

// closeCurly is the last byte of U+201D, the closing typographic double
// quote (E2 80 9D); U+201C, the opening one, is E2 80 9C.
const closeCurly = 0x9D

// feed advances the state over p, byte by byte, as scan does; it reports
// false when p cannot belong to a record that starts where a started.
// Besides JSON it reads what the sanitizer repairs that would otherwise
// fail it: comments, and string values in single or typographic quotes.
func (a *altState) feed(p []byte) bool {
	st := &a.st
	for j := 0; j < len(p); j++ {
		c := p[j]
		if a.quote != 0 {
			switch {
			case a.quoteEscape:
				a.quoteEscape = false
			case c == '\\':
				a.quoteEscape = true
			case c == closeCurly && j >= 2 && p[j-1] == 0x80 && p[j-2] == 0xE2:
				a.quote, st.expectValue = 0, false
			}
			continue
		}
		if a.comment != 0 {
			if a.comment == '*' && a.star && c == '/' {
				a.comment = 0
			}
			a.star = c == '*'
			continue
		}
		if st.inString {
			switch {
			case st.escape:
				st.escape = false
			case c == '\\':
				st.escape = true
			case c == '"' && !st.single, c == '\'' && st.single:
				st.inString, st.single, st.expectValue = false, false, false
				if a.inKey {
					a.inKey, a.key = false, keyAfter
				}
			}
			continue
		}
		if c == '/' && j+1 < len(p) && (p[j+1] == '/' || p[j+1] == '*') {
			a.comment, a.star = p[j+1], false
			j++
			continue
		}
		if a.key != keyNone {
			ok, consumed := a.keyByte(c)
			if !ok {
				return false
			}
			if consumed {
				continue
			}
		}
		if c == ' ' || c == '\t' || c == '\r' {
			continue
		}
		st.content = true
		if a.closed {
			a.closed = false
			switch c {
			case ',', ':', ']', '}':
				return false
			}
		}
		if c > ' ' {
			st.last = c
		}
		switch c {
		case '"':
			if len(st.stack) == 0 {
				// A second value after the record's, or a quote before it:
				// neither an introduction nor an opening fence holds one.
				// On a fence line begun inside a string, such a quote is
				// that string's own closing quote; read as opening one, it
				// would take the lines after it, records among them, as
				// text, and drop the hypotheses begun on them.
				return false
			}
			st.inString = true
		case '{', '[':
			if len(st.stack) == 0 {
				if st.valueSeen {
					return false
				}
				st.valueSeen = true
			}
			st.stack = append(st.stack, c)
			st.expectValue = c == '['
			if c == '{' {
				a.key = keyExpect
			}
		case '}', ']':
			n := len(st.stack)
			if n == 0 {
				return false
			}
			st.stack = st.stack[:n-1]
			st.expectValue = false
			a.closed = n == 1
		case '\'':
			if !st.expectValue || len(st.stack) == 0 {
				return false // a quote outside a value, as '"' is
			}
			st.inString, st.single = true, true
		case 0xE2:
			if st.expectValue && len(st.stack) > 0 && j+2 < len(p) && p[j+1] == 0x80 && p[j+2] == 0x9C {
				a.quote = closeCurly
				j += 2
				continue
			}
			st.expectValue = false
		case ':':
			st.expectValue = true
		case ',':
			n := len(st.stack)
			st.expectValue = n > 0 && st.stack[n-1] == '['
			if n > 0 && st.stack[n-1] == '{' {
				a.key = keyExpect
			}
		default:
			st.expectValue = false
		}
	}
	return true
}

// altLineEnd ends a line (its end at buf[i]) under every open hypothesis.
// One that completes a record makes the later ones (inside it) moot.
func (s *Splitter) altLineEnd(i int) {
	// Latest first: whether a later one is whole decides an earlier one.
	for k := s.nalt - 1; k >= 0; k-- {
		a := &s.alts[k]
		if a.done || a.frozen {
			continue
		}
		st := &a.st
		if a.intro && st.lines == 0 {
			from := int(a.start - s.base)
			switch v := s.introValue(from, i); {
			case s.introLine(from, i):
				st.content, st.last = true, ':'
			case v >= 0 && a.feed(s.buf[v:i]):
				// "Sure: {...": the value begins on the introduction's line.
				st.content = true
			default:
				s.removeAlt(k)
				continue
			}
		}
		st.lines++
		st.escape = false
		if a.comment == '/' {
			a.comment = 0 // a line comment ends with its line
		}
		fenceOpens := a.fenceOpens
		a.closed, a.fenceOpens = false, false
		switch {
		case s.base+int64(i)-a.start > s.max:
			s.removeAlt(k)
		case st.open():
			if st.firstJoin == 0 {
				st.firstJoin = s.base + int64(i)
			}
		case !st.valueSeen:
			// Only an introduction ("Here is the JSON:") or an opening
			// fence line may come before the value.
			if st.last != ':' && !fenceOpens {
				s.removeAlt(k)
			}
		case s.readInsideOut(k):
			// It closed by reading a later hypothesis' lines inside out.
			a.frozen = true
		default:
			a.done, a.end = true, s.base+int64(i)
			a.awaitFence = st.fence && !st.closingFence && !s.endsWithFence(i)
			s.removeAlts(k + 1)
		}
	}
	s.dropBroke()
}

// readInsideOut reports whether a hypothesis after k began inside a
// string of the one before it and is whole or open only in containers:
// hypothesis k (or one between) then read its quotes upside down.
func (s *Splitter) readInsideOut(k int) bool {
	for j := k + 1; j < s.nalt; j++ {
		if b := &s.alts[j]; b.fromString && !b.frozen && (b.done || !b.st.inString) {
			return true
		}
	}
	return false
}

// closeWinner returns the hypothesis that wins when the current record
// closes at a line end, or -1 when the current record wins. The current
// record loses only when it joined a hypothesis inside one of its strings
// (its reading of the quotes is then upside down): the first such
// hypothesis, or a later one, that is whole or open only in containers
// wins; frozen ones are passed over; the ones before the winner are cut
// records.
//
// When that string opened before any value (```json "x, Here is "the
// record), the first hypothesis begun inside it wins even while it is in
// a string itself: no introduction or opening fence holds a quote (feed
// drops a hypothesis at one), so the current record's reading is the
// wrong one whatever the hypothesis' state. Its closing said nothing: it
// read a key or a value of the hypothesis as the end of its "string", and
// kept on as prose or a fence awaiting a value, which took the record
// after the hypothesis (a cut record's lines, then a whole one, went into
// one reject). The hypothesis goes on as a record instead, and the line
// with the quote is cut where it starts.
func (s *Splitter) closeWinner() int {
	inside, prose := false, -1
	for j := 0; j < s.nalt; j++ {
		a := &s.alts[j]
		inside = inside || a.fromCurrent
		if !inside || a.frozen {
			continue
		}
		if a.done || !a.st.inString {
			return j
		}
		if prose < 0 && a.fromProse {
			prose = j
		}
	}
	return prose
}

// introLine reports whether buf[from:to] (a line) reads as an
// introduction: its last non-blank byte is ':' and it holds no quote or
// bracket. Long lines of prose fail on their last byte, unscanned.
func (s *Splitter) introLine(from, to int) bool {
	k := to
	for k > from && (s.buf[k-1] == ' ' || s.buf[k-1] == '\t' || s.buf[k-1] == '\r') {
		k--
	}
	if k == from || s.buf[k-1] != ':' {
		return false
	}
	line := s.buf[from:k]
	return bytes.IndexByte(line, '"') < 0 && bytes.IndexByte(line, '{') < 0 && bytes.IndexByte(line, '[') < 0
}

// introValue returns the index of the value that begins on an
// introduction's line ("Sure: {"a": 1}", "Sure! {"a": 1}", "> {...}",
// "/* note */ {...}"): the line's first quote or bracket is '{' or '[' and
// the prose before it ends with punctuation that ends an introduction
// (':', '!', '.', ',', '-', '>', '*', or the '/' that ends a comment).
// Prose ending with a word ("return [1]", code in a string) is not an
// introduction. It returns -1 when the line is not so.
func (s *Splitter) introValue(from, to int) int {
	line := s.buf[from:to]
	k := bytes.IndexByte(line, '{')
	if j := bytes.IndexByte(line, '['); k < 0 || j >= 0 && j < k {
		k = j
	}
	if k < 0 || bytes.IndexByte(line[:k], '"') >= 0 {
		return -1
	}
	j := from + k
	for j > from && (s.buf[j-1] == ' ' || s.buf[j-1] == '\t') {
		j--
	}
	if j == from {
		return -1
	}
	switch s.buf[j-1] {
	case ':', '!', '.', ',', '-', '>', '*', '/':
		return from + k
	}
	return -1
}

// doneAlt returns the index of the hypothesis that is done, or -1.
func (s *Splitter) doneAlt() int {
	for k := 0; k < s.nalt; k++ {
		if s.alts[k].done {
			return k
		}
	}
	return -1
}

// altDecide is called at a line head while hypothesis k is done. decided
// is false when the line leaves the current record going on.
func (s *Splitter) altDecide(k, first int, fenceLine, bare bool) (rec Record, decided bool) {
	a := &s.alts[k]
	if first < s.end {
		switch c := s.buf[first]; {
		case c == '\n' || c == '\r':
			return Record{}, false // a blank line: the next one decides
		case c == ']' || c == '}' || c == ',' || c == '"' && s.joinedInto(k).inString:
			s.removeAlt(k) // the line continues the join
			s.dropBroke()
			return Record{}, false
		case a.awaitFence && fenceLine && bare:
			a.done, a.awaitFence = false, false
			a.st.closingFence = true
			return Record{}, false
		}
	}
	return s.splitAtAlt(k)
}

// cutLastAlt is called at a line head that the latest hypothesis cannot
// take (the resync rule of lineHead, applied to it). That hypothesis is a
// record cut there, so every hypothesis before it starts a record too: the
// current record and each of them are returned cut, by this call and the
// next ones.
func (s *Splitter) cutLastAlt() (Record, bool) {
	k := s.nalt - 1
	a := &s.alts[k]
	a.done, a.cutEnd, a.end = true, true, s.base+int64(s.pos-1)
	return s.splitAtAlt(k)
}

// lineStart is what a line head shows: an object ({" or {}), a '{'
// alone (a pretty-printed object), a fence line (bare: nothing after the
// marker), an introduction line.
type lineStart struct {
	object, objectAlone, fence, bareFence, intro bool
}

// cannotContinue reports whether a record open in state st cannot go on
// with the line: an object or an introduction only where a value is
// expected (inside a string, a line that reads as a record wins over the
// join; a '{' alone there may be text), a fence line only inside a string, or as the bare closing fence
// of a fenced record.
func (l lineStart) cannotContinue(st *scanState) bool {
	switch {
	case l.object:
		return st.inString || !st.expectValue
	case l.objectAlone:
		return !st.inString && !st.expectValue
	case l.fence:
		return !st.inString && !(l.bareFence && st.fence)
	case l.intro:
		return !st.inString && !st.expectValue
	}
	return false
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// introAhead reports whether the line whose first non-blank byte is at
// first is an introduction (see introLine and introValue); ok is false when more input
// is needed to know. Lines longer than maxLeadingBlanks are not.
func (s *Splitter) introAhead(first int) (intro, ok bool) {
	limit := min(s.end, first+maxLeadingBlanks)
	k := bytes.IndexByte(s.buf[first:limit], s.nl)
	if k < 0 {
		if limit == s.end && s.rerr == nil && s.end-first < maxLeadingBlanks {
			return false, false
		}
		if s.rerr == nil || limit < s.end {
			return false, true
		}
		k = s.end - first
	}
	return s.introLine(first, first+k) || s.introValue(first, first+k) >= 0, true
}

// joinedInto returns the state of the record that hypothesis k would
// join: the one before it, or the current record.
func (s *Splitter) joinedInto(k int) *scanState {
	if k == 0 {
		return &s.st
	}
	return &s.alts[k-1].st
}

// splitAtAlt ends the current record (cut) where the first hypothesis
// starts. When hypothesis k is done, it and the ones before it are
// returned by the next calls to Next (each open one cut where the next
// starts); otherwise the first hypothesis goes on as the current record.
// The line at pos is left to be examined again.
func (s *Splitter) splitAtAlt(k int) (Record, bool) {
	idx := int(s.alts[0].start - s.base)
	if idx-1 < s.start {
		s.removeAlts(0)
		return Record{}, false
	}
	s.st.lines = int(s.alts[0].line - s.recLine)
	rec := s.emit(idx-1, true)
	switch {
	case k >= 0 && s.alts[k].done:
		s.removeAlts(k + 1)
		s.pendingAlts = k + 1
	case k > 0:
		// The ones before k are cut records; k goes on as the current one.
		s.pendingAlts, s.promoteAfter = k, true
	default:
		// The first hypothesis goes on as the current record, unless it
		// is frozen: its reading stopped where a later one starts, so it
		// is a record cut there, as is every frozen one after it.
		j := 0
		for j < s.nalt-1 && s.alts[j].frozen {
			j++
		}
		if j > 0 {
			s.pendingAlts, s.promoteAfter = j, true
		} else {
			s.promoteAlt()
		}
	}
	s.atLineHead = true
	return rec, true
}

// promoteAlt makes the first hypothesis the current record. No
// hypothesis holds a quote before its value, so the ones left were not
// begun inside such a string of the new current record (fromProse).
func (s *Splitter) promoteAlt() {
	a := &s.alts[0]
	s.st, a.st = a.st, s.st
	s.recLine, s.recIndent = a.line, a.indent
	s.removeAlt(0)
	for k := 0; k < s.nalt; k++ {
		s.alts[k].fromProse = false
	}
	if s.nalt > 0 {
		// The record the next hypothesis would join is now the current
		// one: whether that was in a string when the hypothesis began is
		// its fromString. Left as it was (the old current record's), a
		// hypothesis begun inside the new current record's string lost
		// to it in closeWinner, and a whole record went into its reject.
		s.alts[0].fromCurrent = s.alts[0].fromString
	}
}

// emitAlt returns the first pending hypothesis as a record: cut where the
// next one starts, or whole when it is the last.
func (s *Splitter) emitAlt() Record {
	a := &s.alts[0]
	end, cut := int(a.end-s.base), a.cutEnd
	if s.pendingAlts > 1 || s.promoteAfter {
		next := &s.alts[1]
		end, cut = int(next.start-s.base)-1, true
		a.st.lines = int(next.line - a.line)
	}
	s.pendingAlts--
	s.promoteAlt()
	rec := s.emit(end, cut)
	switch {
	case s.pendingAlts > 0:
	case s.promoteAfter:
		s.promoteAfter = false
		s.promoteAlt()
	default:
		s.start = s.pos // past the blank lines read while deciding
	}
	return rec
}

// endsWithFence reports whether the line that ends at buf[i] ends with a
// fence marker after the record's start.
func (s *Splitter) endsWithFence(i int) bool {
	k := i
	for k > s.start && (s.buf[k-1] == ' ' || s.buf[k-1] == '\t' || s.buf[k-1] == '\r') {
		k--
	}
	return k-3 >= s.start && isFenceStart(s.buf[k-3:k])
}

// bareFence reports whether the fence line whose marker starts at
// buf[first] holds nothing after the marker (a closing fence); ok is false
// when more input is needed to know.
func (s *Splitter) bareFence(first int) (bare, ok bool) {
	c := s.buf[first]
	limit := min(s.end, first+maxLeadingBlanks)
	i := first
	for i < limit && s.buf[i] == c {
		i++
	}
	for i < limit && (s.buf[i] == ' ' || s.buf[i] == '\t' || s.buf[i] == '\r' && s.nl == '\n') {
		i++
	}
	if i == s.end && s.rerr == nil && i < first+maxLeadingBlanks {
		return false, false
	}
	return i >= s.end || s.buf[i] == s.nl, true
}

// lineEndWindow is how much of the input findLineEnd reads at most to
// decide the line end when a CR alone comes before the first LF.
const lineEndWindow = 4096

// findLineEnd decides the line end: '\n' at the first LF (or CR LF) when
// no CR alone came before it, the common case, decided at once; otherwise
// (a CR alone before any LF) '\r' (classic Mac files) when, in the first
// lineEndWindow bytes of the input or the whole input if shorter, CRs not
// followed by LF outnumber LFs, and '\n' when they do not. So a raw CR
// inside a string of an LF file's first record, or a stray CR before it,
// does not turn the file's LFs into bytes of one record, and a CR-only
// file with a raw LF in a string stays CR-only. The decision depends on
// the input's bytes only, never on how its reads were cut. It reports
// false when more input is needed to decide; until a line end is seen
// the bytes are scanned alike in both modes.
func (s *Splitter) findLineEnd() bool {
	i := max(s.pos, int(s.nlSeen-s.base))
	for ; i < s.end; i++ {
		switch s.buf[i] {
		case '\n':
			if s.lfs++; s.loneCRs == 0 {
				s.nlKnown = true
				return true
			}
		case '\r':
			if i+1 == s.end && s.rerr == nil {
				s.nlSeen = s.base + int64(i)
				return false // CR LF or a CR alone: the next byte tells
			}
			if i+1 == s.end || s.buf[i+1] != '\n' {
				s.loneCRs++
			}
		}
		if s.base+int64(i) >= lineEndWindow-1 {
			i++
			break
		}
	}
	s.nlSeen = s.base + int64(i)
	switch {
	case s.lfs+s.loneCRs == 0:
		return true // no line end yet
	case s.nlSeen < lineEndWindow && s.rerr == nil:
		return false // a CR alone came first: read on to decide
	}
	if s.loneCRs > s.lfs {
		s.nl = '\r'
	}
	s.nlKnown = true
	return true
}

// maxTrackedDepth is how many open containers a record past the size cap
// keeps on its stack; deeper ones are only counted.
const maxTrackedDepth = 64

// trimStack bounds the stack of a record that is being dropped (past the
// size cap): the containers below the top maxTrackedDepth are counted, not
// kept, so that a record of a billion '[' costs no more memory than the
// read buffer.
func (s *Splitter) trimStack() {
	st := &s.st
	if n := len(st.stack); n > maxTrackedDepth {
		st.deep += int64(n - maxTrackedDepth)
		copy(st.stack, st.stack[n-maxTrackedDepth:])
		st.stack = st.stack[:maxTrackedDepth]
	}
}
