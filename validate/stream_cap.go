package validate

// What a Stream does when a document fails in more places than it may
// remember: it stops evaluating, reads the rest as JSON only, and says
// that its list is incomplete (Stream.MaxDiagnostics).

// full reports whether a streamed document holds more diagnostics than
// its cap: then there are more than the list will show.
func (st *streamer) full() bool { return st.maxOut > 0 && st.recs.len() > st.maxOut }

// stopped reports whether the evaluation of a streamed document ends
// before its last byte: an evaluation error, or the cap reached. The
// reading goes on (a syntax error further on still comes first).
func (st *streamer) stopped() bool { return st.err != nil || st.full() }

// capDiagnostics returns d cut to limit, followed by one CodeTooMany
// diagnostic when the document has more than that.
func (st *streamer) capDiagnostics(d Diagnostics, limit int) Diagnostics {
	if len(d) > limit {
		clear(d[limit:])
		d = d[:limit]
		st.incomplete = true
	}
	if !st.incomplete {
		return d
	}
	return append(d, Diagnostic{
		Code:    CodeTooMany,
		Message: "only the first " + itoa(len(d)) + " diagnostics are listed; the document has more",
	})
}
