"""Shared loop for the misbehaving test bots: play legally until told to misbehave.

Each bot records its pid (and its children's) in the file named by its
first argument, so that the test can prove none of them survives.
"""
import os
import sys


def record_pid(path, pid=None):
    with open(path, "a") as f:
        f.write("%d\n" % (pid or os.getpid()))


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
