package validate

import "strings"

// Draft identifies a JSON Schema specification release.
type Draft int

// The supported drafts. The zero Draft means "not set" and stands for
// Draft2020_12 wherever a default is needed.
const (
	Draft4 Draft = iota + 1
	Draft6
	Draft7
	Draft2019_09
	Draft2020_12
)

// String returns the draft's usual name, e.g. "draft-07" or "2020-12".
func (d Draft) String() string {
	switch d {
	case Draft4:
		return "draft-04"
	case Draft6:
		return "draft-06"
	case Draft7:
		return "draft-07"
	case Draft2019_09:
		return "2019-09"
	case Draft2020_12:
		return "2020-12"
	}
	return "unknown"
}

// URI returns the canonical $schema URI of the draft's metaschema.
func (d Draft) URI() string {
	switch d {
	case Draft4:
		return "http://json-schema.org/draft-04/schema"
	case Draft6:
		return "http://json-schema.org/draft-06/schema"
	case Draft7:
		return "http://json-schema.org/draft-07/schema"
	case Draft2019_09:
		return "https://json-schema.org/draft/2019-09/schema"
	}
	return "https://json-schema.org/draft/2020-12/schema"
}

// draftFromURI maps a $schema value to a known draft.
func draftFromURI(uri string) (Draft, bool) {
	u := strings.TrimSuffix(uri, "#")
	u = strings.TrimPrefix(strings.TrimPrefix(u, "https://"), "http://")
	switch u {
	case "json-schema.org/draft-04/schema":
		return Draft4, true
	case "json-schema.org/draft-06/schema":
		return Draft6, true
	case "json-schema.org/draft-07/schema":
		return Draft7, true
	case "json-schema.org/draft/2019-09/schema":
		return Draft2019_09, true
	case "json-schema.org/draft/2020-12/schema":
		return Draft2020_12, true
	}
	return 0, false
}

// idKeyword is the keyword that sets a base URI in the draft.
func (d Draft) idKeyword() string {
	if d == Draft4 {
		return "id"
	}
	return "$id"
}

// vocab is a set of vocabularies switched on for a schema resource.
type vocab uint8

const (
	vocabApplicator vocab = 1 << iota
	vocabValidation
	vocabUnevaluated
	vocabFormatAssertion
	vocabAll = vocabApplicator | vocabValidation | vocabUnevaluated
)

// vocabFromURI maps a $vocabulary URI to the vocab bit it controls; known is
// false for vocabularies this package does not implement.
func vocabFromURI(uri string) (v vocab, known bool) {
	switch uri {
	case "https://json-schema.org/draft/2020-12/vocab/applicator",
		"https://json-schema.org/draft/2019-09/vocab/applicator":
		return vocabApplicator, true
	case "https://json-schema.org/draft/2020-12/vocab/validation",
		"https://json-schema.org/draft/2019-09/vocab/validation":
		return vocabValidation, true
	case "https://json-schema.org/draft/2020-12/vocab/unevaluated":
		return vocabUnevaluated, true
	case "https://json-schema.org/draft/2020-12/vocab/format-assertion":
		return vocabFormatAssertion, true
	case "https://json-schema.org/draft/2020-12/vocab/core",
		"https://json-schema.org/draft/2019-09/vocab/core",
		"https://json-schema.org/draft/2020-12/vocab/meta-data",
		"https://json-schema.org/draft/2019-09/vocab/meta-data",
		"https://json-schema.org/draft/2020-12/vocab/format-annotation",
		"https://json-schema.org/draft/2019-09/vocab/format",
		"https://json-schema.org/draft/2020-12/vocab/content",
		"https://json-schema.org/draft/2019-09/vocab/content":
		return 0, true
	}
	return 0, false
}
