package scan

// The queue holds queueMin Repairs when first made and doubles, up to
// queueMax, each time a call to Next fills it (see growQueue).
const (
	queueMin = 32
	queueMax = 256
)

// QueuedRepair is a Repair that Next read without returning it (see
// SetQueue): what the accessors would have said of it as the last event.
type QueuedRepair struct {
	Offset  int64  // EventOffset: where the replaced bytes begin
	Closing int64  // ClosingOffset: the string's closing delimiter, or 0
	Line    int    // EventPos: the line of Offset (1-based)
	Column  int    // EventPos: the byte column of Offset (1-based)
	Len     int    // EventLen: how many input bytes are replaced
	Repl    string // Replacement: what replaces them
	Kind    RepairKind
	Forward bool // RepairLeansForward
	Joins   bool // RepairJoins
	// Comma, on a queued RepairComment, says that the record stands for
	// two repairs: first the RepairMissingComma between the value that
	// ends one byte before Offset and the next value, an insertion of ","
	// at Offset-1 (leaning forward, on Line, at Column-1), then the
	// comments' own. The byte between the value and the comments is a
	// space (' '), which stays (see openCommentAfterValue). Like Requote,
	// it means nothing on a Repair of another kind, which leaves it as it
	// was.
	Comma bool
	// Requote is RepairRequotes. It is set with Closing and means
	// nothing without it (a Repair that does not set Closing leaves it
	// as it was).
	Requote bool
	// Plain, with Requote only, is RequotePlain: how many bytes after
	// the opening quote need no rewriting.
	Plain int
}

// SetQueue turns queueing on or off (it is off after New and kept by
// Reset). With it on, a Repair, which comes every few bytes in some broken
// input, does not end Next: Next keeps it in a queue and reads on, and
// returns at the next other event, at the end of the chunk, or when the
// queue is full (then with a Repair of its own). Queued returns the queue,
// which the caller must apply, in order, before the event Next returns;
// the next call to Next empties it. Not queued: a Repair that leaves the
// twin of full-width punctuation to read, a byte order mark, and the
// Repairs End finds. The queue is made when queueing is first turned on,
// with room for 32 Repairs; where they come so densely that a call fills
// it, the next call doubles it, up to 256, and Reset keeps it.
func (s *Scanner) SetQueue(on bool) {
	s.queueOn = on
	if on && s.queue == nil {
		s.queue = make([]QueuedRepair, queueMin)
	}
}

// growQueue doubles the queue, up to queueMax, when the last call to Next
// filled it. Input dense with repairs then pays the return to the caller,
// and the switch from reading to applying, once per 256 Repairs instead of
// once per 32. That saves only 2% of the instructions, but on a core
// shared with other work, where these classes ran at half their best
// speed, the mean speed rose x1.06 to x1.21 (single quotes, unquoted keys
// and values, full-width punctuation; 30 interleaved rounds, twice).
// Input with few repairs never grows it. The caller has applied the old
// queue (see Queued), so nothing is copied.
func (s *Scanner) growQueue() {
	if n := len(s.queue); n != 0 && s.nq == n && n < queueMax {
		s.queue = make([]QueuedRepair, 2*n)
	}
}

// LastRepair describes the Repair Next or End just returned, with the
// same values as the accessors (EventOffset, EventPos, EventLen,
// Replacement, ClosingOffset, RepairLeansForward, RepairJoins), in the
// form Queued gives. It is valid until the next call to Next or End.
func (s *Scanner) LastRepair() *QueuedRepair { return &s.last }

// Queued returns the Repairs the last call to Next kept instead of
// returning, all before the event it returned, in the order Next would
// have returned them, but for one case: a comma missing between a value
// and comments after it, seen as the comments are read, comes before their
// Repair, in the order of the edits, or is carried by it (Comma; see
// openCommentAfterValue). Another repair found past comments after the
// place it edits, such as a trailing comma, comes after their Repair. The
// slice is reused by Next.
func (s *Scanner) Queued() []QueuedRepair {
	if s.nq == 0 {
		return nil
	}
	return s.queue[:s.nq]
}

// report reports a Repair of kind k replacing n input bytes from m with
// repl, and returns its record for the caller to set Forward, Joins or
// Closing (all false or 0 here). With queueing on, room in the queue and
// no twin of full-width punctuation left to read, the record is the next
// slot of the queue and the event is None: the scanner reads on without a
// trip back through Next. Otherwise the record
// is s.last and the event is Repair. Every repair but the byte order mark
// goes through here. The fields are written one by one into their place:
// a record built first and then copied is read back, in 16-byte moves,
// from the 8-byte stores that have just written it, which the processor
// cannot forward (the profiles showed such a copy among the hottest
// instructions).
func (s *Scanner) report(k RepairKind, m mark, n int, repl string) (*QueuedRepair, Event) {
	r, ev := &s.last, Repair
	if s.queueOn && s.nq < len(s.queue) && s.virt == 0 { // queueable
		r, ev = &s.queue[s.nq], None
		s.nq++
	}
	// fill, written out: report stays small enough to be inlined.
	r.Forward, r.Joins, r.Closing = false, false, 0
	r.Kind, r.Repl = k, repl
	r.Offset, r.Len = m.off, n
	r.Line, r.Column = m.line, int(m.off-m.lineBreak)
	return r, ev
}

// queueNext takes the queue's next slot and returns it, for a caller that
// has found room in the queue (queueable) with nothing queued since: it
// writes the Repair there as report would, without asking again.
func (s *Scanner) queueNext() *QueuedRepair {
	r := &s.queue[s.nq]
	s.nq++
	return r
}

// queueable reports whether a Repair found now may wait in the queue:
// queueing is on, the queue has room, and no twin of full-width
// punctuation is left to read.
func (s *Scanner) queueable() bool { return s.queueOn && s.nq < len(s.queue) && s.virt == 0 }
