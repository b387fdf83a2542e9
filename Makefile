# Builds the release binary where OpenBench-style tooling wants it:
#   make EXE=/path/to/ludex-dev
# CPU-specific tuning belongs here, not in Cargo.toml, so the default build runs
# anywhere: `make native EXE=...` builds for the machine it runs on.

EXE ?= ludex
CARGO ?= cargo

.PHONY: all native bench clean

all:
	$(CARGO) build --release
	cp target/release/ludex $(EXE)

native:
	RUSTFLAGS="-C target-cpu=native" $(CARGO) build --release
	cp target/release/ludex $(EXE)

bench: all
	$(abspath $(EXE)) bench

clean:
	$(CARGO) clean
