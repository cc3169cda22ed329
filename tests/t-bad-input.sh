#!/bin/bash
# Bad input: one clear "file:line: error: ..." line on stderr, exit 2,
# nothing on stdout, and the tree left as it was.
. "$(dirname "$0")/lib.sh"

H=include/linux/security.h

# bad NAME EXPECTED-PREFIX-REGEX CMD...: run CMD in $tree and judge it.
bad() {
	name=$1 want=$2
	shift 2
	cp -r "$tree" "$OUT/before"
	"$@" >"$OUT/stdout" 2>"$OUT/stderr"
	rc=$?
	why=
	[ "$rc" -eq 2 ] || why="exit status $rc, expected 2"
	[ -s "$OUT/stdout" ] && why="$why; wrote to stdout: $(head -2 "$OUT/stdout")"
	lines=$(wc -l <"$OUT/stderr")
	[ "$lines" -eq 1 ] || why="$why; $lines lines on stderr"
	grep -Eq -- "$want" "$OUT/stderr" || why="$why; stderr lacks /$want/"
	diff -r "$OUT/before" "$tree" >/dev/null || why="$why; the tree changed"
	rm -rf "$OUT/before"
	if [ -z "$why" ]; then
		ok "$name"
	else
		not_ok "$name" "$why" "$(cat "$OUT/stderr")"
	fi
}

fresh() { tree=$(copy_fixture handwrapped); }

fresh
sed -i 's/struct security_operations {/struct security_ops_renamed {/' "$tree/$H"
bad "no struct found" "^$tree/$H:[0-9]+: error: no definition of struct security_operations" \
	"$HOOKWRAP" manifest "$tree"

# A data member beside the hooks is no error (issue 12: 6.12's union
# has one): a warning naming it, the hooks read as before.
fresh
"$HOOKWRAP" manifest "$tree" >"$OUT/plain.tsv" 2>/dev/null
sed -i 's/\tint (\*task_kill)/\tint refcount;\n\tint (*task_kill)/' "$tree/$H"
"$HOOKWRAP" manifest "$tree" >"$OUT/data.tsv" 2>"$OUT/data.err"
check "a non-function member: exit 0" test $? -eq 0
contains "... a warning naming it" "$OUT/data.err" \
	"$tree/$H:19: warning: member 'refcount' of struct security_operations is not a function pointer ('int refcount'); not a hook, skipped"
cut -f9 --complement "$OUT/plain.tsv" >"$OUT/plain.cut"
cut -f9 --complement "$OUT/data.tsv" >"$OUT/data.cut"
same "... and the same rows as without it (but their lines)" \
	"$OUT/plain.cut" "$OUT/data.cut"
fresh
printf 'struct security_operations {\n\tint refcount;\n};\n' >"$tree/$H"
bad "a struct of data members only" "^$tree/$H:1: error: struct security_operations has no function-pointer members" \
	"$HOOKWRAP" manifest "$tree"

fresh
printf 'struct security_operations {\n\tint (*ptrace) (struct task_struct *p;\n};\n' >"$tree/$H"
bad "an unparseable header" "^$tree/$H:2: error: cannot parse struct security_operations: expected" \
	"$HOOKWRAP" manifest "$tree"

fresh
rm "$tree/security/dummy.c"
bad "a missing default table (no file)" "^$tree: error: no default table: none of 'security/capability.c" \
	"$HOOKWRAP" manifest "$tree"

fresh
printf 'int unrelated(void)\n{\n\treturn 0;\n}\n' >"$tree/security/dummy.c"
bad "a missing default table (file without one)" "^$tree/security/dummy.c: error: no default table" \
	"$HOOKWRAP" manifest "$tree"

fresh
printf 'profile = lsm\ncolour = blue\n' >"$tree/hookwrap.conf"
bad "an unknown config key" "^$tree/hookwrap.conf:2: error: 'colour': unknown key" \
	"$HOOKWRAP" manifest "$tree"

fresh
printf 'profile = lsm\nthis is not a setting\n' >"$tree/hookwrap.conf"
bad "a config line without =" "^$tree/hookwrap.conf:2: error: expected 'key = value'" \
	"$HOOKWRAP" manifest "$tree"

fresh
printf 'profile = lsm\nprefix = not an identifier\n' >"$tree/hookwrap.conf"
bad "a config value of the wrong form" "^$tree/hookwrap.conf:2: error: 'prefix': value must be a C identifier" \
	"$HOOKWRAP" manifest "$tree"

fresh
printf 'profile = lsm\ninternal = lsm_* not-a-name\n' >"$tree/hookwrap.conf"
bad "an internal that is neither a name nor a prefix*" "^$tree/hookwrap.conf:2: error: 'internal': each entry must be a C identifier" \
	"$HOOKWRAP" manifest "$tree"

fresh
printf 'struct = security_operations\n' >"$tree/hookwrap.conf"
bad "a config missing required keys" "^$tree/hookwrap.conf: error: missing keys 'pointer', 'header', 'prefix', 'config'" \
	"$HOOKWRAP" manifest "$tree"

fresh
printf 'profile = lsm\nstub.no_such_hook = return 1;\n' >"$tree/hookwrap.conf"
bad "an override for a hook the struct lacks" "^$tree/hookwrap.conf: error: stub.no_such_hook: struct security_operations has no member" \
	"$HOOKWRAP" manifest "$tree"

fresh
bad "--in-place without a generated region" "^$tree/$H: error: no generated region" \
	"$HOOKWRAP" gen-header --in-place "$tree"

fresh
printf '/* hookwrap: begin generated wrappers */\n/* hookwrap: begin generated wrappers */\n/* hookwrap: end generated wrappers */\n' >>"$tree/$H"
bad "--in-place with repeated markers" "^$tree/$H:[0-9]+: error: the generated region's markers appear more than once" \
	"$HOOKWRAP" gen-header --in-place "$tree"

fresh
bad "a TREE that is not a directory" "^$tree/nonexistent: error: not a directory" \
	"$HOOKWRAP" manifest "$tree/nonexistent"
bad "a directory that is no kernel tree" "^$tree/security: error: no table description" \
	"$HOOKWRAP" manifest "$tree/security"
bad "--config naming a missing file" "^$tree/missing.conf: error: cannot read" \
	"$HOOKWRAP" manifest --config "$tree/missing.conf" "$tree"
bad "an unknown profile" "error: unknown profile 'nope'" \
	"$HOOKWRAP" manifest --profile nope "$tree"

# A failed write leaves the header whole: a read-only directory makes the
# temporary file impossible (skipped as root, who may write anyway).
tree=$(copy_fixture lsm-mini)
if [ "$(id -u)" -ne 0 ]; then
	chmod a-w "$tree/include/linux"
	sed -i 's/^static inline int security_ptrace(/static inline int security_ptrace_old(/' "$tree/$H"
	cp "$tree/$H" "$OUT/h.before"
	"$HOOKWRAP" gen-header --in-place "$tree" 2>"$OUT/stderr"
	rc=$?
	chmod u+w "$tree/include/linux"
	if [ "$rc" -eq 2 ] && cmp -s "$OUT/h.before" "$tree/$H"; then
		ok "an unwritable directory leaves the header as it was"
	else
		not_ok "an unwritable directory leaves the header as it was" "rc=$rc"
	fi
fi

# Usage errors exit 2 too.
check_fails "an unknown command" "$HOOKWRAP" no-such-command
check_fails "manifest without TREE" "$HOOKWRAP" manifest
check_fails "gen-header with both -o and --in-place" \
	"$HOOKWRAP" gen-header -o "$OUT/x.h" --in-place "$FIX/lsm-mini"
