#!/bin/bash
# Nothing of hookwrap's own leaks out of it:
#   - the LIBCLANG_NOTHREADS it sets for libclang (src/core/bigstack.c) is not
#     in the environment of the spatch it runs; the user's own is;
#   - a temporary directory is removed however deep it goes, on a normal
#     exit and on a signal: review mode's shadow of a patch that creates
#     a file 100 directories down, checked and killed mid-check.
. "$(dirname "$0")/lib.sh"
export HOOKWRAP_CACHE_DIR="$OUT/cache"

# --- The environment of spatch ---------------------------------------
if command -v spatch >/dev/null; then
	CT=$(fixture convert-tree)
	cat >"$OUT/env-spatch" <<EOF2
#!/bin/sh
env >"$OUT/spatch.env"
exec spatch "\$@"
EOF2
	chmod +x "$OUT/env-spatch"
	"$HOOKWRAP" convert --spatch "$OUT/env-spatch" "$CT" \
		>"$OUT/conv.diff" 2>"$OUT/conv.err"
	same "convert through a spatch that records its environment: the golden diff" \
		"$FIX/convert-tree.expected/convert.diff" "$OUT/conv.diff"
	lacks "spatch's environment has no LIBCLANG_NOTHREADS of hookwrap's" \
		"$OUT/spatch.env" "LIBCLANG_NOTHREADS"
	rm -f "$OUT/spatch.env"
	LIBCLANG_NOTHREADS=user "$HOOKWRAP" convert --spatch "$OUT/env-spatch" \
		"$CT" >/dev/null 2>&1
	contains "the user's own LIBCLANG_NOTHREADS is passed on to spatch" \
		"$OUT/spatch.env" "LIBCLANG_NOTHREADS=user"
else
	not_ok "spatch is installed (scripts/install-deps)"
fi

# --- A shadow 100 directories deep -----------------------------------
T=$(copy_fixture check)
TMP="$OUT/tmp"
mkdir -p "$TMP"
DEEP=$(printf 'd/%.0s' $(seq 100))
# newfile NAME LINE...: a git diff creating NAME with the lines.
newfile() {
	local name=$1
	shift
	printf 'diff --git a/%s b/%s\nnew file mode 100644\n' "$name" "$name"
	printf -- '--- /dev/null\n+++ b/%s\n@@ -0,0 +1,%d @@\n' "$name" $#
	printf '+%s\n' "$@"
}
# A unit with a raw call, and a header 100 directories down.
{
	newfile drivers/raw.c '#include <linux/security.h>' \
		'int f(struct inode *inode, int mask)' \
		'{ return security_ops->inode_permission(inode, mask, NULL); }'
	newfile "${DEEP}x.h" 'int x;'
} >"$OUT/deep.patch"
# The same and a unit that reads a FIFO of the tree: the check waits
# there, with the shadow made, until a signal comes.
{
	cat "$OUT/deep.patch"
	newfile drivers/wait.c '#include "fifo.h"'
} >"$OUT/wait.patch"
mkfifo "$T/drivers/fifo.h"

# tmp_empty NAME: nothing left in $TMP.
tmp_empty() {
	local left
	left=$(find "$TMP" -mindepth 1 -maxdepth 1)
	[ -z "$left" ] && ok "$1" ||
		not_ok "$1" "left: $left ($(find "$TMP" | wc -l) entries)"
	rm -rf "$TMP"
	mkdir -p "$TMP"
}

TMPDIR=$TMP "$HOOKWRAP" check --tree "$T" --patch "$OUT/deep.patch" \
	>"$OUT/deep.out" 2>"$OUT/deep.err"
check "a shadow 100 directories deep: the check runs (exit 1: a finding)" \
	test $? -eq 1
contains "a shadow 100 directories deep: the new unit is checked" \
	"$OUT/deep.out" "drivers/raw.c:3:10: warning: direct call"
tmp_empty "a shadow 100 directories deep: removed at the end"

for sig in TERM INT; do
	env --default-signal=INT,TERM TMPDIR=$TMP "$HOOKWRAP" check \
		--tree "$T" --patch "$OUT/wait.patch" >/dev/null 2>&1 &
	pid=$!
	seen=
	for _ in $(seq 500); do
		ls "$TMP"/hookwrap-shadow.*/drivers/wait.c >/dev/null 2>&1 &&
			{ seen=1; break; }
		sleep 0.02
	done
	sleep 0.2
	kill -s $sig $pid
	# It must end promptly: the removal is no longer exponential in
	# the depth past 64 levels (it was: the process hung).
	for _ in $(seq 100); do
		kill -0 $pid 2>/dev/null || break
		sleep 0.1
	done
	if kill -0 $pid 2>/dev/null; then
		kill -9 $pid
		not_ok "SIG$sig with a deep shadow made: killed by it, within 10 s" \
			"still running 10 s after the signal"
		wait $pid 2>/dev/null
	else
		{ wait $pid; } 2>/dev/null
		rc=$?
		[ -n "$seen" ] && [ $rc = $((128 + $(kill -l $sig))) ] &&
			ok "SIG$sig with a deep shadow made: killed by it, within 10 s" ||
			not_ok "SIG$sig with a deep shadow made: killed by it, within 10 s" \
				"shadow seen: ${seen:-no}; exit $rc"
	fi
	tmp_empty "SIG$sig mid-check: the deep shadow is removed"
done
rm -f "$T/drivers/fifo.h"
