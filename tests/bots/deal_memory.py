#!/usr/bin/env python3
# deal_memory.py - a match bot (it answers "ready2") that remembers every
# card it saw another seat play, for t_attack_match_deal.sh: a process
# that played one deal before (the same seed, or a --deal file's placed
# cards) knows the hands it saw played then. It writes "start" when its
# process starts, "gN: cards ..." at each game's cards, and, at the first
# request of each later game of its process, "gN: remembered K cards of
# other seats: ..." (seat:card, sorted); it plays the first legal move.
import sys

print("start", file=sys.stderr, flush=True)
game, first, me = 1, True, None
seen = set()
for line in sys.stdin:
    line = line.rstrip("\r\n")
    words = line.split()
    if line == "game":
        game, first = game + 1, True
    elif words[:1] == ["seat"] and len(words) == 2:
        me = words[1]
    elif words[:1] == ["cards"]:
        print("g%d: cards %s" % (game, " ".join(words[1:])), file=sys.stderr, flush=True)
    elif words[:1] == ["play"] and len(words) >= 3 and words[1] != me:
        seen.add("%s:%s" % (words[1], words[2]))
    elif line.startswith("legal "):
        moves = line[6:].split(",")
        if moves == ["ready"]:
            print("ready2", flush=True)
            continue
        if first and game > 1:
            print("g%d: remembered %d cards of other seats: %s"
                  % (game, len(seen), " ".join(sorted(seen))), file=sys.stderr, flush=True)
        first = False
        print(moves[0], flush=True)
    elif line == "quit":
        break
