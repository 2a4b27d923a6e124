package heal

import (
	"strconv"
	"strings"

	"github.com/jsonheal/jsonheal/validate"
)

// validateDoc validates doc and returns the fix rules' view of the
// diagnostics with their compact text (at most maxText bytes). A valid
// document returns nil, "", nil without allocating.
func validateDoc(s *validate.Schema, doc []byte, maxText int) ([]diag, string, error) {
	ds, err := s.Validate(doc)
	if err != nil || ds == nil {
		return nil, "", err
	}
	out := make([]diag, 0, len(ds))
	for i := range ds {
		d := &ds[i]
		allowed := d.Allowed
		if d.Code == validate.CodeAdditionalProperties {
			allowed = nil // drop patternProperties patterns ("/re/")
			for _, a := range d.Allowed {
				if len(a) < 2 || a[0] != '/' || a[len(a)-1] != '/' {
					allowed = append(allowed, a)
				}
			}
		}
		out = append(out, diag{
			Path: d.InstanceLocation, Code: string(d.Code), ReceivedType: d.ReceivedType,
			Property: d.Property, Allowed: allowed, Default: d.Default,
		})
	}
	return out, diagnosticsText(ds, maxText), nil
}

// diagnosticsText renders diagnostics compactly, one line each:
// `/path: message (expected ..., got ...; hint)`, within maxBytes, saying
// how many were left out. This is what a re-ask sends: where, what was
// expected, what was received; never a dump.
func diagnosticsText(ds validate.Diagnostics, maxBytes int) string {
	var b strings.Builder
	for i := range ds {
		d := &ds[i]
		var line strings.Builder
		line.WriteString("- ")
		if d.InstanceLocation == "" {
			line.WriteString("(root)")
		} else {
			line.WriteString(d.InstanceLocation)
		}
		line.WriteString(": ")
		line.WriteString(d.Message)
		var extra []string
		if d.Received != "" && d.Code != validate.CodeRequired && !strings.Contains(d.Message, d.Received) {
			extra = append(extra, "got "+d.Received)
		}
		if d.Hint != "" {
			extra = append(extra, d.Hint)
		}
		if len(extra) > 0 {
			line.WriteString(" (" + strings.Join(extra, "; ") + ")")
		}
		line.WriteByte('\n')
		rest := len(ds) - i
		note := "- ... and " + strconv.Itoa(rest) + " more\n"
		if b.Len()+line.Len()+len(note) > maxBytes && i > 0 {
			b.WriteString(note)
			break
		}
		b.WriteString(line.String())
	}
	return strings.TrimSuffix(b.String(), "\n")
}
