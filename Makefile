# intel402 — two commands matter: `make run` and `make test` (see README.md).
SHELL := /bin/bash
MODULES := openapi pkg/platform pkg/x402 pkg/evidence services/company-intel services/domain-qual deploy
PKGS := $(addsuffix /...,$(addprefix ./,$(MODULES)))
GO ?= go
STATICCHECK ?= $(shell $(GO) env GOPATH)/bin/staticcheck
VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X main.version=$(VERSION)

.PHONY: run test test-short lint vet fmt-check staticcheck modcheck bench build deps webassets clean e2e demo load faults burst train configdoc

## run: build and start both services (and the local payment stack) with embedded defaults
run: deps build
	@bash scripts/run.sh

## test: every module tidy and building on its own (scripts/modcheck.sh), the signal type model reproduced byte for
## byte from its data (make train's check), every module's tests with the race detector, incl. Redis, DNS, chain
## and interop tests, then the end-to-end smoke test (scripts/demo.sh --smoke: the built binaries, every paid
## operation paid twice)
test: deps build
	@MODULES="$(MODULES)" GO="$(GO)" bash scripts/modcheck.sh
	$(GO) run ./services/company-intel/cmd/trainsignals -check
	$(GO) test -race -count=1 -shuffle=on $(PKGS)
	bash scripts/demo.sh --smoke

## demo: offline, no keys: both services against the fixture world, each paid operation paid twice with bin/x402
demo: deps build
	@bash scripts/demo.sh

## e2e: the built company-intel paid with the x402 CLI on the local chain, against the offline fixture world
e2e: deps build
	@bash scripts/e2e-company-intel.sh

## test-short: unit tests only (no Redis, chain or npm)
test-short:
	$(GO) test -short -count=1 $(PKGS)

## build: static binaries into bin/ (after webassets: the binaries embed them)
build: webassets
	@mkdir -p bin
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags "$(LDFLAGS)" -o bin/company-intel ./services/company-intel/cmd/company-intel
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags "$(LDFLAGS)" -o bin/domain-qual ./services/domain-qual/cmd/domain-qual
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags "$(LDFLAGS)" -o bin/x402 ./pkg/x402/cmd/x402
	CGO_ENABLED=0 $(GO) build -trimpath -o bin/devchain ./pkg/x402/x402test/cmd/devchain
	CGO_ENABLED=0 $(GO) build -trimpath -o bin/fakeupstreams ./services/company-intel/cmd/fakeupstreams
	CGO_ENABLED=0 $(GO) build -trimpath -o bin/screenshot ./pkg/platform/headless/cmd/screenshot

## deps: npm dev tools (anvil, solc, the official x402 client) from the committed lockfile
deps: node_modules/.installed

node_modules/.installed: package.json package-lock.json
	npm install --no-audit --no-fund
	@touch $@

## webassets: the browser assets the services embed (Swagger UI for /docs, the x402 paywall page), taken from the npm
## packages pinned in webassets.json, each tarball checked against its sha512 (scripts/webassets.mjs)
WEBASSETS := pkg/platform/landing/assets/PROVENANCE.json pkg/x402/paywall/assets/PROVENANCE.json
webassets: $(WEBASSETS)

$(WEBASSETS) &: webassets.json scripts/webassets.mjs
	node scripts/webassets.mjs
	@touch $(WEBASSETS)

## lint: gofmt, go vet, staticcheck and modcheck across all modules
lint: fmt-check vet staticcheck modcheck

fmt-check:
	@out=$$(gofmt -l $(MODULES)); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet $(PKGS)

## modcheck: every module's go.mod/go.sum tidy and `go build ./...` passing with GOWORK=off (scripts/modcheck.sh)
modcheck:
	@MODULES="$(MODULES)" GO="$(GO)" bash scripts/modcheck.sh

staticcheck:
	@test -x $(STATICCHECK) || $(GO) install honnef.co/go/tools/cmd/staticcheck@latest
	$(STATICCHECK) $(PKGS)

## train: retrain company-intel's signal type model from its data (deterministic: the same data gives the same
## services/company-intel/internal/signals/model.json, byte for byte; about 4 minutes on 2 cores)
train:
	$(GO) run ./services/company-intel/cmd/trainsignals

## configdoc: write docs/configuration.md, the configuration reference, from the variables the services' config
## loaders declare (deploy/cmd/configdoc; a test in `make test` fails while the committed file differs)
configdoc:
	$(GO) run ./deploy/cmd/configdoc -o docs/configuration.md

## bench: benchmarks reported in docs/performance.md
bench:
	$(GO) test -run '^$$' -bench . -benchmem $(PKGS)

clean:
	rm -rf bin .run

## load: paid cached-HIT throughput, latency and RSS of both services versus a bare handler (scripts/load.sh;
## offline, ~2 minutes; not part of `make test`)
load:
	@bash scripts/load.sh

## faults: paid traffic against both services while Redis is killed and restarted, the fixture DNS fails and the
## upstreams answer 429/503/slowly; checks no undocumented 5xx and settlement = delivery (scripts/faults.sh;
## offline, ~75 s; not part of `make test`)
faults:
	@bash scripts/faults.sh

## burst: N distinct companies (1, 4, 8, 13) asked at once of one and of two company-intel replicas against the
## fixture world (+200 ms per answer): latency p50/p99, the partial share and every provider's calls and peak rate
## against its limit; fails on a limit exceeded or an undocumented 5xx (scripts/burst.sh; offline, ~90 s;
## not part of `make test`)
burst:
	@bash scripts/burst.sh
