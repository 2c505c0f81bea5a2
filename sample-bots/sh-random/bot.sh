#!/bin/sh
# sh-random: a euchre-arena bot in POSIX shell that plays a random legal move.
#
# The referee sends lines on standard input. Every decision it asks for
# ends with a line "legal MOVE,MOVE,..." listing every legal answer; answer
# with exactly one of them on one line. protocol.md describes the other
# lines. Debugging output goes to stderr: echo "..." >&2.
# "ready2" in the handshake says it plays matches: after a game a "game"
# line and the next handshake come instead of "quit"; each seed reseeds.

seed=1
# a carriage return, made once: a $(...) on every line would start a
# process for each line the referee sends
cr=$(printf '\r')
while IFS= read -r line; do
	line=${line%"$cr"}
	case $line in
	"seed "*)
		seed=$(( ${line#seed } % 2147483648 ))
		;;
	"legal "*)
		moves=${line#legal }
		# a linear congruential generator: POSIX sh has no $RANDOM
		seed=$(( (seed * 1103515245 + 12345) % 2147483648 ))
		# split at the commas into $1 $2 ...; moves contain spaces, commas do not
		old_ifs=$IFS
		IFS=,
		set -f
		set -- $moves
		set +f
		IFS=$old_ifs
		i=$(( seed / 65536 % $# + 1 ))
		eval "answer=\${$i}"
		[ "$answer" = ready ] && answer="ready2 sh-random"
		printf '%s\n' "$answer"
		;;
	quit)
		exit 0
		;;
	esac
done
