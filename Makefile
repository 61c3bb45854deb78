SWIFT ?= swift
PREFIX ?= /usr/local

FUZZ_SECONDS ?= 60

.PHONY: build demo test test-fast format fuzz bench bench-spec-repos install clean templates

build:
	$(SWIFT) build

demo:
	bash scripts/demo.sh

test:
	bash scripts/setup.sh
	$(SWIFT) test

fuzz:
	bash scripts/fuzz.sh $(FUZZ_SECONDS)

# Seconds once built: no git server, no build of a generated package.
test-fast:
	$(SWIFT) test --filter '^(SpecsTests|LintTests|ResolutionTests|ComposefileFormatTests)\.'

format:
	bash scripts/format.sh

bench:
	bash bench/run.sh

bench-spec-repos:
	bash bench/spec-repos.sh

install:
	$(SWIFT) build -c release --product compose
	install -d $(PREFIX)/bin
	install -m 0755 .build/release/compose $(PREFIX)/bin/compose

clean:
	rm -rf .build demo-work

templates:
	bash scripts/embed-templates.sh
