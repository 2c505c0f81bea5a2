#!/bin/sh
# bench/run.sh - every benchmark, each reported against a baseline measured
# in the same run (these machines are noisy; compare ratios, not times).
O=${O:-build/rel}
BINDIR=${BINDIR:-bin}
set -e
"$O/bench/bench_engine" "${BENCH_SECONDS:-1}"
"$O/bench/bench_ratings"
"$O/bench/bench_deal_queue"
"$O/bench/bench_search" "${BENCH_SECONDS:-1}"
O=$O sh bench/library.sh
"$O/bench/bench_sandbox"
"$O/bench/bench_sandbox" --no-cgroup
"$O/bench/bench_referee" "$BINDIR/referee" sample-bots/c-random/c-random
if [ -f bench/arena.sh ]; then
	BINDIR=$BINDIR sh bench/arena.sh
fi
BINDIR=$BINDIR sh bench/startup.sh
BINDIR=$BINDIR sh bench/matches.sh
BINDIR=$BINDIR sh bench/arena_matches.sh
BINDIR=$BINDIR sh bench/channels.sh
