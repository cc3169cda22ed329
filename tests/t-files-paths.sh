#!/bin/bash
# Files and paths: rewrites through a symbolic link keep the link, the
# owner and the mode and sync the directory (issue 11, item 7); binary
# input is refused (item 8); names with blanks and special bytes survive
# convert's diff, spatch's lists and the scripts (item 9); temporary
# files live in $TMPDIR and are gone after every exit, die() and fatal
# signals (item 11).  Needs spatch.
. "$(dirname "$0")/lib.sh"
export HOOKWRAP_CACHE_DIR="$OUT/cache"
H=include/linux/security.h
ROOT=0
[ "$(id -u)" = 0 ] && ROOT=1

# blank_region FILE: empty the generated region, so gen-header has work.
blank_region() {
	python3 - "$1" <<'PY'
import re, sys
p = sys.argv[1]
s = open(p).read()
s = re.sub(r"(/\* hookwrap: begin generated wrappers \*/\n).*?(/\* hookwrap: end generated wrappers \*/)",
           r"\1\2", s, flags=re.S)
open(p, "w").write(s)
PY
}

# no_temps NAME DIR...: no hookwrap temporary file in the directories.
no_temps() {
	name=$1
	shift
	left=$(find "$@" -maxdepth 1 -name '*hookwrap-*' 2>/dev/null)
	[ -z "$left" ] && ok "$name" || not_ok "$name" "$left"
}

#
# Item 7: atomic_write through symbolic links, owner, mode, fsync.
#
T=$(copy_fixture lsm-mini)
blank_region "$T/$H"
mkdir "$OUT/real"
mv "$T/$H" "$OUT/real/security.h"
# a chain: the header -> an absolute link -> a relative one -> the file
ln -s "$OUT/hop.h" "$T/$H"
ln -s real/security.h "$OUT/hop.h"
chmod 0640 "$OUT/real/security.h"
[ $ROOT = 1 ] && chown 1234:2345 "$OUT/real/security.h"
check "symlinked header: gen-header --in-place exits 0" \
	"$HOOKWRAP" gen-header --in-place "$T"
[ -L "$T/$H" ] && [ -L "$OUT/hop.h" ] &&
	ok "symlinked header: the links stay links" ||
	not_ok "symlinked header: the links stay links" "$(ls -l "$T/$H" "$OUT/hop.h")"
same "symlinked header: the link's final target gets the new text" \
	"$FIX/lsm-mini/$H" "$OUT/real/security.h"
m=$(stat -c %a "$OUT/real/security.h")
[ "$m" = 640 ] && ok "symlinked header: mode 0640 kept" ||
	not_ok "symlinked header: mode 0640 kept" "mode $m"
if [ $ROOT = 1 ]; then
	o=$(stat -c %u:%g "$OUT/real/security.h")
	[ "$o" = 1234:2345 ] && ok "symlinked header: owner kept (root)" ||
		not_ok "symlinked header: owner kept (root)" "owner $o"
fi
no_temps "symlinked header: no temporary file left" "$OUT/real" \
	"$OUT" "$T/include/linux"
before=$(stat -c '%i %y' "$OUT/real/security.h")
check "symlinked header: a second run exits 0" \
	"$HOOKWRAP" gen-header --in-place "$T"
after=$(stat -c '%i %y' "$OUT/real/security.h")
[ "$before" = "$after" ] && ok "symlinked header: a second run rewrites nothing" ||
	not_ok "symlinked header: a second run rewrites nothing" "$before -> $after"

# The file is synced before the rename, its directory after.
if command -v strace >/dev/null 2>&1; then
	blank_region "$OUT/real/security.h"
	# (LeakSanitizer cannot check a process strace holds: not under ASan;
	# strace sees the programs exec runs, not a server's forks)
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
	HOOKWRAP_SERVER= strace -f -qq -e trace=openat,fsync,rename,close -o "$OUT/strace" \
		"$HOOKWRAP" gen-header --in-place "$T" >/dev/null 2>&1
	python3 - "$OUT/strace" >"$OUT/sync.out" <<'PY'
import re, sys
calls = [l.split(None, 1)[1] for l in open(sys.argv[1]) if " " in l]
ren = [i for i, c in enumerate(calls) if c.startswith("rename(") and "hookwrap-" in c]
if not ren:
    sys.exit("no rename of a temporary file")
i = ren[-1]
tmp = re.match(r'rename\("([^"]+)"', calls[i]).group(1)
fds = [re.search(r"= (\d+)$", c).group(1) for c in calls[:i]
       if c.startswith("openat(") and '"%s"' % tmp in c and "= " in c]
if not fds or not any(re.match(r"fsync\(%s\)\s*= 0" % fds[-1], c)
                      for c in calls[:i]):
    sys.exit("the temporary file is not fsynced before the rename")
for j, c in enumerate(calls[i:]):
    m = re.match(r"openat\(.*O_DIRECTORY.*= (\d+)$", c)
    if m and any(re.match(r"fsync\(%s\)\s*= 0" % m.group(1), d)
                 for d in calls[i + j:]):
        print("ok")
        break
else:
    sys.exit("no directory fsynced after the rename")
PY
	[ "$(cat "$OUT/sync.out")" = ok ] &&
		ok "fsync of the file before the rename, of its directory after" ||
		not_ok "fsync of the file before the rename, of its directory after" \
			"$(grep -E 'rename|fsync|O_DIRECTORY' "$OUT/strace" | tail -5)"
fi

# A write that fails (the file size limit): the old file stays, no
# temporary file is left, one error line, exit 2.
blank_region "$OUT/real/security.h"
cp "$OUT/real/security.h" "$OUT/before.h"
(trap '' XFSZ; ulimit -f 8; exec "$HOOKWRAP" gen-header --in-place "$T") \
	>"$OUT/fail.out" 2>"$OUT/fail.err"
rc=$?
[ $rc = 2 ] && [ "$(wc -l <"$OUT/fail.err")" = 1 ] &&
	grep -q "cannot write: File too large; the file is unchanged" "$OUT/fail.err" &&
	ok "a failed write: exit 2, one error line" ||
	not_ok "a failed write: exit 2, one error line" "exit $rc" "$(cat "$OUT/fail.err")"
same "a failed write: the old file is intact" "$OUT/before.h" "$OUT/real/security.h"
no_temps "a failed write: no temporary file left" "$OUT/real" "$T/include/linux"

# convert --in-place keeps the mode and owner of what it rewrites.
C=$(copy_fixture convert-tree)
chmod 0604 "$C/fs/positions.c"
[ $ROOT = 1 ] && chown 4321:5432 "$C/fs/positions.c"
check "convert --in-place exits 0" "$HOOKWRAP" convert --in-place "$C"
m=$(stat -c %a "$C/fs/positions.c")
[ "$m" = 604 ] && ok "convert --in-place: mode kept" ||
	not_ok "convert --in-place: mode kept" "mode $m"
if [ $ROOT = 1 ]; then
	o=$(stat -c %u:%g "$C/fs/positions.c")
	[ "$o" = 4321:5432 ] && ok "convert --in-place: owner kept (root)" ||
		not_ok "convert --in-place: owner kept (root)" "owner $o"
fi
before=$(stat -c '%i %y' "$C/fs/positions.c")
check "convert --in-place: a second run exits 0" "$HOOKWRAP" convert --in-place "$C"
after=$(stat -c '%i %y' "$C/fs/positions.c")
[ "$before" = "$after" ] && ok "convert --in-place: a second run rewrites nothing" ||
	not_ok "convert --in-place: a second run rewrites nothing" "$before -> $after"

#
# Item 8: a NUL byte in an input file.
#
# binary NAME FILE-IN-TREE LINE CMD...: CMD on $tree, whose FILE got a NUL
# byte on LINE, exits 2 with one error line for that line, nothing on
# stdout, the tree unchanged.
binary() {
	name=$1 file=$2 line=$3
	shift 3
	cp -r "$tree" "$OUT/before"
	"$@" >"$OUT/stdout" 2>"$OUT/stderr"
	rc=$?
	why=
	[ "$rc" -eq 2 ] || why="exit status $rc, expected 2"
	[ -s "$OUT/stdout" ] && why="$why; wrote to stdout"
	[ "$(wc -l <"$OUT/stderr")" -eq 1 ] || why="$why; not one line on stderr"
	grep -qF "$tree/$file:$line: error: a NUL byte" "$OUT/stderr" ||
		why="$why; stderr lacks $file:$line: error: a NUL byte"
	diff -r "$OUT/before" "$tree" >/dev/null || why="$why; the tree changed"
	rm -rf "$OUT/before"
	[ -z "$why" ] && ok "$name" || not_ok "$name" "$why" "$(head -3 "$OUT/stderr")"
}
# nul FILE: append a line with a NUL byte; prints that line's number.
nul() {
	printf '/* after this: \0 lost */\nint tail;\n' >>"$1"
	echo $(($(wc -l <"$1") - 1))
}

tree=$(copy_fixture lsm-mini)
n=$(nul "$tree/$H")
binary "NUL in the header: gen-header --in-place" "$H" "$n" \
	"$HOOKWRAP" gen-header --in-place "$tree"
binary "NUL in the header: manifest" "$H" "$n" "$HOOKWRAP" manifest "$tree"

tree=$(copy_fixture lsm-mini)
printf 'profile = lsm\n\0\n' >"$tree/hookwrap.conf"
binary "NUL in hookwrap.conf" hookwrap.conf 2 "$HOOKWRAP" manifest "$tree"

tree=$(copy_fixture lsm-mini)
n=$(nul "$tree/security/dummy.c")
binary "NUL in a default table" security/dummy.c "$n" \
	"$HOOKWRAP" manifest "$tree"

tree=$(copy_fixture lsm-mini)
"$HOOKWRAP" manifest "$tree" >"$tree/m.tsv"
n=$(nul "$tree/m.tsv")
binary "NUL in a manifest (check --manifest)" m.tsv "$n" \
	"$HOOKWRAP" check --manifest "$tree/m.tsv" -nostdinc -I"$tree/include" \
	-DCONFIG_SECURITY "$tree/fs/file_table.c"

tree=$(copy_fixture convert-tree)
n=$(nul "$tree/kernel/noinc.c")
binary "NUL in a C file convert would change" kernel/noinc.c "$n" \
	"$HOOKWRAP" convert --in-place "$tree"
binary "NUL in a C file convert would change (diff)" kernel/noinc.c "$n" \
	"$HOOKWRAP" convert "$tree"

#
# Item 9: paths with blanks and special bytes.
#
D="$OUT/my dir"
mkdir -p "$D"
"$HW/tests/compose-fixture" convert-tree "$D/tree copy"
mv "$D/tree copy/fs/positions.c" "$D/tree copy/fs/my file.c"
TQ=$(printf 'kernel/tab\tand "quote".c')
cp "$D/tree copy/kernel/noinc.c" "$D/tree copy/$TQ"
cp -r "$D/tree copy" "$D/orig"
"$HOOKWRAP" convert "$D/tree copy" >"$D/convert diff" 2>"$OUT/sp.err"
rc=$?
[ $rc = 0 ] && ok "blanks: convert exits 0" ||
	not_ok "blanks: convert exits 0" "exit $rc" "$(grep -v warning "$OUT/sp.err" | head -3)"
contains "blanks: a name with a space ends with a tab, as git writes it" \
	"$D/convert diff" "$(printf -- '--- a/fs/my file.c\t')"
contains "blanks: a name with a tab or a quote is quoted, as git writes it" \
	"$D/convert diff" '+++ "b/kernel/tab\tand \"quote\".c"'
cp -r "$D/orig" "$D/by patch"
check "blanks: the diff applies with patch -p1" \
	patch -d "$D/by patch" -p1 --quiet -i "$D/convert diff"
cp -r "$D/orig" "$D/by git"
check "blanks: the diff applies with git apply" \
	sh -c 'cd "$1" && git apply "$2"' - "$D/by git" "$D/convert diff"
check "blanks: convert --in-place exits 0" "$HOOKWRAP" convert --in-place "$D/tree copy"
check "blanks: patch -p1 gives the --in-place result" diff -r "$D/by patch" "$D/tree copy"
check "blanks: git apply gives the --in-place result" diff -r "$D/by git" "$D/tree copy"
lacks "blanks: the file with a space was converted" "$D/tree copy/fs/my file.c" \
	"security_ops->file_free_security(f)"
lacks "blanks: the file with a tab and a quote was converted" \
	"$D/tree copy/$TQ" "security_ops->task_create"

tree=$(copy_fixture convert-tree)
cp "$tree/kernel/noinc.c" "$tree/kernel/new
line.c"
"$HOOKWRAP" convert "$tree" >"$OUT/nl.diff" 2>"$OUT/nl.err"
rc=$?
[ $rc = 1 ] && grep -qF "$tree/kernel/new\\nline.c: error: the file name holds a newline" "$OUT/nl.err" &&
	ok "a name with a newline: refused by name, exit 1" ||
	not_ok "a name with a newline: refused by name, exit 1" "exit $rc" \
		"$(grep -v warning "$OUT/nl.err" | head -3)"
contains "a name with a newline: the other files are converted" "$OUT/nl.diff" \
	"+++ b/kernel/noinc.c"

# scripts/coccicheck (make coccicheck) on a tree whose path has a blank.
"$HW/tests/compose-fixture" convert-tree "$D/cocci tree"
MK="make -s --no-print-directory -C $HW coccicheck"
$MK M="$D/cocci tree" MODE=report J=2 >"$OUT/cc.report" 2>"$OUT/cc.err"
n=$(grep -c "^$D/cocci tree/.*\[[a-z-]*\]\$" "$OUT/cc.report")
[ "$n" = 25 ] && ok "coccicheck M='my dir/...': 25 reports under M" ||
	not_ok "coccicheck M='my dir/...': 25 reports under M" "found $n" \
		"$(head -3 "$OUT/cc.err" "$OUT/cc.report")"
$MK M="$D/cocci tree" MODE=patch J=2 >"$OUT/cc.patch" 2>"$OUT/cc.err"
"$HW/tests/compose-fixture" convert-tree "$D/cocci patched"
check "coccicheck M='my dir/...' MODE=patch applies with patch -p1" \
	patch -d "$D/cocci patched" -p1 --quiet -i "$OUT/cc.patch"
lacks "coccicheck M='my dir/...' MODE=patch converts the calls" \
	"$D/cocci patched/fs/positions.c" "security_ops->file_free_security(f)"
"$HOOKWRAP" convert --print-rule -o "$D/my rule.cocci" "$D/cocci tree"
$MK M="$D/cocci tree" MODE=report COCCI="$D/my rule.cocci" >"$OUT/cc.rule" 2>&1
n=$(grep -c '\[[a-z-]*\]$' "$OUT/cc.rule")
[ "$n" = 25 ] && ok "coccicheck COCCI='my dir/my rule.cocci': 25 reports" ||
	not_ok "coccicheck COCCI='my dir/my rule.cocci': 25 reports" "found $n" \
		"$(head -3 "$OUT/cc.rule")"
left=$(find "$HW" -maxdepth 1 -name 'my rule*')
[ -z "$left" ] && ok "coccicheck COCCI='my dir/my rule.cocci': spatch leaves nothing behind" ||
	not_ok "coccicheck COCCI='my dir/my rule.cocci': spatch leaves nothing behind" "$left"
rm -rf "$HW"/'my rule'*

# scripts/kbuild-replay: a directory and a file with blanks.
K="$D/kb tree"
mkdir -p "$K/my sub" "$K/kernel"
printf 'int a;\n' >"$K/my sub/one file.c"
printf 'int b;\n' >"$K/my sub/two.c"
printf '%s\n' "cmd_kernel/fork.o := gcc -nostdinc -Iinclude -DKBUILD_BASENAME='\"fork\"' -c -o kernel/fork.o kernel/fork.c" \
	>"$K/kernel/.fork.o.cmd"
cat >"$OUT/record" <<'EOF'
#!/bin/sh
for a; do printf '<%s>' "$a"; done >>"$RECORD"
echo >>"$RECORD"
EOF
chmod +x "$OUT/record"
RECORD="$OUT/record.log" "$HW/scripts/kbuild-replay" "$K" \
	"$(printf '%q' "$OUT/record")" "my sub" >/dev/null 2>&1
contains "kbuild-replay: a file with a blank is one argument" \
	"$OUT/record.log" "<my sub/one file.c>"
contains "kbuild-replay: the other file of that directory too" \
	"$OUT/record.log" "<my sub/two.c>"
# 6.x writes "savedcmd_" before the command: the compiler's name goes.
mkdir -p "$K/built"
printf 'int c;\n' >"$K/built/three.c"
printf '%s\n' "savedcmd_built/three.o := gcc -nostdinc -DSIX -c -o built/three.o built/three.c" \
	>"$K/built/.three.o.cmd"
RECORD="$OUT/record6.log" "$HW/scripts/kbuild-replay" "$K" \
	"$(printf '%q' "$OUT/record")" built >/dev/null 2>&1
echo "<-nostdinc><-DSIX><built/three.c>" >"$OUT/record6.want"
same "kbuild-replay: a 6.x .o.cmd (savedcmd_) gives the flags alone" \
	"$OUT/record6.want" "$OUT/record6.log"

# scripts/kbuild-compare: the CHECK it gives make names a hookwrap whose
# path has a blank (a copy of the scripts beside a link to ./hookwrap).
R="$D/repo copy"
mkdir -p "$R/scripts" "$OUT/bin"
cp "$HW/scripts/kbuild-compare" "$HW/scripts/clang-syntax-only" "$R/scripts/"
ln -s "$HOOKWRAP" "$R/hookwrap"
cat >"$OUT/bin/make" <<'EOF'
#!/bin/sh
# Stands in for kbuild: runs CHECK as kbuild does (through sh) on a unit.
for a; do case $a in CHECK=*) check=${a#CHECK=} ;; esac; done
[ "$1" = -C ] && cd "$2" || exit 2
sh -c "$check -nostdinc -Iinclude -DCONFIG_SECURITY fs/file_table.c"
echo "$?" >>"$MAKELOG"
EOF
chmod +x "$OUT/bin/make"
KT=$(copy_fixture lsm-mini)
PATH="$OUT/bin:$PATH" MAKELOG="$OUT/make.log" RUNS="clang hookwrap" \
	"$R/scripts/kbuild-compare" "$KT" "$D/kc out" fs >/dev/null 2>&1
runs=$(tr '\n' ' ' <"$OUT/make.log" 2>/dev/null)
case " $runs" in
" "[01]" "[01]" ") ok "kbuild-compare: CHECK runs from a path with a blank" ;;
*) not_ok "kbuild-compare: CHECK runs from a path with a blank" "exit statuses: $runs" ;;
esac

# scripts/try-tree: a tree and an output directory with blanks.
cp -r "$FIX/lsm-mini" "$D/lsm tree"
"$HW/scripts/try-tree" "$D/lsm tree" "$D/try out" >"$OUT/try.out" 2>&1
rc=$?
[ $rc = 0 ] && [ -s "$D/try out/wrappers.h" ] &&
	grep -q "hooks in the struct: *64" "$OUT/try.out" &&
	ok "try-tree: a tree and an output directory with blanks" ||
	not_ok "try-tree: a tree and an output directory with blanks" "exit $rc" \
		"$(head -5 "$OUT/try.out")"

#
# Item 11: temporary files.
#
TMP="$OUT/tmpdir"
mkdir "$TMP"
export TMPDIR="$TMP"
tmp_empty() {
	left=$(ls -A "$TMP")
	[ -z "$left" ] && ok "$1" || not_ok "$1" "left in TMPDIR: $left"
	rm -rf "${TMP:?}"/* "$TMP"/.[!.]* 2>/dev/null
}

# A tree with the old asm layout and an unbuilt arch/x86: both of the
# front end's temporary directories are made.
L=$(copy_fixture lsm-mini)
mkdir -p "$L/include/asm-i386" "$L/include/asm-generic" "$L/arch/x86/include"
CT=$(fixture convert-tree)
P=$(fixture check)/patches

# Every command with TMPDIR set and /tmp read-only (a private mount):
# nothing is made in /tmp, and TMPDIR is empty afterwards.
cat >"$OUT/in-ns.sh" <<EOF
mount -t tmpfs -o ro hookwrap-test /tmp || exit 99
"$HOOKWRAP" manifest "$L" >/dev/null 2>"$OUT/ns.err"; echo "manifest \$?"
"$HOOKWRAP" gen-header -o "$OUT/ns.h" "$L" 2>>"$OUT/ns.err"; echo "gen-header \$?"
"$HOOKWRAP" convert "$CT" >/dev/null 2>>"$OUT/ns.err"; echo "convert \$?"
"$HOOKWRAP" check --tree "$L" --patch "$P/raw-call.patch" >/dev/null 2>>"$OUT/ns.err"; echo "check --patch \$?"
"$HOOKWRAP" manifest "$L/nonexistent" >/dev/null 2>>"$OUT/ns.err"; echo "failing manifest \$?"
EOF
case $HW in
/tmp/*) ok "# skip: the repository is under /tmp, which the test hides" ;;
*)
	# root: a mount namespace; anyone else: a user namespace with one
	if [ $ROOT = 1 ]; then
		unshare -m sh "$OUT/in-ns.sh" >"$OUT/ns.out" 2>&1
	else
		unshare -rm sh "$OUT/in-ns.sh" >"$OUT/ns.out" 2>&1
	fi
	if grep -q . "$OUT/ns.out" && ! grep -q ' 99$' "$OUT/ns.out"; then
		printf 'manifest 0\ngen-header 0\nconvert 0\ncheck --patch 1\nfailing manifest 2\n' >"$OUT/ns.want"
		if cmp -s "$OUT/ns.want" "$OUT/ns.out"; then
			ok "TMPDIR set: every command works with /tmp read-only"
		else
			not_ok "TMPDIR set: every command works with /tmp read-only" \
				"$(cat "$OUT/ns.out")" "$(head -5 "$OUT/ns.err")"
		fi
	else
		not_ok "TMPDIR set: every command works with /tmp read-only" \
			"cannot make a private read-only /tmp (unshare -m, or -rm)" \
			"$(cat "$OUT/ns.out")"
	fi
	tmp_empty "TMPDIR is empty after those commands"
	;;
esac
"$HOOKWRAP" check --tree "$L" --patch "$P/raw-call.patch" >/dev/null 2>&1
tmp_empty "TMPDIR is empty after check --patch (shadow tree)"

# A stand-in for spatch: it says it runs, waits for the test's word, and
# then prints a flood (FLOOD=1) or nothing.
cat >"$OUT/fake-spatch" <<'EOF'
#!/bin/sh
echo $$ >"$FAKE_MARK.new" && mv "$FAKE_MARK.new" "$FAKE_MARK"
while [ ! -e "$FAKE_GO" ]; do sleep 0.1; done
[ "${FLOOD:-0}" = 1 ] && head -c 60000000 /dev/zero | tr '\0' x
exit 0
EOF
chmod +x "$OUT/fake-spatch"
export FAKE_MARK="$OUT/fake.mark" FAKE_GO="$OUT/fake.go"

# start_convert: hookwrap convert with the stand-in, in the background
# with the default signal dispositions; waits until spatch runs.
start_convert() {
	rm -f "$FAKE_MARK" "$FAKE_GO"
	env --default-signal=HUP,INT,TERM "$HOOKWRAP" convert -j 1 \
		--spatch "$OUT/fake-spatch" "$CT" >/dev/null 2>"$OUT/bg.err" &
	pid=$!
	for _ in $(seq 300); do
		[ -e "$FAKE_MARK" ] && break
		sleep 0.1
	done
}

for sig in INT TERM HUP; do
	start_convert
	had=$(ls -A "$TMP")
	kill -s $sig $pid
	{ wait $pid; } 2>/dev/null	# no "Hangup" from bash
	rc=$?
	touch "$FAKE_GO"
	want=$((128 + $(kill -l $sig)))
	[ -n "$had" ] && [ $rc = $want ] &&
		ok "SIG$sig during convert: killed by it" ||
		not_ok "SIG$sig during convert: killed by it" \
			"exit $rc (want $want); TMPDIR had: $had"
	tmp_empty "SIG$sig during convert: TMPDIR is empty"
done

# die() (out of memory while reading spatch's output) removes them too.
if command -v prlimit >/dev/null 2>&1; then
	# (under ASan, malloc must fail as it does without it, and the leak
	# check at exit cannot run with the address space used up; the limit
	# is set on the process exec runs, not on a server's fork)
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}allocator_may_return_null=1:detect_leaks=0" \
		HOOKWRAP_SERVER= FLOOD=1 start_convert
	vm=$(awk '/^VmSize:/ { print $2 }' /proc/$pid/status)
	prlimit --pid $pid --as=$(((vm + 8192) * 1024))
	touch "$FAKE_GO"
	wait $pid
	rc=$?
	[ $rc = 2 ] && grep -q "error: out of memory" "$OUT/bg.err" &&
		ok "die() during convert: exit 2, out of memory" ||
		not_ok "die() during convert: exit 2, out of memory" "exit $rc" \
			"$(head -3 "$OUT/bg.err")"
	tmp_empty "die() during convert: TMPDIR is empty"
fi

# A relative TMPDIR is made absolute: convert's spatch runs in the tree.
mkdir -p "$OUT/rel/tmp"
(cd "$OUT/rel" && TMPDIR=tmp "$HOOKWRAP" convert "$CT" >"$OUT/rel.diff" 2>/dev/null)
same "relative TMPDIR: convert gives the golden diff" \
	"$FIX/convert-tree.expected/convert.diff" "$OUT/rel.diff"
left=$(ls -A "$OUT/rel/tmp")
[ -z "$left" ] && ok "relative TMPDIR: left empty" ||
	not_ok "relative TMPDIR: left empty" "$left"
