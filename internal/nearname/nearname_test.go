package nearname

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestNearest(t *testing.T) {
	assert.Equal(t, "id", Nearest("userId", []string{"id", "name"}))
	assert.Equal(t, "user_id", Nearest("userId", []string{"user_id", "name"}))
	assert.Equal(t, "name", Nearest("nmae", []string{"id", "name"}))
	assert.Equal(t, "", Nearest("zzz", []string{"id", "name"}))
	assert.Equal(t, "", Nearest("ab", []string{"abc", "abd"}), "ambiguous")
}

// TestNearestFoldedMatchesNearest: precomputed folds give the same
// answers as folding each candidate on the way.
func TestNearestFoldedMatchesNearest(t *testing.T) {
	cands := []string{"user_id", "User-Name", "e.mail", "Zip Code", "ÉTAT", "id"}
	folded := make([]string, len(cands))
	for i, c := range cands {
		folded[i] = Fold(c)
	}
	for _, s := range []string{"userId", "username", "email", "zipcode", "état", "ID", "none", "user_id", ""} {
		assert.Equal(t, Nearest(s, cands), NearestFolded(s, cands, folded), s)
	}
	assert.Equal(t, "User-Name", NearestFolded("user_name", cands, folded))
	assert.Equal(t, "ÉTAT", NearestFolded("état", cands, folded))
}

func TestFold(t *testing.T) {
	assert.Equal(t, "userid", Fold("user_id"))
	assert.Equal(t, "userid", Fold("User-ID"))
	assert.Equal(t, "zipcode", Fold("Zip Code"))
	assert.Equal(t, "email", Fold("e.mail"))
	assert.Equal(t, "état", Fold("ÉTAT"))
	s := "plain"
	assert.Equal(t, s, Fold(s))
}

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b  string
		limit int
		want  int
	}{
		{"name", "name", 1, 0},
		{"name", "nmae", 1, 1},  // adjacent transposition
		{"name", "names", 1, 1}, // insertion
		{"name", "nam", 1, 1},   // deletion
		{"name", "nbme", 1, 1},  // substitution
		{"name", "mane", 1, 2},  // capped at limit+1
		{"address", "adress", 2, 1},
		{"address", "adrses", 2, 2},
		{"a", "abcd", 2, 3},  // lengths too far apart
		{"abc", "xyz", 2, 3}, // bags too far apart
		{"", "", 1, 0},
		{string(make([]byte, 41)), string(make([]byte, 41)), 2, 3}, // too long for a hint
	} {
		assert.Equal(t, c.want, editDistance(c.a, c.b, c.limit), "%q %q", c.a, c.b)
	}
}

func TestBagDistance(t *testing.T) {
	assert.Equal(t, 0, bagDistance("name", "mean"))
	assert.Equal(t, 1, bagDistance("name", "names"))
	assert.Equal(t, 2, bagDistance("abc", "xyc"))
	assert.Equal(t, 3, bagDistance("", "abc"))
}

// TestNearestAllocatesNothing: short names fold on the stack and
// precomputed folds are not redone.
func TestNearestAllocatesNothing(t *testing.T) {
	cands := []string{"user_id", "name", "email"}
	folded := []string{Fold(cands[0]), Fold(cands[1]), Fold(cands[2])}
	assert.Zero(t, testing.AllocsPerRun(100, func() {
		if NearestFolded("UserID", cands, folded) != "user_id" {
			t.Fatal("no hint")
		}
	}))
}
