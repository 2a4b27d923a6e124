package validate

import (
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// ValidateFirst lists the first diagnostics Validate lists, in its order,
// and counts the rest.
func TestValidateFirstMatchesValidate(t *testing.T) {
	cases := []struct {
		schema, doc string
		dups        bool // Validate drops repeated diagnostics ValidateFirst may count
	}{
		{`{"items":{"type":"string"}}`, "[" + strings.Repeat("1,", 300) + "1]", false},
		{`{"items":{"type":"string"}}`, `["a",1,"b",2]`, false},
		{`{"type":"object","properties":{"a":{"items":{"minimum":5}},"b":{"type":"string"}},"required":["z","y"],"additionalProperties":false}`,
			`{"a":[` + strings.Repeat("1,", 50) + `1],"b":3,"c":1,"d":2}`, false},
		{`{"additionalProperties":false}`, `{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6}`, false},
		{`{"items":{"anyOf":[{"type":"string"},{"minimum":10}]}}`, "[" + strings.Repeat("1,", 40) + "1]", false},
		{`{"items":{"oneOf":[{"type":"integer","minimum":3},{"type":"integer","maximum":-3}]}}`, "[" + strings.Repeat("1,", 40) + "1]", false},
		{`{"items":{"properties":{"x":{"enum":["Foo","Bar"]}},"required":["y"]}}`, "[" + strings.Repeat(`{"x":"foo"},`, 40) + `{"x":"bar"}]`, false},
		{`{"items":{"allOf":[{"type":"string"},{"type":"string"}]}}`, "[" + strings.Repeat("1,", 40) + "1]", true},
		{`{"properties":{"a":{"items":{"type":"string"}}},"required":["q"],"minProperties":9}`, `{"a":[` + strings.Repeat("1,", 40) + `1]}`, false},
		{`{"items":{"type":"string"},"uniqueItems":true,"maxItems":2}`, "[" + strings.Repeat("1,", 40) + "1]", false},
		{`{"prefixItems":[{"type":"string"}],"unevaluatedItems":false}`, "[" + strings.Repeat("1,", 40) + "1]", false},
	}
	for _, c := range cases {
		s, err := Compile([]byte(c.schema), Options{})
		if err != nil {
			t.Fatal(err)
		}
		full, err := s.Validate([]byte(c.doc))
		if err != nil {
			t.Fatal(err)
		}
		for _, limit := range []int{1, 2, 3, 5, 10, 100, 1000} {
			for _, json := range []bool{false, true} {
				v := s.NewValidator()
				var d Diagnostics
				var omitted int
				for range 3 { // and again, past the collect-first streak
					if json {
						d, omitted, err = v.ValidateJSONFirst([]byte(c.doc), limit)
					} else {
						d, omitted, err = v.ValidateFirst([]byte(c.doc), limit)
					}
					if err != nil {
						t.Fatal(err)
					}
					n := min(limit, len(full))
					if len(d) < n || !reflect.DeepEqual(d[:n], full[:n]) {
						t.Fatalf("%s limit %d: first diagnostics\n%v\nwant\n%v", c.schema, limit, d, full[:n])
					}
					if sum := len(d) + omitted; sum != len(full) && !(c.dups && sum > len(full)) {
						t.Fatalf("%s limit %d: %d listed + %d omitted, want %d", c.schema, limit, len(d), omitted, len(full))
					}
					if !reflect.DeepEqual(d, full[:len(d)]) {
						t.Fatalf("%s limit %d: listed diagnostics differ from Validate's", c.schema, limit)
					}
				}
			}
		}
	}
}

// A document failing in 500,000 places costs ValidateFirst about what one
// failing in limit places costs.
func TestValidateFirstAllocBounded(t *testing.T) {
	s, err := Compile([]byte(`{"items":{"type":"string"}}`), Options{})
	if err != nil {
		t.Fatal(err)
	}
	doc := []byte("[" + strings.Repeat("1,", 500000) + "1]")
	v := s.NewValidator()
	for _, json := range []bool{false, true} {
		var ms0, ms1 runtime.MemStats
		var d Diagnostics
		var omitted int
		run := func() {
			if json {
				d, omitted, err = v.ValidateJSONFirst(doc, 100)
			} else {
				d, omitted, err = v.ValidateFirst(doc, 100)
			}
		}
		run() // warm up the tape
		runtime.ReadMemStats(&ms0)
		run()
		runtime.ReadMemStats(&ms1)
		if err != nil {
			t.Fatal(err)
		}
		if len(d)+omitted != 500001 || len(d) < 100 || d[0].InstanceLocation != "/0" || d[99].InstanceLocation != "/99" {
			t.Fatalf("%d listed (first %q), %d omitted", len(d), d[0].InstanceLocation, omitted)
		}
		t.Logf("json=%v: %d listed, %d omitted, %d bytes allocated", json, len(d), omitted, ms1.TotalAlloc-ms0.TotalAlloc)
		if got := ms1.TotalAlloc - ms0.TotalAlloc; got > 1<<20 {
			t.Errorf("json=%v: %d bytes allocated for 500,000 errors listed to 100", json, got)
		}
	}
}

// Over the JSON Schema test suite, ValidateFirst lists Validate's first
// diagnostics with its verdict and errors, for small limits that leave
// some out.
func TestValidateFirstMatchesSuite(t *testing.T) {
	checked, left, over := 0, 0, 0
	eachSuiteFile(t, func(base, f string, draft Draft, assertFormat bool) {
		for _, g := range readGroups(t, f) {
			s, err := Compile(g.Schema, Options{DefaultDraft: draft, Loader: suiteLoader, AssertFormat: assertFormat})
			if err != nil {
				continue
			}
			for _, tc := range g.Tests {
				doc := []byte(tc.Data)
				full, ferr := s.Validate(doc)
				for _, limit := range []int{1, 2, 3} {
					d, omitted, err := s.ValidateFirst(doc, limit)
					if (err == nil) != (ferr == nil) || err != nil && err.Error() != ferr.Error() {
						t.Fatalf("%s / %s / %s: limit %d: error %v, want %v", f, g.Description, tc.Description, limit, err, ferr)
					}
					n := min(limit, len(full))
					if len(d) < n || !reflect.DeepEqual(d[:n], full[:n]) || !reflect.DeepEqual(d, full[:len(d)]) ||
						len(d)+omitted < len(full) {
						t.Fatalf("%s / %s / %s: limit %d: got %d listed + %d omitted\n%v\nwant\n%v",
							f, g.Description, tc.Description, limit, len(d), omitted, d, full)
					}
					checked++
					left += omitted
					if len(d)+omitted > len(full) {
						over++ // repeats Validate drops, counted (see ValidateFirst)
					}
				}
			}
		}
	})
	t.Logf("%d validations checked, %d diagnostics left out, %d counts past repeats", checked, left, over)
}
