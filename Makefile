# hookwrap - top-level Makefile.
#
#   make              build ./hookwrap
#   make test         run the test suite (closes with "N passed, N failed")
#   make sample       run the main job on the bundled sample tree
#   make man          the manual pages, from docs/man/*.scd, into build/man/
#   make install PREFIX=/usr/local [DESTDIR=...]   (docs/install.md)
#   make uninstall    the same PREFIX and DESTDIR: removes what install put
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
# LLVM_RPATH= builds without a run path (debian/rules does: Debian's
# libclang-14 is on the system's library path; lintian refuses one).
LLVM_RPATH ?= -Wl,-rpath,$(LLVM_LIB)
LDFLAGS  += -L$(LLVM_LIB) $(LLVM_RPATH)
LDLIBS   += -lclang -lsqlite3 -ljson-c

# The version: the VERSION file, the one place it is written
# (debian/changelog must match it; tests/t-install.sh holds that).
HOOKWRAP_VERSION ?= $(shell cat VERSION)
CPPFLAGS += -DHOOKWRAP_VERSION='"$(HOOKWRAP_VERSION)"'

# One folder per stage of the data flow (docs/architecture.md), in its
# order: a folder's files include headers of the folders before it only.
STAGES   := src/core src/clang src/manifest src/header src/convert \
	    checker/input checker checker/sleep checker/rules src/cmd
# Everything but the two main()s: also linked into the fuzz harnesses.
SRC_LIB  := $(filter-out src/cmd/main.c src/cmd/front.c,$(foreach d,$(STAGES),$(wildcard $(d)/*.c)))
SRC      := src/cmd/main.c $(SRC_LIB)
HDRS     := $(foreach d,$(STAGES),$(wildcard $(d)/*.h))
# The front (src/cmd/front.c): what "hookwrap" is, the program kbuild
# starts per unit.  It links no libclang and no SQLite: the files below
# are the text-only part of the checker (docs/performance.md).  It runs
# hookwrap-full, everything else, for what it cannot answer.
FRONT_SRC := src/cmd/front.c src/cmd/check_args.c src/cmd/serve_client.c \
	     $(filter-out src/core/bigstack.c,$(wildcard src/core/*.c)) \
	     src/manifest/manifest_tsv.c src/manifest/mdata.c \
	     src/manifest/policy.c checker/input/flags.c checker/prefilter.c \
	     checker/text.c checker/treefind.c checker/mcache.c checker/hcache.c

# SANITIZE=1: the same program with AddressSanitizer and UBSan (any
# report fatal), built apart in build-san/ so that it never mixes with
# the normal objects; build-san/hookwrap is the binary.
ifeq ($(SANITIZE),1)
BUILD    := build-san
BIN      := build-san/hookwrap
FULL     := build-san/hookwrap-full
CFLAGS   += -fsanitize=address,undefined -fno-omit-frame-pointer \
	    -fno-sanitize-recover=undefined
LDFLAGS  += -fsanitize=address,undefined
else
BUILD    := build
BIN      := hookwrap
FULL     := hookwrap-full
endif
OBJ      := $(SRC:%.c=$(BUILD)/%.o)
FRONT_OBJ := $(FRONT_SRC:%.c=$(BUILD)/%.o)

all: $(BIN) $(FULL)

$(FULL): $(OBJ)
	$(CC) $(LDFLAGS) -o $@ $(OBJ) $(LDLIBS)

$(BIN): $(FRONT_OBJ)
	$(CC) $(filter-out $(LLVM_RPATH),$(LDFLAGS)) -o $@ $(FRONT_OBJ)

$(BUILD)/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(BUILD)/src/core/version.o build-fuzz/src/core/version.o: VERSION

deps:
	./scripts/install-deps

test: $(BIN) $(FULL)
	HOOKWRAP=$(CURDIR)/$(BIN) ./tests/run

# The whole suite with the ASan+UBSan build (bench/sanitize: timed).
test-sanitize:
	./bench/sanitize

sample: $(BIN) $(FULL)
	./scripts/sample

bench: $(BIN) $(FULL)
	./bench/run $(TREE)

# The manual pages: written once in scdoc (docs/man/*.scd), made into
# build/man/ by scdoc (Debian's scdoc package).  Not part of "make
# all", so that hookwrap builds without scdoc; "make install" needs them.
MAN_SRC  := $(wildcard docs/man/*.scd)
MAN      := $(MAN_SRC:docs/man/%.scd=build/man/%)

man: $(MAN)

build/man/%: docs/man/%.scd VERSION
	@mkdir -p build/man
	@command -v scdoc >/dev/null || { echo "$<: error: scdoc is not installed; run ./scripts/install-deps (or apt-get install scdoc)" >&2; exit 2; }
	sed 's/@VERSION@/$(HOOKWRAP_VERSION)/g' $< | scdoc > $@.tmp
	mv $@.tmp $@

# What install puts under PREFIX, and uninstall removes: the program,
# its pages, the semantic patches, the Markdown manual.
BINDIR   := $(DESTDIR)$(PREFIX)/bin
LIBEXEC  := $(DESTDIR)$(PREFIX)/lib/hookwrap
MANDIR   := $(DESTDIR)$(PREFIX)/share/man
DATADIR  := $(DESTDIR)$(PREFIX)/share/hookwrap
DOCDIR   := $(DESTDIR)$(PREFIX)/share/doc/hookwrap
MAN1     := $(filter %.1,$(MAN))
MAN5     := $(filter %.5,$(MAN))
SPATCHES := $(wildcard semantic-patches/*)
DOCS     := $(wildcard docs/*.md)
RULEDOCS := $(wildcard docs/rules/*.md)

install: $(BIN) $(FULL) $(MAN)
	install -d $(BINDIR) $(LIBEXEC) $(MANDIR)/man1 $(MANDIR)/man5 \
		$(DATADIR)/semantic-patches $(DOCDIR)/docs/rules
	install -m 755 $(BIN) $(BINDIR)/hookwrap
	install -m 755 $(FULL) $(LIBEXEC)/hookwrap-full
	install -m 644 $(MAN1) $(MANDIR)/man1/
	install -m 644 $(MAN5) $(MANDIR)/man5/
	install -m 644 $(SPATCHES) $(DATADIR)/semantic-patches/
	install -m 644 README.md $(DOCDIR)/
	install -m 644 $(DOCS) $(DOCDIR)/docs/
	install -m 644 $(RULEDOCS) $(DOCDIR)/docs/rules/

uninstall:
	rm -f $(BINDIR)/hookwrap $(LIBEXEC)/hookwrap-full
	rm -f $(addprefix $(MANDIR)/man1/,$(notdir $(MAN1)))
	rm -f $(addprefix $(MANDIR)/man5/,$(notdir $(MAN5)))
	rm -f $(addprefix $(DATADIR)/semantic-patches/,$(notdir $(SPATCHES)))
	rm -f $(DOCDIR)/README.md $(addprefix $(DOCDIR)/docs/,$(notdir $(DOCS)))
	rm -f $(addprefix $(DOCDIR)/docs/rules/,$(notdir $(RULEDOCS)))
	rmdir $(LIBEXEC) $(DATADIR)/semantic-patches $(DATADIR) \
		$(DOCDIR)/docs/rules $(DOCDIR)/docs $(DOCDIR) 2>/dev/null || true

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
# What the harnesses link: the parsers they feed and what those call,
# no more (compiling all of SRC_LIB with the sanitizers cost the suite
# 70 s of CPU for 36 objects used).  A harness that needs a file not
# here fails to link with "undefined reference": add the file.
FUZZ_SRC    := src/core/atomicio.c src/core/bigstack.c src/core/config.c \
	       src/core/ctext.c src/core/kstyle.c src/core/profiles.c \
	       src/core/servewire.c \
	       src/core/util.c src/core/version.c \
	       src/clang/arch.c src/clang/feinputs.c src/clang/frontend.c \
	       src/clang/guards.c src/clang/pptokens.c src/clang/unconfig.c \
	       src/manifest/manifest_tsv.c src/manifest/mdata.c \
	       src/manifest/policy.c \
	       src/header/cscan.c src/header/fixup.c src/header/heads.c \
	       checker/input/baseline.c checker/input/compdb.c \
	       checker/input/flags.c checker/input/jsonin.c \
	       checker/input/patch.c checker/input/patch_apply.c \
	       checker/input/patch_parse.c checker/input/patch_tree.c \
	       checker/hcache.c checker/mcache.c \
	       checker/sleep/facts.c checker/sleep/linkcase.c \
	       checker/sleep/linkcond.c \
	       checker/sleep/linkfield.c checker/sleep/linklist.c \
	       checker/sleep/linkmap.c checker/sleep/linkobj.c \
	       checker/sleep/sleep_doc.c \
	       checker/sleep/sleep_expr.c checker/sleep/sleep_macrobody.c \
	       checker/sleep/sleep_prims.c src/clang/macroindex.c
FUZZ_OBJ    := $(FUZZ_SRC:%.c=build-fuzz/%.o)

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
	rm -rf build build-san build-fuzz hookwrap hookwrap-full

.PHONY: all deps test test-sanitize fuzz sample bench man install uninstall \
	clean coccicheck

# make coccicheck M=TREE MODE=patch|report|context|org [J=n] [COCCI=rule]
# The kernel's coccicheck interface; see docs/coccicheck.md.
coccicheck: $(BIN) $(FULL)
	@M="$(M)" MODE="$(MODE)" J="$(J)" COCCI="$(COCCI)" \
		SPFLAGS="$(SPFLAGS)" V="$(V)" ./scripts/coccicheck
