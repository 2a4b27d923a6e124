package validate

// The tallies a streamed object keeps for its chain's verdicts at close
// (stream_chain_verdicts.go, stream_lanes.go) and for unevaluatedProperties
// (stream_uneval.go): a leaf the stream driver's files share.

// objectStream is the state of a root object read member by member.
type objectStream struct {
	count  int         // members read (the root's; a lane reads the root's count)
	seen   []int       // per chain schema: handle of its properties' presence bits (0: none)
	extras []extraName // additionalProperties: false, in member order
	// unevaluatedProperties: false, in member order (k: the schema that has it)
	unevalExtras []extraName
	// kept[k] counts the names chain schema k refused that are kept: at
	// most the Stream's MaxDiagnostics+1 (the rest could not be listed);
	// dropped counts the others.
	kept    []int
	dropped int
	watch   []watchName // other names whose presence matters
	key     []byte      // the current member's name, decoded
}

// extraName is a member that additionalProperties: false refuses.
type extraName struct {
	k    int // the chain schema
	name string
}

// watchName is a name required (or dependentRequired) by a chain schema
// that is not among its properties, or a dependentRequired trigger.
type watchName struct {
	name    string
	present bool
}

// reset empties o for another object, keeping its buffers.
func (o *objectStream) reset() {
	o.count = 0
	o.seen = o.seen[:0]
	clear(o.extras)
	o.extras = o.extras[:0]
	clear(o.unevalExtras)
	o.unevalExtras = o.unevalExtras[:0]
	o.kept, o.dropped = o.kept[:0], 0
	o.watch = o.watch[:0]
}

// refuse adds the member named k that chain schema c refuses to list,
// unless c has more than limit (the Stream's MaxDiagnostics, 0: none)
// there already: a list of names to report is not kept past what can be
// listed, so that a large object whose every member is refused holds
// bounded memory. Those not kept are counted (dropped).
func (o *objectStream) refuse(list *[]extraName, c int, k []byte, limit int) {
	if limit > 0 && o.kept[c] > limit {
		o.dropped++
		return
	}
	o.kept[c]++
	*list = append(*list, extraName{c, string(k)})
}
