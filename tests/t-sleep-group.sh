#!/bin/bash
# One root cause, one finding (issue 27, item 3): a sleeping call
# reached inside atomic regions from several call sites (ocfs2's
# dlm_print_one_mle() -> get_zeroed_page(GFP_NOFS) under dlm->spinlock)
# is one finding, at its first entry point, naming the others; JSON
# lists them as "related", SARIF as relatedLocations; --no-group prints
# one finding per site as before.
. "$(dirname "$0")/lib.sh"
export HOOKWRAP_CACHE_DIR="$OUT/cache"

T=$(copy_fixture sleep-hooks)
DB="$OUT/facts.db"
KFLAGS="-nostdinc -D__KERNEL__ -Iinclude -O2"
collect() {
	rm -f "$1"
	for u in fs/ocfs2/dlmdebug.c fs/ocfs2/dlmmaster.c; do
		(cd "$T" && "$HOOKWRAP" check --db="$1" $KFLAGS "$u") || return 1
	done
}
report() { (cd "$T" && "$HOOKWRAP" report --db="$DB" "$@"); }

check "collect the facts" collect "$DB"
report >"$OUT/grouped.txt" 2>"$OUT/grouped.err"
check "report: exit 0" test $? -eq 0
check "grouped: one finding for the three sites" \
	test "$(wc -l <"$OUT/grouped.txt")" -eq 1
same "grouped: the first entry, its chain, the two others by place" \
	<(echo "fs/ocfs2/dlmdebug.c:26:2: warning: dlm_print_one_mle() may sleep inside the atomic region begun by spin_lock(&dlm->spinlock) at fs/ocfs2/dlmdebug.c:25: dlm_print_one_mle() -> get_zeroed_page(GFP_NOFS); the same sleep is reached inside atomic regions from 2 more places: fs/ocfs2/dlmdebug.c:33 (spin_lock(&dlm->spinlock)), fs/ocfs2/dlmmaster.c:13 (spin_lock(&dlm->spinlock)) [sleep-in-atomic]") \
	"$OUT/grouped.txt"
report --no-group >"$OUT/each.txt"
check "--no-group: one finding per site (3)" test "$(wc -l <"$OUT/each.txt")" -eq 3
contains "--no-group: the unit's second site" "$OUT/each.txt" \
	"fs/ocfs2/dlmdebug.c:33:2: warning: dlm_print_one_mle() may sleep inside the atomic region begun by spin_lock(&dlm->spinlock) at fs/ocfs2/dlmdebug.c:32: dlm_print_one_mle() -> get_zeroed_page(GFP_NOFS) [sleep-in-atomic]"
contains "--no-group: the other unit's site" "$OUT/each.txt" \
	"fs/ocfs2/dlmmaster.c:13:2: warning: dlm_print_one_mle() may sleep"

report --format=json >"$OUT/g.json"
check "JSON: the others as related places" python3 - "$OUT/g.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
f = d["findings"]
assert len(f) == 1, f
rel = f[0]["related"]
assert [(r["file"], r["line"]) for r in rel] == [
    ("fs/ocfs2/dlmdebug.c", 33), ("fs/ocfs2/dlmmaster.c", 13)], rel
assert all("get_zeroed_page(GFP_NOFS)" in r["message"] for r in rel)
PY
report --format=sarif >"$OUT/g.sarif"
check "SARIF: relatedLocations, two" python3 - "$OUT/g.sarif" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["runs"][0]["results"]
assert len(r) == 1, r
rl = r[0]["relatedLocations"]
assert [x["physicalLocation"]["region"]["startLine"] for x in rl] == [33, 13]
assert [x["id"] for x in rl] == [1, 2]
PY
check "SARIF: the structure 2.1.0 requires" \
	python3 "$HW/tests/check/sarif-check.py" "$OUT/g.sarif"

# One unit without --db: its own two sites, one finding.
(cd "$T" && "$HOOKWRAP" check --no-prefilter $KFLAGS fs/ocfs2/dlmdebug.c) \
	>"$OUT/unit.out" 2>"$OUT/unit.err"
n=$(grep -c ': warning: ' "$OUT/unit.err")
check "one unit: its two sites are one finding (got $n)" test "$n" -eq 1
contains "... naming the other" "$OUT/unit.err" \
	"from 1 more place: fs/ocfs2/dlmdebug.c:33 (spin_lock(&dlm->spinlock))"

# A baseline of the grouped report: the same facts, nothing new; a
# fourth site joins the group, which is new (its places changed).
report --format=json >"$OUT/base.json"
report --baseline="$OUT/base.json" >"$OUT/b1.txt" 2>/dev/null
same "baseline: the same group, nothing new" /dev/null "$OUT/b1.txt"
cat >>"$T/fs/ocfs2/dlmmaster.c" <<'EOC'

void dlm_migrate(struct dlm_ctxt *dlm)
{
	spin_lock(&dlm->spinlock);
	dlm_print_one_mle(dlm);
	spin_unlock(&dlm->spinlock);
}
EOC
check "collect with a fourth site" collect "$DB"
report --baseline="$OUT/base.json" >"$OUT/b2.txt" 2>/dev/null
check "baseline: the group with a new site is one new finding" \
	test "$(wc -l <"$OUT/b2.txt")" -eq 1
contains "... naming three more places now" "$OUT/b2.txt" "from 3 more places:"

# The group's head is its shortest chain, wherever it is: a unit
# collected first whose site reaches the sleep one call deeper (through
# its own wrapper) is named after the direct callers, not before them.
mkdir -p "$T/fs/dlm"
cat >"$T/fs/dlm/show.c" <<'EOC'
#include <linux/spinlock.h>

struct dlm_ctxt {
	spinlock_t spinlock;
};

extern void dlm_print_one_mle(struct dlm_ctxt *dlm);

static void dlm_show(struct dlm_ctxt *dlm)
{
	dlm_print_one_mle(dlm);
}

void dlm_show_locked(struct dlm_ctxt *dlm)
{
	spin_lock(&dlm->spinlock);
	dlm_show(dlm);
	spin_unlock(&dlm->spinlock);
}
EOC
rm -f "$DB"
for u in fs/dlm/show.c fs/ocfs2/dlmdebug.c fs/ocfs2/dlmmaster.c; do
	(cd "$T" && "$HOOKWRAP" check --db="$DB" $KFLAGS "$u") ||
		echo "collect $u failed" >&2
done
report >"$OUT/short.txt" 2>&1
check "shortest first: still one finding" \
	test "$(wc -l <"$OUT/short.txt")" -eq 1
same "shortest first: headed by a direct caller; the wrapper's site last" \
	<(echo "fs/ocfs2/dlmdebug.c:26:2: warning: dlm_print_one_mle() may sleep inside the atomic region begun by spin_lock(&dlm->spinlock) at fs/ocfs2/dlmdebug.c:25: dlm_print_one_mle() -> get_zeroed_page(GFP_NOFS); the same sleep is reached inside atomic regions from 4 more places: fs/ocfs2/dlmdebug.c:33 (spin_lock(&dlm->spinlock)), fs/ocfs2/dlmmaster.c:13 (spin_lock(&dlm->spinlock)), fs/ocfs2/dlmmaster.c:20 (spin_lock(&dlm->spinlock)), ... [sleep-in-atomic]") \
	"$OUT/short.txt"
report --format=json >"$OUT/short.json"
check "JSON: the wrapper's site is the last related place" python3 - "$OUT/short.json" <<'PY'
import json, sys
rel = json.load(open(sys.argv[1]))["findings"][0]["related"]
assert (rel[-1]["file"], rel[-1]["line"]) == ("fs/dlm/show.c", 17), rel
assert "dlm_show() -> dlm_print_one_mle() -> get_zeroed_page" in rel[-1]["message"]
PY
