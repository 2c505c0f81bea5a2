#!/bin/sh
# t_protocol_doc.sh - the transcripts in protocol.md are what the referee
# really sends and receives.
#
# 1. Each decision block of the reference, marked
#    <!-- transcript VARIANT KIND seat SEAT: bin/referee ARGS -->
#    and followed by a ```text block, is cut verbatim ("< " lines the
#    referee sent, "> " the bot's answers) from SEAT's exchange in the game
#    record of that command, and holds an answer of its KIND.
# 2. Every decision kind the engine makes (the decision and the shape of
#    its move, read from the records of a few hundred games of @random)
#    has such a block for its variant.
# 3. The full hands at the end are one hand of the c-heuristic sample bot
#    (seat 0) against @greedy per variant, annotated, compared whole.
# 4. The check of 1 fails on a copy of protocol.md with one line edited.
# With --update it rewrites the blocks of 1 and the hands of 3.
set -eu
BINDIR=${BINDIR:-bin}
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/protocol-doc.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
doc=$top/protocol.md
update=0
[ "${1:-}" = --update ] && update=1

# the class of an answer: its decision (the request, or in a game record
# the event that follows the move) and the shape of the move; a bid
# request whose legal list has no pass (a stuck dealer) adds "-nopass"
classify_fns='
function shape(m) {
	sub(/ #.*/, "", m)
	if (m == "pass") return "pass"
	if (m ~ /^[0-9]+$/) return "number"
	if (m ~ /^[0-9]+ [A-Za-z]+$/) return "number-trump"
	if (m == "alone") return "alone"
	if (m ~ /^moon /) return "moon"
	if (m ~ /^best /) return "best"
	if (m == "order") return "order"
	if (m ~ /^order /) return "order-suit"
	if (m ~ /^(C|D|H|S|high|low)$/) return "trump"
	if (m == "partner") return "partner"
	if (m ~ / switch /) return "switch"
	return "card"
}
function answer_class(kind, legal, a,    s) {
	s = shape(a)
	if (kind == "bid" && legal !~ /(^|,)pass(,|$)/ && legal ~ /,/)
		s = s "-nopass"
	return kind ":" s
}'

# exchange LOG SEAT: that seat's lines in a game record, "< " and "> "
exchange() {
	sed -n "s/^[0-9.]* $2\([<>]\) /\1 /p" "$1"
}

# play_marker MARKER LOG: runs the marker's command with --log LOG
play_marker() {
	cmd=${1#*: bin/referee }
	cmd=${cmd% -->}
	# shellcheck disable=SC2086
	(cd "$top" && "$BINDIR/referee" $cmd --log "$2" >/dev/null 2>&1)
}

# the markers of a document, one a line
markers() {
	grep '^<!-- transcript [a-z]* [a-z-]*:[a-z-]* seat [0-9]*: bin/referee .* -->$' "$1" || true
}

# check_blocks DOC [N]: every marked block (or only the Nth) is in its
# game and holds its kind; prints a line per problem, returns 1 if any
check_blocks() {
	bad=0 i=0 only=${2:-0}
	markers "$1" >"$tmp/markers"
	[ -s "$tmp/markers" ] || { echo "no transcript markers in $1"; return 1; }
	while IFS= read -r m; do
		i=$((i + 1))
		[ "$only" = 0 ] || [ "$only" = $i ] || continue
		set -- $m
		kind=$4 seat=${6%:}
		# the block: the ```text lines after the marker
		awk -v m="$m" '
			$0 == m { on = 1; next }
			on == 1 && /^```text$/ { on = 2; next }
			on == 2 && /^```$/ { exit }
			on == 2 { print }' "$doc_checked" >"$tmp/block"
		if [ ! -s "$tmp/block" ]; then
			echo "transcript $i ($kind): no text block after its marker"
			bad=1
			continue
		fi
		if ! play_marker "$m" "$tmp/game.log"; then
			echo "transcript $i ($kind): its command failed: $m"
			bad=1
			continue
		fi
		exchange "$tmp/game.log" "$seat" >"$tmp/exchange"
		if ! awk 'NR == FNR { b[++n] = $0; next }
			{ e[++m] = $0 }
			END {
				for (i = 1; i + n - 1 <= m; i++) {
					for (k = 1; k <= n && e[i + k - 1] == b[k]; k++) ;
					if (k > n) exit 0
				}
				exit 1
			}' "$tmp/block" "$tmp/exchange"; then
			echo "transcript $i ($kind, seat $seat): not found verbatim in the game's exchange"
			bad=1
		fi
		if ! awk -v want="$kind" "$classify_fns"'
			/^< request / { kind = $3; next }
			/^< legal / { legal = substr($0, 9); next }
			/^> / && kind != "ready" { if (answer_class(kind, legal, substr($0, 3)) == want) found = 1 }
			END { exit !found }' "$tmp/block"; then
			echo "transcript $i: no answer of kind $kind in its block"
			bad=1
		fi
	done <"$tmp/markers"
	return $bad
}

# extract KIND: from an exchange on stdin, the first answer of KIND with
# the events that came with its request (at most 8) and the lines that
# follow it up to the next request (at most 4)
extract() {
	awk -v want="$1" "$classify_fns"'
		{ l[++n] = $0 }
		END {
			for (i = 1; i <= n; i++) {
				if (l[i] ~ /^> /) { prev = i; continue }
				if (l[i] ~ /^< request /) { kind = substr(l[i], 11); start = i }
				if (l[i] ~ /^< legal /) legal = substr(l[i], 9)
				if (l[i + 1] ~ /^> / && kind != "ready" &&
				    answer_class(kind, legal, substr(l[i + 1], 3)) == want) {
					from = prev + 1
					if (start - from > 8) from = start - 8
					to = i + 1
					for (k = 0; k < 4 && to + 1 <= n && l[to + 1] !~ /^< request / && l[to + 1] !~ /^< quit/; k++) to++
					for (k = from; k <= to; k++) print l[k]
					exit 0
				}
			}
			exit 1
		}'
}

update_blocks() {
	cp "$doc" "$tmp/new.md"
	markers "$doc" >"$tmp/markers"
	while IFS= read -r m; do
		set -- $m
		kind=$4 seat=${6%:}
		play_marker "$m" "$tmp/game.log" || { echo "command failed: $m" >&2; exit 1; }
		exchange "$tmp/game.log" "$seat" | extract "$kind" >"$tmp/block" ||
			{ echo "no answer of kind $kind in: $m" >&2; exit 1; }
		# the marker, then its block anew (the old one, if any, dropped)
		awk -v m="$m" -v f="$tmp/block" '
			$0 == m { print; print ""; print "```text"; while ((getline x < f) > 0) print x; print "```"; skip = 1; next }
			skip == 1 && /^$/ { next }
			skip == 1 && /^```text$/ { skip = 2; next }
			skip == 1 { skip = 0; print ""; print; next }
			skip == 2 { if (/^```$/) skip = 0; next }
			{ print }' "$tmp/new.md" >"$tmp/new2.md"
		mv "$tmp/new2.md" "$tmp/new.md"
	done <"$tmp/markers"
	cp "$tmp/new.md" "$doc"
}

# the decision kinds in a few hundred games of @random, per variant
kinds_played() {
	for spec in "hammerwalt 4 150" "indiana 4 150" "bloomington 6 150" "fivehand 5 150" \
		"flip 2 40" "flip 3 40" "flip 5 40 --option jokers=2" "flip 6 40 --option zilch=true"; do
		set -- $spec
		v=$1 p=$2 g=$3
		shift 3
		seats=
		for _ in $(seq "$p"); do seats="$seats @random"; done
		[ "$v" = flip ] && set -- "$@" --option "players=$p"
		# shellcheck disable=SC2086
		"$BINDIR/referee" --variant "$v" --seed 1 --games "$g" --option max_hands=4 "$@" \
			--log "$tmp/random.log" $seats >/dev/null 2>&1
		awk -v v="$v" "$classify_fns"'
			/^move / { m = $0; sub(/^move [0-9]+ /, "", m); want = 1; next }
			want && /^\| / { print v " " $2 ":" shape(m); want = 0 }' "$tmp/random.log"
	done | sort -u
}

# the full hands (part 3)
annotate() {
	awk '
	BEGIN {
		n["< euchre-arena"] = "who is speaking and the protocol version"
		n["< variant"] = "the variant"
		n["< option"] = "each option with its value"
		n["< players"] = "number of players"
		n["< seat"] = "your seat"
		n["< teams"] = "the seats of each team (\"-\": no fixed teams)"
		n["< deadhand"] = "the dead hand plays as this seat"
		n["< seed"] = "for your random generator"
		n["< time"] = "time limits (ms); in a request: ms for this answer, bank left"
		n["< budget"] = "your time budget for the whole game (ms)"
		n["< request"] = "a decision is wanted: the block ends with legal"
		n["< legal"] = "every legal answer, comma-separated"
		n["> ready"] = "the handshake answer, with an optional name"
		n["> ready2"] = "the handshake answer: ready2 = it plays matches (a name may follow)"
		n["< hand"] = "a new hand and its dealer"
		n["< cards"] = "your cards as dealt"
		n["< turnup"] = "the kitty card turned up"
		n["< calling"] = "the calling card: trump is its suit"
		n["< bid"] = "an auction turn: seat and bid"
		n["< auction"] = "every auction turn so far"
		n["< bids"] = "the bids so far"
		n["< upcard"] = "the turned-up card"
		n["< held"] = "your cards now"
		n["< contract"] = "the bidder and the winning bid"
		n["< trump"] = "trump in force"
		n["< declare"] = "the bidder takes a partner or goes alone"
		n["< pickup"] = "the dealer takes the turned card"
		n["< give"] = "a card passed (you see it: you are giver or receiver)"
		n["< discard"] = "a discard"
		n["< sitout"] = "this seat sits the hand out"
		n["< to"] = "who receives the card you give"
		n["< table"] = "cards played to this trick so far"
		n["< won"] = "tricks won so far, per seat"
		n["< play"] = "a card played: seat and card"
		n["< switch"] = "a match card switched the calling card"
		n["< flip"] = "a Charlie turned the burn card up"
		n["< trick"] = "trick number and who won it"
		n["< handend"] = "tricks per seat, points of the hand, score"
		n["< gameover"] = "places (1 = won) and final score"
		n["< quit"] = "the game is over: exit now"
		n["> answer"] = "your answer: one of the legal moves"
	}
	{
		split($0, w, " ")
		key = w[1] " " w[2]
		if (w[1] == ">" && w[2] != "ready" && w[2] != "ready2")
			key = "> answer"
		if ((key in n) && !(key in seen)) {
			seen[key] = 1
			printf "%-40s -- %s\n", $0, n[key]
		} else
			print
	}'
}

# variant, seed, the bot's handshake seed, extra referee arguments, seats after seat 0
full_hand() {
	v=$1 seed=$2 botseed=$3 extra=$4 others=$5
	# shellcheck disable=SC2086
	"$BINDIR/referee" --variant "$v" --seed "$seed" --bot-seed "0:$botseed" \
		--option max_hands=1 $extra \
		--log "$tmp/$v.log" "$top/sample-bots/c-heuristic" $others >/dev/null
	echo "### $v"
	echo
	echo '```text'
	exchange "$tmp/$v.log" 0 | annotate
	echo '```'
	echo
}

full_hands() {
	{
		full_hand hammerwalt 3 291080821224767267 "" "@greedy @greedy @greedy"
		full_hand indiana 1 6764836397866521095 "" "@greedy @greedy @greedy"
		full_hand bloomington 2 7704391396069614593 "" "@greedy @greedy @greedy @greedy @greedy"
		full_hand fivehand 1 6764836397866521095 "" "@greedy @greedy @greedy @greedy"
		full_hand flip 4 6239299991557803203 "--option players=3" "@greedy @greedy"
	} >"$tmp/transcripts.md"
	begin='<!-- transcripts: generated by tests/sh/t_protocol_doc.sh --update -->'
	end='<!-- end of transcripts -->'
	awk -v b="$begin" -v e="$end" -v f="$tmp/transcripts.md" '
		$0 == b { print; while ((getline l < f) > 0) print l; skip = 1; next }
		$0 == e { skip = 0 }
		!skip { print }' "$doc" >"$tmp/protocol.md"
}

if [ $update = 1 ]; then
	update_blocks
	full_hands
	cp "$tmp/protocol.md" "$doc"
	echo "protocol.md updated"
	exit 0
fi

failures=0
# 1: the marked blocks
doc_checked=$doc
if ! check_blocks "$doc" >"$tmp/problems"; then
	cat "$tmp/problems"
	failures=$((failures + 1))
fi
nblocks=$(markers "$doc" | wc -l)

# 2: every kind played has a block
kinds_played >"$tmp/kinds"
[ "$(wc -l <"$tmp/kinds")" -ge 25 ] || { echo "only $(wc -l <"$tmp/kinds") decision kinds in the games of @random"; failures=$((failures + 1)); }
markers "$doc" | awk '{ k = $4; sub(/-nopass$/, "", k); print $3 " " k }' | sort -u >"$tmp/documented"
missing=$(comm -23 "$tmp/kinds" "$tmp/documented")
if [ -n "$missing" ]; then
	echo "decision kinds played but without a transcript in protocol.md:"
	echo "$missing"
	failures=$((failures + 1))
fi

# 3: the full hands
full_hands
if ! diff -u "$doc" "$tmp/protocol.md" >"$tmp/diff"; then
	head -n 40 "$tmp/diff"
	echo "protocol.md's full hands are out of date: run sh tests/sh/t_protocol_doc.sh --update"
	failures=$((failures + 1))
fi

# 4: the check fails on an edited line: the first answer of the fifth block
doc_checked=$tmp/edited.md
awk 'm == 5 && /^> / && !done { $0 = "> X" $0; done = 1 }
	/^<!-- transcript / { m++ } { print }' "$doc" >"$doc_checked"
if cmp -s "$doc" "$doc_checked" || check_blocks "$doc_checked" 5 >/dev/null; then
	echo "the check passed a protocol.md whose transcript was edited"
	failures=$((failures + 1))
fi

if [ $failures != 0 ]; then
	echo "protocol.md transcripts do not match the referee (sh tests/sh/t_protocol_doc.sh --update rewrites them)" >&2
	exit 1
fi
echo "protocol.md: $nblocks decision transcripts in their games, $(wc -l <"$tmp/kinds") decision kinds covered, full hands match"
