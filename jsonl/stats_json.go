package jsonl

import "encoding/json"

// Report is the JSON shape of Stats, with the keys and units of
// jsonheal clean --report=json (which embeds it): snake_case counts,
// "written" (Stats.Written), the *_by maps as objects, Elapsed as
// "seconds" (a float) and the input rate as "mb_per_second" (decimal MB,
// 0 before any time passed). Add sums the Stats of several runs.
type Report struct {
	// Lines is the number of input lines; Records = Written + Rejected.
	Lines       int64            `json:"lines"`
	Records     int64            `json:"records"`
	Written     int64            `json:"written"`
	Clean       int64            `json:"clean"`
	Repaired    int64            `json:"repaired"`
	RepairedBy  map[string]int64 `json:"repaired_by"`
	Reflowed    int64            `json:"reflowed"`
	SchemaFixed int64            `json:"schema_fixed"`
	// SchemaFixedBy counts schema-fixed records by fix rule.
	SchemaFixedBy map[string]int64 `json:"schema_fixed_by"`
	Healed        int64            `json:"healed"`
	Rejected      int64            `json:"rejected"`
	RejectedBy    map[string]int64 `json:"rejected_by"`
	BytesIn       int64            `json:"bytes_in"`
	BytesOut      int64            `json:"bytes_out"`
	Seconds       float64          `json:"seconds"`
	MBPerSecond   float64          `json:"mb_per_second"`
}

// Add adds the counts and the time of st to r; the *_by maps are made
// when nil, so that they encode as objects.
func (r *Report) Add(st Stats) {
	r.Lines += st.Lines
	r.Records += st.Records
	r.Written += st.Written()
	r.Clean += st.Clean
	r.Repaired += st.Repaired
	r.Reflowed += st.Reflowed
	r.SchemaFixed += st.SchemaFixed
	r.Healed += st.Healed
	r.Rejected += st.Rejected
	r.BytesIn += st.BytesIn
	r.BytesOut += st.BytesOut
	r.Seconds += st.Elapsed.Seconds()
	r.RepairedBy = addCounts(r.RepairedBy, st.RepairedBy)
	r.RejectedBy = addCounts(r.RejectedBy, st.RejectedBy)
	r.SchemaFixedBy = addCounts(r.SchemaFixedBy, st.SchemaFixedBy)
	r.MBPerSecond = 0
	if r.Seconds > 0 {
		r.MBPerSecond = float64(r.BytesIn) / 1e6 / r.Seconds
	}
}

func addCounts(dst, src map[string]int64) map[string]int64 {
	if dst == nil {
		dst = map[string]int64{}
	}
	for k, v := range src {
		dst[k] += v
	}
	return dst
}

// MarshalJSON encodes s as its Report: the keys and units of jsonheal
// clean --report=json (seconds, not nanoseconds). Line and Offset, the
// progress of a run, are not part of it.
func (s Stats) MarshalJSON() ([]byte, error) {
	var r Report
	r.Add(s)
	return json.Marshal(r)
}
