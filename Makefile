# hookwrap - top-level Makefile.
#
#   make              build ./hookwrap
#   make test         run the test suite (closes with "N passed, N failed")
#   make sample       run the main job on the bundled sample tree
#   make install PREFIX=/usr/local
#   make deps         install the Debian packages hookwrap needs (as root)
#   make bench        benchmarks (docs/performance.md)
#   make SANITIZE=1   an ASan+UBSan hookwrap in build-san/ (docs/reliability.md)
#   make test-sanitize   the whole test suite with it
#   make fuzz [FUZZ_RUNS=N]   the libFuzzer harnesses (tests/fuzz/README),
#                     in build-fuzz/; with FUZZ_RUNS, each run N times

PREFIX      ?= /usr/local
LLVM_CONFIG ?= $(firstword $(wildcard /usr/bin/llvm-config-14 /usr/lib/llvm-14/bin/llvm-config) llvm-config)
LLVM_INC    := $(shell $(LLVM_CONFIG) --includedir 2>/dev/null || echo /usr/lib/llvm-14/include)
LLVM_LIB    := $(shell $(LLVM_CONFIG) --libdir 2>/dev/null || echo /usr/lib/llvm-14/lib)

CC       ?= gcc
CFLAGS   ?= -O2 -g
CFLAGS   += -std=gnu11 -Wall -Wextra -Werror=implicit-function-declaration
CPPFLAGS += -D_GNU_SOURCE -I$(LLVM_INC) -Isrc -I.
LDFLAGS  += -L$(LLVM_LIB) -Wl,-rpath,$(LLVM_LIB)
LDLIBS   += -lclang -lsqlite3 -ljson-c

# The version: the VERSION file, the one place it is written
# (debian/changelog must match it; tests/t-install.sh holds that).
HOOKWRAP_VERSION ?= $(shell cat VERSION)
CPPFLAGS += -DHOOKWRAP_VERSION='"$(HOOKWRAP_VERSION)"'

# One folder per stage of the data flow (docs/architecture.md), in its
# order: a folder's files include headers of the folders before it only.
STAGES   := src/core src/clang src/manifest src/header src/convert \
	    checker/input checker checker/sleep checker/rules src/cmd
# Everything but main(): also linked into the fuzz harnesses.
SRC_LIB  := $(filter-out src/cmd/main.c,$(foreach d,$(STAGES),$(wildcard $(d)/*.c)))
SRC      := src/cmd/main.c $(SRC_LIB)
HDRS     := $(foreach d,$(STAGES),$(wildcard $(d)/*.h))

# SANITIZE=1: the same program with AddressSanitizer and UBSan (any
# report fatal), built apart in build-san/ so that it never mixes with
# the normal objects; build-san/hookwrap is the binary.
ifeq ($(SANITIZE),1)
BUILD    := build-san
BIN      := build-san/hookwrap
CFLAGS   += -fsanitize=address,undefined -fno-omit-frame-pointer \
	    -fno-sanitize-recover=undefined
LDFLAGS  += -fsanitize=address,undefined
else
BUILD    := build
BIN      := hookwrap
endif
OBJ      := $(SRC:%.c=$(BUILD)/%.o)

all: $(BIN)

$(BIN): $(OBJ)
	$(CC) $(LDFLAGS) -o $@ $(OBJ) $(LDLIBS)

$(BUILD)/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(BUILD)/src/core/version.o build-fuzz/src/core/version.o: VERSION

deps:
	./scripts/install-deps

test: $(BIN)
	HOOKWRAP=$(CURDIR)/$(BIN) ./tests/run

# The whole suite with the ASan+UBSan build (bench/sanitize: timed).
test-sanitize:
	./bench/sanitize

sample: hookwrap
	./scripts/sample

bench: hookwrap
	./bench/run $(TREE)

install: $(BIN)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/hookwrap/semantic-patches
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/hookwrap
	if [ -d semantic-patches ]; then cp -r semantic-patches/. $(DESTDIR)$(PREFIX)/share/hookwrap/semantic-patches/; fi

# The fuzzers: every parser of outside input, one libFuzzer harness
# each (tests/fuzz/README).  hookwrap's sources are built again with
# coverage, ASan and UBSan into build-fuzz/, apart from the others.
FUZZ_CC     ?= clang-14
FUZZ_SAN    := -fsanitize=address,undefined -fno-sanitize-recover=undefined \
	       -fno-omit-frame-pointer
FUZZ_CFLAGS := -g -O1 -std=gnu11 -Wall -Wextra -Wno-string-concatenation \
	       $(FUZZ_SAN)
FUZZERS     := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_BINS   := $(FUZZERS:%=build-fuzz/fuzz_%)
FUZZ_OBJ    := $(SRC_LIB:%.c=build-fuzz/%.o)

fuzz: $(FUZZ_BINS)
ifneq ($(FUZZ_RUNS),)
	./tests/fuzz/run $(FUZZ_RUNS) $(FUZZERS)
endif

build-fuzz/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link \
		-c -o $@ $<

build-fuzz/libhookwrap.a: $(FUZZ_OBJ)
	rm -f $@
	ar rcs $@ $(FUZZ_OBJ)

build-fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h build-fuzz/libhookwrap.a
	$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer \
		$(LDFLAGS) -o $@ $< build-fuzz/libhookwrap.a $(LDLIBS)

clean:
	rm -rf build build-san build-fuzz hookwrap

.PHONY: all deps test test-sanitize fuzz sample bench install clean coccicheck

# make coccicheck M=TREE MODE=patch|report|context|org [J=n] [COCCI=rule]
# The kernel's coccicheck interface; see docs/coccicheck.md.
coccicheck: hookwrap
	@M="$(M)" MODE="$(MODE)" J="$(J)" COCCI="$(COCCI)" \
		SPFLAGS="$(SPFLAGS)" V="$(V)" ./scripts/coccicheck
