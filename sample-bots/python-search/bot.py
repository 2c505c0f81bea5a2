#!/usr/bin/env python3
"""python-search: a euchre-arena bot that searches sampled deals with the
euchre package (docs/library.md), the example to copy for a search bot in
Python.

The package is imported from this bot's own directory (euchre/, copied
here by `make python` at the repository's top): a submission ships the
built package the same way, since the sandbox lets a bot read only its own
directory and the system's Python.

Every line from the referee goes to a euchre.View, which keeps what this
seat knows (the handshake's variant, the hand's events, the request's
cards) exactly as the referee's own view of the seat would. At a decision,
for each candidate move and each of EFFORT deals drawn to agree with that
view (View.sample()), the move is played on a copy of the drawn game and
the rest of the hand with @greedy for every seat (Game.greedy_move()); the
move with the best total of the hand's points (its side's, less the
others') wins. Usage: bot.py [EFFORT] (deals per move; default 12).
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import euchre  # noqa: E402  (from this directory)

MAX_CANDIDATES = 10  # a long auction list (indiana's 80 bids) is narrowed to this


def hand_value(game, seat):
    """The hand's points of seat's side less the others' (their mean without teams)."""
    points = game.hand_points
    if game.teams:
        return points[seat] - points[(seat + 1) % game.players]
    others = [p for i, p in enumerate(points) if i != seat]
    return points[seat] - sum(others) / len(others)


def rollout(world, move, seat):
    """move on a copy of world, then @greedy everywhere to the hand's end."""
    game = world.copy()
    hand = game.hand_no
    game.apply(move)
    while not game.over and game.hand_no == hand:
        game.apply(game.greedy_move())
    return hand_value(game, seat)


def choose(view, legal, seat, effort, rng):
    """The legal move (a text) with the best total over effort drawn deals."""
    worlds = [view.sample() for _ in range(effort)]
    ids = [worlds[0].action_id(m) for m in legal]
    if len(ids) > MAX_CANDIDATES:
        keep = {worlds[k].greedy_move() for k in range(min(effort, 4))}
        rest = [i for i in ids if i not in keep]
        rng.shuffle(rest)
        ids = [i for i in ids if i in keep] + rest[:MAX_CANDIDATES - len(keep)]
    best, best_total = ids[0], None
    for move in ids:
        total = sum(rollout(w, move, seat) for w in worlds)
        if best_total is None or total > best_total:
            best, best_total = move, total
    return worlds[0].action_text(best)


def main():
    effort = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    view = euchre.View()
    rng = random.Random()
    seat, request = 0, None
    for line in sys.stdin:
        line = line.rstrip("\r\n")
        if line == "quit":
            break
        if line == "game":  # a match: the next game's handshake follows
            view = euchre.View()
            seat, request = 0, None
            continue
        if line.startswith("seed "):
            view.seed(int(line[5:]))
            rng.seed(int(line[5:]))
        elif line.startswith("seat "):
            seat = int(line[5:])
        elif line.startswith("request "):
            request = line[8:]
        if not view.feed(line):
            continue
        legal = line[6:].split(",")
        if request == "ready":
            print("ready2 python-search", flush=True)
            continue
        try:
            answer = choose(view, legal, seat, effort, rng)
        except ValueError as e:  # a view no deal fits: say so, and play on
            print(f"python-search: {e}", file=sys.stderr)
            answer = legal[0]
        print(answer, flush=True)


if __name__ == "__main__":
    main()
