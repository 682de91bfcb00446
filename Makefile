# pocketwar - build, test, run.
#   make            build/pocketwar (optimised, -Werror)
#   make run        install what is missing, build, start the game server (pocketwar serve)
#   make check      install what is missing, build, run every test under ASan+UBSan
#                   (and the browser app in headless Chromium)
#   make bench      engine speed figures (pocketwar bench), the lab's throughput
#                   (pocketwar lab bench) and scaling on jobs and MPI ranks
#                   (bench/lab_scaling.sh), and the server's load bench
#   make deps       install the Debian packages the build needs (apt-get)
#   make mpi        build/pocketwar-mpi: the lab's runs spread over Open MPI ranks
#                   (installs Debian's Open MPI first; docs/lab.md)
#   make fuzz       fuzz every reader of untrusted input for FUZZ_SECONDS each
#                   (libFuzzer; docs/fuzzing.md); make check runs a short smoke
#   make install    build/pocketwar's twin into $(PREFIX)/bin (default /usr/local), the data
#                   into $(PREFIX)/share/pocketwar (DESTDIR for staging); make uninstall

CC      ?= cc
PKGS    := libjansson-dev libcmocka-dev pkg-config gcc make libxml2-utils clang libclang-rt-dev \
           libcivetweb-dev libsqlite3-dev curl jq sqlite3 chromium nodejs libgsl-dev
DEPLIBS := jansson sqlite3 gsl
WARN    := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
           -Wpointer-arith -Wformat=2 -Wundef -Wvla -Wno-unused-parameter
BASEFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -ffp-contract=off -pthread $(WARN)
# The layers, kept by the compiler: each folder sees its own headers and those of the layers
# below it, never one above, so an include that runs the wrong way fails to build
# (docs/architecture.md). A rule set's own header is found beside its files; no other folder
# is given it. support/ holds what the tests and the benchmarks share.
INC_engine  := -Isrc/engine
INC_rules   := $(INC_engine)
INC_ai      := $(INC_engine) -Isrc/ai
INC_lab     := $(INC_ai) -Isrc/lab
INC_server  := $(INC_ai) -Isrc/server
INC_cli     := $(INC_server) -Isrc/lab -Isrc/cli -Isrc/cli/play -Isrc/cli/proto -Isrc/cli/tools
INC_support := -Isupport
INC_bench   := $(INC_support)
INC_tests   := $(INC_cli) $(INC_support)
INC_fuzz    := $(INC_cli)
# a source file's include paths: those of its layer, the folder under src/ or at the top
incs = $(INC_$(if $(filter src/%,$1),$(word 2,$(subst /, ,$1)),$(firstword $(subst /, ,$1))))
# where the program finds its data and the browser app: the source tree's data/ and web/ for
# the binaries built here, the installed copies for the one `make install` puts in place
# (only scenario.c and srv_static.c read them)
DATAFLAG := -DPOCKETWAR_DATA_DIR='"$(CURDIR)/data"' -DPOCKETWAR_WEB_DIR='"$(CURDIR)/web"'
PREFIX  ?= /usr/local
DESTDIR ?=
SHAREDIR = $(PREFIX)/share/pocketwar
OPT     ?= -O2 -g -DNDEBUG
LDLIBS  := -lcivetweb -lm -pthread

SANFLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

ENGINE_SRC := $(wildcard src/engine/*.c)
RULES_SRC  := $(wildcard src/rules/*/*.c)
AI_SRC     := $(wildcard src/ai/*.c)
# lab_mpi.c goes only into build/*/pocketwar-mpi (the ordinary program links no MPI)
LAB_SRC    := $(filter-out src/lab/lab_mpi.c,$(wildcard src/lab/*.c))
CLI_SRC    := $(wildcard src/cli/*.c src/cli/*/*.c)
SERVER_SRC := $(wildcard src/server/*.c)
LIB_SRC    := $(ENGINE_SRC) $(RULES_SRC) $(AI_SRC) $(LAB_SRC) $(SERVER_SRC) \
              $(filter-out src/cli/main.c,$(CLI_SRC))
TEST_SRC   := $(wildcard tests/test_*.c)
TEST_SUPPORT := $(filter-out $(TEST_SRC),$(wildcard tests/*.c))

# a build flavour: objects under build/<flavour>/
REL_OBJ := $(patsubst %.c,build/rel/%.o,$(LIB_SRC))
SAN_OBJ := $(patsubst %.c,build/san/%.o,$(LIB_SRC))

.PHONY: all run check test bench deps mpi mpi-deps clean tests-san browser-deps fuzz fuzz-build fuzz-smoke install uninstall FORCE

all: build/pocketwar

deps:
	@missing=""; for p in $(PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	command -v npm >/dev/null || missing="$$missing npm"; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq $$missing; \
	fi

# Open MPI (Debian's), for build/pocketwar-mpi and its test only
MPI_PKGS := libopenmpi-dev openmpi-bin
mpi-deps:
	@missing=""; for p in $(MPI_PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq $$missing; \
	fi

build/rel/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(call incs,$<) $(DATAFLAG) $(OPT) $$(pkg-config --cflags $(DEPLIBS)) -MMD -MP -c $< -o $@

build/san/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(call incs,$<) $(DATAFLAG) $(SANFLAGS) $$(pkg-config --cflags $(DEPLIBS)) -MMD -MP -c $< -o $@

# the installed program: the same objects, but its data under $(SHAREDIR); rebuilt at every
# install, so that a new PREFIX is never missed
build/inst/scenario.o: src/engine/scenario.c FORCE
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(INC_engine) -DPOCKETWAR_DATA_DIR='"$(SHAREDIR)"' $(OPT) $$(pkg-config --cflags $(DEPLIBS)) -c $< -o $@

build/inst/srv_static.o: src/server/srv_static.c FORCE
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(INC_server) -DPOCKETWAR_WEB_DIR='"$(SHAREDIR)/web"' $(OPT) $$(pkg-config --cflags $(DEPLIBS)) -c $< -o $@

build/inst/pocketwar: $(filter-out build/rel/src/engine/scenario.o build/rel/src/server/srv_static.o,$(REL_OBJ)) \
                      build/inst/scenario.o build/inst/srv_static.o build/rel/src/cli/main.o
	$(CC) $(BASEFLAGS) $(OPT) $^ -o $@ $$(pkg-config --libs $(DEPLIBS)) $(LDLIBS)

install: build/inst/pocketwar
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(SHAREDIR)
	install -m 755 build/inst/pocketwar $(DESTDIR)$(PREFIX)/bin/pocketwar
	cp -R data/. $(DESTDIR)$(SHAREDIR)/
	install -d $(DESTDIR)$(SHAREDIR)/web
	cp -R web/. $(DESTDIR)$(SHAREDIR)/web/
	@echo "installed $(DESTDIR)$(PREFIX)/bin/pocketwar (data in $(DESTDIR)$(SHAREDIR))"

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/pocketwar
	rm -rf $(DESTDIR)$(SHAREDIR)

FORCE:

build/pocketwar: $(REL_OBJ) build/rel/src/cli/main.o
	$(CC) $(BASEFLAGS) $(OPT) $^ -o $@ $$(pkg-config --libs $(DEPLIBS)) $(LDLIBS)

build/san/pocketwar: $(SAN_OBJ) build/san/src/cli/main.o
	$(CC) $(BASEFLAGS) $(SANFLAGS) $^ -o $@ $$(pkg-config --libs $(DEPLIBS)) $(LDLIBS)

# build/pocketwar-mpi: the same objects, main.c's main renamed for lab_mpi.c's to call on
# rank 0, and Open MPI's flags from its compiler wrapper; build/san/pocketwar-mpi is the
# twin under ASan+UBSan that make check tests (tests/cli_lab_mpi.sh)
MPI_CFLAGS = $$(mpicc --showme:compile)
MPI_LIBS   = $$(mpicc --showme:link)
build/%/mpi/main.o: src/cli/main.c
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(INC_cli) $(if $(filter san,$*),$(SANFLAGS),$(OPT)) $$(pkg-config --cflags $(DEPLIBS)) \
	  -Dmain=pocketwar_main -Wno-missing-prototypes -MMD -MP -c $< -o $@
build/%/mpi/lab_mpi.o: src/lab/lab_mpi.c
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(INC_cli) $(if $(filter san,$*),$(SANFLAGS),$(OPT)) $$(pkg-config --cflags $(DEPLIBS)) \
	  $(MPI_CFLAGS) -MMD -MP -c $< -o $@
build/pocketwar-mpi: $(REL_OBJ) build/rel/mpi/main.o build/rel/mpi/lab_mpi.o
	$(CC) $(BASEFLAGS) $(OPT) $^ -o $@ $$(pkg-config --libs $(DEPLIBS)) $(MPI_LIBS) $(LDLIBS)
build/san/pocketwar-mpi: $(SAN_OBJ) build/san/mpi/main.o build/san/mpi/lab_mpi.o
	$(CC) $(BASEFLAGS) $(SANFLAGS) $^ -o $@ $$(pkg-config --libs $(DEPLIBS)) $(MPI_LIBS) $(LDLIBS)

mpi: mpi-deps
	$(MAKE) build/pocketwar-mpi

# each tests/test_X.c is one cmocka program, linked with the library objects
SAN_TESTS := $(patsubst tests/%.c,build/san/tests/%,$(TEST_SRC))
SAN_SUPPORT := $(patsubst %.c,build/san/%.o,$(TEST_SUPPORT) support/http_client.c)
build/san/tests/%: build/san/tests/%.o $(SAN_SUPPORT) $(SAN_OBJ)
	$(CC) $(BASEFLAGS) $(SANFLAGS) $^ -o $@ $$(pkg-config --libs $(DEPLIBS)) -lcmocka $(LDLIBS)

tests-san: $(SAN_TESTS) build/san/pocketwar

run: deps
	$(MAKE) build/pocketwar
	./build/pocketwar serve

check: deps mpi-deps browser-deps
	$(MAKE) -j2 build/pocketwar tests-san fuzz-build build/pocketwar-mpi build/san/pocketwar-mpi
	./tests/run.sh build/san
	./fuzz/run.sh build/fuzz $(FUZZ_SMOKE_SECONDS)

test: check

# the browser tests' driver (puppeteer-core, pinned by tests/browser/package-lock.json)
browser-deps: tests/browser/node_modules/.package-lock.json
tests/browser/node_modules/.package-lock.json: tests/browser/package.json tests/browser/package-lock.json
	cd tests/browser && npm ci --no-audit --no-fund

bench: deps mpi-deps
	$(MAKE) build/pocketwar build/serve_load build/pocketwar-mpi
	./build/pocketwar bench --decide-games 4
	./build/pocketwar lab bench
	./bench/lab_scaling.sh build
	./build/serve_load --server build/pocketwar

# the server's load driver: many games at once over loopback (bench/serve_load.c)
build/serve_load: bench/serve_load.c support/http_client.c support/http_client.h
	$(CC) $(BASEFLAGS) $(INC_bench) $(OPT) $$(pkg-config --cflags jansson) bench/serve_load.c \
	  support/http_client.c -o $@ $$(pkg-config --libs jansson) -lm -pthread

# ---- fuzzing (clang's libFuzzer, under ASan+UBSan) -----------------------------------
# each fuzz/fuzz_NAME.c is one harness, run on fuzz/corpus/NAME/ (docs/fuzzing.md)
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 300
FUZZ_SMOKE_SECONDS ?= 8
FUZZFLAGS := -O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer \
             -fno-sanitize-recover=all -Ifuzz
FUZZ_SRC  := $(wildcard fuzz/fuzz_*.c)
FUZZ_BIN  := $(patsubst fuzz/%.c,build/fuzz/%,$(FUZZ_SRC))
FUZZ_OBJ  := $(patsubst %.c,build/fuzz/%.o,$(LIB_SRC) fuzz/common.c)
# kept after linking, so that a new harness does not rebuild them all
.SECONDARY: $(FUZZ_OBJ)

build/fuzz/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(BASEFLAGS) $(call incs,$<) $(DATAFLAG) $(FUZZFLAGS) $$(pkg-config --cflags $(DEPLIBS)) -MMD -MP -c $< -o $@

build/fuzz/fuzz_%: build/fuzz/fuzz/fuzz_%.o $(FUZZ_OBJ)
	$(FUZZ_CC) $(BASEFLAGS) $(FUZZFLAGS) -fsanitize=fuzzer $^ -o $@ $$(pkg-config --libs $(DEPLIBS)) $(LDLIBS)

fuzz-build: $(FUZZ_BIN)

fuzz-smoke: deps
	$(MAKE) -j2 fuzz-build
	./fuzz/run.sh build/fuzz $(FUZZ_SMOKE_SECONDS)

fuzz: deps
	$(MAKE) -j2 fuzz-build
	./fuzz/run.sh build/fuzz $(FUZZ_SECONDS) campaign

clean:
	rm -rf build

-include $(shell find build -name '*.d' 2>/dev/null)
