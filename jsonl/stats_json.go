package jsonl

import "encoding/json"

// statsJSON is the JSON shape of Stats: the keys and units of
// jsonheal clean --report=json.
type statsJSON struct {
	Lines         int64            `json:"lines"`
	Records       int64            `json:"records"`
	Written       int64            `json:"written"`
	Clean         int64            `json:"clean"`
	Repaired      int64            `json:"repaired"`
	RepairedBy    map[string]int64 `json:"repaired_by"`
	Reflowed      int64            `json:"reflowed"`
	SchemaFixed   int64            `json:"schema_fixed"`
	SchemaFixedBy map[string]int64 `json:"schema_fixed_by"`
	Healed        int64            `json:"healed"`
	Rejected      int64            `json:"rejected"`
	RejectedBy    map[string]int64 `json:"rejected_by"`
	BytesIn       int64            `json:"bytes_in"`
	BytesOut      int64            `json:"bytes_out"`
	Line          int64            `json:"line"`
	Offset        int64            `json:"offset"`
	Seconds       float64          `json:"seconds"`
	MBPerSecond   float64          `json:"mb_per_second"`
}

// MarshalJSON encodes s with the keys and units of jsonheal clean
// --report=json: snake_case counts, "written" (Written()), the *_by maps
// as objects (never null), Elapsed as "seconds" (a float) and the input
// rate as "mb_per_second" (decimal MB, 0 before any time passed); "line"
// and "offset" say how far the output is complete.
func (s Stats) MarshalJSON() ([]byte, error) {
	j := statsJSON{
		Lines: s.Lines, Records: s.Records, Written: s.Written(), Clean: s.Clean,
		Repaired: s.Repaired, RepairedBy: orEmpty(s.RepairedBy), Reflowed: s.Reflowed,
		SchemaFixed: s.SchemaFixed, SchemaFixedBy: orEmpty(s.SchemaFixedBy), Healed: s.Healed,
		Rejected: s.Rejected, RejectedBy: orEmpty(s.RejectedBy), BytesIn: s.BytesIn, BytesOut: s.BytesOut,
		Line: s.Line, Offset: s.Offset, Seconds: s.Elapsed.Seconds(),
	}
	if j.Seconds > 0 {
		j.MBPerSecond = float64(s.BytesIn) / 1e6 / j.Seconds
	}
	return json.Marshal(j)
}

func orEmpty(m map[string]int64) map[string]int64 {
	if m == nil {
		return map[string]int64{}
	}
	return m
}
