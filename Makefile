# jsonheal developer tasks. `make ci` is what CI runs (.ci/run).

GO        ?= go
FUZZTIME  ?= 30s
SMOKETIME ?= 3000x
BENCHTIME ?= 1s
COUNT     ?= 6
# Packages fast enough to run under the race detector on every test run.
RACE_PKGS ?= ./...
# Packages with zero-allocation tests (testing.AllocsPerRun, names with
# Alloc): `make test` runs them again without -race.
ALLOC_PKGS ?= ./scanner ./internal/scan ./sanitize ./validate ./heal ./jsonl

.PHONY: ci test test-benthos test-adapters lint fmt-check vet fuzz fuzz-smoke bench build

# Everything CI runs (.ci/run): the quick loop, then the Benthos module,
# whose first build is slow on a cold cache.
ci: fmt-check test test-benthos test-adapters

test: vet
	$(GO) test -race -count=1 $(RACE_PKGS)
	@# Allocation counts mean nothing under -race: the zero-allocation
	@# tests run again without it, in the packages that have them.
	$(GO) test -count=1 -run 'Alloc' $(ALLOC_PKGS)
	@# The portable string reading, as on machines without AVX2.
	$(GO) test -count=1 -tags purego ./scanner ./internal/scan ./sanitize
	@# The library builds on 32-bit platforms too (no assembly, no sonic).
	GOARCH=386 $(GO) build ./...
	$(MAKE) fuzz-smoke

vet:
	$(GO) vet ./...
	@if [ -f bench/go.mod ] && ls bench/*.go >/dev/null 2>&1; then cd bench && $(GO) vet ./...; fi

# lint adds staticcheck (fetched at a pinned version on first use) to what
# CI checks.
STATICCHECK ?= $(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2
lint: fmt-check vet
	$(STATICCHECK) ./...

fmt-check:
	@out="$$(gofmt -l $$(git ls-files '*.go'))"; \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

# The Benthos plugin is its own module (integrations/benthos/go.mod), kept
# out of the quick `make test` loop because its first build is slow on a cold
# cache (5m24s measured on 2 shared cores); CI runs it after `make test`.
test-benthos:
	cd integrations/benthos && $(GO) vet ./... && \
	$(GO) test $$($(GO) list -f '{{if or .TestGoFiles .XTestGoFiles}}{{.ImportPath}}{{end}}' ./...)

# The Prometheus and OpenTelemetry adapters: each its own module (so the
# library keeps no metrics or tracing dependency), small and quick to build.
ADAPTERS ?= integrations/prometheus integrations/otel
test-adapters:
	@for m in $(ADAPTERS); do \
		(cd $$m && $(GO) vet ./... && $(GO) test -race -count=1 ./...) || exit 1; \
	done

# Every fuzz target, FUZZTIME each: ./fuzz holds those of the public API,
# a package holds those that need its unexported functions.
FUZZ_PKGS ?= ./fuzz ./internal/scan ./sanitize
# MIXSEEDS seeded JSONL mixes (internal/mixgen) through the batch oracle:
# every output record equals one original, no complete one is lost.
MIXSEEDS ?= 2000
fuzz:
	GO=$(GO) scripts/fuzz.sh $(FUZZTIME) $(FUZZ_PKGS)
	$(GO) test -count=1 -run '^TestOracleMixes$$' ./jsonl -args -mixseeds $(MIXSEEDS)

# A short run of every fuzz target: part of `make test`. A count of inputs,
# not a duration: a duration meets a race in Go's fuzz coordinator
# (go.dev/issue/75804, see scripts/fuzz.sh).
fuzz-smoke:
	$(MAKE) fuzz FUZZTIME=$(SMOKETIME) MIXSEEDS=100

# Comparative benchmarks live in their own module (bench/go.mod).
bench:
	cd bench && $(GO) test -run='^$$' -bench=. -benchmem -benchtime=$(BENCHTIME) -count=$(COUNT) ./...

build:
	$(GO) build -o bin/jsonheal ./cmd/jsonheal

# CLI benchmark of `jsonheal clean` (SIZE, BROKEN, RUNS: see the script).
.PHONY: bench-clean
bench-clean:
	scripts/bench-clean.sh

# The README's fast-layer and repair tables, ratios taken within each
# round (ROUNDS, CLASSES: see the scripts).
.PHONY: bench-syntax bench-repair
bench-syntax:
	scripts/bench-syntax.sh
bench-repair:
	scripts/bench-repair.sh
