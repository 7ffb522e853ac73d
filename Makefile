# make run   — install what is missing, build (Release), start oyin
# make test  — install what is missing, build, run every test (SAN=1: ASan+UBSan build), after
#              a few seconds of each fuzz harness (fuzz-smoke)
# make web   — the browser UI into web/dist, with the engines compiled to WebAssembly (emscripten)
# make fuzz  — run each libFuzzer harness for FUZZ_SECONDS (default 60): make fuzz FUZZ_SECONDS=600
SHELL := /bin/bash
SAN ?= 0
JOBS ?= $(shell nproc)
BUILD_DIR := $(if $(filter 1,$(SAN)),build-san,build)
# ccache, when the machine has it, makes rebuilds in several checkouts cheap; it is optional.
CCACHE := $(shell command -v ccache 2>/dev/null)
CMAKE_FLAGS := -G Ninja -DCMAKE_BUILD_TYPE=$(if $(filter 1,$(SAN)),Debug,Release) $(if $(filter 1,$(SAN)),-DOYIN_SANITIZE=ON,) \
	$(if $(CCACHE),-DCMAKE_CXX_COMPILER_LAUNCHER=$(CCACHE),)
APT_PACKAGES := g++ cmake ninja-build pkg-config libgtest-dev libgmock-dev libbenchmark-dev \
	libcli11-dev nlohmann-json3-dev libsqlite3-dev libsodium-dev gnugo \
	libboost1.81-dev chromium libpq-dev postgresql-15 libjemalloc-dev

# The fuzz build: clang with libFuzzer (its runtime is in libclang-rt-14-dev), in build-fuzz/.
FUZZ_PACKAGES := clang libclang-rt-14-dev
FUZZ_DIR := build-fuzz
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 3

# The browser's engines (WebAssembly, docs/wasm.md): Debian's emscripten in build-wasm/, one module
# per game copied into web/src/engine/wasm/ for Vite. Its JS optimiser runs under node and finds
# Debian's node-acorn through NODE_PATH.
WEB_PACKAGES := emscripten
WASM_DIR := build-wasm
WASM_ENV := NODE_PATH=/usr/share/nodejs

.PHONY: all deps build web wasm web-deps run test bench clean loadtest fuzz-deps fuzz-build fuzz fuzz-smoke

all: build web

deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg -s $$p 2>/dev/null | grep -q '^Status: install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

fuzz-deps:
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(FUZZ_PACKAGES)"

$(FUZZ_DIR)/build.ninja: CMakeLists.txt fuzz/CMakeLists.txt | deps fuzz-deps
	cmake -S . -B $(FUZZ_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DOYIN_FUZZ=ON \
	  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ $(if $(CCACHE),-DCMAKE_CXX_COMPILER_LAUNCHER=$(CCACHE),)

# Only the harnesses and the libraries they link.
fuzz-build: deps fuzz-deps $(FUZZ_DIR)/build.ninja
	cmake --build $(FUZZ_DIR) -j $(JOBS) --target fuzz_all

fuzz: fuzz-build
	fuzz/run.sh $(FUZZ_DIR) $(FUZZ_SECONDS)

# Part of make test: a crash on a seed (or within seconds of one) never lands.
fuzz-smoke: fuzz-build
	fuzz/run.sh $(FUZZ_DIR) $(FUZZ_SMOKE_SECONDS)

$(BUILD_DIR)/build.ninja: CMakeLists.txt | deps
	cmake -S . -B $(BUILD_DIR) $(CMAKE_FLAGS)

build: deps $(BUILD_DIR)/build.ninja
	cmake --build $(BUILD_DIR) -j $(JOBS)

# The browser UI (web/, Vite + TypeScript) is built into web/dist, which `oyin serve` serves.
web/node_modules/.package-lock.json: web/package-lock.json
	cd web && npm ci --no-audit --no-fund

web-deps:
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(WEB_PACKAGES)"

$(WASM_DIR)/build.ninja: CMakeLists.txt cmake/wasm.cmake cmake/wasm_deps.cmake | deps web-deps
	$(WASM_ENV) emcmake cmake -S . -B $(WASM_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Release -DOYIN_WASM=ON \
	  $(if $(CCACHE),-DCMAKE_CXX_COMPILER_LAUNCHER=$(CCACHE),)

# Only the rules, search and registry layers and the engine modules.
wasm: deps web-deps $(WASM_DIR)/build.ninja
	$(WASM_ENV) cmake --build $(WASM_DIR) -j $(JOBS) --target oyin_engines
	mkdir -p web/src/engine/wasm
	cp $(WASM_DIR)/out/oyin_engine_*.mjs $(WASM_DIR)/out/oyin_engine_*.wasm web/src/engine/wasm/

web: web/node_modules/.package-lock.json wasm
	cd web && npm run build

run: build web
	mkdir -p data
	./$(BUILD_DIR)/oyin import data/base/tojmot-computer.pgn data/base/capgo-computer.sgf --source computer --db data/oyin.sqlite --quiet
	./$(BUILD_DIR)/oyin serve --host 127.0.0.1 --port 8080 --db data/oyin.sqlite --web web/dist

loadtest: build
	node web/scripts/loadtest.mjs

test: build web fuzz-smoke
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS) --timeout 900

bench: build
	./$(BUILD_DIR)/oyin_bench

clean:
	rm -rf build build-san $(FUZZ_DIR) $(WASM_DIR)
