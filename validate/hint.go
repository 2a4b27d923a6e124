package validate

import (
	"strings"
	"unicode"

	"github.com/valyala/fastjson"
)

// nearest returns the one candidate that is a near miss of s, or "" when
// there is none or the choice is ambiguous. Near misses: equal up to case
// and separators ("user_id" / "userId"), a small edit distance, or one name
// being a suffix/prefix of the other ("userId" / "id").
func nearest(s string, candidates []string) string {
	best, bestScore, tie := "", 1<<30, false
	ns := fold(s)
	for _, c := range candidates {
		if c == s {
			continue
		}
		nc := fold(c)
		score := -1
		switch {
		case ns == nc:
			score = 0
		default:
			d := editDistance(ns, nc, 3)
			limit := 1
			if min(len(ns), len(nc)) >= 5 {
				limit = 2
			}
			if d <= limit {
				score = d
			} else if len(ns) >= 2 && len(nc) >= 2 && (strings.HasSuffix(ns, nc) || strings.HasSuffix(nc, ns) ||
				strings.HasPrefix(ns, nc) || strings.HasPrefix(nc, ns)) {
				score = 3
			}
		}
		if score < 0 {
			continue
		}
		if score < bestScore {
			best, bestScore, tie = c, score, false
		} else if score == bestScore {
			tie = true
		}
	}
	if tie {
		return ""
	}
	return best
}

// fold lower-cases s and drops '_', '-', ' ' and '.'.
func fold(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '_', '-', ' ', '.':
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// editDistance is the Levenshtein distance of a and b, capped at limit+1.
func editDistance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > limit || -d > limit {
		return limit + 1
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > limit {
			return limit + 1
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// enumHint suggests the enum string closest to a string value.
func enumHint(v *fastjson.Value, vals []*cval) string {
	if v.Type() != fastjson.TypeString {
		return ""
	}
	b, _ := v.StringBytes()
	var cands []string
	for _, c := range vals {
		if c.t == fastjson.TypeString {
			cands = append(cands, c.str)
		}
	}
	if m := nearest(string(b), cands); m != "" {
		return "did you mean " + quote(m) + "?"
	}
	return ""
}
