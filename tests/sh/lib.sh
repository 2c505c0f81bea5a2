# tests/sh/lib.sh - sourced by the shell tests: BINDIR, the repository top,
# a scratch directory $tmp removed at exit, fail() to record a failure and
# go on, expect_eq() to compare, ends_within() to wait for a process to
# end, need_root() and as_nobody() for the tests that play another user,
# and finish() to report and set the exit status.
BINDIR=${BINDIR:-bin}
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/$(basename "$0" .sh).XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
failures=0

fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

# need_root: a test that needs root (other users, slots, /srv) skips without it
need_root() {
	if [ "$(id -u)" != 0 ]; then
		echo "skip: $(basename "$0" .sh) needs root"
		exit 0
	fi
}

# as_nobody CMD...: runs CMD as the user nobody (an attacker on the machine)
as_nobody() {
	setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"
}

# expect_eq WHAT GOT EXPECTED: records a failure unless GOT is EXPECTED
expect_eq() {
	[ "$2" = "$3" ] || fail "$1: got '$2', expected '$3'"
}

# finish MESSAGE: exits 1 if anything failed, else prints MESSAGE
finish() {
	if [ "$failures" != 0 ]; then
		echo "$failures failures"
		exit 1
	fi
	echo "$1"
}

# ends_within PID TENTHS: waits up to TENTHS tenths of a second for
# process PID to end; fails (1) if it still runs then
ends_within() {
	_ends_n=0
	while kill -0 "$1" 2>/dev/null; do
		[ "$_ends_n" -ge "$2" ] && return 1
		sleep 0.1
		_ends_n=$((_ends_n + 1))
	done
}

# gone MARKER: no process whose command line holds MARKER runs any more
# (pgrep sees into the bots' PID namespaces; zombies have no command line);
# waits up to 2 s for a SIGKILL to land. A process in the middle of an
# exec shows an empty command line for a moment, so one empty look is not
# enough: two in a row, 0.1 s apart.
gone() {
	_gone_empty=0
	for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		if pgrep -f -- "$1" >/dev/null; then
			_gone_empty=0
		else
			_gone_empty=$((_gone_empty + 1))
			[ "$_gone_empty" -ge 2 ] && return 0
		fi
		sleep 0.1
	done
	return 1
}
