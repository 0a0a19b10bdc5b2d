# Resale: one binary, one database. `make run` to try it, `make test` to check it.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := build

GO       ?= go
NPM      ?= npm
BIN      := bin/resale
TOOLS    := $(CURDIR)/.tools
WEB      := frontend
DIST     := $(WEB)/dist

# Tool versions, pinned; each lands in .tools/ under a versioned name so a
# bump reinstalls it.
SQLC_VERSION        := v1.31.1
STRIPE_MOCK_VERSION := v0.203.0
VERSITYGW_VERSION   := v1.8.0
BENCHSTAT_VERSION   := v0.0.0-20260908200009-22c9c6c9d4da
GOVULNCHECK_VERSION := v1.9.0
# Caddy for the rolling-upgrade test behind deploy/Caddyfile: 2.7.5 or newer
# (Debian 12's 2.6.2 answers a POST or PUT 503 at once when it finds no
# healthy instance, where newer ones wait lb_try_duration for one)
CADDY_VERSION       := v2.11.9
SQLC                := $(TOOLS)/sqlc-$(SQLC_VERSION)
STRIPE_MOCK         := $(TOOLS)/stripe-mock-$(STRIPE_MOCK_VERSION)
S3_SERVER           := $(TOOLS)/versitygw-$(VERSITYGW_VERSION)
BENCHSTAT           := $(TOOLS)/benchstat-$(BENCHSTAT_VERSION)
GOVULNCHECK         := $(TOOLS)/govulncheck-$(GOVULNCHECK_VERSION)
CADDY               := $(TOOLS)/caddy-$(CADDY_VERSION)
# Prometheus's checker for deploy/alerts.yml, from Debian (the release's own)
PROMTOOL            := $(TOOLS)/promtool-debian

# Stamped into the binary (resale version); the Docker build gets them as
# build arguments, since the image is built without .git.
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
COMMIT  ?= $(shell git rev-parse HEAD 2>/dev/null || echo unknown)
LDFLAGS  = -s -w -X main.version=$(VERSION) -X main.commit=$(COMMIT)

GO_SOURCES := $(shell find . -name '*.go' -not -path './$(WEB)/*' -not -path './.tools/*' 2>/dev/null) go.mod go.sum
WEB_SOURCES := $(shell find $(WEB)/src $(WEB)/public -type f 2>/dev/null) $(wildcard $(WEB)/*.json $(WEB)/*.ts $(WEB)/index.html)

# resale-check's builds (#40), served at /download/resale-check/{os}-{arch}
CHECK_TOOL_DIR     := bin/check-tool

.PHONY: check-tool release bench-parse bench-price bench-search bench-suggest run demo build web test test-checks test-go test-fuzz fuzz test-web test-budget test-browser verify generate dev docker clean chaos bench vulncheck image image-test

## run: build everything, get a database, migrate it and serve on http://localhost:8080
run: build $(CHECK_TOOL_DIR)/.built
	@url=$$(scripts/dev-db resale) && echo "database: $$url" && DATABASE_URL="$$url" ./$(BIN) serve

## demo: like run, with a demo catalogue of sellers and laptops added first
demo: build $(CHECK_TOOL_DIR)/.built
	@url=$$(scripts/dev-db resale) && DATABASE_URL="$$url" ./$(BIN) seed --demo && DATABASE_URL="$$url" ./$(BIN) serve

## build: the one self-contained executable, bin/resale
build: $(BIN)

$(BIN): $(DIST)/.built $(GO_SOURCES)
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags='$(LDFLAGS)' -o $(BIN) .

## release: linux/amd64 and linux/arm64 binaries of VERSION, with the web
## app inside, into release/ with their SHA256SUMS, ready to attach to a tag
RELEASE_DIR    := release
RELEASE_ARCHES := amd64 arm64

release: $(DIST)/.built
	@case "$(VERSION)" in *dirty*) echo "release: $(VERSION) has uncommitted changes: commit them, or set VERSION" >&2; exit 1;; esac
	rm -rf $(RELEASE_DIR) && mkdir -p $(RELEASE_DIR)
	@for arch in $(RELEASE_ARCHES); do \
	  echo "CGO_ENABLED=0 GOOS=linux GOARCH=$$arch $(GO) build -trimpath -o $(RELEASE_DIR)/resale-$(VERSION)-linux-$$arch ."; \
	  CGO_ENABLED=0 GOOS=linux GOARCH=$$arch $(GO) build -trimpath -ldflags='$(LDFLAGS)' -o $(RELEASE_DIR)/resale-$(VERSION)-linux-$$arch . || exit 1; \
	done
	cd $(RELEASE_DIR) && sha256sum resale-$(VERSION)-linux-* > SHA256SUMS
	@# the one this machine can run says its version
	@host=$(RELEASE_DIR)/resale-$(VERSION)-linux-$$($(GO) env GOHOSTARCH); \
	  if [ -x $$host ]; then $$host version; fi
	@cat $(RELEASE_DIR)/SHA256SUMS

## check-tool: resale-check (#40) for Windows, macOS and Linux on amd64 and
## arm64, static and trimmed, into bin/check-tool/ (the shop serves them at
## /download/resale-check/{os}-{arch}); CHECK_SHOP stamps the shop it sends
## to without --shop. The machine's own one then reads this machine.
CHECK_TOOL_TARGETS := linux/amd64 linux/arm64 windows/amd64 windows/arm64 darwin/amd64 darwin/arm64
CHECK_SHOP         ?=
CHECK_LDFLAGS       = -s -w -X main.version=$(VERSION) -X main.defaultShop=$(CHECK_SHOP)

check-tool:
	@mkdir -p $(CHECK_TOOL_DIR); start=$$(date +%s); pids=; \
	for t in $(CHECK_TOOL_TARGETS); do os=$${t%/*}; arch=$${t#*/}; ext=; [ $$os = windows ] && ext=.exe; \
	  CGO_ENABLED=0 GOOS=$$os GOARCH=$$arch $(GO) build -trimpath -ldflags='$(CHECK_LDFLAGS)' \
	    -o $(CHECK_TOOL_DIR)/resale-check-$$os-$$arch$$ext ./cmd/resale-check & pids="$$pids $$!"; \
	done; fail=0; for p in $$pids; do wait $$p || fail=1; done; [ $$fail = 0 ]; \
	for f in $(CHECK_TOOL_DIR)/resale-check-*; do printf '%s %s bytes\n' "$$f" "$$(stat -c %s $$f)"; done; \
	echo "check-tool: $$(echo $(CHECK_TOOL_TARGETS) | wc -w) targets in $$(( $$(date +%s) - start )) s"; \
	host=$(CHECK_TOOL_DIR)/resale-check-$$($(GO) env GOHOSTOS)-$$($(GO) env GOHOSTARCH); \
	if [ -x $$host ]; then $$host --json > /dev/null && echo "check-tool: $$host read this machine"; fi

# make run and make demo serve the downloads too: built once, and again
# when resale-check's code changes (6 builds at once, seconds after the
# first)
CHECK_TOOL_SOURCES := $(shell find cmd/resale-check checkreport -name '*.go' -not -name '*_test.go' 2>/dev/null)
$(CHECK_TOOL_DIR)/.built: $(CHECK_TOOL_SOURCES) go.mod go.sum
	$(MAKE) --no-print-directory check-tool
	touch $@

## web: the React app, compiled and pre-compressed into frontend/dist
web: $(DIST)/.built

$(DIST)/.built: $(WEB)/node_modules/.installed $(WEB_SOURCES)
	cd $(WEB) && $(NPM) run build
	node scripts/compress-web.mjs $(DIST)
	touch $@

$(WEB)/node_modules/.installed: $(WEB)/package.json $(WEB)/package-lock.json
	@# npm ci refuses a lock file that lacks other platforms' optional native
	@# packages (a registry mirror may not carry them); install from it then.
	@# npm ci's complaint (a hundred lines of "npm error") is kept in a
	@# temporary log, shown only if the install fails too.
	@echo "cd $(WEB) && $(NPM) ci --no-audit --no-fund || $(NPM) install --no-save --no-audit --no-fund"
	@log=$$(mktemp) && trap 'rm -f "$$log"' EXIT && cd $(WEB) && \
	  if $(NPM) ci --no-audit --no-fund >"$$log" 2>&1; then cat "$$log"; else \
	    echo "npm ci refused the lock file; installing from it with npm install"; \
	    $(NPM) install --no-save --no-audit --no-fund || { echo "npm install failed; npm ci had said:" >&2; cat "$$log" >&2; exit 1; }; \
	  fi
	$(WRITE_NODE_GOMOD)
	touch $@

# npm packages may ship Go files (flatted does): a go.mod makes node_modules
# a module of its own, which ./... (go list, go vet, go test) skips. The
# install writes it (npm ci empties the folder first); this rule writes it
# into an install made before it. frontend/ itself stays in our module:
# embed.go embeds frontend/dist.
NODE_GOMOD       := $(WEB)/node_modules/go.mod
WRITE_NODE_GOMOD  = printf '%s\n' '// npm packages, not Go: a module of their own keeps them out of ./...' 'module resale/frontend/node_modules' > $(NODE_GOMOD)
# for the targets that run go over ./... without needing the npm packages
NODE_GOMOD_IF_INSTALLED = $(if $(wildcard $(WEB)/node_modules/.installed),$(NODE_GOMOD))

$(NODE_GOMOD):
	$(WRITE_NODE_GOMOD)

# go:embed needs at least one file; an unbuilt app gets a placeholder page.
$(DIST)/index.html:
	mkdir -p $(DIST)
	echo '<!doctype html><title>Resale</title><p>The web app has not been built: run make build.' > $@

$(SQLC):
	mkdir -p $(TOOLS)
	GOBIN=$(TOOLS) CGO_ENABLED=1 $(GO) install github.com/sqlc-dev/sqlc/cmd/sqlc@$(SQLC_VERSION)
	mv $(TOOLS)/sqlc $@

$(CADDY):
	mkdir -p $(TOOLS)
	GOBIN=$(TOOLS) $(GO) install github.com/caddyserver/caddy/v2/cmd/caddy@$(CADDY_VERSION)
	mv $(TOOLS)/caddy $@

# Stripe's official API stand-in, for tests of our Stripe calls.
$(STRIPE_MOCK):
	mkdir -p $(TOOLS)
	GOBIN=$(TOOLS) $(GO) install github.com/stripe/stripe-mock@$(STRIPE_MOCK_VERSION)
	mv $(TOOLS)/stripe-mock $@

# An S3-compatible server (Versity's gateway over a folder), for tests of
# photos in object storage and of two instances sharing them.
$(S3_SERVER):
	mkdir -p $(TOOLS)
	GOBIN=$(TOOLS) $(GO) install github.com/versity/versitygw/cmd/versitygw@$(VERSITYGW_VERSION)
	mv $(TOOLS)/versitygw $@

## generate: regenerate the store's queries from sql/ and migrations/
generate: $(SQLC)
	$(SQLC) generate
	@# drop the output of query files that no longer exist
	@for f in store/internal/dbsqlc/*.sql.go; do [ -f sql/$$(basename $$f .go) ] || rm -v $$f; done

## verify: generated code fresh, formatting, vet, TypeScript, ESLint, and no
## Go package under node_modules
verify: $(SQLC) $(DIST)/index.html $(WEB)/node_modules/.installed $(NODE_GOMOD)
	$(SQLC) diff || { echo "store/internal/dbsqlc is stale: run make generate and commit it" >&2; exit 1; }
	@for f in store/internal/dbsqlc/*.sql.go; do q=sql/$$(basename $$f .go); \
	  [ -f "$$q" ] || { echo "$$f has no $$q: run make generate" >&2; exit 1; }; done
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './$(WEB)/*')); \
	  if [ -n "$$unformatted" ]; then echo "gofmt would change: $$unformatted" >&2; exit 1; fi
	@if $(GO) list ./... | grep '/node_modules/'; then \
	  echo "go list ./... sees the packages above under node_modules: $(NODE_GOMOD) should keep them out" >&2; exit 1; fi
	$(GO) vet ./...
	cd $(WEB) && $(NPM) run typecheck
	cd $(WEB) && $(NPM) run lint

## test: every test (Go on real PostgreSQL, frontend, browser when Chromium is installed)
##
## On CI's two cores the Go tests (-race, about one core and a half) run
## beside the quick checks, one at a time; the journeys then run alone
## (two Chromiums are two cores; load makes their waits flaky). The app is
## built first: Vite empties frontend/dist, which the Go tests embed. The
## journeys run even after a failure before them, so one run reports both;
## the exit status is the first failure's.
test:
	@rm -f bin/test-go.log
	$(MAKE) --no-print-directory $(DIST)/.built
	@status=0; \
	  $(MAKE) --no-print-directory -j2 --output-sync=target test-go test-checks || status=$$?; \
	  $(MAKE) --no-print-directory test-browser || { [ $$status != 0 ] || status=$$?; }; \
	  if [ $$status != 0 ] && grep -qE '^(--- FAIL|FAIL|panic:)' bin/test-go.log 2>/dev/null; then \
	    echo; echo "go tests: what failed (bin/test-go.log has it all)"; \
	    grep -E '^\s*(--- FAIL|FAIL|panic:|WARNING: DATA RACE)|_test\.go:[0-9]+:|race detected' bin/test-go.log | head -40 || true; \
	  fi; \
	  exit $$status

# what make test runs beside the Go tests
test-checks: verify vulncheck check-tool test-fuzz test-web test-budget image-test

# -timeout: the api and demo packages take minutes with -race, and on a
# busy machine passed Go's default ten (a panic mid-test)
test-go: $(DIST)/index.html $(NODE_GOMOD_IF_INSTALLED) $(STRIPE_MOCK) $(S3_SERVER) $(PROMTOOL) $(CADDY)
	@mkdir -p bin
	TEST_DATABASE_URL=$$(scripts/dev-db postgres) STRIPE_MOCK_BIN=$(STRIPE_MOCK) S3_SERVER_BIN=$(S3_SERVER) PROMTOOL=$(PROMTOOL) CADDY_BIN=$(CADDY) $(GO) test -race -count=1 -timeout 25m ./... 2>&1 | tee bin/test-go.log

# promtool alone, unpacked from Debian's prometheus package: installing the
# package would also start a Prometheus server, which tests do not want.
$(PROMTOOL):
	mkdir -p $(TOOLS)
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && cd $$tmp && \
	  { apt-get download prometheus >/dev/null 2>&1 || { apt-get update -qq && apt-get download prometheus; }; } && \
	  dpkg-deb -x prometheus_*.deb x && install -m 0755 x/usr/bin/promtool $@.tmp && mv $@.tmp $@
	$@ --version | head -1

# Go's vulnerability checker, from the Go module proxy.
$(GOVULNCHECK):
	mkdir -p $(TOOLS)
	GOBIN=$(TOOLS) $(GO) install golang.org/x/vuln/cmd/govulncheck@$(GOVULNCHECK_VERSION)
	mv $(TOOLS)/govulncheck $@

# The offline copy of the vulnerability database, for a machine that cannot
# reach vuln.go.dev (../shared/vulndb/README.md).
VULNDB_OFFLINE ?= $(CURDIR)/../shared/vulndb/govulndb.tar.xz

## vulncheck: known vulnerabilities in the code we call, from vuln.go.dev
## or else the offline copy; a finding in called code fails. With neither
## (a network without vuln.go.dev) it says so loudly and passes, except in
## CI (CI set), where it fails.
vulncheck: $(GOVULNCHECK) $(DIST)/index.html $(NODE_GOMOD_IF_INSTALLED)
	@mkdir -p $(TOOLS); if curl -fsS -m 5 -o $(TOOLS)/vuln.go.dev-db.json https://vuln.go.dev/index/db.json 2>/dev/null; then \
	  db=https://vuln.go.dev; index=$(TOOLS)/vuln.go.dev-db.json; \
	else \
	  if [ ! -f "$(VULNDB_OFFLINE)" ]; then \
	    if [ -n "$${CI:-}" ]; then echo "vulncheck: vuln.go.dev is unreachable and there is no offline copy at $(VULNDB_OFFLINE)" >&2; exit 1; fi; \
	    printf '\n%s\n%s\n%s\n%s\n\n' \
	      "******************************************************************************" \
	      "vulncheck: NOT CHECKED: vuln.go.dev is unreachable and there is no offline copy" \
	      "at $(VULNDB_OFFLINE); going on (CI fails here)." \
	      "******************************************************************************" >&2; \
	    exit 0; \
	  fi; \
	  dir=$(TOOLS)/govulndb-$$(stat -c %Y "$(VULNDB_OFFLINE)"); \
	  if [ ! -f $$dir/index/db.json ]; then \
	    tmp=$$(mktemp -d $(TOOLS)/govulndb-unpacking.XXXXXX); tar -xJf "$(VULNDB_OFFLINE)" -C $$tmp; \
	    mv -T $$tmp/govulndb $$dir 2>/dev/null || true; rm -rf $$tmp; \
	  fi; \
	  db=file://$$dir; index=$$dir/index/db.json; \
	fi; \
	echo "vulncheck: database $$db, modified $$(sed -n 's/.*"modified" *: *"\([^"]*\)".*/\1/p' $$index)"; \
	$(GOVULNCHECK) -db $$db ./...

# the fuzz targets, as package:target:inputs-for-the-brief-run-in-make-test
FUZZ_TARGETS := ./media:FuzzProcess:3000x ./api:FuzzDecodeJSON:20000x ./auth:FuzzTokenParse:20000x ./laptopwords:FuzzParse:20000x
FUZZ_TIME    ?= 60s

## fuzz: run every fuzz target for FUZZ_TIME each
fuzz: $(DIST)/index.html
	@for t in $(FUZZ_TARGETS); do pkg=$${t%%:*}; rest=$${t#*:}; name=$${rest%%:*}; \
	  echo "fuzz $$name ($(FUZZ_TIME))"; \
	  $(GO) test -run='^$$' -fuzz="^$$name$$" -fuzztime=$(FUZZ_TIME) $$pkg || exit 1; done

# make test fuzzes briefly by a count of inputs, not a time: a timed run on a
# busy machine can end with a spurious "context deadline exceeded"
test-fuzz: $(DIST)/index.html
	@for t in $(FUZZ_TARGETS); do pkg=$${t%%:*}; rest=$${t#*:}; name=$${rest%%:*}; n=$${rest#*:}; \
	  echo "fuzz $$name ($$n)"; \
	  $(GO) test -run='^$$' -fuzz="^$$name$$" -fuzztime=$$n $$pkg || exit 1; done

test-web: $(WEB)/node_modules/.installed
	cd $(WEB) && $(NPM) test

# the first page's JavaScript stays within its budget (the app's build)
test-budget: $(DIST)/.built
	cd $(WEB) && $(NPM) run budget

# The journeys' Stripe is the Go stand-in the Go tests use, as a process.
FAKE_STRIPE := bin/fakestripe

$(FAKE_STRIPE): $(GO_SOURCES)
	$(GO) build -o $@ ./payments/stripetest/cmd/fakestripe

# Their SSLCommerz (bKash, Nagad...) is the Go tests' stand-in too.
FAKE_SSLCOMMERZ := bin/fakesslcommerz

$(FAKE_SSLCOMMERZ): $(GO_SOURCES)
	$(GO) build -o $@ ./payments/sslcommerztest/cmd/fakesslcommerz

# The mail journeys' SMTP server is the Go tests' in-test one, as a process.
MAIL_CATCHER := bin/mailcatcher

$(MAIL_CATCHER): $(GO_SOURCES)
	$(GO) build -o $@ ./mail/mailtest/cmd/mailcatcher

# Their SMS gateway (#35) is the Go tests' stand-in too.
FAKE_SMS := bin/fakesms

$(FAKE_SMS): $(GO_SOURCES)
	$(GO) build -o $@ ./sms/smstest/cmd/fakesms

# Their push service (#37) is the Go tests' stand-in too.
FAKE_PUSH := bin/fakepush

$(FAKE_PUSH): $(GO_SOURCES)
	$(GO) build -o $@ ./push/pushtest/cmd/fakepush

test-browser: $(BIN) $(FAKE_STRIPE) $(FAKE_SSLCOMMERZ) $(MAIL_CATCHER) $(FAKE_SMS) $(FAKE_PUSH)
	@if [ -x /usr/bin/chromium ]; then \
	  TEST_DATABASE_URL=$$(scripts/dev-db postgres) RESALE_BIN=$(CURDIR)/$(BIN) FAKE_STRIPE_BIN=$(CURDIR)/$(FAKE_STRIPE) \
	  FAKE_SSLCOMMERZ_BIN=$(CURDIR)/$(FAKE_SSLCOMMERZ) MAIL_CATCHER_BIN=$(CURDIR)/$(MAIL_CATCHER) \
	  FAKE_SMS_BIN=$(CURDIR)/$(FAKE_SMS) FAKE_PUSH_BIN=$(CURDIR)/$(FAKE_PUSH) $(NPM) --prefix $(WEB) run test:browser || \
	  { node $(WEB)/scripts/journey-failures.mjs $(WEB)/test-results/journeys.json; exit 1; }; \
	else echo "test-browser: skipped, /usr/bin/chromium is not installed (apt-get install chromium)"; fi

# Compares micro-benchmark runs.
$(BENCHSTAT):
	mkdir -p $(TOOLS)
	GOBIN=$(TOOLS) $(GO) install golang.org/x/perf/cmd/benchstat@$(BENCHSTAT_VERSION)
	mv $(TOOLS)/benchstat $@

## bench: the load benchmark (wrk, 100,000 products, Lighthouse, uploads,
## a brand's page beside nginx and an Express peer) and
## the micro-benchmarks compared with bench/micro-before.txt; writes bench/results.md
bench: build $(BENCHSTAT) bench/peer/node_modules/.installed
	@command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || { echo "bench: nginx is measured beside the server: apt-get install nginx-light"; exit 1; }
	$(GO) run ./bench
	$(MAKE) bench-search
	TEST_DATABASE_URL=$$(scripts/dev-db postgres) $(GO) test -run='^$$' -bench=. -benchmem -count=6 ./api > bench/micro.txt
	{ printf '\n## Micro-benchmarks\n\n`go test -bench` on the hot paths, %s against bench/micro-before.txt (%s), compared by benchstat:\n\n```\n' \
	    "$$(git rev-parse --short HEAD)" "$$(sed -n 's/^# commit //p' bench/micro-before.txt)"; \
	  $(BENCHSTAT) before=bench/micro-before.txt now=bench/micro.txt; printf '```\n'; } >> bench/results.md
	@echo "bench/results.md written"

# The Express + pg peer measured beside the server (#38), from its lock file.
bench/peer/node_modules/.installed: bench/peer/package-lock.json
	$(NPM) ci --prefix bench/peer --no-audit --no-fund
	touch $@

## bench-parse: how many of the 657 labelled shop titles the laptop-words
## parser reads right, field by field, naming every miss
bench-parse:
	$(GO) test ./laptopwords -run='^TestLabels$$' -count=1 -v

## bench-price: the new-price guide in 5-fold cross-validation over the
## 415 priced shop laptops, beside the naive baseline (#39); a section of
## bench/results.md
bench-price:
	BENCH_PRICE=$(CURDIR)/bench/results.md $(GO) test ./priceguide -run='^TestCrossValidation$$' -count=1 -v

## bench-search: search made afresh at 10,000, 100,000 and 1,000,000 products
## (seeding the million takes minutes); a table each in bench/results.md
bench-search: build
	@fail=0; for n in 10000 100000 1000000; do $(GO) run ./bench -search-only -products $$n || fail=1; done; exit $$fail

## bench-suggest: suggestions while typing at 10,000, 100,000 and 1,000,000
## products (p99 ≤ 20 ms); a table each in bench/results.md
bench-suggest: build
	@fail=0; for n in $${SUGGEST_SIZES:-10000 100000 1000000}; do $(GO) run ./bench -suggest-only -products $$n || fail=1; done; exit $$fail

## chaos: restart a database under load and check the server answers 503, then recovers
chaos: $(DIST)/index.html
	CHAOS=1 $(GO) test -count=1 -run 'TestDatabaseRestartUnderLoad' -v . 2>&1 | grep -E '^(=== RUN|--- |PASS|FAIL|ok)|chaos_test' 

## dev: Vite with hot reload on :5173, the API proxied to a running `make run`
dev: $(WEB)/node_modules/.installed
	cd $(WEB) && $(NPM) run dev

# podman as CI's sandbox allows it: cgroupfs and runc, and no raised
# ulimits (.ci/containers.conf); all of it on the command line, none of it
# in the image. PODMAN_FLAGS adds more, e.g. --root and --runroot under
# .data/ or --storage-driver vfs where the default store cannot be used.
PODMAN_FLAGS ?=
PODMAN       := podman --cgroup-manager=cgroupfs --runtime runc $(PODMAN_FLAGS)
export CONTAINERS_CONF ?= $(CURDIR)/.ci/containers.conf

## image: the container image from bin/resale, on scratch, into podman's
## local store as resale:latest (deploy/image/Containerfile; no registry).
## No layer cache, and the image it replaces removed when this checkout
## built it (label resale.built-from): each build is 31 MB. An image built
## elsewhere (another checkout, another job on a shared host) is left alone.
IMAGE_LABEL := resale.built-from=$(CURDIR)

image: $(BIN)
	@ctx=$$(mktemp -d) && trap 'rm -rf "$$ctx"' EXIT && \
	  install -D -m 0755 $(BIN) $$ctx/rootfs/usr/local/bin/resale && \
	  install -D -m 0644 deploy/image/passwd $$ctx/rootfs/etc/passwd && \
	  install -D -m 0644 deploy/image/group $$ctx/rootfs/etc/group && \
	  install -D -m 0644 /etc/ssl/certs/ca-certificates.crt $$ctx/rootfs/etc/ssl/certs/ca-certificates.crt && \
	  mkdir -p $$ctx/data/uploads && \
	  old=$$($(PODMAN) image inspect --format '{{.Id}} {{index .Labels "resale.built-from"}}' resale:latest 2>/dev/null || true) && \
	  $(PODMAN) build --quiet --layers=false --label '$(IMAGE_LABEL)' -f deploy/image/Containerfile -t resale:latest $$ctx >/dev/null && \
	  new=$$($(PODMAN) image inspect --format '{{.Id}}' resale:latest) && \
	  { [ "$${old#* }" != "$(CURDIR)" ] || [ "$${old%% *}" = "$$new" ] || $(PODMAN) rmi "$${old%% *}" >/dev/null 2>&1 || true; } && \
	  echo "image: resale:latest, $$($(PODMAN) image inspect --format '{{.Size}}' resale:latest) bytes"

## image-test: build the image and run it on the local PostgreSQL: read-only,
## non-root, an upload volume, the size budget (image_test.go). Without
## podman it is skipped, except in CI (CI set), where it must run.
## The image is a prerequisite, not a recursive make in the recipe: a
## recipe line holding $(MAKE) runs even under make -n.
IMAGE_TEST_RUNS := $(or $(CI),$(shell command -v podman 2>/dev/null))

image-test: $(DIST)/index.html $(if $(IMAGE_TEST_RUNS),image)
ifeq ($(IMAGE_TEST_RUNS),)
	@echo "image-test: skipped, podman is not installed (apt-get install podman runc)"
else
	RESALE_IMAGE=resale:latest PODMAN="$(PODMAN)" TEST_DATABASE_URL=$$(scripts/dev-db postgres) \
	  $(GO) test -count=1 -run '^TestImage' -v .
endif

## docker: the container image from source, with Docker (needs Docker Hub)
docker:
	docker build --build-arg VERSION=$(VERSION) --build-arg COMMIT=$(COMMIT) -t resale:$(VERSION) -t resale .

## clean: remove build output (not the database or uploads in .data/)
clean:
	rm -rf bin $(RELEASE_DIR) $(DIST) $(WEB)/node_modules
