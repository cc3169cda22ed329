#!/bin/bash
# hookwrap check as kbuild's checker: gcc flags accepted, gcc-only ones
# dropped (the table in checker/input/flags.c), the tree found from the
# current directory, the manifest cached; compile_commands.json (-p).
. "$(dirname "$0")/lib.sh"
export HOOKWRAP_CACHE_DIR="$OUT/cache"

T=$(copy_fixture check)
KFLAGS="-nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1"

# kbuild's command: $(CHECK) $(CHECKFLAGS) $(c_flags) file.c, from the
# top of the tree; gcc's flags, including those clang does not know.
GCC_ONLY="-mpreferred-stack-boundary=2 -fno-allow-store-data-races
 -falign-jumps=1 -falign-loops=1 -falign-functions=16 -fconserve-stack
 -fno-unit-at-a-time -maccumulate-outgoing-args -fno-var-tracking-assignments
 -fno-ipa-sra -fno-partial-inlining -fzero-call-used-regs=used-gpr
 -mindirect-branch=thunk-extern -mindirect-branch-register -mrecord-mcount
 -fmin-function-alignment=16 -mpc32 --param=allow-store-data-races=0
 -ftrivial-auto-var-init=zero -fno-tree-vrp -fmerge-constants
 -mindirect-branch-cs-prefix --arch=x86 -fdiagnostic-prefix
 -gcc-base-dir /usr/lib/gcc/x86_64-linux-gnu/12"
OUTPUTS="-Wp,-MD,drivers/.calls.o.d -MD -MF drivers/.x.d -c -o drivers/calls.o -pipe"
(cd "$T" && "$HOOKWRAP" check --no-group -D__linux__ -Dlinux -D__STDC__ -Wbitwise $KFLAGS \
	$GCC_ONLY $OUTPUTS -Wall -Werror -O2 -fno-strict-aliasing -msoft-float \
	-mregparm=3 -march=i686 -DKBUILD_BASENAME=calls \
	drivers/calls.c >"$OUT/kb.out" 2>"$OUT/kb.err")
check "kbuild command line: exit 0" test $? -eq 0
# Findings go to standard error, as gcc's and sparse's: Linux 6.x's
# kbuild throws a command's standard output away under make -s.
same "kbuild: nothing on standard output" /dev/null "$OUT/kb.out"
grep -v '^drivers/calls.c:[0-9]*:[0-9]*: warning: .*\[direct-ops-call\]$' \
	"$OUT/kb.err" >"$OUT/kb.other"
same "gcc-only flags cost no note" /dev/null "$OUT/kb.other"
n=$(grep -c '\[direct-ops-call\]' "$OUT/kb.err")
check "kbuild command line: the six calls found" test "$n" -eq 6
contains "kbuild: paths as kbuild gives them" "$OUT/kb.err" "drivers/calls.c:11:9: warning:"
# 6.x's make -s runs the command as "exec >/dev/null; CHECK ...".
(cd "$T" && exec >/dev/null && "$HOOKWRAP" check --no-group $KFLAGS $GCC_ONLY $OUTPUTS \
	-DKBUILD_BASENAME=calls drivers/calls.c 2>"$OUT/silent.err")
n=$(grep -c '\[direct-ops-call\]' "$OUT/silent.err")
check "make -s on Linux 6.x (stdout thrown away): the six calls shown" \
	test "$n" -eq 6
check "no dependency file written" test ! -e "$T/drivers/.calls.o.d"
check "no object written" test ! -e "$T/drivers/calls.o"

# The table: each dropped flag is gone from what libclang sees.
(cd "$T" && "$HOOKWRAP" check --no-group --print-args $KFLAGS $GCC_ONLY $OUTPUTS \
	drivers/clean.c >"$OUT/args.out" 2>&1)
for f in $GCC_ONLY $OUTPUTS; do
	case $f in -D*|-I*) continue ;; esac
	if tr ' ' '\n' <"$OUT/args.out" | grep -qxF -- "$f"; then
		not_ok "flag table drops $f" "$(cat "$OUT/args.out")"
	else
		ok "flag table drops $f"
	fi
done
for f in -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1; do
	if tr ' ' '\n' <"$OUT/args.out" | grep -qxF -- "$f"; then
		ok "kept: $f"
	else
		not_ok "kept: $f" "$(cat "$OUT/args.out")"
	fi
done
# --print-args is gcc's -###: what would run, nothing run.
(cd "$T" && "$HOOKWRAP" check --no-group --print-args $KFLAGS drivers/calls.c \
	>"$OUT/pa.out" 2>"$OUT/pa.err")
check "--print-args: one line, for the unit" test "$(wc -l <"$OUT/pa.out")" -eq 1
contains "--print-args: FILE: FLAGS" "$OUT/pa.out" "drivers/calls.c: -nostdinc"
lacks "--print-args parses nothing (no findings)" "$OUT/pa.out" "warning:"
same "--print-args: quiet on stderr" /dev/null "$OUT/pa.err"
# ... and its line is what scripts/clang-syntax-only hands to clang.
(cd "$T" && "$HW/scripts/clang-syntax-only" $KFLAGS $GCC_ONLY $OUTPUTS \
	drivers/calls.c >"$OUT/cso.out" 2>&1)
check "clang-syntax-only: clang accepts the unit and its filtered flags" \
	test $? -eq 0
# A 32-bit-only -march= (an i386 kernel's c_flags; kbuild's CC holds the
# -m32): libclang is given -m32, and --print-args says so, so that
# clang-syntax-only parses what hookwrap parses.
(cd "$T" && "$HOOKWRAP" check --no-group --print-args $KFLAGS -march=i686 drivers/calls.c \
	>"$OUT/pa32.out" 2>&1)
contains "--print-args: the -m32 a 32-bit -march= brings" "$OUT/pa32.out" \
	"drivers/calls.c: -m32 -nostdinc"
(cd "$T" && "$HOOKWRAP" check --no-group --print-args -m32 $KFLAGS -march=i686 drivers/calls.c \
	>"$OUT/pa32b.out" 2>&1)
check "--print-args: -m32 given, not added twice" \
	test "$(tr ' ' '\n' <"$OUT/pa32b.out" | grep -cx -- -m32)" -eq 1
(cd "$T" && "$HW/scripts/clang-syntax-only" $KFLAGS -march=i686 drivers/calls.c \
	>"$OUT/cso32.out" 2>&1)
check "clang-syntax-only: a unit with -march=i686 and no -m32" test $? -eq 0
printf 'int broken(void) { return undeclared; }\n' >"$T/drivers/broken_cso.c"
(cd "$T" && "$HW/scripts/clang-syntax-only" $KFLAGS drivers/broken_cso.c \
	>"$OUT/cso2.out" 2>&1)
check "clang-syntax-only: a unit clang rejects fails" test $? -ne 0
contains "... with clang's error" "$OUT/cso2.out" "use of undeclared identifier"

# ... and without the table libclang would complain: the table is needed.
printf 'int x;\n' >"$OUT/t.c"
for f in -mpreferred-stack-boundary=2 -fno-allow-store-data-races -fconserve-stack; do
	if clang-14 -fsyntax-only $f "$OUT/t.c" 2>&1 | grep -q 'unknown argument'; then
		ok "clang rejects $f (so the table drops it)"
	else
		not_ok "clang accepts $f: the table entry is stale"
	fi
done

# Separate-word forms: -I dir, -isystem dir, -include file, -D X, -U X.
mkdir -p "$T/extra"
printf '#define EXTRA_CALL(i) security_ops->inode_alloc_security(i)\n' >"$T/extra/extra.h"
printf '#include <linux/fs.h>\n#include <linux/security.h>\n#ifdef WANT\nint f(struct inode *i) { return EXTRA_CALL(i); }\n#endif\n' >"$T/drivers/forms.c"
(cd "$T" && "$HOOKWRAP" check --no-group -nostdinc -D __KERNEL__ -I include -isystem extra \
	-include extra/extra.h -D CONFIG_SECURITY -D WANT -U UNUSED \
	drivers/forms.c >"$OUT/forms.out" 2>&1)
contains "-include, -I DIR, -D X as separate words" "$OUT/forms.out" \
	"drivers/forms.c:4:33: warning: direct call security_ops->inode_alloc_security() in macro 'EXTRA_CALL'"
(cd "$T" && "$HOOKWRAP" check --no-group -nostdinc -I include -include extra/extra.h \
	-D CONFIG_SECURITY -D WANT -U WANT drivers/forms.c >"$OUT/forms2.out" 2>&1)
same "-U takes effect" /dev/null "$OUT/forms2.out"

# -m32 / -m64 reach the parser.
printf '#include <linux/security.h>\nint f(void) { return security_ops->syslog(sizeof(long) == 4 ? 1 : 0); }\nextern char check_size[sizeof(long) == SZ ? 1 : -1];\n' >"$T/drivers/m32.c"
(cd "$T" && "$HOOKWRAP" check --no-group -m32 -DSZ=4 $KFLAGS drivers/m32.c >"$OUT/m32.out" 2>&1)
lacks "-m32: long is 4 bytes (no parse error)" "$OUT/m32.out" "note:"
(cd "$T" && "$HOOKWRAP" check --no-group -m64 -DSZ=8 $KFLAGS drivers/m32.c >"$OUT/m64.out" 2>&1)
lacks "-m64: long is 8 bytes (no parse error)" "$OUT/m64.out" "note:"
(cd "$T" && "$HOOKWRAP" check --no-group -m64 -DSZ=4 $KFLAGS drivers/m32.c >"$OUT/mbad.out" 2>&1)
contains "the size check can fail (a real parse)" "$OUT/mbad.out" "note:"

# The tree is found from the file, from the current directory, or --tree.
(cd "$T/drivers" && "$HOOKWRAP" check --no-group -nostdinc -I../include -DCONFIG_SECURITY \
	calls.c >"$OUT/sub.out" 2>&1)
contains "tree found above the current directory" "$OUT/sub.out" "calls.c:11:9: warning:"
mkdir -p "$OUT/elsewhere"
cp "$T/drivers/calls.c" "$OUT/elsewhere/"
"$HOOKWRAP" check --no-group --tree "$T" -nostdinc -I"$T/include" -DCONFIG_SECURITY \
	"$OUT/elsewhere/calls.c" >"$OUT/tree.out" 2>&1
contains "--tree for a file outside the tree" "$OUT/tree.out" "calls.c:11:9: warning:"
# kbuild's O= build: run from the build directory, which links the tree
# as "source"; a unit kbuild generates there (6.12's x86 CPU flag
# names) has no tree above it but that link.
O=$OUT/objtree
rm -rf "$O"
mkdir -p "$O/arch/gen"
ln -s "$T" "$O/source"
printf '#include <linux/security.h>
int gen(void) { return security_ops->syslog(1); }
' \
	>"$O/arch/gen/capflags.c"
(cd "$O" && "$HOOKWRAP" check --no-group -nostdinc -I"$T/include" -DCONFIG_SECURITY \
	arch/gen/capflags.c >"$OUT/objtree.out" 2>&1)
check "O= build: a generated unit in the build directory, exit 0 (got $?)" \
	test $? -eq 0
contains "... the tree found through the build directory's 'source' link" \
	"$OUT/objtree.out" "arch/gen/capflags.c:2:24: warning: direct call security_ops->syslog()"
printf 'profile = lsm\nallow = security/security.c drivers/calls.c\n' >"$T/hookwrap.conf"
(cd "$T" && "$HOOKWRAP" check --no-group $KFLAGS drivers/calls.c >"$OUT/conf.out" 2>&1)
same "hookwrap.conf's allow-list is used" /dev/null "$OUT/conf.out"
rm "$T/hookwrap.conf"
printf 'profile = lsm\nallow = security/security.c drivers/calls.c\n' >"$OUT/other.conf"
(cd "$T" && "$HOOKWRAP" check --no-group --config "$OUT/other.conf" $KFLAGS drivers/calls.c >"$OUT/conf2.out" 2>&1)
same "--config FILE is used" /dev/null "$OUT/conf2.out"
(cd "$T" && "$HOOKWRAP" check --no-group --profile nosuch $KFLAGS drivers/calls.c >/dev/null 2>"$OUT/conf3.err")
check "--profile that does not exist: exit 2" test $? -eq 2
contains "... names the profiles there are" "$OUT/conf3.err" "unknown profile 'nosuch'"

# The manifest cache: built once, then read; a changed header rebuilds.
rm -rf "$OUT/cache"
(cd "$T" && "$HOOKWRAP" check --no-group --verbose $KFLAGS drivers/calls.c >/dev/null 2>"$OUT/c1")
contains "first run caches the manifest" "$OUT/c1" "manifest cached in $OUT/cache/manifest-"
(cd "$T" && "$HOOKWRAP" check --no-group --verbose $KFLAGS drivers/calls.c >/dev/null 2>"$OUT/c2")
contains "second run reads it" "$OUT/c2" "manifest from $OUT/cache/manifest-"
touch -d '+1 minute' "$T/include/linux/security.h"
(cd "$T" && "$HOOKWRAP" check --no-group --verbose $KFLAGS drivers/calls.c >/dev/null 2>"$OUT/c3")
contains "a newer header builds it anew" "$OUT/c3" "manifest cached in"
(cd "$T" && "$HOOKWRAP" check --no-group --verbose --no-cache $KFLAGS drivers/calls.c >/dev/null 2>"$OUT/c4")
lacks "--no-cache neither reads nor writes" "$OUT/c4" "manifest"
"$HOOKWRAP" manifest "$T" >"$OUT/m.tsv"
grep -v inode_mkdir "$OUT/m.tsv" >"$OUT/m-old.tsv"
(cd "$T" && "$HOOKWRAP" check --no-group --manifest "$OUT/m-old.tsv" $KFLAGS drivers/calls.c >"$OUT/man.out" 2>&1)
contains "--manifest FILE is used (an older manifest lacks a hook)" "$OUT/man.out" \
	"drivers/calls.c:16:9: warning: struct security_operations has no hook 'inode_mkdir'"
(cd "$T" && "$HOOKWRAP" check --no-group --manifest "$OUT/none.tsv" $KFLAGS drivers/calls.c >/dev/null 2>"$OUT/man2")
check "--manifest that cannot be read: exit 2" test $? -eq 2

# The prefilter: units that cannot hold a finding are not parsed.
(cd "$T" && "$HOOKWRAP" check --no-group --verbose $KFLAGS security/commoncap.c fs/namei.c \
	>/dev/null 2>"$OUT/pf")
contains "a unit that never names the pointer is skipped" "$OUT/pf" \
	"security/commoncap.c: skipped: neither it nor its headers name security_ops, an internal or a wrapper"
contains "the other is parsed" "$OUT/pf" "2 units, 1 skipped by the prefilter"
# Wrapper calls alone: only the sleep rules could speak, with an
# implementation registered in the same run (kbuild: never).
(cd "$T" && "$HOOKWRAP" check --no-group --verbose $KFLAGS drivers/wrapped.c >/dev/null 2>"$OUT/pfo")
contains "a unit linked only by wrapper calls is skipped" "$OUT/pfo" \
	"drivers/wrapped.c: skipped: only wrapper calls link it to the table, and no unit before it in this run was parsed for the table"
contains "... and counted as skipped" "$OUT/pfo" "1 unit, 1 skipped by the prefilter"
# security/capability.c names struct security_operations: it registers.
(cd "$T" && "$HOOKWRAP" check --no-group --verbose $KFLAGS security/capability.c drivers/wrapped.c \
	>/dev/null 2>"$OUT/pfr")
contains "a unit naming the table's struct (it registers) is parsed, and a wrapper-only unit after it too" \
	"$OUT/pfr" "2 units, 0 skipped by the prefilter"
(cd "$T" && "$HOOKWRAP" check --no-group --verbose $KFLAGS drivers/wrapped.c security/capability.c \
	>/dev/null 2>"$OUT/pfr2")
contains "... but not before it: the run has no implementation yet" \
	"$OUT/pfr2" "2 units, 1 skipped by the prefilter"
(cd "$T" && "$HOOKWRAP" check --no-group --verbose $KFLAGS drivers/clean.c >/dev/null 2>"$OUT/pfw")
contains "a unit that calls a wrapper is parsed" "$OUT/pfw" "1 unit, 0 skipped"
printf '#include <linux/security.h>\nint security_not_a_wrapper(void);\nint f(void) { return security_not_a_wrapper(); }\n' >"$T/drivers/lookalike.c"
(cd "$T" && "$HOOKWRAP" check --no-group --verbose $KFLAGS drivers/lookalike.c >/dev/null 2>"$OUT/pfl")
contains "a name with the wrappers' prefix that is no wrapper is not" "$OUT/pfl" "1 unit, 1 skipped"
(cd "$T" && "$HOOKWRAP" check --no-group --verbose $KFLAGS drivers/header_a.c >/dev/null 2>"$OUT/pf2")
contains "a unit whose header names the pointer is parsed" "$OUT/pf2" "1 unit, 0 skipped"
(cd "$T" && "$HOOKWRAP" check --no-group --verbose $KFLAGS drivers/macros.c >"$OUT/pf3" 2>&1)
contains "a macro from a header reaches the unit" "$OUT/pf3" "'HOOK_ALLOC'"

# A make rule the way kbuild runs its checker (scripts/Makefile.build).
cat >"$T/Makefile.check" <<'MK'
CHECK = sparse
CHECKFLAGS = -D__linux__ -Dlinux -D__STDC__ -Dunix -D__unix__ -Wbitwise
c_flags = -Wp,-MD,$(@D)/.$(@F).d -nostdinc -D__KERNEL__ -Iinclude \
	-DCONFIG_SECURITY=1 -mpreferred-stack-boundary=2 -fconserve-stack -O2
%.o: %.c
	$(CHECK) $(CHECKFLAGS) $(c_flags) $<
all: drivers/calls.o drivers/clean.o fs/namei.o
MK
(cd "$T" && make -s -k -f Makefile.check CHECK="$HOOKWRAP check" >"$OUT/make.out" 2>&1)
check "make with CHECK=\"hookwrap check\" succeeds" test $? -eq 0
n=$(grep -c 'warning: direct call' "$OUT/make.out")
check "make: 12 findings from 3 units" test "$n" -eq 12
(cd "$T" && make -s -k -f Makefile.check CHECK="$HOOKWRAP check --error-exit" >/dev/null 2>&1)
check "make with --error-exit stops the build" test $? -ne 0
