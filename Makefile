# hookwrap - top-level Makefile.
#
#   make              build ./hookwrap
#   make test         run the test suite (closes with "N passed, N failed")
#   make sample       run the main job on the bundled sample tree
#   make install PREFIX=/usr/local
#   make deps         install the Debian packages hookwrap needs (as root)
#   make bench        benchmarks (docs/performance.md)

PREFIX      ?= /usr/local
LLVM_CONFIG ?= $(firstword $(wildcard /usr/bin/llvm-config-14 /usr/lib/llvm-14/bin/llvm-config) llvm-config)
LLVM_INC    := $(shell $(LLVM_CONFIG) --includedir 2>/dev/null || echo /usr/lib/llvm-14/include)
LLVM_LIB    := $(shell $(LLVM_CONFIG) --libdir 2>/dev/null || echo /usr/lib/llvm-14/lib)

CC       ?= gcc
CFLAGS   ?= -O2 -g
CFLAGS   += -std=gnu11 -Wall -Wextra -Werror=implicit-function-declaration
CPPFLAGS += -D_GNU_SOURCE -I$(LLVM_INC) -Isrc
LDFLAGS  += -L$(LLVM_LIB) -Wl,-rpath,$(LLVM_LIB)
LDLIBS   += -lclang -lsqlite3 -ljson-c

SRC_CORE := $(filter-out src/main.c,$(wildcard src/*.c))
SRC      := src/main.c $(SRC_CORE) $(wildcard checker/*.c)
OBJ      := $(SRC:%.c=build/%.o)

all: hookwrap

hookwrap: $(OBJ)
	$(CC) $(LDFLAGS) -o $@ $(OBJ) $(LDLIBS)

build/%.o: %.c $(wildcard src/*.h checker/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

deps:
	./scripts/install-deps

test: hookwrap
	./tests/run

sample: hookwrap
	./scripts/sample

bench: hookwrap
	./bench/run $(TREE)

install: hookwrap
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/hookwrap/semantic-patches
	install -m 755 hookwrap $(DESTDIR)$(PREFIX)/bin/hookwrap
	if [ -d semantic-patches ]; then cp -r semantic-patches/. $(DESTDIR)$(PREFIX)/share/hookwrap/semantic-patches/; fi

clean:
	rm -rf build hookwrap

.PHONY: all deps test sample bench install clean coccicheck

# make coccicheck M=TREE MODE=patch|report|context|org [J=n] [COCCI=rule]
# The kernel's coccicheck interface; see docs/coccicheck.md.
coccicheck: hookwrap
	@M="$(M)" MODE="$(MODE)" J="$(J)" COCCI="$(COCCI)" \
		SPFLAGS="$(SPFLAGS)" V="$(V)" ./scripts/coccicheck
