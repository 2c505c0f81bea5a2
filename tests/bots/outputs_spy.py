#!/usr/bin/env python3
# outputs_spy.py - a match bot (it answers "ready2") that looks, at its
# first request of each game, at what its own directory shows: for
# t_attack_match_outputs.sh, where the referee's records and the other
# seats' stderr files are written beside it. It writes "start" when its
# process starts, then one line per entry of its directory (and of a
# directory "logs" there) to stderr: "gN: NAME SIZE READ", SIZE from
# stat(), READ the bytes it could read or "denied"; and plays the first
# legal move.
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))


def look(tag):
    for sub in ("", "logs"):
        top = os.path.join(here, sub)
        if not os.path.isdir(top):
            continue
        for name in sorted(os.listdir(top)):
            path = os.path.join(top, name)
            if os.path.isdir(path):
                continue
            size = os.stat(path).st_size
            try:
                with open(path, "rb") as f:
                    got = str(len(f.read()))
            except OSError:
                got = "denied"
            print("%s: %s %d %s" % (tag, os.path.join(sub, name), size, got),
                  file=sys.stderr, flush=True)


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
            look("g%d" % game)
            first = False
        print(moves[0], flush=True)
    elif line == "quit":
        break
