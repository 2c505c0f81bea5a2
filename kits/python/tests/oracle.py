#!/usr/bin/env python3
"""Holds euchre_kit's helpers against the engine: reads game records
(referee --log FILE) and checks, for every request and trick in them,
what the kit computes against what the referee said.

- Every seat played by a program has its lines in the record ("T S< line"):
  they are fed to a kit State as the bot read them; at each play request
  the kit's legal cards (from held, the tricks' play events and trump)
  must be the request's legal list (flip's "X switch Y" counted as X), the
  trick tracked from the events must be the request's table line, and at
  each trick event the kit's trick_winner (and would_win of the last card)
  must name the seat the referee named.
- The record's own lines ("| line": every seat's play) feed a State that
  sees every trick of every hand, held to the same trick check.

Usage: oracle.py LOG...; prints the counts, exits 1 on any disagreement.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "example"))
import euchre_kit as kit  # noqa: E402

FULL = ("hand", "trump", "calling", "flip", "switch", "play", "trick", "contract")


class Checker:
    def __init__(self):
        self.legal = self.tables = self.tricks = self.fails = 0

    def fail(self, where, msg):
        self.fails += 1
        if self.fails <= 20:
            print("FAIL %s: %s" % (where, msg))

    def trick_done(self, st, where):
        t = st.tricks[-1]
        i = kit.trick_winner(t.cards, t.trump)
        if t.seats[i] != t.winner:
            self.fail(where, "trick %r under %s: kit says seat %d, referee %d"
                      % (t.cards, t.trump, t.seats[i], t.winner))
        last = kit.would_win(t.cards[:-1], t.cards[-1], t.trump)
        if last != (t.seats[-1] == t.winner):
            self.fail(where, "would_win(%r, %s) is %s" % (t.cards[:-1], t.cards[-1], last))
        self.tricks += 1

    def feed(self, st, line, where):
        ntricks = len(st.tricks)
        done = st.feed(line)
        if len(st.tricks) > ntricks:
            self.trick_done(st, where)
        if done and st.request == "play":
            want = sorted(set(m.split(" ")[0] for m in st.legal))
            got = sorted(st.legal_cards())
            if want != got:
                self.fail(where, "held %s trick %s trump %s: kit %s, referee %s"
                          % (st.held, st.trick, st.trump, got, want))
            if st.table != st.trick:
                self.fail(where, "tracked trick %s, table line %s" % (st.trick, st.table))
            self.legal += 1
            self.tables += 1
        if done:
            st.request = None


def check_log(path, ck):
    seats, full = {}, None
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            where = "%s:%d" % (path, n)
            if line.startswith("game "):
                seats, full = {}, kit.State()
                full.variant = line.split(" ")[1]
                continue
            if line.startswith("| "):
                if full is not None and line[2:].split(" ")[0] in FULL:
                    ck.feed(full, line[2:], where)
                continue
            parts = line.split(" ", 2)
            if len(parts) == 3 and parts[1].endswith("<"):
                seat = int(parts[1][:-1])
                ck.feed(seats.setdefault(seat, kit.State()), parts[2], where)


def main(argv):
    if len(argv) < 2:
        print("usage: oracle.py LOG...", file=sys.stderr)
        return 2
    ck = Checker()
    for path in argv[1:]:
        check_log(path, ck)
    print("python oracle: %d legal lists, %d tables, %d tricks checked, %d disagreements"
          % (ck.legal, ck.tables, ck.tricks, ck.fails))
    if ck.legal < 1000 or ck.tricks < 1000:
        print("FAIL: too few positions in the records")
        return 1
    return 1 if ck.fails else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
