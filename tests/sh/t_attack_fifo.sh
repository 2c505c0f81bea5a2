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
# faults <RESULT-LINE: its faults as "SEAT KIND DETAIL|..."
faults() {
	python3 -c '
import json, sys
r = json.loads(sys.stdin.read())
print("|".join("%d %s %s" % (f["seat"], f["kind"], f["detail"]) for f in r["faults"]))'
}
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
detail=$(faults <"$tmp/g/result")
why="sandbox: will not show '$sub' to a bot: it holds a FIFO, '$sub/pipe', through which two bots could talk (remove it)"
expect_eq "the faults" "$detail" "0 startup $why|2 startup $why"

# a referee that is not root (bots then run as its uid) cannot read a
# directory with search permission only (0311), where a bot may still open
# a FIFO by its name: the directory is refused, not passed over
pub=/var/tmp/t_attack_fifo.$$
mkdir -m 755 "$pub" && cp "$C" "$pub/run" && mkdir -m 755 "$pub/sub" "$pub/sub/hidden" &&
	mkfifo -m 666 "$pub/sub/hidden/pipe" && cp "$pub/run" "$pub/sub/run" &&
	chmod 311 "$pub/sub/hidden" && chown -R nobody:nogroup "$pub" ||
	fail "cannot make $pub"
out=$(cd / && as_nobody "$R" --variant hammerwalt --seed 3 "$pub/sub/run" @random @random @random 2>&1 | tail -1)
rm -rf "$pub"
expect_eq "not root: the faults" "$(echo "$out" | faults)" \
	"0 startup sandbox: will not show '$pub/sub' to a bot: cannot look into '$pub/sub/hidden' for FIFOs: Permission denied"

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
detail=$(faults <"$tmp/g2/result")
case $detail in
"0 startup sandbox: will not show '$deep' to a bot: its directories nest more than 256 deep ('$deep/d/d/d/d"*) ;;
*) fail "the deep faults: $detail" ;;
esac
# 250 deep is looked into, and shown
mkdir -m 755 "$tmp/deep250"
cp "$C" "$tmp/deep250/run"
d=$tmp/deep250
i=0
while [ $i -lt 250 ]; do
	d=$d/d
	i=$((i + 1))
done
mkdir -p "$d"
out=$("$R" --variant hammerwalt --seed 3 "$tmp/deep250/run" "$C" "$C" "$C" 2>&1 | tail -1)
case $out in *'"faults":[]'*) ;; *) fail "250 deep: $out" ;; esac
finish "ok: t_attack_fifo"
