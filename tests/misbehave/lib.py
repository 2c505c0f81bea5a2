"""Shared loop for the misbehaving test bots: play legally until told to misbehave.

Every bot's first argument is a marker unique to the test run: the test
looks for processes whose command line holds it, to prove none survives
(inside the sandbox a bot cannot write anything outside its scratch
directory, and its pids are those of its own PID namespace).
"""
import sys


def play(misbehave, after=3):
    """Answers legally; calls misbehave(moves) at the after-th decision."""
    n = 0
    for line in sys.stdin:
        line = line.rstrip("\r\n")
        if line.startswith("legal "):
            moves = line[6:].split(",")
            if moves == ["ready"]:
                print("ready", flush=True)
                continue
            n += 1
            if n == after:
                misbehave(moves)
            else:
                print(moves[0], flush=True)
        elif line == "quit":
            return
