#!/bin/bash
# The sleep analysis on the old shape (struct security_operations,
# security_ops, inline wrappers in the header): implementations
# registered by initialiser and by assignment, hook calls through the
# inline wrapper and raw through the table pointer; the tree's own front
# end (files given without compiler flags).
. "$(dirname "$0")/lib.sh"
export HOOKWRAP_CACHE_DIR="$OUT/cache"

T=$(copy_fixture sleep-old)
DB="$OUT/facts.db"

for u in security/sleepy.c drivers/sleepcall.c security/dummy.c \
	 security/capability.c; do
	(cd "$T" && "$HOOKWRAP" check --no-group --db="$DB" "$u") >>"$OUT/check.out" 2>&1
	check "collect $u" test $? -eq 0
done
lacks "collection prints no sleep finding" "$OUT/check.out" "[sleep-"
(cd "$T" && "$HOOKWRAP" report --no-group --db="$DB") >"$OUT/report.txt"
same "old shape: wrapper, raw and assigned implementations, with chains" \
	"$FIX/sleep-old.expected/report.txt" "$OUT/report.txt"
contains "raw call named as written" "$OUT/report.txt" \
	"security_ops->inode_permission() -> sleepy_inode_permission() -> kmalloc(GFP_KERNEL)"
contains "inline wrapper named in the chain" "$OUT/report.txt" \
	"security_inode_permission() -> sleepy_inode_permission() -> kmalloc(GFP_KERNEL)"
contains "registered by assignment" "$OUT/report.txt" \
	"security_file_permission() -> sleepy_file_permission() -> msleep()"
lacks "the call after read_unlock is fine" "$OUT/report.txt" "sleepcall.c:54:"
sqlite3 "$DB" "SELECT how, count(*) FROM registrations WHERE impl LIKE
	'sleepy_%' GROUP BY how ORDER BY how" >"$OUT/how.txt"
printf 'assignment|1\ninitialiser|1\n' >"$OUT/how.want"
same "registrations: one initialiser, one assignment" "$OUT/how.want" "$OUT/how.txt"
"$HOOKWRAP" manifest --db="$DB" "$T" | awk -F'\t' '$13 != "-"' \
	| cut -f1,13 >"$OUT/may_sleep.txt"
printf 'member\tmay_sleep\ninode_permission\tsleepy_inode_permission\nfile_permission\tsleepy_file_permission\n' \
	>"$OUT/may_sleep.want"
same "manifest: may_sleep for the two hooks, - elsewhere" \
	"$OUT/may_sleep.want" "$OUT/may_sleep.txt"
