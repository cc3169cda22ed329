#!/bin/bash
# hookwrap serve (src/cmd/serve.c): a command handed to the server runs
# as the exec'd hookwrap-full would have run it, and only then.
#   - served and exec'd: the same output, errors and exit status, in the
#     caller's directory, with its environment and umask; one program
#     run (the front), where exec runs two;
#   - a signal to the front reaches the command; a front killed takes
#     its command with it;
#   - refused, and exec'd instead: limits a fork cannot take (ulimit -v),
#     a hookwrap-full rebuilt since the server started; not asked: a
#     terminal on a standard descriptor;
#   - the server's own errors, and its ends (socket removed, --idle).
# A private server of a private copy of the binaries: tests/run's own
# server is not used here.
. "$(dirname "$0")/lib.sh"
unset HOOKWRAP_SERVER
export HOOKWRAP_CACHE_DIR="$OUT/cache"

B=$OUT/bin
mkdir -p "$B"
cp "$(dirname "$HOOKWRAP")/hookwrap" "$(dirname "$HOOKWRAP")/hookwrap-full" "$B/"
HW_FRONT=$B/hookwrap
S=$OUT/s.sock
rm -f "$S"

T=$(copy_fixture sleep-hooks)
cp "$HW/tests/rules/sleep-in-atomic/endless-loop.c" "$T/fs/endless.c"
KFLAGS="-nostdinc -D__KERNEL__ -Iinclude"

# start [OPTIONS]: the server on $S; its pid in SERVER.
start() {
	"$HW_FRONT" serve "$@" "$S" 2>"$OUT/server.err" &
	SERVER=$!
	for _ in $(seq 100); do
		[ -S "$S" ] && return 0
		sleep 0.05
	done
	return 1
}
# gone PID SECONDS: PID ends within SECONDS.
gone() {
	for _ in $(seq $(($2 * 10))); do
		kill -0 "$1" 2>/dev/null || return 0
		sleep 0.1
	done
	return 1
}
# run WHERE SERVER CMD...: CMD in directory WHERE, with HOOKWRAP_SERVER
# set to SERVER (empty: exec), under strace; $OUT/r.out, r.err, r.rc,
# and in N the programs it ran.
run() {
	local where=$1 server=$2
	shift 2
	(cd "$where" && HOOKWRAP_SERVER=$server \
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		strace -f -qq -e trace=execve -e signal=none -o "$OUT/strace" \
		"$@" >"$OUT/r.out" 2>"$OUT/r.err")
	echo $? >"$OUT/r.rc"
	N=$(grep -c 'execve(' "$OUT/strace")
}
# both NAME WHERE CMD...: CMD served and exec'd give the same.
both() {
	local name=$1 where=$2
	shift 2
	run "$where" "" "$@"
	mv "$OUT/r.out" "$OUT/e.out"
	mv "$OUT/r.err" "$OUT/e.err"
	mv "$OUT/r.rc" "$OUT/e.rc"
	local ne=$N
	run "$where" "$S" "$@"
	same "$name: the same stdout served" "$OUT/e.out" "$OUT/r.out"
	same "$name: the same stderr served" "$OUT/e.err" "$OUT/r.err"
	same "$name: the same exit status served ($(cat "$OUT/r.rc"))" "$OUT/e.rc" "$OUT/r.rc"
	check "$name: served, one program runs; exec'd, two ($N, $ne)" \
		test "$N:$ne" = 1:2
}

if ! start; then
	not_ok "hookwrap serve starts and listens" "$(cat "$OUT/server.err")"
	exit 0
fi
ok "hookwrap serve starts and listens"
check "its socket is its user's alone (0700)" \
	test "$(stat -c %a "$S")" = 700

both "check with findings" "$T" "$HW_FRONT" check --no-group $KFLAGS fs/endless.c
contains "check with findings: the findings" "$OUT/r.err" \
	"fs/endless.c:53:2: warning: kmalloc() may sleep"
cp "$OUT/e.err" "$OUT/check.err"
both "check from a subdirectory, a path of the caller's" "$T/fs" \
	"$HW_FRONT" check --no-group --tree .. -nostdinc -D__KERNEL__ -I../include endless.c
both "manifest" "$T" "$HW_FRONT" manifest .
both "an unknown option" "$T" "$HW_FRONT" check --no-such-option
both "an unknown command" "$T" "$HW_FRONT" no-such-command
both "report --why on a database" "$T" "$HW_FRONT" report --db="$OUT/none.db" --why x

# The caller's environment and umask: a database made served is where
# HOOKWRAP_CACHE_DIR and --db say, with the caller's mode.
rm -rf "$OUT/cache2" "$OUT/u.db"
(cd "$T" && umask 077 && HOOKWRAP_SERVER=$S HOOKWRAP_CACHE_DIR="$OUT/cache2" \
	"$HW_FRONT" check --db="$OUT/u.db" $KFLAGS fs/endless.c) >/dev/null 2>&1
check "served: the cache is where the caller's HOOKWRAP_CACHE_DIR says" \
	test -n "$(ls -A "$OUT/cache2" 2>/dev/null)"
check "served: a file made with the caller's umask (077: $(stat -c %a "$OUT/u.db" 2>&1))" \
	test "$(stat -c %a "$OUT/u.db" 2>&1)" = 600

# A command that waits (a header that is a FIFO nobody writes): a
# signal to the front reaches it; a front killed takes it along.
mkfifo "$T/fs/wait.h"
printf '#include <linux/lsm_hooks.h>\n#include "wait.h"\nint x;\n' >"$T/fs/waits.c"
# reader_left: nobody holds the FIFO open for reading any more.
reader_left() {
	python3 -c '
import os, sys, time
for _ in range(50):
    try:
        fd = os.open(sys.argv[1], os.O_WRONLY | os.O_NONBLOCK)
    except OSError:
        sys.exit(0)
    os.close(fd)
    time.sleep(0.1)
sys.exit(1)' "$T/fs/wait.h"
}
# reader_there: the command has the FIFO open (it waits on it).
reader_there() {
	for _ in $(seq 100); do
		python3 -c '
import os, sys
os.close(os.open(sys.argv[1], os.O_WRONLY | os.O_NONBLOCK))' "$T/fs/wait.h" 2>/dev/null && return 0
		sleep 0.05
	done
	return 1
}
for sig in TERM INT KILL; do
	(cd "$T" && exec env --default-signal=INT,TERM HOOKWRAP_SERVER=$S \
		"$HW_FRONT" check --no-prefilter $KFLAGS -Ifs fs/waits.c) >/dev/null 2>&1 &
	pid=$!
	if ! reader_there; then
		not_ok "SIG$sig to a served front: the command was waiting" \
			"it never opened the FIFO"
		kill -9 $pid 2>/dev/null
		wait $pid 2>/dev/null
		continue
	fi
	kill -s $sig $pid
	{ wait $pid; } 2>/dev/null
	rc=$?
	check "SIG$sig to a served front: it ends by it ($rc)" \
		test $rc = $((128 + $(kill -l $sig)))
	check "SIG$sig to a served front: the command ends too" reader_left
done
rm -f "$T/fs/wait.h" "$T/fs/waits.c"

# Refused: a smaller address space than the server's ...
run "$T" "$S" bash -c "ulimit -v 4000000 && exec \"\$@\"" - \
	"$HW_FRONT" check --no-group $KFLAGS fs/endless.c
check "ulimit -v: refused, run by exec instead (programs: $N, exit $(cat "$OUT/r.rc"))" \
	test "$N:$(cat "$OUT/r.rc")" = 3:0
contains "ulimit -v: the findings all the same" "$OUT/r.err" \
	"fs/endless.c:53:2: warning: kmalloc() may sleep"
# ... a hookwrap-full rebuilt since the server started.
touch "$B/hookwrap-full"
run "$T" "$S" "$HW_FRONT" check --no-group $KFLAGS fs/endless.c
check "hookwrap-full rebuilt since: refused, exec'd (programs: $N)" test "$N" = 2
contains "hookwrap-full rebuilt since: the findings all the same" "$OUT/r.err" \
	"fs/endless.c:53:2: warning: kmalloc() may sleep"

# A terminal stays with exec (a fork of the server is not in its
# foreground process group): script(1) gives the command one.
if command -v script >/dev/null; then
	HOOKWRAP_SERVER=$S script -qec "strace -f -qq -e trace=execve -e signal=none -o '$OUT/strace.tty' '$HW_FRONT' --help" \
		/dev/null >"$OUT/tty.out" 2>&1
	n=$(grep -c 'execve(' "$OUT/strace.tty")
	check "a terminal for its output: exec'd, not served (programs: $n)" test "$n" = 2
	contains "a terminal for its output: the command ran" "$OUT/tty.out" "usage: hookwrap"
else
	not_ok "script(1) is installed (util-linux)"
fi

# No server at the path: exec, without a word of its own.
run "$T" "$OUT/nobody.sock" "$HW_FRONT" check --no-group $KFLAGS fs/endless.c
check "no server at HOOKWRAP_SERVER: exec'd (programs: $N)" test "$N" = 2
same "no server at HOOKWRAP_SERVER: nothing said but the findings" \
	"$OUT/check.err" "$OUT/r.err"

# The server's own errors.
"$HW_FRONT" serve "$S" >"$OUT/two.out" 2>&1
check "a second server on the socket: exit 2" test $? = 2
contains "a second server on the socket: says so" "$OUT/two.out" \
	"a server already answers on '$S'; stop it first"
"$HW_FRONT" serve >"$OUT/none.out" 2>&1
check "no socket named: exit 2" test $? = 2
contains "no socket named: says so" "$OUT/none.out" "name the socket to listen on"
"$HW_FRONT" serve "$T/fs/endless.c" >"$OUT/file.out" 2>&1
check "a path that is a file: exit 2" test $? = 2
contains "a path that is a file: says so, and the file is kept" "$OUT/file.out" \
	"exists and is not a socket"
check "a path that is a file: kept" test -s "$T/fs/endless.c"
long=$OUT/$(printf 'x%.0s' $(seq 120))
"$HW_FRONT" serve "$long" >"$OUT/long.out" 2>&1
check "a path too long for a socket: exit 2" test $? = 2
contains "a path too long for a socket: says so" "$OUT/long.out" \
	"the most a Unix socket's name can be"
"$HW_FRONT" serve --idle=0 "$OUT/i.sock" >"$OUT/idle0.out" 2>&1
check "--idle=0: exit 2" test $? = 2

# Its ends: the socket removed; --idle.
rm -f "$S"
check "the socket removed: the server stops within 3 s" gone "$SERVER" 3
wait "$SERVER" 2>/dev/null
check "the socket removed: the server's exit status is 0 ($?)" test $? = 0
start --idle=1
check "--idle=1: the server stops within 4 s of no command" gone "$SERVER" 4
check "--idle=1: and removes its socket" test ! -e "$S"
lacks "the server said nothing on its stderr" "$OUT/server.err" "error"
