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

// editDistance is the optimal-string-alignment distance of a and b (edits
// and adjacent transpositions), capped at limit+1.
func editDistance(a, b string, limit int) int {
	if len(a) > 128 || len(b) > 128 {
		return limit + 1 // names this long are not typos worth a hint
	}
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > limit || -d > limit {
		return limit + 1
	}
	rows := make([][]int, len(ra)+1)
	for i := range rows {
		rows[i] = make([]int, len(rb)+1)
		rows[i][0] = i
	}
	for j := range rows[0] {
		rows[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			v := min(rows[i-1][j]+1, rows[i][j-1]+1, rows[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				v = min(v, rows[i-2][j-2]+1)
			}
			rows[i][j] = v
		}
	}
	return min(rows[len(ra)][len(rb)], limit+1)
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
