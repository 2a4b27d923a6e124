// Package differential compares jsonheal's validate package with
// santhosh-tekuri/jsonschema v6 over generated schemas and instances: the
// valid/invalid verdict of each instance, under every draft both support,
// validated whole and streamed. Its tests are all there is to it: the
// package lives in the bench module so that the library module does not
// depend on another validator.
//
//	cd bench && go test ./differential                              # the seeded smoke
//	cd bench && go test ./differential -args -diffseeds 20000       # more seeds
//	cd bench && go test ./differential -run '^$' -fuzz FuzzDifferentialSanthosh
package differential
