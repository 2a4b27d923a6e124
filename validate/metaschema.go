package validate

import (
	"embed"
	"strings"
)

// The metaschemas of the drafts, embedded, and their lookup by URI: the
// raw bytes only. The compiled metaschema of a draft (metaschema, which
// compiles these bytes) is in compile.go, with the compiler that uses it.

//go:embed metaschemas/*.json
var metaFS embed.FS

// metaFiles maps metaschema URIs (no fragment) to embedded files.
var metaFiles = map[string]string{
	"http://json-schema.org/draft-04/schema":                       "draft4.json",
	"http://json-schema.org/draft-06/schema":                       "draft6.json",
	"http://json-schema.org/draft-07/schema":                       "draft7.json",
	"https://json-schema.org/draft/2019-09/schema":                 "draft2019-09.json",
	"https://json-schema.org/draft/2019-09/meta/core":              "draft2019-09-core.json",
	"https://json-schema.org/draft/2019-09/meta/applicator":        "draft2019-09-applicator.json",
	"https://json-schema.org/draft/2019-09/meta/validation":        "draft2019-09-validation.json",
	"https://json-schema.org/draft/2019-09/meta/meta-data":         "draft2019-09-meta-data.json",
	"https://json-schema.org/draft/2019-09/meta/format":            "draft2019-09-format.json",
	"https://json-schema.org/draft/2019-09/meta/content":           "draft2019-09-content.json",
	"https://json-schema.org/draft/2020-12/schema":                 "draft2020-12.json",
	"https://json-schema.org/draft/2020-12/meta/core":              "draft2020-12-core.json",
	"https://json-schema.org/draft/2020-12/meta/applicator":        "draft2020-12-applicator.json",
	"https://json-schema.org/draft/2020-12/meta/unevaluated":       "draft2020-12-unevaluated.json",
	"https://json-schema.org/draft/2020-12/meta/validation":        "draft2020-12-validation.json",
	"https://json-schema.org/draft/2020-12/meta/meta-data":         "draft2020-12-meta-data.json",
	"https://json-schema.org/draft/2020-12/meta/format-annotation": "draft2020-12-format-annotation.json",
	"https://json-schema.org/draft/2020-12/meta/format-assertion":  "draft2020-12-format-assertion.json",
	"https://json-schema.org/draft/2020-12/meta/content":           "draft2020-12-content.json",
}

// canonicalMetaURI maps http/https spellings of the draft URIs to the
// canonical key of metaFiles.
func canonicalMetaURI(uri string) string {
	u := strings.TrimSuffix(uri, "#")
	if _, ok := metaFiles[u]; ok {
		return u
	}
	if strings.HasPrefix(u, "https://json-schema.org/draft-0") {
		u = "http://" + strings.TrimPrefix(u, "https://")
	} else if strings.HasPrefix(u, "http://json-schema.org/draft/") {
		u = "https://" + strings.TrimPrefix(u, "http://")
	}
	return u
}

func isMetaschemaURI(uri string) bool {
	_, ok := metaFiles[canonicalMetaURI(uri)]
	return ok
}

// metaschemaBytes returns an embedded metaschema.
func metaschemaBytes(uri string) ([]byte, bool) {
	f, ok := metaFiles[canonicalMetaURI(uri)]
	if !ok {
		return nil, false
	}
	b, err := metaFS.ReadFile("metaschemas/" + f)
	return b, err == nil
}
