#!/usr/bin/env python3
"""A simple sensible euchre-arena bot built on euchre_kit (start yours here).

It bids what its trumps and aces promise, names its best trump, gives and
discards its weakest cards (its best to an alone bidder), wins a trick as
cheaply as it can unless a partner already holds it, and otherwise throws
its weakest card. Debug output goes to standard error, never stdout.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import euchre_kit as kit  # noqa: E402


def strength(cards, trump):
    """Tricks the cards may take with this trump: trumps, aces (nines in low)."""
    top = "9" if trump == "low" else "A"
    return sum(1 for c in cards if kit.is_trump(c, trump) or kit.card_rank(c) == top)


def best_trump(cards, modes):
    return max(modes, key=lambda t: strength(cards, t))


def choose_bid(st):
    legal = st.legal
    if st.variant == "fivehand":  # order / order H / H / pass
        suits = [m.split()[-1] for m in legal if m[-1] in kit.SUITS]
        if "order" in legal:
            return "order" if strength(st.held, st.upcard[-1]) >= 3 else "pass"
        if suits:
            t = best_trump(st.held, suits)
            good = strength(st.held, t) >= 3 or "pass" not in legal
            return next(m for m in legal if m.endswith(t)) if good else "pass"
        return legal[0]
    modes = [m for m in kit.SUITS] + ["high", "low"]
    t = best_trump(st.held, modes)
    est = strength(st.held, t) + (1 if st.variant == "flip" else 0)
    numeric = [m for m in legal if m.split()[0].isdigit()
               and (len(m.split()) == 1 or m.split()[1] == t)]
    fits = [m for m in numeric if int(m.split()[0]) <= est]
    if st.variant == "flip":  # no pass: the highest bid we expect to make
        return fits[-1] if fits else numeric[0]
    if fits:
        return fits[0] if st.variant == "hammerwalt" else fits[-1]
    return "pass" if "pass" in legal else numeric[0]


def weakest(cards, st):
    return min(cards, key=lambda c: kit.power(c, st.trump))


def decide(st):
    if st.request == "bid":
        return choose_bid(st)
    if st.request == "trump":
        return best_trump(st.held, st.legal)
    if st.request == "declare":
        return "partner"
    if st.request == "give" and st.contract and st.contract[0] != st.seat:
        return max(st.legal, key=lambda c: kit.power(c, st.trump))
    if st.request in ("give", "discard"):
        return weakest(st.legal, st)
    cards = [m for m in st.legal if " " not in m]  # no flip switches
    if not st.trick:
        return max(cards, key=lambda c: kit.power(c, st.trump))
    if st.winning_seat() in st.partners():
        return weakest(cards, st)
    winners = [c for c in cards if st.would_win(c)]
    return kit.with_comment(weakest(winners or cards, st), "cheapest winner" if winners else "cannot win")


if __name__ == "__main__":
    kit.run(decide, "python-kit-example")
