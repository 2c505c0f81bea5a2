#!/bin/sh
# t_attack_match_tmpdir.sh - a match bot whose directory lies under the
# host's /tmp (docs/sandbox.md, Matches). The sandbox shows that
# directory at its real path, inside the bot's private /tmp, which the
# referee empties between games. Before, the walk removed the mount
# point from outside the bot's mount namespace (which the kernel allows,
# unmounting it), or made the directories on the way down 0700 and so
# closed to the bot: from its second game the kept bot found its own
# files gone ("No such file or directory"), so a bot that loads a file
# late (a module, a class) failed there. Now the walk keeps the view's
# mounts and the directories down to them as they are, and empties the
# rest: in game 2 the kept bot reads its data file again, and finds in
# its /tmp only the way down to its directory, not the file it wrote
# there in game 1. With --keep-scratch the private /tmp is emptied
# too, beside the host directory that is then the bot's scratch.
set -u
. "$(dirname "$0")/lib.sh"
ref=$(cd "$BINDIR" && pwd)/referee
d=$(mktemp -d /tmp/t_match_tmpdir.XXXXXX) || exit 1
trap 'rm -rf "$tmp" "$d"' EXIT
chmod 755 "$d"
mkdir -m 755 "$d/bot"
echo "the bot's data" >"$d/bot/data"
chmod 644 "$d/bot/data"
top1=${d#/tmp/}
top1=${top1%%/*}
cat >"$d/bot/run" <<'B'
#!/usr/bin/env python3
import os, sys
here = os.path.dirname(os.path.abspath(__file__))
print("start", file=sys.stderr, flush=True)
game, first = 1, True
for line in sys.stdin:
    line = line.rstrip("\r\n")
    if line == "game":
        game, first = game + 1, True
    elif line.startswith("legal "):
        moves = line[6:].split(",")
        if moves == ["ready"]:
            print("ready2", flush=True)
            continue
        if first:
            first = False
            try:
                with open(os.path.join(here, "data")) as f:
                    data = f.read().strip()
            except OSError as e:
                data = e.strerror
            tmp = " ".join(sorted(os.listdir("/tmp")))
            junk = "yes" if os.path.exists("/tmp/junk") else "no"
            print("g%d: data: %s; junk: %s; /tmp: %s" % (game, data, junk, tmp),
                  file=sys.stderr, flush=True)
            with open("/tmp/junk", "w") as f:
                f.write("game %d\n" % game)
        print(moves[0], flush=True)
    elif line == "quit":
        break
B
chmod 755 "$d/bot/run"
cd "$tmp" || exit 1
"$ref" --variant hammerwalt --option max_hands=1 --games 3 --bot-logs "$tmp/bl" \
	"$d/bot" @random @random @random >out 2>err || fail "the games: $(cat err)"
expect_eq "games" "$(wc -l <out)" 3
expect_eq "faults" "$(grep -c '"faults":\[\]' out)" 3
cat bl/game-*.seat0.stderr bl/seat0.stderr >seat0
expect_eq "processes" "$(grep -c '^start$' seat0)" 1
expect_eq "what the kept bot found" "$(grep '^g' seat0 | sort)" "g1: data: the bot's data; junk: no; /tmp: $top1
g2: data: the bot's data; junk: no; /tmp: $top1
g3: data: the bot's data; junk: no; /tmp: $top1"
expect_eq "the host's directories, as they were" "$(stat -c %a "$d" "$d/bot")" "755
755"

# --keep-scratch: the scratch is a host directory (here under /tmp too,
# shown inside the private /tmp), and the private /tmp is emptied as
# well; before, the file a bot wrote to /tmp in game 1 was still there
# in games 2 and 3
mkdir -m 700 ks
"$ref" --variant hammerwalt --option max_hands=1 --games 3 --bot-logs "$tmp/bk" \
	--keep-scratch --scratch-dir "$tmp/ks" "$d/bot" @random @random @random >out 2>err ||
	fail "--keep-scratch: $(cat err)"
expect_eq "--keep-scratch: faults" "$(grep -c '"faults":\[\]' out)" 3
cat bk/game-*.seat0.stderr bk/seat0.stderr >seat0
expect_eq "--keep-scratch: processes" "$(grep -c '^start$' seat0)" 1
expect_eq "--keep-scratch: what the kept bot found" \
	"$(grep '^g' seat0 | sed 's/; \/tmp: .*//' | sort)" "g1: data: the bot's data; junk: no
g2: data: the bot's data; junk: no
g3: data: the bot's data; junk: no"
finish "ok: t_attack_match_tmpdir"
