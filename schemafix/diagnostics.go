package schemafix

import (
	"slices"

	"github.com/jsonheal/jsonheal/validate"
)

// view returns the fix rules' view of diagnostics.
func view(ds validate.Diagnostics) []diag {
	out := make([]diag, 0, len(ds))
	for i := range ds {
		d := &ds[i]
		allowed := d.Allowed
		if d.Code == validate.CodeAdditionalProperties && slices.ContainsFunc(allowed, isPattern) {
			// Drop patternProperties patterns; the list is the
			// validator's, shared by the object's extra properties, so
			// it is copied only when it holds some.
			allowed = slices.DeleteFunc(slices.Clone(allowed), isPattern)
		}
		out = append(out, diag{
			Path: d.InstanceLocation, Code: string(d.Code), ReceivedType: d.ReceivedType, Received: d.Received,
			Property: d.Property, Allowed: allowed, Default: d.Default,
		})
	}
	return out
}

// isPattern reports whether an allowed name of an additionalProperties
// diagnostic is a patternProperties pattern ("/re/").
func isPattern(a string) bool { return len(a) >= 2 && a[0] == '/' && a[len(a)-1] == '/' }
