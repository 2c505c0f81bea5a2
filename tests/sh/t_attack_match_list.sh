#!/bin/sh
# t_attack_match_list.sh - the list of `referee --match FILE` holds every
# game's seed, and so every hand of every game: a bot must not read it,
# even where FILE lies in the bot's own directory (a lesson kept beside
# its bot), as a --deal file there is covered (docs/referee.md, Matches;
# docs/sandbox.md, What a bot sees). The bot here reads games.jsonl
# beside its run file at its start and writes what it got to stderr.
# The same for `--match -` with standard input redirected from the file.
# Before, it got both games' seeds, the second game's before it began.
set -u
. "$(dirname "$0")/lib.sh"
ref=$(cd "$BINDIR" && pwd)/referee
cd "$tmp" || exit 1
mkdir bot elsewhere
cat >bot/run <<'X'
#!/usr/bin/env python3
import os, sys
here = os.path.dirname(os.path.abspath(__file__))
try:
    with open(os.path.join(here, "games.jsonl")) as f:
        text = f.read().replace("\n", " ")
    print("list: " + (text or "(empty)"), file=sys.stderr, flush=True)
except OSError as e:
    print("list: %s" % e.strerror, file=sys.stderr, flush=True)
for line in sys.stdin:
    line = line.rstrip("\r\n")
    if line.startswith("legal "):
        moves = line[6:].split(",")
        print("ready2" if moves == ["ready"] else moves[0], flush=True)
    elif line == "quit":
        break
X
chmod 755 bot bot/run
cat >bot/games.jsonl <<X
{"seed": 12345, "bot_logs": "$tmp/bl/g1"}
{"seed": 67890, "bot_logs": "$tmp/bl/g2"}
X
# the referee's current directory is hidden anyway: the list is elsewhere
(cd elsewhere && "$ref" --variant hammerwalt --option max_hands=1 \
	--match "$tmp/bot/games.jsonl" "$tmp/bot" @random @random @random) >out 2>err ||
	fail "the match: $(cat err)"
expect_eq "games" "$(grep -o '"seed":[0-9]*' out | tr '\n' ' ')" '"seed":12345 "seed":67890 '
expect_eq "faults" "$(grep -o '"faults":\[[^]]*\]' out | tr '\n' ' ')" '"faults":[] "faults":[] '
expect_eq "what the bot read of the list" "$(grep '^list:' bl/g1/seat0.stderr)" "list: (empty)"
# the same list on standard input, redirected from that file
rm -r bl
(cd elsewhere && "$ref" --variant hammerwalt --option max_hands=1 \
	--match - "$tmp/bot" @random @random @random <"$tmp/bot/games.jsonl") >out 2>err ||
	fail "the match from standard input: $(cat err)"
expect_eq "games (standard input)" "$(grep -o '"seed":[0-9]*' out | tr '\n' ' ')" \
	'"seed":12345 "seed":67890 '
expect_eq "what the bot read of the list (standard input)" \
	"$(grep '^list:' bl/g1/seat0.stderr)" "list: (empty)"
finish "ok: a bot does not see the --match list, even in its own directory"
