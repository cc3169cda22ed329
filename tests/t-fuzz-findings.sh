#!/bin/bash
# What the fuzzers (tests/fuzz/, docs/reliability.md) found, held through
# the command line:
#   - fuzz_manifest: a manifest row whose args are not parameter names
#     (an empty one, "1x") was accepted, and written back it no longer
#     read (the manifest cache's round trip); now exit 2 at its line;
#   - fuzz_patch_tree: a patch that makes a file and needs the same name
#     as a directory failed on a name of the shadow; reading the code
#     that led to: a patch that changes a file twice (a series of patches
#     in one file) lost the first change, silently (exit 0, never
#     checked), and one that renames a file away and writes a new one by
#     its name had the new file reviewed as the old one with a line
#     added.  Now each is exit 2 at the patch's line.
# Fixtures: tests/fixtures/fuzz-findings/.
. "$(dirname "$0")/lib.sh"
export HOOKWRAP_CACHE_DIR="$OUT/cache"
FF="$FIX/fuzz-findings"

# bad NAME REGEX CMD...: CMD exits 2, prints nothing on stdout and one
# line on stderr, matching REGEX.
bad() {
	local name=$1 want=$2 rc why lines
	shift 2
	"$@" >"$OUT/stdout" 2>"$OUT/stderr"
	rc=$?
	why=
	[ "$rc" -eq 2 ] || why="exit status $rc, expected 2"
	[ -s "$OUT/stdout" ] && why="$why; wrote to stdout: $(head -2 "$OUT/stdout")"
	lines=$(wc -l <"$OUT/stderr")
	[ "$lines" -eq 1 ] || why="$why; $lines lines on stderr"
	grep -Eq -- "$want" "$OUT/stderr" || why="$why; stderr lacks /$want/"
	if [ -z "$why" ]; then
		ok "$name"
	else
		not_ok "$name" "$why" "$(head -5 "$OUT/stderr")"
	fi
}

### fuzz_manifest: args that are no parameter names.
LM=$(fixture lsm-mini)
"$HOOKWRAP" manifest "$LM" >"$OUT/good.tsv"
M="$OUT/m.tsv"
# row3 AWK: the manifest with its row 3 (capget) changed by AWK.
row3() {
	{
		head -2 "$OUT/good.tsv"
		sed -n 3p "$OUT/good.tsv" | awk -F'\t' -v OFS='\t' "$1"
		sed -n '4,$p' "$OUT/good.tsv"
	} >"$M"
}
with_manifest() {
	bad "$1" "^$M:$2" "$HOOKWRAP" check --no-group --no-cache --tree "$LM" \
		--manifest "$M" "$LM/fs/inode.c"
}
row3 '{ $5 = ""; print }'
with_manifest "a manifest row with parameters and empty args: exit 2 at its line" \
	"3: error: args of 'capget': '' is not a parameter name"
row3 '{ $5 = "target, effective, 1x, permitted"; print }'
with_manifest "a manifest row whose args hold '1x': exit 2 at its line" \
	"3: error: args of 'capget': '1x' is not a parameter name"
row3 '{ $4 = "struct task_struct *target, , int a, int b"; print }'
with_manifest "a manifest row with an empty parameter: exit 2 at its line" \
	"3: error: params of 'capget' has an empty parameter"
cp "$OUT/good.tsv" "$M"
"$HOOKWRAP" check --no-group --no-cache --tree "$LM" --manifest "$M" "$LM/fs/inode.c" \
	>"$OUT/good.out" 2>"$OUT/good.err"
rc=$?
[ $rc -le 1 ] && [ ! -s "$OUT/good.err" ] &&
	ok "the manifest as hookwrap writes it still reads" ||
	not_ok "the manifest as hookwrap writes it still reads" "exit $rc" \
		"$(head -3 "$OUT/good.err")"

### fuzz_patch_tree: files of a patch that cannot all be.
T=$(copy_fixture lsm-mini)
cp -a "$T" "$OUT/pristine"
review() {
	"$HOOKWRAP" check --no-group --tree "$T" --patch "$FF/$1"
}
bad "a patch making fs/new.c a file and a directory: exit 2 at the second" \
	"^$FF/file-and-dir.patch:10: error: 'fs/new.c' \\(line 4\\) and 'fs/new.c/x.c' \\(line 10\\): the patch makes fs/new.c a file and needs it as a directory" \
	review file-and-dir.patch
bad "a series changing fs/inode.c twice: exit 2, not the first change lost" \
	"^$FF/twice.patch:26: error: $T/fs/inode.c is changed twice by the patch \\(lines 8 and 26\\); review a patch series one patch at a time" \
	review twice.patch
bad "a rename of fs/super.c and a new fs/super.c: exit 2" \
	"^$FF/rename-and-write.patch:8: error: $T/fs/super.c is changed twice by the patch \\(lines 3 and 8\\)" \
	review rename-and-write.patch
check "the tree is as it was" diff -r "$OUT/pristine" "$T"
# Each patch of the series alone is reviewed, the first with its finding.
sed -n '1,/^2\.39\.2$/p' "$FF/twice.patch" >"$OUT/first.patch"
"$HOOKWRAP" check --no-group --tree "$T" --patch "$OUT/first.patch" >"$OUT/first.out" 2>&1
contains "the series' first patch alone: its raw call found" "$OUT/first.out" \
	"fs/inode.c:17:8: warning: direct call security_ops->inode_alloc_security()"
