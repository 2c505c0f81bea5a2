#!/usr/bin/env python3
"""train.py - a small self-play learner for hammerwalt, standard library only.

A linear action-value function over the seat's observation (euchre's
fixed-length vector, read sparse with Game.observe_nz()): Q(x, a) =
b[a] + sum of W[a][i] * x[i] over the nonzero x[i]. Four copies of it play
each other (epsilon-greedy over the legal actions), and every decision of
a hand is pulled toward the hand's outcome for the deciding seat: its
team's points less the other team's, over the cards each (Monte Carlo
returns, a squared-error step). A hand, not the game, is the episode, so
the signal is dense enough for a few CPU minutes.

    python3 train.py [--seconds S] [--hands N] [--out policy.json] [--seed N] [--lr R] [--hint]
    python3 train.py --evaluate bot/policy.json first    # per hand, duplicate

The policy file holds the weights (rounded, zeros left out); bot.py (in
bot/) plays it greedily. docs/library.md says how the shipped policy.json
was trained and how it does against @random in `arena compare`.
"""
import argparse
import json
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "bot"))  # the package copied beside bot.py
import euchre  # noqa: E402

VARIANT = "hammerwalt"


class Linear:
    """Q(x, a) for sparse x: one bias and one weight row per action, and one
    shared weight on the hint (1 when a is @greedy's move, else 0)."""

    def __init__(self, actions, size):
        self.bias = [0.0] * actions
        self.w = [[0.0] * size for _ in range(actions)]
        self.hint = 0.0

    def value(self, idx, val, a, hinted=0):
        row = self.w[a]
        q = self.bias[a] + self.hint * hinted
        for i, x in zip(idx, val):
            q += row[i] * x
        return q

    def best(self, idx, val, legal, hint=-1):
        return max(legal, key=lambda a: self.value(idx, val, a, a == hint))

    def update(self, idx, val, a, target, lr, hinted=0):
        err = target - self.value(idx, val, a, hinted)
        step = lr * err
        self.bias[a] += step
        self.hint += step * hinted
        row = self.w[a]
        for i, x in zip(idx, val):
            row[i] += step * x

    def to_json(self):
        return {"variant": VARIANT, "bias": [round(b, 5) for b in self.bias],
                "hint": round(self.hint, 5),
                "weights": {str(a): {str(i): round(v, 5) for i, v in enumerate(row) if abs(v) > 1e-5}
                            for a, row in enumerate(self.w)}}

    @classmethod
    def from_json(cls, data, size):
        q = cls(len(data["bias"]), size)
        q.bias = list(data["bias"])
        q.hint = data.get("hint", 0.0)
        for a, row in data["weights"].items():
            for i, v in row.items():
                q.w[int(a)][int(i)] = v
        return q


def hand_return(game, seat):
    """The hand's points of seat's team less the other's, over the cards each."""
    p = game.hand_points
    return (p[seat] - p[(seat + 1) % game.players]) / game.cards_each


def train(seconds, seed, lr=0.003, epsilon=0.1, hint=False, max_hands=0, log=sys.stderr):
    rng = random.Random(seed)
    probe = euchre.Game(VARIANT, seed=0)
    q = Linear(probe.action_count, probe.obs_size)
    t0 = time.process_time()
    hands = decisions = 0
    game_seed = seed * 1000003
    # a game at a time, until the CPU time is used up or max_hands are played
    while time.process_time() - t0 < seconds and not (max_hands and hands >= max_hands):
        game = euchre.Game(VARIANT, seed=game_seed % (1 << 62))
        game_seed += 1
        while not game.over:
            hand = game.hand_no
            trace = []  # (seat, idx, val, action, hinted) of this hand
            while not game.over and game.hand_no == hand:
                seat = game.to_move
                idx, val = game.observe_nz(seat)
                legal = game.legal_ids()
                g = game.greedy_move() if hint else -1
                if rng.random() < epsilon:
                    a = legal[int(rng.random() * len(legal))]
                else:
                    a = q.best(idx, val, legal, g)
                trace.append((seat, idx, val, a, a == g))
                game.apply(a)
                decisions += 1
            for seat, idx, val, a, hinted in trace:
                q.update(idx, val, a, hand_return(game, seat), lr, hinted)
            hands += 1
            if log and hands % 2000 == 0:
                print(f"train: {hands} hands, {decisions} decisions, "
                      f"{time.process_time() - t0:.0f} s", file=log)
    return q, hands, decisions


def policy(spec, size):
    """A player f(game, seat) -> action id: "first" (the first legal move),
    "greedy" (@greedy) or a policy file, played greedily."""
    if spec == "first":
        return lambda g, s: g.legal_ids()[0]
    if spec == "greedy":
        return lambda g, s: g.greedy_move()
    q = Linear.from_json(json.load(open(spec)), size)

    def play(g, s):
        idx, val = g.observe_nz(s)
        return q.best(idx, val, g.legal_ids(), g.greedy_move() if q.hint else -1)
    return play


def evaluate(a, b, hands=400, seed=5):
    """A's mean hand return against B: each deal's first hand played twice,
    A's team in seats 0 and 2, then in 1 and 3 (duplicate). Deterministic."""
    total = 0.0
    for k in range(hands // 2):
        for first in (0, 1):
            g = euchre.Game(VARIANT, seed=seed * 100000 + k)
            players = [a, b, a, b] if first == 0 else [b, a, b, a]
            while g.hand_no == 1 and not g.over:
                s = g.to_move
                g.apply(players[s](g, s))
            total += hand_return(g, first)
    return total / (hands // 2 * 2)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=120.0, help="CPU seconds to train (default 120)")
    ap.add_argument("--out", default=os.path.join(HERE, "bot", "policy.json"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hands", type=int, default=0,
                    help="stop at the first game's end after this many hands (the same policy "
                         "on any machine, within --seconds)")
    ap.add_argument("--lr", type=float, default=0.003, help="the step size (default 0.003)")
    ap.add_argument("--hint", action="store_true",
                    help="add a feature: 1 when the action is @greedy's move (bot.py reads it)")
    ap.add_argument("--evaluate", nargs=2, metavar=("A", "B"),
                    help="instead of training: A's mean hand return against B over 400 duplicate "
                         "hands (each 'first', 'greedy' or a policy file)")
    args = ap.parse_args()
    if args.evaluate:
        size = euchre.Game(VARIANT).obs_size
        a, b = (policy(p, size) for p in args.evaluate)
        print("%s against %s: %+.3f a hand" % (args.evaluate[0], args.evaluate[1], evaluate(a, b)))
        return
    q, hands, decisions = train(args.seconds, args.seed, lr=args.lr, hint=args.hint,
                                max_hands=args.hands)
    with open(args.out, "w") as f:
        json.dump(q.to_json(), f, separators=(",", ":"))
    print(f"train: {hands} hands, {decisions} decisions; wrote {args.out}")


if __name__ == "__main__":
    main()
