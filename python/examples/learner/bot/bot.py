#!/usr/bin/env python3
"""learned: a euchre-arena bot (hammerwalt) that plays the linear policy
train.py learned by self-play (policy.json beside it), greedily; in
another variant it plays @greedy's moves.

The observation is the package's: every line from the referee goes to a
euchre.View, and the seat's observation is read off any deal drawn to
agree with that view (an observation holds nothing the seat cannot see,
so every such deal gives the same one). The euchre package is imported
from this directory (make python copies it here).
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import euchre  # noqa: E402


def load(path):
    data = json.load(open(path))
    bias = data["bias"]
    weights = {int(a): {int(i): v for i, v in row.items()} for a, row in data["weights"].items()}
    return data["variant"], bias, weights, data.get("hint", 0.0)


def main():
    variant, bias, weights, hint = load(os.path.join(HERE, "policy.json"))
    warned = False
    view = euchre.View()
    seat, request = 0, None
    for line in sys.stdin:
        line = line.rstrip("\r\n")
        if line == "quit":
            break
        if line.startswith("seed "):
            view.seed(int(line[5:]))
        elif line.startswith("seat "):
            seat = int(line[5:])
        elif line.startswith("request "):
            request = line[8:]
        if not view.feed(line):
            continue
        legal = line[6:].split(",")
        if request == "ready":
            print("ready learned", flush=True)
            continue
        try:
            world = view.sample()
            if world.variant != variant:
                # another variant than the policy's: @greedy's move instead
                if not warned:
                    print(f"learned: the policy is for {variant}: playing @greedy in "
                          f"{world.variant}", file=sys.stderr)
                    warned = True
                print(world.action_text(world.greedy_move()), flush=True)
                continue
            idx, val = world.observe_nz(seat)
            suggested = world.greedy_move() if hint else -1

            def value(a):
                row = weights.get(a, {})
                return (bias[a] + hint * (a == suggested) +
                        sum(row.get(i, 0.0) * x for i, x in zip(idx, val)))

            answer = world.action_text(max((world.action_id(m) for m in legal), key=value))
        except ValueError as e:
            print(f"learned: {e}", file=sys.stderr)
            answer = legal[0]
        print(answer, flush=True)


if __name__ == "__main__":
    main()
