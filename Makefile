SWIFT ?= swift
PREFIX ?= /usr/local

FUZZ_SECONDS ?= 60

.PHONY: build demo test test-fast format fuzz bench bench-spec-repos install clean templates man dist dist-check

build:
	$(SWIFT) build

demo:
	bash scripts/demo.sh

# The tests commit and tag in temporary repositories; compose refuses to make up an author, so the
# test run has an identity of its own (a machine's git configuration is not needed).
TEST_IDENTITY = GIT_AUTHOR_NAME="compose tests" GIT_AUTHOR_EMAIL=tests@example.com \
	GIT_COMMITTER_NAME="compose tests" GIT_COMMITTER_EMAIL=tests@example.com

# ManualPageTests make the manual page themselves (compose-manual on the built binary's dump-help): the
# test build is the only build.
test:
	bash scripts/setup.sh
	$(TEST_IDENTITY) $(SWIFT) test

fuzz:
	bash scripts/fuzz.sh $(FUZZ_SECONDS)

# Seconds once built: no git server, no build of a generated package.
test-fast:
	$(TEST_IDENTITY) $(SWIFT) test --filter '^(SpecsTests|LintTests|ResolutionTests|ComposefileFormatTests)\.'

format:
	bash scripts/format.sh

bench:
	bash bench/run.sh
	bash bench/cdn.sh
	bash bench/export.sh
	bash bench/latency.sh
	bash bench/whole-command.sh
	bash bench/install-noop.sh
	bash bench/install-podspecs.sh
	bash bench/search.sh
	bash bench/ruby-podspecs.sh
	bash bench/site.sh
	bash bench/registry.sh
	bash bench/xcode.sh

bench-spec-repos:
	bash bench/spec-repos.sh

# The manual page, $(MAN_DIR)/compose.1: `compose --experimental-dump-help` (the commands and options as
# swift-argument-parser's JSON) written as mdoc by compose-manual (Sources/ManualPage; not shipped), the
# layout of argument-parser's generate-manual. Builds compose and compose-manual in MAN_CONFIGURATION,
# nothing else. Dated by the last commit, so the page changes only with the commands.
MAN_CONFIGURATION ?= release
MAN_DIR ?= .build/man

man:
	$(SWIFT) build -c $(MAN_CONFIGURATION) --product compose
	$(SWIFT) build -c $(MAN_CONFIGURATION) --product compose-manual
	install -d $(MAN_DIR)
	bin="$$($(SWIFT) build -c $(MAN_CONFIGURATION) --show-bin-path)" && "$$bin/compose" --experimental-dump-help \
		| "$$bin/compose-manual" --date "$$(git log -1 --format=%cs 2>/dev/null || date +%F)" >$(MAN_DIR)/compose.1.tmp
	mv $(MAN_DIR)/compose.1.tmp $(MAN_DIR)/compose.1

install: man
	$(SWIFT) build -c release --product compose
	install -d $(PREFIX)/bin $(PREFIX)/share/man/man1
	install -m 0755 .build/release/compose $(PREFIX)/bin/compose
	install -m 0644 $(MAN_DIR)/compose.1 $(PREFIX)/share/man/man1/compose.1

# The Linux release archive (docs/releasing.md): dist/compose-VERSION-linux-ARCH.tar.gz and its .sha256,
# a static-stdlib build in .build-dist. The manual page goes in when this Makefile can make it (`make man`).
dist:
	if $(MAKE) -n man >/dev/null 2>&1; then $(MAKE) man; fi
	SWIFT="$(SWIFT)" bash scripts/dist.sh

# The archive in a fresh Debian 12 root (debootstrap, chroot; root and network): slow, not part of test or CI.
dist-check:
	bash scripts/dist-check.sh

clean:
	rm -rf .build .build-dist dist demo-work

templates:
	bash scripts/embed-templates.sh
