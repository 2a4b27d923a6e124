# jsonheal developer tasks. `make ci` is what CI runs (.ci/run).

GO        ?= go
FUZZTIME  ?= 30s
SMOKETIME ?= 3000x
BENCHTIME ?= 1s
COUNT     ?= 6
# Packages whose tests run on one goroutine, over code that starts none and
# uses neither sync nor unsafe (scripts/check-norace.sh checks it): the race
# detector has nothing to watch there, so `make test` runs their tests once,
# without it. Their code still runs under -race through jsonl, heal, cmd and
# fuzz, which call it from many goroutines.
NORACE_PKGS ?= ./scanner ./internal/scan ./internal/structural ./sanitize
# Every other package runs its tests under the race detector.
RACE_PKGS ?= $$($(GO) list ./... | grep -vxF "$$($(GO) list $(NORACE_PKGS))")
# Packages with zero-allocation tests (testing.AllocsPerRun, names with
# Alloc) that also run under -race: `make test` runs those tests again
# without it. (NORACE_PKGS have such tests too: their one run covers them.)
ALLOC_PKGS ?= ./validate ./internal/tape ./heal ./jsonl
# Extra go test flags of `make fuzz`. go test vets each package again (a
# subset of go vet's checks), once per build configuration: `make test`,
# which runs `make vet` first, turns that off (-vet=off).
TESTFLAGS ?=

.PHONY: ci test test-benthos test-adapters lint fmt-check vet fuzz fuzz-smoke bench build

# Everything CI runs (.ci/run), one step after the other: side by side on a
# cold cache, steps compile the same packages twice (the Benthos module's vet
# took 123 s of CPU beside the main module's vet, 70 s after it) and timing
# tests fail under the load. Only the other modules' downloads, which wait
# on the network, run beside gofmt, vet and the main module's tests.
ci:
	$(MAKE) -j2 --output-sync=target fmt-check test mod-download
	$(MAKE) test-benthos test-adapters

# Fetches the modules of the Benthos plugin and the adapters.
.PHONY: mod-download
mod-download:
	@for m in integrations/benthos $(ADAPTERS); do \
		(cd $$m && $(GO) mod download) || exit 1; \
	done

test: vet
	GO=$(GO) scripts/check-norace.sh $(NORACE_PKGS)
	$(GO) test -race -vet=off -count=1 -timeout 30m $(RACE_PKGS)
	$(GO) test -vet=off -count=1 $(NORACE_PKGS)
	@# Allocation counts mean nothing under -race: the zero-allocation
	@# tests of the packages tested with it run again without it.
	$(GO) test -vet=off -count=1 -run 'Alloc' $(ALLOC_PKGS)
	@# The portable string reading, as on machines without AVX2 (go test
	@# vets it: go vet sees only the default build).
	$(GO) test -count=1 -tags purego ./scanner ./internal/scan ./internal/structural ./internal/cpuid ./sanitize ./jsonl
	@# The library builds on 32-bit platforms too (no assembly, no sonic).
	GOARCH=386 $(GO) build ./...
	$(MAKE) fuzz-smoke TESTFLAGS=-vet=off

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
# cache (5m24s measured on 2 shared cores); `make ci` runs it beside
# `make test`.
test-benthos:
	cd integrations/benthos && $(GO) vet ./... && \
	$(GO) test -vet=off $$($(GO) list -f '{{if or .TestGoFiles .XTestGoFiles}}{{.ImportPath}}{{end}}' ./...)

# The Prometheus and OpenTelemetry adapters: each its own module (so the
# library keeps no metrics or tracing dependency), small and quick to build.
ADAPTERS ?= integrations/prometheus integrations/otel
test-adapters:
	@for m in $(ADAPTERS); do \
		(cd $$m && $(GO) vet ./... && $(GO) test -race -vet=off -count=1 ./...) || exit 1; \
	done

# Every fuzz target, FUZZTIME each: ./fuzz holds those of the public API,
# a package holds those that need its unexported functions.
FUZZ_PKGS ?= ./fuzz ./internal/scan ./internal/structural ./internal/jsonnum ./internal/decimal ./internal/tape ./sanitize ./validate ./cmd/jsonheal
# MIXSEEDS seeded JSONL mixes (internal/mixgen) through the batch oracle:
# every output record equals one original, no complete one is lost.
MIXSEEDS ?= 2000
fuzz:
	GO=$(GO) GOFLAGS="$$GOFLAGS $(TESTFLAGS)" scripts/fuzz.sh $(FUZZTIME) $(FUZZ_PKGS)
	$(GO) test $(TESTFLAGS) -count=1 -run '^TestOracleMixes$$' ./jsonl -args -mixseeds $(MIXSEEDS)
	$(MAKE) differential

# The differential test against santhosh-tekuri/jsonschema v6
# (bench/differential, in the bench module so that the library does not
# depend on another validator): the valid/invalid verdict of generated
# instances of generated schemas, every draft, over DIFFSEEDS seeds; then,
# unless DIFFFUZZ is empty, its fuzz target for FUZZTIME.
DIFFSEEDS ?= 6000
DIFFFUZZ  ?= 1
.PHONY: differential
differential:
	cd bench && $(GO) test $(TESTFLAGS) -count=1 -run '^TestDifferentialSanthosh$$' ./differential -args -diffseeds $(DIFFSEEDS)
	@if [ -n "$(DIFFFUZZ)" ]; then \
		cd bench && GO=$(GO) GOFLAGS="$$GOFLAGS $(TESTFLAGS)" ../scripts/fuzz.sh $(FUZZTIME) ./differential; \
	fi

# A short run of every fuzz target: part of `make test`. A count of inputs,
# not a duration: a duration meets a race in Go's fuzz coordinator
# (go.dev/issue/75804, see scripts/fuzz.sh). The differential test runs
# its seeded smoke only (400 seeds, about 7 s).
fuzz-smoke:
	$(MAKE) fuzz FUZZTIME=$(SMOKETIME) MIXSEEDS=100 DIFFSEEDS=400 DIFFFUZZ=

# Comparative benchmarks live in their own module (bench/go.mod).
bench:
	cd bench && $(GO) test -run='^$$' -bench=. -benchmem -benchtime=$(BENCHTIME) -count=$(COUNT) ./...

build:
	$(GO) build -o bin/jsonheal ./cmd/jsonheal

# CLI benchmark of `jsonheal clean` (SIZE, BROKEN, RUNS: see the script).
.PHONY: bench-clean
bench-clean:
	scripts/bench-clean.sh

# The Benthos plugin's cost over Benthos itself: jsonheal_records against
# the lines scanner, the jsonheal processor against noop and the library's
# own per-record CPU (ROUNDS: see the script).
.PHONY: bench-benthos
bench-benthos:
	scripts/bench-benthos.sh

# The README's fast-layer and repair tables, ratios taken within each
# round (ROUNDS, CLASSES: see the scripts).
.PHONY: bench-syntax bench-repair bench-validate
bench-syntax:
	scripts/bench-syntax.sh
bench-validate:
	scripts/bench-validate.sh
bench-repair:
	scripts/bench-repair.sh
