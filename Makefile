# kata: two commands on a fresh clone.
#   make run   installs what is missing, builds, and shows the next exercise
#   make test  installs what is missing, builds, and runs every test
#   make room  builds the classroom server (kata-room, its own package in Room/), which `kata room serve` runs
#   make tools builds kata's tools (kata-tools: build-site, verify, translate, room github), which make run leaves
#              out; kata builds them itself the first time one of those commands is asked for
SWIFT ?= swift
# make run writes no index store and no debug information: nothing of a learner's reads them (sourcekit-lsp
# indexes in its own folder), and they cost a first build about a tenth of its CPU each (docs/PERFORMANCE.md).
# The test builds keep both: on Linux SwiftPM's test discovery reads the index store, and a failing test's
# backtrace wants the line numbers. (So a make test after a make run compiles kata once more.)
LEARNER_BUILD = $(SWIFT) build --disable-index-store -debug-info-format none
BIN = $(shell $(SWIFT) build --show-bin-path 2>/dev/null)
ROOM_BIN = $(shell $(SWIFT) build --package-path Room --show-bin-path 2>/dev/null)

.PHONY: all setup setup-room build run tools room test test-room lint verify bench bench-room bench-first-build \
	bench-real release release-room clean

all: build

setup:
	@scripts/setup.sh

# The room server stores the room in SQLite through GRDB, which needs Debian's libsqlite3-dev to build.
setup-room:
	@scripts/setup.sh libsqlite3-dev

build: setup
	$(LEARNER_BUILD) --product kata

run: build
	@KATA_LAUNCHER="$(CURDIR)/kata" "$(BIN)/kata" next

# The same build as make run's, so that it adds kata-tools without compiling what make run compiled again.
tools: setup
	$(LEARNER_BUILD) --product kata-tools

room: setup-room
	$(SWIFT) build --package-path Room --product kata-room
	@echo "Built $(ROOM_BIN)/kata-room; kata room serve runs it."

test: setup-room lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(MAKE) --no-print-directory test-room
	@scripts/setup-site-tests.sh
	KATA_BIN="$(BIN)/kata" Tests/Site/run-site-tests.sh
	KATA_BIN="$(BIN)/kata" KATA_ROOM_BIN="$(ROOM_BIN)/kata-room" Tests/Room/run-room-tests.sh
	"$(BIN)/kata" verify

# The room's Swift tests, in its own package (Room/), against the kata this package built.
test-room: setup-room
	$(SWIFT) build --product kata
	$(SWIFT) build --package-path Room --build-tests
	KATA_BIN="$(BIN)/kata" $(SWIFT) test --package-path Room --skip-build

# swift format's rules, and no function of 80 lines or more in kata's and the room's sources (a long one is split into
# named steps).
lint:
	$(SWIFT) format lint --strict --recursive --configuration .swift-format Sources Tests Room/Sources Room/Tests
	@python3 scripts/function-length.py Sources Room/Sources

verify: build tools
	"$(BIN)/kata" verify

bench: setup
	bench/run.sh

bench-room: setup-room
	bench/room.sh

bench-first-build: setup
	bench/first-build.sh

# The fidelity benches (docs/PERFORMANCE.md): Nimble 13.8.0's own matcher tests on KataSpec, then the chapters'
# Quick and Nimble code on real Quick 7.6.2 and Nimble 13.8.0. They fetch both with SwiftPM and take minutes, which
# is why make test leaves them out. Both run even when the first falls short; make fails if either does.
bench-real: setup
	@status=0; bench/nimble-tests.sh || status=1; bench/real-quick.sh || status=1; exit $$status

release: setup
	$(SWIFT) build -c release --product kata
	$(SWIFT) build -c release --product kata-tools

release-room: setup-room
	$(SWIFT) build --package-path Room -c release --product kata-room

clean:
	rm -rf .build Room/.build
