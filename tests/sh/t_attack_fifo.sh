#!/bin/sh
# t_attack_fifo.sh - partners are copies of one submission, so both are
# shown its directory; a FIFO left there would let them talk: opening it
# read-write is not a write to the file system, so neither the read-only
# mount nor Landlock stops it. The bot below writes its 'cards' line into
# the FIFO and prints what it reads there ("heard: ..."); without the
# check its partner heard its hand. The sandbox refuses to show a
# directory holding a FIFO: the bot does not start, and says why
# (docs/sandbox.md, Covert channels).
set -u
. "$(dirname "$0")/lib.sh"
R=$top/$BINDIR/referee
C=$top/sample-bots/c-random/c-random
sub=$tmp/sub
mkdir -m 755 "$sub"
mkfifo -m 666 "$sub/pipe"
cat >"$sub/run" <<'BOT'
#!/usr/bin/env python3
import os, sys
fifo = os.open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "pipe"),
               os.O_RDWR | os.O_NONBLOCK)
for line in sys.stdin:
    if line.startswith("cards "):
        os.write(fifo, line.encode())
    try:
        for heard in os.read(fifo, 65536).decode().splitlines():
            print("heard:", heard, file=sys.stderr, flush=True)
    except BlockingIOError:
        pass
    if line.startswith("legal "):
        print(line[6:].split(",")[0].strip(), flush=True)
BOT
chmod 755 "$sub/run"
mkdir "$tmp/g"
"$R" --variant hammerwalt --seed 3 --bot-logs "$tmp/g" "$sub/run" "$C" "$sub/run" "$C" \
	>"$tmp/g/result" 2>"$tmp/g/err" || fail "the game: $(cat "$tmp/g/err")"
for s in 0 2; do
	grep -q '^heard:' "$tmp/g/seat$s.stderr" && fail "seat $s heard: $(cat "$tmp/g/seat$s.stderr")"
done
detail=$(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
print("|".join("%d %s %s" % (f["seat"], f["kind"], f["detail"]) for f in r["faults"]))' "$tmp/g/result")
why="sandbox: will not show '$sub' to a bot: it holds a FIFO, '$sub/pipe', through which two bots could talk (remove it)"
expect_eq "the faults" "$detail" "0 startup $why|2 startup $why"

# a FIFO too deep to be looked for is not shown either: the whole
# directory is refused
deep=$tmp/deep
mkdir -m 755 "$deep"
cp "$C" "$deep/run"
d=$deep
i=0
while [ $i -lt 257 ]; do
	d=$d/d
	i=$((i + 1))
done
mkdir -p "$d"
mkdir "$tmp/g2"
"$R" --variant hammerwalt --seed 3 --bot-logs "$tmp/g2" "$deep/run" "$C" "$C" "$C" \
	>"$tmp/g2/result" 2>"$tmp/g2/err" || fail "the deep game: $(cat "$tmp/g2/err")"
detail=$(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
print("|".join("%d %s %s" % (f["seat"], f["kind"], f["detail"][:90]) for f in r["faults"]))' "$tmp/g2/result")
expect_eq "the deep faults" "$detail" \
	"0 startup $(printf '%.90s' "sandbox: will not show '$deep' to a bot: its directories nest more than 256 deep ('$deep/d/d")"
finish "ok: t_attack_fifo"
