#!/bin/bash
# A default whose body does not compile here (issue 22, item 8): the stub
# calls it instead of copying it, and the commands that write stubs
# (manifest, gen-header) say so, once; the others (convert, make
# coccicheck, which write no stub) say nothing.  On the ARM tree the
# warnings came from convert, twice per make coccicheck.
. "$(dirname "$0")/lib.sh"

T=$(copy_fixture lsm-mini)
# dummy_sb_statfs, a default defined beside its table, made extern, with
# a body that does not compile: it calls a pointer.  (A name that does
# not resolve would make the hook incomplete instead, an error:
# docs/manifest.md, "Incomplete hooks".)
sed -i 's/^static int dummy_sb_statfs(struct super_block \*sb)$/int dummy_sb_statfs(struct super_block *sb)/
	/^int dummy_sb_statfs/,/^}/s/return 0;/return sb();/' \
	"$T/security/dummy.c"
W="$T/security/dummy.c:79: warning: cannot read default 'dummy_sb_statfs' of hook 'sb_statfs' (it does not compile here); its stub calls it"

# warned NAME FILE N: FILE has N "cannot read default" lines, each $W.
warned() {
	local n
	n=$(grep -c 'cannot read default' "$2")
	if [ "$n" = "$3" ] && { [ "$3" = 0 ] || grep -qxF -- "$W" "$2"; }; then
		ok "$1"
	else
		not_ok "$1" "want $3 warning(s), got $n:" "$(head -5 "$2")"
	fi
}

"$HOOKWRAP" manifest "$T" >"$OUT/m.tsv" 2>"$OUT/m.err"
warned "manifest: the warning, once, at the default's line" "$OUT/m.err" 1
awk -F'\t' '$1 == "sb_statfs" { print $7 }' "$OUT/m.tsv" >"$OUT/m.stub"
same "manifest: the stub calls the default" \
	<(echo 'return dummy_sb_statfs(sb);') "$OUT/m.stub"
"$HOOKWRAP" gen-header "$T" >"$OUT/g.out" 2>"$OUT/g.err"
warned "gen-header: the warning, once" "$OUT/g.err" 1
contains "gen-header: the stub calls the default" "$OUT/g.out" \
	"return dummy_sb_statfs(sb);"

# convert builds the same manifest (without the cache: a build) and
# writes no stub.
for args in "--print-rule" "--print-files" ""; do
	"$HOOKWRAP" convert --no-cache $args "$T" >/dev/null 2>"$OUT/c.err"
	warned "convert ${args:-(the diff)}: no warning" "$OUT/c.err" 0
done
make -s --no-print-directory -C "$HW" coccicheck M="$T" MODE=report \
	>"$OUT/mk.out" 2>"$OUT/mk.err"
warned "make coccicheck: no warning" "$OUT/mk.err" 0
n=$(grep -c '\[raw-hook-call\]$' "$OUT/mk.out")
check "make coccicheck: the reports as ever ($n)" test "$n" -gt 0
