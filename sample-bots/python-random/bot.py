#!/usr/bin/env python3
"""python-random: a euchre-arena bot that plays a uniformly random legal move.

The referee sends lines on standard input. Every decision it asks for ends
with a line

    legal MOVE,MOVE,...

listing every legal answer; answer with exactly one of them on one line.
That is all a correct bot must do. The other lines (your cards, the bids,
the cards played, the scores) are described in protocol.md; read them to
make better choices. Print debugging output to sys.stderr, never to
standard output.

Answering the handshake with "ready2" says the bot plays matches: after a
game it gets a "game" line and the next game's handshake instead of
"quit", in the same process. The seed line of each handshake reseeds it.
"""
import random
import sys


def main():
    rng = random.Random()
    for line in sys.stdin:
        line = line.rstrip("\r\n")
        if line.startswith("seed "):
            # a seed from the referee makes our games replayable
            rng.seed(int(line[5:]))
        elif line.startswith("legal "):
            moves = line[6:].split(",")
            answer = rng.choice(moves)
            if answer == "ready":
                # the handshake: ready2 = we play matches; and a name
                answer = "ready2 python-random"
            print(answer, flush=True)  # flush: the referee is waiting for it
        elif line == "quit":
            break


if __name__ == "__main__":
    main()
