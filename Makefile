# kata: two commands on a fresh clone.
#   make run   installs what is missing, builds, and shows the next exercise
#   make test  installs what is missing, builds, and runs every test
SWIFT ?= swift
BIN = $(shell $(SWIFT) build --show-bin-path 2>/dev/null)

.PHONY: all setup build run test lint verify bench release clean

all: build

setup:
	@scripts/setup.sh

build: setup
	$(SWIFT) build --product kata

run: build
	@KATA_LAUNCHER="$(CURDIR)/kata" "$(BIN)/kata" next

test: setup lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	@scripts/setup-site-tests.sh
	KATA_BIN="$(BIN)/kata" Tests/Site/run-site-tests.sh
	"$(BIN)/kata" verify

lint:
	$(SWIFT) format lint --strict --recursive --configuration .swift-format Sources Tests

verify: build
	"$(BIN)/kata" verify

bench: setup
	bench/run.sh

release: setup
	$(SWIFT) build -c release --product kata

clean:
	rm -rf .build
