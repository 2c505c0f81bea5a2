#!/bin/sh
# bench/startup.sh - what a bot's start costs, runtime by runtime: the time
# from the referee's start of a game to the bot's `ready`, as the game
# record stamps it (the sandbox's set-up, the runtime's start, the
# handshake), for a static C binary, a dynamic one (sample-bots/c-random),
# Python, Node, Java and Perl bots. Each runs in seat 0 of one-hand games
# (@random elsewhere), sealed and with --insecure (no sandbox: the
# baseline, in the same run, alternating), STARTUP_GAMES times each
# (default 7); the medians and their ratio are printed, and the median
# time of the handshake's first line (written to the bot's pipe once it is
# started, whether or not it runs yet). A runtime that is not installed is
# skipped. (bench_sandbox measures the sandbox alone, with /bin/true.)
#
#   sh bench/startup.sh            (BINDIR=bin; from the repository root)
BINDIR=${BINDIR:-bin}
N=${STARTUP_GAMES:-7}
[ -x "$BINDIR/referee" ] || { echo "bench/startup.sh: build first (make)" >&2; exit 1; }
R=$BINDIR/referee
W=$(mktemp -d "${TMPDIR:-/tmp}/startup-bench.XXXXXX") || exit 1
trap 'rm -rf "$W"' EXIT INT TERM
chmod 755 "$W"
mkdir -m 755 "$W/static"
cc -static -O2 -o "$W/static/c-static" sample-bots/c-random/c-random.c 2>/dev/null ||
	rm -f "$W/static/c-static"

# ready_ms SEAT [--insecure]: "A B": ms from the game's start to the
# handshake's first line (the bot started, in its sandbox) and to its ready
ready_ms() {
	rm -f "$W/g.log"
	"$R" --variant hammerwalt --option max_hands=1 ${2:+"$2"} --log "$W/g.log" "$1" @random @random @random \
		>/dev/null 2>&1 || { echo "-1 -1"; return; }
	awk '$2 == "0<" && !h { h = $1 * 1000 } $2 == "0>" && ($3 == "ready" || $3 == "ready2") { r = $1 * 1000; exit }
		END { print (h ? h : -1), (r ? r : -1) }' "$W/g.log"
}

median() {
	sort -n | awk '{ v[NR] = $1 } END { print NR ? v[int((NR + 1) / 2)] : -1 }'
}

echo "startup: from a game's start to the bot's ready and to the handshake's first line (game record), median of $N; baseline --insecure"
for kind in static-c dynamic-c python node java perl; do
	case $kind in
	static-c) seat=$W/static/c-static need=$seat ;;
	dynamic-c) seat=sample-bots/c-random need=sample-bots/c-random/c-random ;;
	python) seat=sample-bots/python-random need=python3 ;;
	node) seat=sample-bots/js-random need=node ;;
	# as its run file starts it, less the JVM's perf data file (under
	# --insecure it warns on stdout that it cannot use /tmp/hsperfdata_*)
	java) seat="java -XX:-UsePerfData -Xmx64m -Xss512k -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp $(pwd)/sample-bots/java-random Bot"
		need=java ;;
	perl) seat=tests/bots/perl-random need=perl ;;
	esac
	if ! command -v "$need" >/dev/null 2>&1 && [ ! -x "$need" ]; then
		echo "startup: $kind: skipped ($need not found)"
		continue
	fi
	: >"$W/sealed"
	: >"$W/insecure"
	i=0
	while [ $i -lt "$N" ]; do
		ready_ms "$seat" >>"$W/sealed"
		ready_ms "$seat" --insecure >>"$W/insecure"
		i=$((i + 1))
	done
	sh0=$(cut -d' ' -f1 "$W/sealed" | median)
	s=$(cut -d' ' -f2 "$W/sealed" | median)
	bh0=$(cut -d' ' -f1 "$W/insecure" | median)
	b=$(cut -d' ' -f2 "$W/insecure" | median)
	awk -v k="$kind" -v s="$s" -v b="$b" -v sh="$sh0" -v bh="$bh0" 'BEGIN {
		if (s < 0 || b <= 0) { printf "startup: %-9s failed (sealed %s, insecure %s)\n", k, s, b; exit }
		printf "startup: %-9s sealed %6.1f ms (handshake at %5.1f), insecure %6.1f ms (at %5.1f): %.2fx\n",
			k, s, sh, b, bh, s / b }'
done
