package schemafix

import "github.com/jsonheal/jsonheal/validate"

// view returns the fix rules' view of diagnostics.
func view(ds validate.Diagnostics) []diag {
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
			Path: d.InstanceLocation, Code: string(d.Code), ReceivedType: d.ReceivedType, Received: d.Received,
			Property: d.Property, Allowed: allowed, Default: d.Default,
		})
	}
	return out
}
