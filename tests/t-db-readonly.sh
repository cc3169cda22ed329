#!/bin/bash
# report --db and manifest --db only read their database: the file is
# byte-identical afterwards and no -wal or -shm is left beside it; a
# file that is not hookwrap's database (another program's SQLite file,
# in either journal mode; hookwrap's without its schema row or with a
# table of someone else's; an empty file) is refused with exit 2 and a
# message naming it; a database whose last transactions are still in
# its -wal (a checker running, or killed) is read with them.
. "$(dirname "$0")/lib.sh"
export HOOKWRAP_CACHE_DIR="$OUT/cache"

T=$(copy_fixture sleep-hooks)
EXP="$FIX/sleep-hooks.expected"
KFLAGS="-nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1
 -DCONFIG_SECURITY_NETWORK=1 -mpreferred-stack-boundary=2 -O2"
UNITS="kernel/signal.c security/selinux/hooks.c security/apparmor/lsm.c
 security/security.c security/commoncap.c"

# collect DB: every unit's facts, as make C=2 would.
collect() {
	rm -f "$1" "$1-wal" "$1-shm"
	for u in $UNITS; do
		(cd "$T" && "$HOOKWRAP" check --no-group --db="$1" $KFLAGS "$u") || return 1
	done
}

# untouched NAME DB SUM: DB's checksum is still SUM and no -wal or -shm
# sits beside it.
untouched() {
	if [ "$(md5sum <"$2")" != "$3" ]; then
		not_ok "$1: the file is unchanged" "checksum differs"
	elif [ -e "$2-wal" ] || [ -e "$2-shm" ]; then
		not_ok "$1: the file is unchanged" "left: $(ls "$2"-*)"
	else
		ok "$1: the file is unchanged"
	fi
}

DB="$OUT/facts.db"
check "collect the facts" collect "$DB"
check "the checkers leave no -wal or -shm" test ! -e "$DB-wal" -a ! -e "$DB-shm"
sum=$(md5sum <"$DB")

(cd "$T" && "$HOOKWRAP" report --no-group --db="$DB") >"$OUT/report.txt" 2>"$OUT/report.err"
check "report: exit 0" test $? -eq 0
same "report: the findings" "$EXP/report.txt" "$OUT/report.txt"
untouched "report" "$DB" "$sum"
(cd "$T" && "$HOOKWRAP" report --no-group --db="$DB" --format=sarif) >/dev/null
untouched "report --format=sarif" "$DB" "$sum"
(cd "$T" && "$HOOKWRAP" report --no-group --db="$DB" --why task_kill) >/dev/null
untouched "report --why" "$DB" "$sum"
"$HOOKWRAP" manifest --db="$DB" "$T" | cut -f1,13 >"$OUT/may_sleep.tsv"
same "manifest --db: may_sleep" "$EXP/may_sleep.tsv" "$OUT/may_sleep.tsv"
untouched "manifest --db" "$DB" "$sum"
chmod 444 "$DB"
(cd "$T" && "$HOOKWRAP" report --no-group --db="$DB") >"$OUT/ro.txt" 2>&1
same "report on a read-only file" "$EXP/report.txt" "$OUT/ro.txt"
chmod 644 "$DB"

# refused NAME FILE WHY: report and manifest --db exit 2 on FILE, name
# it, say WHY and what to do, and leave it as it was.
refused() {
	local sum r
	sum=$(md5sum <"$2")
	"$HOOKWRAP" report --no-group --db="$2" >"$OUT/refused.out" 2>&1
	r=$?
	check "$1: report exits 2" test $r -eq 2
	contains "$1: names the file and why" "$OUT/refused.out" "$2: error: $3"
	contains "$1: says what to do" "$OUT/refused.out" \
		"give --db the file that 'hookwrap check --db' wrote"
	untouched "$1: report" "$2" "$sum"
	"$HOOKWRAP" manifest --db="$2" "$T" >"$OUT/refused.out" 2>&1
	r=$?
	check "$1: manifest --db exits 2" test $r -eq 2
	untouched "$1: manifest --db" "$2" "$sum"
}

sqlite3 "$OUT/other.db" "CREATE TABLE notes(id INTEGER PRIMARY KEY, text);
	INSERT INTO notes(text) VALUES('keep me')"
refused "another program's database" "$OUT/other.db" \
	"not a hookwrap facts database (it has a table 'notes'"

sqlite3 "$OUT/otherwal.db" "PRAGMA journal_mode=WAL; CREATE TABLE notes(x);
	INSERT INTO notes VALUES(1)" >/dev/null
refused "another program's database in WAL mode" "$OUT/otherwal.db" \
	"not a hookwrap facts database (it has a table 'notes'"

cp "$DB" "$OUT/noschema.db"
sqlite3 "$OUT/noschema.db" "DELETE FROM meta WHERE key='schema'"
refused "hookwrap's tables without the schema row" "$OUT/noschema.db" \
	"not a hookwrap facts database (no schema row in table meta)"

cp "$DB" "$OUT/extra.db"
sqlite3 "$OUT/extra.db" "CREATE TABLE mine(x)"
refused "hookwrap's database with a table of someone else's" \
	"$OUT/extra.db" "not a hookwrap facts database (it has a table 'mine'"

cp "$DB" "$OUT/lacking.db"
sqlite3 "$OUT/lacking.db" "DROP TABLE registrations"
refused "a table missing" "$OUT/lacking.db" \
	"not a hookwrap facts database (no table 'registrations')"

: >"$OUT/empty.db"
refused "an empty file" "$OUT/empty.db" \
	"not a hookwrap facts database (an empty file)"

echo "not a database" >"$OUT/text.db"
refused "a text file" "$OUT/text.db" \
	"not a hookwrap facts database (not an SQLite database)"

# A checker killed after its last commit: that transaction is only in
# the -wal.  It adds one sleeping call in an atomic region; the reader
# must see it, and leave the database and its -wal as they were.
cp "$DB" "$OUT/live.db"
python3 - "$OUT/live.db" <<'PY'
import os, sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("PRAGMA wal_autocheckpoint=0")
db.execute("BEGIN")
u = db.execute("SELECT id FROM units WHERE path='kernel/signal.c'").fetchone()[0]
db.execute("INSERT INTO functions VALUES(?,'wal_only',1,'kernel/signal.c',997,NULL,NULL,NULL)", (u,))
db.execute("INSERT INTO calls VALUES(?,'wal_only','msleep',NULL,1,'msleep()',"
	   "'msleep','kernel/signal.c',999,2,1,'spin_lock(&wal_lock)',"
	   "'kernel/signal.c',998,1,0,1,NULL,NULL,0,NULL,0,0,NULL,NULL,0,NULL,NULL,"
	   "NULL,0,0)", (u,))
db.execute("COMMIT")
os._exit(0)	# no close: no checkpoint, the -wal stays
PY
check "a killed checker's -wal is there" test -s "$OUT/live.db-wal"
sums=$(cat "$OUT/live.db" "$OUT/live.db-wal" | md5sum)
(cd "$T" && "$HOOKWRAP" report --no-group --db="$OUT/live.db") >"$OUT/live.txt" 2>&1
check "report with a -wal: exit 0" test $? -eq 0
contains "report with a -wal: sees its transaction" "$OUT/live.txt" \
	"kernel/signal.c:999:2: warning: msleep() may sleep inside the atomic region begun by spin_lock(&wal_lock) at kernel/signal.c:998"
check "report with a -wal: the database and the -wal are unchanged" \
	test "$(cat "$OUT/live.db" "$OUT/live.db-wal" | md5sum)" = "$sums"

# Checkers storing units again while report reads, as when a report
# runs during a build: each store is one transaction and each report one
# snapshot, so every report is whole (the same units, the same facts).
cp "$DB" "$OUT/busy.db"
(for i in 1 2 3; do
	for u in $UNITS; do
		(cd "$T" && "$HOOKWRAP" check --no-group --db="$OUT/busy.db" $KFLAGS "$u") \
			>/dev/null 2>&1
	done
 done) &
writers=$!
bad=0
for i in $(seq 1 12); do
	(cd "$T" && "$HOOKWRAP" report --no-group --db="$OUT/busy.db") >"$OUT/busy.txt" 2>&1 ||
		bad=$((bad + 1))
	cmp -s "$EXP/report.txt" "$OUT/busy.txt" || bad=$((bad + 1))
done
wait $writers
check "report during checkers' stores: whole every time ($bad bad)" \
	test $bad -eq 0
