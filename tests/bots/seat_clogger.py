#!/usr/bin/env python3
# tests/bots/seat_clogger.py - a match bot (it answers "ready2") that
# makes the referee spend the start of the next game of its match on it,
# for t_attack_match_clear_stop.sh. In an odd seat (1, 3), at its first
# decision it starts WRITERS (argv 2) background processes that keep
# rebuilding chains of directories in its scratch for SECONDS (argv 3),
# so that emptying that scratch before the next game holds the referee
# (up to 2 s, when the walk gives up), and gives them 0.3 s (its own
# time, in that game) before it answers: started later, or given no
# time, they were in some runs not yet writing fast enough, and the
# referee emptied the scratch at once. It answers every other request at
# once. MARKER (argv 1) tells its processes apart; it plays the first
# legal move.
import os, sys, time

writers = int(sys.argv[2])
seconds = float(sys.argv[3])
seat = None
started = False


def write_for(tmp, k, until):
    flags = os.O_CREAT | os.O_WRONLY
    while time.monotonic() < until:
        d = tmp
        for _ in range(40):
            d = os.path.join(d, "d%d" % k)
            try:
                os.mkdir(d)
            except OSError:
                pass
            try:
                os.close(os.open(os.path.join(d, "f"), flags, 0o600))
            except OSError:
                break


for line in sys.stdin:
    line = line.rstrip("\r\n")
    if line.startswith("seat "):
        seat = int(line[5:])
    elif line.startswith("legal "):
        moves = line[6:].split(",")
        if moves == ["ready"]:
            print("ready2 seat-clogger", flush=True)
            continue
        if not started and seat is not None and seat % 2 == 1:
            started = True
            tmp = os.environ.get("TMPDIR", "/tmp")
            until = time.monotonic() + seconds
            for k in range(writers):
                if os.fork() == 0:
                    sys.stdin.close()
                    os.close(1)
                    write_for(tmp, k, until)
                    os._exit(0)
            time.sleep(0.3)  # their trees grow (its own time, in this game)
        print(moves[0], flush=True)
    elif line == "quit":
        break
