#!/bin/sh
# t_startup_charge.sh - a bot's start is charged up to the arrival of its
# whole 'ready' line, also when that arrives while another bot's 'ready' is
# waited on (referee/bot.c notes the arrival then). A bot that writes the
# first byte at once and the rest 1.2 s later used 1.2 s of its 1.5 s game
# budget: its first request offers at most the 300 ms left, not the 500 ms
# move limit. And one whose line is whole (300 ms) while seat 0 still
# starts (1 s) was charged 0.3 s, not 1 s. The same with the epoll set and
# without it (poll()).
set -u
. "$(dirname "$0")/lib.sh"
mis=$top/tests/misbehave
shim=$top/${O:-build/rel}/tests/shim/epoll_fail.so
[ -f "$shim" ] || { fail "no $shim (make test-run builds it)"; finish ""; }

for mode in "" create; do
	log=$tmp/game.$mode.log
	if [ -n "$mode" ]; then
		set -- env LD_PRELOAD="$shim" EPOLL_FAIL="$mode" \
			ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"
	else
		set --
	fi
	# seat 0 is slow to start, so seat 1's first byte comes while seat 0 is waited on
	timeout 60 "$@" "$BINDIR/referee" --variant hammerwalt --seed 11 --startup-ms 10000 \
		--move-ms 500 --game-ms 1500 --log "$log" \
		"sh -c 'sleep 0.3; exec \"\$0\" m 0 0' $mis/slowpoke" "$mis/halfready m 1200" \
		"$mis/slowpoke m 0 0" "$mis/slowpoke m 0 0" >"$tmp/r.$mode.json" 2>"$tmp/r.$mode.err" ||
		fail "mode '$mode': exit status: $(cat "$tmp/r.$mode.err")"
	# the 'time MOVE BANK' line of seat 1's first request after the handshake
	offered=$(awk '$2 == "1<" && $3 == "time" && $4 ~ /^[0-9]+$/ && ++n == 2 { print $4; exit }' "$log")
	[ -n "$offered" ] && [ "$offered" -le 300 ] ||
		fail "mode '$mode': seat 1 was offered '$offered' ms after a start of 1.2 s in a budget of 1.5 s"
	echo "mode '$mode': seat 1 offered $offered ms"
	# the rest of the line comes (300 ms) while seat 0 is still waited on
	# (1 s): its arrival is noted then (recheck_arrivals()), not when read
	timeout 60 "$@" "$BINDIR/referee" --variant hammerwalt --seed 11 --startup-ms 10000 \
		--move-ms 500 --game-ms 1200 --log "$log.2" \
		"sh -c 'sleep 1; exec \"\$0\" m 0 0' $mis/slowpoke" "$mis/halfready m 300" \
		"$mis/slowpoke m 0 0" "$mis/slowpoke m 0 0" >"$tmp/r2.$mode.json" 2>"$tmp/r2.$mode.err" ||
		fail "mode '$mode': exit status: $(cat "$tmp/r2.$mode.err")"
	offered=$(awk '$2 == "1<" && $3 == "time" && $4 ~ /^[0-9]+$/ && ++n == 2 { print $4; exit }' "$log.2")
	[ -n "$offered" ] && [ "$offered" -ge 400 ] ||
		fail "mode '$mode': seat 1 was offered '$offered' ms after a start of 0.3 s in a budget of 1.2 s"
	echo "mode '$mode': seat 1 offered $offered ms (a line whole while seat 0 starts)"
	# a start that writes 256 KiB to stderr first, while seat 0 starts
	# (1.2 s): the pipe holds it (1 MiB), so its start is not charged seat
	# 0's; with the 64 KiB of a plain pipe it was (offered 271 ms, not 500)
	timeout 60 "$@" "$BINDIR/referee" --variant hammerwalt --seed 11 --startup-ms 10000 \
		--move-ms 500 --game-ms 1500 --log "$log.3" \
		"sh -c 'sleep 1.2; exec \"\$0\" m 0 0' $mis/slowpoke" "$mis/loudstart m 256" \
		"$mis/slowpoke m 0 0" "$mis/slowpoke m 0 0" >"$tmp/r3.$mode.json" 2>"$tmp/r3.$mode.err" ||
		fail "mode '$mode': exit status: $(cat "$tmp/r3.$mode.err")"
	offered=$(awk '$2 == "1<" && $3 == "time" && $4 ~ /^[0-9]+$/ && ++n == 2 { print $4; exit }' "$log.3")
	[ -n "$offered" ] && [ "$offered" -ge 400 ] ||
		fail "mode '$mode': seat 1 was offered '$offered' ms after 256 KiB of stderr at its start"
	echo "mode '$mode': seat 1 offered $offered ms (256 KiB of stderr at its start)"
done

finish "a start is charged up to its whole 'ready' line, with the set and without it"
