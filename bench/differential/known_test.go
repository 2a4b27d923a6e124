package differential

import (
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"sync"
)

// knownDifference is one entry of testdata/known-differences.json: a
// documented difference between jsonheal and santhosh v6 (a spec
// reading or a bug of santhosh's), never a jsonheal bug. An entry with
// Instance skips the disagreements it matches; one with Normalize names a
// rewrite of the schema handed to santhosh; one with Generator says what
// the generators avoid.
type knownDifference struct {
	ID     string   `json:"id"`
	Drafts []string `json:"drafts"`
	// Instance matches the JSON text of the instances the difference is
	// about; JSONHealValid, when set, is jsonheal's verdict on them.
	Instance      string `json:"instance"`
	JSONHealValid *bool  `json:"jsonhealValid"`
	Normalize     string `json:"normalize"`
	Generator     string `json:"generator"`
	Reason        string `json:"reason"`

	re *regexp.Regexp
}

// knownDifferences reads testdata/known-differences.json once.
var knownDifferences = sync.OnceValues(func() ([]knownDifference, error) {
	b, err := os.ReadFile("testdata/known-differences.json")
	if err != nil {
		return nil, err
	}
	var out []knownDifference
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, err
	}
	for i := range out {
		if out[i].Instance != "" {
			if out[i].re, err = regexp.Compile(out[i].Instance); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
})

// explained returns the id of the known difference that explains a
// disagreement on doc under draft d where jsonheal said healValid, "" if
// none does.
func explained(known []knownDifference, d draft, doc []byte, healValid bool) string {
	for _, k := range known {
		if k.re != nil && slices.Contains(k.Drafts, d.name) &&
			(k.JSONHealValid == nil || *k.JSONHealValid == healValid) && k.re.Match(doc) {
			return k.ID
		}
	}
	return ""
}

// normalizes reports whether the known difference named normalize applies
// under draft d.
func normalizes(known []knownDifference, d draft, normalize string) bool {
	return slices.ContainsFunc(known, func(k knownDifference) bool {
		return k.Normalize == normalize && slices.Contains(k.Drafts, d.name)
	})
}

// stripRefSiblings returns schema with every keyword beside a $ref
// removed, but the definitions (which $ref may point into): what the
// schema means before 2019-09.
func stripRefSiblings(v any, defsKey string) any {
	switch v := v.(type) {
	case map[string]any:
		out := map[string]any{}
		_, ref := v["$ref"]
		for k, w := range v {
			if !ref || k == "$ref" || k == defsKey || k == "$schema" {
				out[k] = stripRefSiblings(w, defsKey)
			}
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, w := range v {
			out[i] = stripRefSiblings(w, defsKey)
		}
		return out
	}
	return v
}
