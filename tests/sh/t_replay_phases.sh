#!/bin/sh
# t_replay_phases.sh - every genuine game record replays: a bot faults in
# every phase of every variant (the handshake, the game's first decision,
# bidding, naming trump, declaring, giving, discarding, playing, the end of
# a hand (found at the next hand's first request, which carries the hand's
# last events), the first decision of the next hand), and referee --replay must
# verify each record, hand numbers of the faults included.
# tests/misbehave/faultat makes the fault; for each phase the test tries a
# few seeds until the fault lands in that phase and fails if it never
# does. A fault at a hand's first decision, before any move of it, was
# replayed as the hand before's (hand 1 for 2) until 2026-11-24.
set -u
. "$(dirname "$0")/lib.sh"

python3 - "$BINDIR/referee" "$top/tests/misbehave/faultat" "$tmp" <<'PY' || fail "phases"
import json, subprocess, sys
referee, bot, tmp = sys.argv[1:]
# variant -> seats (players), the phases it has
variants = {
    "hammerwalt": (4, ["ready", "first", "bid", "trump", "give", "play", "end", "next"]),
    "indiana": (4, ["ready", "first", "bid", "give", "discard", "play", "end", "next"]),
    "bloomington": (6, ["ready", "first", "bid", "give", "discard", "play", "end", "next"]),
    "fivehand": (5, ["ready", "first", "bid", "declare", "discard", "play", "end", "next"]),
    "flip": (3, ["ready", "first", "bid", "play", "end", "next"]),
}
failures = 0
for variant, (n, phases) in variants.items():
    for phase in phases:
        # hand 1 is dealt by seat 0: seat 1 makes the game's first decision;
        # two faultat bots in one team, so that one gives to the other
        # hand 2 is dealt by seat 1: seat 2 makes its first decision
        bots = [1] if phase == "first" else [2] if phase == "next" else \
            [0, 2] if n % 2 == 0 else [0]
        hit = None
        for seed in range(1, 13):
            log = "%s/%s-%s-%d.log" % (tmp, variant, phase, seed)
            seats = ["%s m %s" % (bot, phase) if s in bots else "@greedy" for s in range(n)]
            out = subprocess.run([referee, "--variant", variant, "--seed", str(seed),
                                  "--log", log] + seats, capture_output=True, text=True,
                                 timeout=120)
            if out.returncode != 0:
                print("FAIL: %s %s seed %d: exit %d: %s" % (variant, phase, seed,
                      out.returncode, out.stderr))
                failures += 1
                break
            r = json.loads(out.stdout)
            f = r["faults"][0] if r["faults"] else None
            if phase == "end":
                # hand 1's last events go with the bot's first request of
                # hand 2, and that write finds nobody reading
                ok = f and f["kind"] == "eof" and f["hand"] == 2
                if ok:
                    rec = [l for l in open(log).read().splitlines()
                           if l.startswith(("| handend ", "| hand 2 ", "fault "))]
                    ok = [l.split(" ")[0] + " " + l.split(" ")[1] for l in rec][:3] == \
                        ["| handend", "| hand", "fault %d" % f["seat"]]
            elif phase == "next":
                ok = f and "'oops-next'" in f["detail"] and f["hand"] == 2
                if ok:
                    # before any move of hand 2
                    rec = [l for l in open(log).read().splitlines()
                           if l.startswith(("| hand ", "move ", "fault "))]
                    i = [k for k, l in enumerate(rec) if l.startswith("fault ")][0]
                    ok = rec[i - 1].startswith("| hand 2 ")
            elif phase == "ready":
                ok = f and f["kind"] == "startup" and f["hand"] == 0
            else:
                ok = f and "'oops-%s'" % phase in f["detail"]
                if ok and phase == "first":
                    ok = f["hand"] == 1 and r["decisions"][1] == 0
            if not ok:
                continue
            hit = seed
            rep = subprocess.run([referee, "--replay", log], capture_output=True, text=True)
            if rep.returncode != 0:
                print("FAIL: %s, fault in phase %s (seed %d): replay says %s" % (
                      variant, phase, seed, rep.stderr.strip()))
                failures += 1
            break
        if hit is None:
            print("FAIL: %s: no seed put a fault in phase %s" % (variant, phase))
            failures += 1
        else:
            print("ok: %s %s (seed %d)" % (variant, phase, hit))
sys.exit(1 if failures else 0)
PY

finish "faults in every phase of every variant replay"
