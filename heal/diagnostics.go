package heal

import "github.com/jsonheal/jsonheal/validate"

// validateDoc validates doc and returns the fix rules' view of the
// diagnostics with their compact text (at most maxText bytes). A valid
// document returns nil, "", nil without allocating.
func validateDoc(s *validate.Schema, doc []byte, maxText int) ([]diag, string, error) {
	ds, err := s.Validate(doc)
	if err != nil || ds == nil {
		return nil, "", err
	}
	return fixView(ds), ds.Text(maxText), nil
}

// fixView returns the fix rules' view of diagnostics.
func fixView(ds validate.Diagnostics) []diag {
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
	return out
}
