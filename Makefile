# Proofsheet — the two commands are `make demo` and `make test` (see README).
PREFIX ?= /usr/local
SWIFT ?= swift
SCENES := $(wildcard Assets/Scenes/*.json)
## Release builds link the Swift runtime and Foundation into the executables: a one-shot
## `proofsheet render` then starts in about half the time (no dozen shared libraries to load and
## bind). Build release products with the same flags, or SwiftPM rebuilds everything.
RELEASE := $(SWIFT) build -c release --static-swift-stdlib

.PHONY: deps build release demo test seeds clean-clone lint format bench fuzz leaks tsan install uninstall deb clean

## Install missing system packages and fonts (idempotent).
deps:
	@bash scripts/install-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(RELEASE) --product proofsheet
	$(RELEASE) --product ProofsheetUIRuntime

## Install what is missing, build, and render the example scenes into Output/.
demo: release
	@mkdir -p Output
	.build/release/proofsheet render $(SCENES) --all-stills --out-dir Output --format png --format svg --format pdf
	.build/release/proofsheet render Assets/Scenes/travel-deck.json --device "iPhone 14" --scale 3 -o Output/travel-deck@3x.png
	.build/release/proofsheet render Assets/Scenes/travel-deck.json --device "iPhone SE" -o Output/travel-deck-iphone-se.png
	.build/release/proofsheet render Assets/Scenes/travel-deck.json --device "iPhone 15 Pro Max" -o Output/travel-deck-iphone-15-pro-max.png
	@for scene in $(SCENES); do \
		for timeline in $$(.build/release/proofsheet stills $$scene --timelines); do \
			.build/release/proofsheet frames $$scene --timeline $$timeline --scale 1 --fps 30 -q || exit 1; \
			.build/release/proofsheet strip $$scene --timeline $$timeline --scale 1 -q || exit 1; \
			.build/release/proofsheet storyboard $$scene --timeline $$timeline -q || exit 1; \
			.build/release/proofsheet storyboard $$scene --timeline $$timeline -q -o Output/$$(basename $$scene .json).$$timeline.storyboard.pdf || exit 1; \
			.build/release/proofsheet animate $$scene --timeline $$timeline -q || exit 1; \
		done; \
	done
	.build/release/proofsheet swiftui Sources/SwiftUIExamples --strips -q -o Output/swiftui-examples
	.build/release/proofsheet gallery $(SCENES) --device "iPhone SE" --device "iPhone 14" --device "iPhone 15 Pro Max" --chrome on -o Output/gallery
	@echo "Rendered into Output/ (every timeline frame by frame in Output/<scene>.<timeline>/, as a contact sheet in Output/<scene>.<timeline>.strip.png, as a storyboard in Output/<scene>.<timeline>.storyboard.svg and .pdf, and as an animated PNG in Output/<scene>.<timeline>.animated.png; the SwiftUI example screens' previews in Output/swiftui-examples/; every still on three devices with an overview in Output/gallery/)"

## Install what is missing, check the formatting, and run every test (warnings are errors). The
## release binary is built too: the hostile-input table runs its heavy cases through it, named
## by path (so whatever was built before, `make demo` included, the table uses this one).
test: deps lint
	$(SWIFT) build --build-tests
	$(RELEASE) --product proofsheet
	$(RELEASE) --product ProofsheetUIRuntime
	# The tests' temporary folders go in one folder of their own, removed when they end.
	scratch="$$(mktemp -d "$${TMPDIR:-/tmp}/proofsheet-test-run.XXXXXX")" && \
	  PROOFSHEET_RELEASE_BINARY="$(CURDIR)/.build/release/proofsheet" TMPDIR="$$scratch" $(SWIFT) test --skip-build; \
	  status=$$?; rm -rf "$$scratch"; exit $$status

## The README's two commands in their order, `make demo` then `make test`, on a fresh clone of
## HEAD in a temporary folder (slow: a whole build from nothing; not part of `make test`).
clean-clone:
	bash scripts/clean-clone-check.sh

## The formatting check (`swift format` with the checked-in .swift-format); `make format` fixes it.
FORMATTED := Package.swift Sources Tests
lint:
	$(SWIFT) format lint --strict --recursive --configuration .swift-format $(FORMATTED)

format:
	$(SWIFT) format format --in-place --recursive --configuration .swift-format $(FORMATTED)

## The seeds' own SwiftUI code drawn by `proofsheet swiftui` and compared with the scene files
## (stills pixel for pixel, timelines frame for frame): make seeds SEEDS=<folder of the seed texts>
seeds: release
	bash scripts/seeds/check.sh "$(SEEDS)"

## Benchmarks (release build): per-frame layout / raster / encode times and sizes, the diff, one
## scene in many states against a one-shot render, text on one thread against two, and at the
## end one table of every figure as a ratio against its anchor (lean C programs, rsvg-convert).
bench: deps
	$(RELEASE) --product proofsheet
	$(RELEASE) --product ProofsheetBench
	$(RELEASE) --product DiffReference
	$(RELEASE) --product FramesReference
	.build/release/ProofsheetBench

## Hardening tools (not part of `make test` or CI; see README, "Hardening tools").
## libFuzzer + AddressSanitizer on the parsers and decoders, SECONDS per target.
SECONDS ?= 60
fuzz: deps
	bash scripts/hardening/fuzz.sh $(SECONDS) $(TARGETS)

## valgrind memcheck on the release CLI: every example scene to PNG, SVG and PDF, and a diff.
leaks: deps
	bash scripts/hardening/leaks.sh

## ThreadSanitizer on one Renderer shared by many threads (ROUNDS x 4 scenes x 3 formats).
ROUNDS ?= 4
tsan: deps
	bash scripts/hardening/tsan.sh $(ROUNDS)

## Install the release binary with its assets, documents and shell completions under PREFIX
## (DESTDIR for staged installs); the binary finds its assets from its own location.
install: release
	@bash scripts/install.sh "$(DESTDIR)$(PREFIX)" .build/release/proofsheet

uninstall:
	rm -rf "$(DESTDIR)$(PREFIX)/share/proofsheet" "$(DESTDIR)$(PREFIX)/share/doc/proofsheet"
	rm -f "$(DESTDIR)$(PREFIX)/bin/proofsheet" "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/proofsheet" \
	  "$(DESTDIR)$(PREFIX)/share/zsh/vendor-completions/_proofsheet" "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/proofsheet.fish"

## A Debian package of the release binary (.build/proofsheet_VERSION_ARCH.deb), its library and
## font dependencies declared: `apt-get install ./.build/proofsheet_*.deb` on Debian 12.
deb: release
	@bash scripts/make-deb.sh .build/release/proofsheet .build

clean:
	rm -rf .build Output/*.png Output/*.svg Output/*.pdf
