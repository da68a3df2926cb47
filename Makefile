# kata: two commands on a fresh clone.
#   make run   installs what is missing, builds, and shows the next exercise
#   make test  installs what is missing, builds, and runs every test
#   make room  builds the classroom server (kata-room, its own package in Room/), which `kata room serve` runs
SWIFT ?= swift
# No index store: nothing of a learner's reads it (sourcekit-lsp indexes in its own folder), and writing it costs a
# first build about a tenth of its CPU (docs/PERFORMANCE.md). Every build here passes it, so that no two of them
# build the same module twice with different flags.
BUILD = $(SWIFT) build --disable-index-store
BIN = $(shell $(SWIFT) build --show-bin-path 2>/dev/null)
ROOM_BIN = $(shell $(SWIFT) build --package-path Room --show-bin-path 2>/dev/null)

.PHONY: all setup setup-room build run room test test-room lint verify bench bench-room bench-first-build \
	release release-room clean

all: build

setup:
	@scripts/setup.sh

# The room server stores the room in SQLite through GRDB, which needs Debian's libsqlite3-dev to build.
setup-room:
	@scripts/setup.sh libsqlite3-dev

build: setup
	$(BUILD) --product kata

run: build
	@KATA_LAUNCHER="$(CURDIR)/kata" "$(BIN)/kata" next

room: setup-room
	$(BUILD) --package-path Room --product kata-room
	@echo "Built $(ROOM_BIN)/kata-room; kata room serve runs it."

test: setup-room lint
	$(BUILD) --build-tests
	$(SWIFT) test --skip-build
	$(MAKE) --no-print-directory test-room
	@scripts/setup-site-tests.sh
	KATA_BIN="$(BIN)/kata" Tests/Site/run-site-tests.sh
	KATA_BIN="$(BIN)/kata" KATA_ROOM_BIN="$(ROOM_BIN)/kata-room" Tests/Room/run-room-tests.sh
	"$(BIN)/kata" verify

# The room's Swift tests, in its own package (Room/), against the kata this package built.
test-room: setup-room
	$(BUILD) --product kata
	$(BUILD) --package-path Room --build-tests
	KATA_BIN="$(BIN)/kata" $(SWIFT) test --package-path Room --skip-build

lint:
	$(SWIFT) format lint --strict --recursive --configuration .swift-format Sources Tests Room/Sources Room/Tests

verify: build
	"$(BIN)/kata" verify

bench: setup
	bench/run.sh

bench-room: setup-room
	bench/room.sh

bench-first-build: setup
	bench/first-build.sh

release: setup
	$(BUILD) -c release --product kata

release-room: setup-room
	$(BUILD) --package-path Room -c release --product kata-room

clean:
	rm -rf .build Room/.build
