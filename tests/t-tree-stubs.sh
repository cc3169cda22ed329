#!/bin/bash
# The tree's own stubs win (issue 12 item 2): where the wrapper header
# has a hand-written CONFIG-off stub, the manifest takes it; one that
# differs from the defaults is kept and said once ([stub-differs]: a note
# from manifest and gen-header; a finding from check --tree when it is
# likely wrong, for every difference with --all-stubs).
. "$(dirname "$0")/lib.sh"

T=$(fixture tree-stubs)
"$HOOKWRAP" manifest "$T" >"$OUT/m.tsv" 2>"$OUT/m.err"
check "manifest of tree-stubs: exit 0" test $? -eq 0
row() { awk -F'\t' -v m="$1" -v c="$2" 'NR==1{for(i=1;i<=NF;i++)n[$i]=i}
	$1==m{print $(n[c])}' "$OUT/m.tsv"; }
expect() {
	got=$(row "$1" "$2")
	if [ "$got" = "$3" ]; then ok "$1: $2 is '$3'"
	else not_ok "$1: $2 is '$3'" "got '$got'"; fi
}
# The five that differ: the tree's stub, the inferred one beside it.
expect inode_setxattr stub \
	"return cap_inode_setxattr(dentry, name, value, size, flags);"
expect inode_setxattr stub_inferred "return 0;"
expect inode_setsecctx stub "return -EOPNOTSUPP;"
expect inode_setsecctx stub_inferred "return 0;"
# The tree's stub says *sid; the hook's parameter is secid: renamed.
expect cred_getsecid stub "*secid = 0;"
expect cred_getsecid stub_inferred "{ }"
expect task_prctl stub "return cap_task_prctl(option, arg2, arg3, arg3, arg5);"
expect task_prctl stub_inferred \
	"return cap_task_prctl(option, arg2, arg3, arg4, arg5);"
# In #ifdef CONFIG_KEYS / #ifdef CONFIG_SECURITY / #else.
expect key_getsecurity stub "*buffer = NULL; return 0;"
expect key_getsecurity stub_inferred "return 0;"
# Equal ones keep hookwrap's spelling; getprocattr's stub has an extra
# parameter (lsmid): not compared, the inferred stub stays.
expect capable stub "return cap_capable(cred, cap, opts);"
expect capable stub_inferred "-"
expect socket_sock_rcv_skb stub_inferred "-"
expect getprocattr stub "return -EOPNOTSUPP;"
expect getprocattr stub_inferred "-"

n=$(grep -c '\[stub-differs\]$' "$OUT/m.err")
check "manifest: 5 stub-differs notes (got $n)" test "$n" -eq 5
contains "the note of the arg3 bug, at the stub's line" "$OUT/m.err" \
	"$T/include/linux/security.h:80: note: stub of security_task_prctl differs from the default (tree: 'return cap_task_prctl(option, arg2, arg3, arg3, arg5);', default: 'return cap_task_prctl(option, arg2, arg3, arg4, arg5);'); the tree's is kept [stub-differs]"
lacks "no note for an equal stub" "$OUT/m.err" "security_capable"
lacks "no note for the stub with other parameters" "$OUT/m.err" \
	"security_getprocattr"
contains "one summary line" "$OUT/m.err" \
	"note: 5 of the 12 hooks with a stub in the tree's header (1 of them with other parameters, not compared) have one that differs from the defaults"

# gen-header writes the tree's stubs (never silently replaced), and says so.
"$HOOKWRAP" gen-header "$T" >"$OUT/g.h" 2>"$OUT/g.err"
check "gen-header: exit 0" test $? -eq 0
contains "gen-header: the tree's stub of task_prctl" "$OUT/g.h" \
	"	return cap_task_prctl(option, arg2, arg3, arg3, arg5);"
contains "gen-header: the tree's two statements" "$OUT/g.h" "	*buffer = NULL;"
n=$(grep -c '\[stub-differs\]$' "$OUT/g.err")
check "gen-header: 5 stub-differs notes (got $n)" test "$n" -eq 5
# The same block from the manifest file: the reader takes the new column.
"$HOOKWRAP" check --manifest "$OUT/m.tsv" --tree "$T" --format json \
	>"$OUT/cm.json" 2>"$OUT/cm.err"
n=$(grep -o '"rule": *"stub-differs"' "$OUT/cm.json" | wc -l)
check "check --manifest with stub_inferred: 1 stub-differs, the likely bug (got $n)" \
	test "$n" -eq 1
"$HOOKWRAP" check --all-stubs --manifest "$OUT/m.tsv" --tree "$T" \
	--format json >"$OUT/cma.json" 2>"$OUT/cma.err"
n=$(grep -o '"rule": *"stub-differs"' "$OUT/cma.json" | wc -l)
check "check --all-stubs --manifest with stub_inferred: 5 stub-differs (got $n)" \
	test "$n" -eq 5

# check --tree: a finding at the stub that is likely wrong (a default
# called with the parameters out of order); with --all-stubs one per
# differing stub.
"$HOOKWRAP" check --tree "$T" --format json >"$OUT/c.json" 2>"$OUT/c.err"
n=$(grep -o '"rule": *"stub-differs"' "$OUT/c.json" | wc -l)
check "check --tree --format json: 1 stub-differs (got $n)" test "$n" -eq 1
"$HOOKWRAP" check --all-stubs --tree "$T" --format json >"$OUT/ca.json" 2>"$OUT/ca.err"
n=$(grep -o '"rule": *"stub-differs"' "$OUT/ca.json" | wc -l)
check "check --all-stubs --tree --format json: 5 stub-differs (got $n)" test "$n" -eq 5
"$HOOKWRAP" check --tree "$T" >"$OUT/c.out" 2>&1
contains "check --tree: the arg3 bug at its line" "$OUT/c.out" \
	"$T/include/linux/security.h:80:1: warning: stub security_task_prctl() calls cap_task_prctl() with 'arg3' twice (arguments 3 and 4): the tree's does 'return cap_task_prctl(option, arg2, arg3, arg3, arg5);', the default 'return cap_task_prctl(option, arg2, arg3, arg4, arg5);'; fix the stub (hookwrap keeps the tree's, and generates it too), or set 'stub.task_prctl' in hookwrap.conf to the body meant [stub-differs]"

# stub.HOOK in hookwrap.conf outranks the tree's stub: no note for it.
t2=$(copy_fixture tree-stubs)
printf 'profile = lsm-hooks\nstub.task_prctl = return -ENOSYS;\n' \
	>"$t2/hookwrap.conf"
"$HOOKWRAP" manifest "$t2" >"$OUT/m2.tsv" 2>"$OUT/m2.err"
got=$(awk -F'\t' '$1=="task_prctl"{print $7}' "$OUT/m2.tsv")
check "stub.task_prctl wins over the tree's stub (got '$got')" \
	test "$got" = "return -ENOSYS;"
lacks "stub.task_prctl: no note for it" "$OUT/m2.err" "security_task_prctl"
n=$(grep -c '\[stub-differs\]$' "$OUT/m2.err")
check "stub.task_prctl: the other 4 notes stay (got $n)" test "$n" -eq 4

# A stub in a comment is no stub; a header whose stubs all agree keeps
# the manifest it had (no stub_inferred column: handwrapped).
t3=$(copy_fixture tree-stubs)
sed -i 's|^#else /\* CONFIG_SECURITY \*/$|&\n/* static inline int security_capable(const struct cred *cred, int cap, unsigned int opts) { return 1; } */|' \
	"$t3/include/linux/security.h"
"$HOOKWRAP" manifest "$t3" >/dev/null 2>"$OUT/m3.err"
lacks "a commented-out stub is not taken" "$OUT/m3.err" "security_capable"
"$HOOKWRAP" manifest "$FIX/handwrapped" >"$OUT/hw.tsv" 2>"$OUT/hw.err"
same "handwrapped (its stub agrees): manifest unchanged" \
	"$FIX/handwrapped.expected/manifest.tsv" "$OUT/hw.tsv"
lacks "handwrapped: no note" "$OUT/hw.err" "stub-differs"

# scripts/compare-header (docs/real-trees.md) still finds the arg3 bug:
# it compares the tree's stubs with the inferred ones, not with the
# header gen-header now writes (the tree's).
"$HW/scripts/compare-header" --hookwrap "$HOOKWRAP" "$T" >"$OUT/cmp.txt" 2>&1
contains "compare-header: 6 stubs equal to the inferred" "$OUT/cmp.txt" \
	"stub body equal to hookwrap's:        6"
contains "compare-header: the arg3 bug" "$OUT/cmp.txt" \
	"tree {return cap_task_prctl(option,arg2,arg3,arg3,arg5);} hookwrap {return cap_task_prctl(option,arg2,arg3,arg4,arg5);}"

# A header with a NUL byte: one error, exit 2, no manifest.
t4=$(copy_fixture tree-stubs)
printf 'x\0y\n' >>"$t4/include/linux/security.h"
"$HOOKWRAP" manifest "$t4" >"$OUT/m4.tsv" 2>"$OUT/m4.err"
check "a NUL byte in the header: exit 2" test $? -eq 2
check "a NUL byte in the header: no manifest" test ! -s "$OUT/m4.tsv"
n=$(grep -c ': error: ' "$OUT/m4.err")
check "a NUL byte in the header: one error line (got $n)" test "$n" -eq 1

# The 2.6 shape (Linux 2.6.39's header: inline wrappers under
# CONFIG_SECURITY, stubs under #else): the stub that passes parent
# twice is still reported, the wrappers are no stubs.
T26=$(fixture tree-stubs-26)
"$HOOKWRAP" manifest "$T26" >"$OUT/m26.tsv" 2>"$OUT/m26.err"
check "2.6 shape: manifest exit 0" test $? -eq 0
got=$(awk -F'\t' '$1=="ptrace"{print $7 "|" $14}' "$OUT/m26.tsv")
check "2.6 shape: ptrace's stub is the tree's, the inferred beside it" \
	test "$got" = "return cap_ptrace(parent, parent);|return cap_ptrace(parent, child);"
n=$(grep -c '\[stub-differs\]$' "$OUT/m26.err")
check "2.6 shape: 2 stub-differs notes (ptrace, task_kill; got $n)" test "$n" -eq 2
contains "2.6 shape: the note of the bug, at the #else stub" "$OUT/m26.err" \
	"$T26/include/linux/security.h:62: note: stub of security_ptrace differs from the default (tree: 'return cap_ptrace(parent, parent);', default: 'return cap_ptrace(parent, child);'); the tree's is kept [stub-differs]"
"$HOOKWRAP" check --tree "$T26" >"$OUT/c26.out" 2>&1
n=$(grep -c '\[stub-differs\]$' "$OUT/c26.out")
check "2.6 shape: check --tree, 1 stub-differs: ptrace's bug (got $n)" test "$n" -eq 1
contains "2.6 shape: check --tree names ptrace's 'parent' twice" "$OUT/c26.out" \
	"stub security_ptrace() calls cap_ptrace() with 'parent' twice (arguments 1 and 2)"
"$HOOKWRAP" check --all-stubs --tree "$T26" >"$OUT/c26a.out" 2>&1
n=$(grep -c '\[stub-differs\]$' "$OUT/c26a.out")
check "2.6 shape: check --all-stubs --tree, 2 stub-differs (got $n)" test "$n" -eq 2
