package validate

import "github.com/jsonheal/jsonheal/internal/nearname"

// enumHint suggests the enum string closest to a string value.
func enumHint(v *jv, cands, folded []string) string {
	if v.Type() != typeString || len(cands) == 0 {
		return ""
	}
	b := v.StringBytes()
	if m := nearname.NearestFolded(b2s(b), cands, folded); m != "" {
		return "did you mean " + quote(m) + "?"
	}
	return ""
}
