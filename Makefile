# make run   — install what is missing, build (Release), start oyin
# make test  — install what is missing, build, run every test (SAN=1: ASan+UBSan build)
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
	libboost1.81-dev chromium

.PHONY: all deps build web run test bench clean loadtest

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

$(BUILD_DIR)/build.ninja: CMakeLists.txt | deps
	cmake -S . -B $(BUILD_DIR) $(CMAKE_FLAGS)

build: deps $(BUILD_DIR)/build.ninja
	cmake --build $(BUILD_DIR) -j $(JOBS)

# The browser UI (web/, Vite + TypeScript) is built into web/dist, which `oyin serve` serves.
web/node_modules/.package-lock.json: web/package-lock.json
	cd web && npm ci --no-audit --no-fund

web: web/node_modules/.package-lock.json
	cd web && npm run build

run: build web
	mkdir -p data
	./$(BUILD_DIR)/oyin serve --host 127.0.0.1 --port 8080 --db data/oyin.sqlite --web web/dist

loadtest: build
	node web/scripts/loadtest.mjs

test: build web
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS) --timeout 900

bench: build
	./$(BUILD_DIR)/oyin_bench

clean:
	rm -rf build build-san
