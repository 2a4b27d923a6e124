// Package nearname finds the near miss of a name among candidates, for
// "did you mean" hints: equal up to case and separators ("user_id" /
// "userId"), a small edit distance ("nmae" / "name"), or one name a
// suffix or prefix of the other ("userId" / "id").
package nearname

import (
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// Nearest returns the one candidate that is a near miss of s, or "" when
// there is none or the choice is ambiguous. Near misses: equal up to case
// and separators ("user_id" / "userId"), a small edit distance, or one name
// being a suffix/prefix of the other ("userId" / "id"). A candidate equal
// to s is not a near miss.
func Nearest(s string, candidates []string) string {
	return NearestFolded(s, candidates, nil)
}

// NearestFolded is Nearest with the folded candidates precomputed:
// folded[i] is Fold(candidates[i]), or folded is nil.
func NearestFolded(s string, candidates, folded []string) string {
	best, bestScore, tie := "", 1<<30, false
	var buf [64]byte
	fs := appendFold(buf[:0], s) // stays on the stack for short names
	ns := unsafe.String(unsafe.SliceData(fs), len(fs))
	for i, c := range candidates {
		if c == s {
			continue
		}
		var nc string
		if folded != nil {
			nc = folded[i]
		} else {
			nc = Fold(c)
		}
		score := -1
		switch {
		case ns == nc:
			score = 0
		default:
			limit := 1
			if min(len(ns), len(nc)) >= 5 {
				limit = 2
			}
			if d := editDistance(ns, nc, limit); d <= limit {
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

// Fold lower-cases s and drops '_', '-', ' ' and '.'; it returns s itself
// when there is nothing to change.
func Fold(s string) string {
	plain := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 || c >= 'A' && c <= 'Z' || c == '_' || c == '-' || c == ' ' || c == '.' {
			plain = false
			break
		}
	}
	if plain {
		return s
	}
	return string(appendFold(nil, s))
}

// appendFold appends the folded form of s (see Fold) to dst.
func appendFold(dst []byte, s string) []byte {
	for _, r := range s {
		switch r {
		case '_', '-', ' ', '.':
			continue
		}
		if r < utf8.RuneSelf {
			if r >= 'A' && r <= 'Z' {
				r += 'a' - 'A'
			}
			dst = append(dst, byte(r))
			continue
		}
		dst = utf8.AppendRune(dst, unicode.ToLower(r))
	}
	return dst
}

// editDistance is the optimal-string-alignment distance of a and b (edits
// and adjacent transpositions, on bytes), capped at limit+1.
func editDistance(a, b string, limit int) int {
	const maxLen = 40
	if len(a) > maxLen || len(b) > maxLen {
		return limit + 1 // names this long are not typos worth a hint
	}
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	if bagDistance(a, b) > limit {
		return limit + 1 // a lower bound of the edit distance already exceeds it
	}
	var r0, r1, r2 [maxLen + 1]int // rows i-2, i-1, i
	prev2, prev, cur := r0[:len(b)+1], r1[:len(b)+1], r2[:len(b)+1]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > limit+1 {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(b)], limit+1)
}

// bagDistance is max(|a∖b|, |b∖a|) over the multisets of bytes: a cheap
// lower bound of the edit distance (transpositions keep the bags equal).
func bagDistance(a, b string) int {
	var cnt [256]int8
	for i := 0; i < len(a); i++ {
		cnt[a[i]]++
	}
	for i := 0; i < len(b); i++ {
		cnt[b[i]]--
	}
	pos, neg := 0, 0
	for i := 0; i < len(a); i++ {
		if c := cnt[a[i]]; c > 0 {
			pos += int(c)
			cnt[a[i]] = 0
		}
	}
	for i := 0; i < len(b); i++ {
		if c := cnt[b[i]]; c < 0 {
			neg -= int(c)
			cnt[b[i]] = 0
		}
	}
	return max(pos, neg)
}
