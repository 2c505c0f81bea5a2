#!/usr/bin/env python3
"""Unit tests of euchre_kit on hand-worked positions (docs/variants.md)."""
import io
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "example"))
import euchre_kit as kit  # noqa: E402


class Cards(unittest.TestCase):
    def test_parse(self):
        self.assertEqual(kit.parse_card("th"), "10H")
        self.assertEqual(kit.parse_card("benny"), "BENNY")
        self.assertRaises(ValueError, kit.parse_card, "1H")

    def test_left_bower_under_hearts(self):
        # hearts trump: JD is the left bower, a heart, second only to JH
        self.assertEqual(kit.effective_suit("JD", "H"), "H")
        self.assertTrue(kit.is_trump("JD", "H"))
        order = sorted(["AH", "JD", "9H", "JH", "KH", "10H", "QH"],
                       key=lambda c: -kit.power(c, "H"))
        self.assertEqual(order, ["JH", "JD", "AH", "KH", "QH", "10H", "9H"])
        # the other jacks stay in their suits, ranked between Q and 10
        self.assertEqual(kit.effective_suit("JC", "H"), "C")
        self.assertEqual(kit.power("JC", "H"), 4)

    def test_no_trump_modes(self):
        # high: no bowers, ace high; low: nine best, ace worst
        self.assertEqual(kit.effective_suit("JD", "high"), "D")
        self.assertFalse(kit.is_trump("JD", "high"))
        self.assertEqual(kit.trick_winner(["9S", "AS"], "low"), 0)
        self.assertEqual(kit.trick_winner(["9S", "AS"], "high"), 1)
        low = sorted(["AS", "KS", "QS", "JS", "10S", "9S"], key=lambda c: -kit.power(c, "low"))
        self.assertEqual(low, ["9S", "10S", "JS", "QS", "KS", "AS"])
        self.assertEqual(kit.trick_winner(["KH", "9S", "AH"], "none"), 2)

    def test_trick_winner_suit_trump(self):
        # spades trump, AH led: a nine of trumps beats it, the left bower more
        self.assertEqual(kit.trick_winner(["AH", "9S", "KH"], "S"), 1)
        self.assertEqual(kit.trick_winner(["AH", "9S", "JC"], "S"), 2)
        # an off-suit ace does not win
        self.assertEqual(kit.trick_winner(["10H", "AD", "QH"], "S"), 2)
        # twins: the first played wins
        self.assertEqual(kit.trick_winner(["AH", "AH"], "C"), 0)
        self.assertTrue(kit.would_win(["10H", "9S"], "JS", "S"))
        self.assertFalse(kit.would_win(["10H", "JS"], "JC", "S"))

    def test_follow_left_bower(self):
        # diamonds trump, a diamond led: JH must follow as a diamond; a
        # heart led: JH does not follow hearts
        self.assertEqual(kit.legal_plays(["JH", "AH", "KS"], ["9D"], "D"), ["JH"])
        self.assertEqual(kit.legal_plays(["JH", "AH", "KS"], ["QH"], "D"), ["AH"])
        self.assertEqual(kit.legal_plays(["JH", "KS"], ["QH"], "D"), ["JH", "KS"])
        self.assertEqual(kit.legal_plays(["9C", "9C", "AD"], [], "S"), ["9C", "AD"])

    def test_fivehand_joker(self):
        # the joker is the top trump and follows a trump lead
        self.assertEqual(kit.effective_suit("JOKER", "C"), "C")
        self.assertEqual(kit.trick_winner(["JC", "JOKER", "JS"], "C"), 1)
        self.assertEqual(kit.legal_plays(["JOKER", "AH"], ["8C"], "C"), ["JOKER"])
        self.assertEqual(kit.led_suit(["JOKER", "8C"], "D"), "D")

    def test_flip_jokers(self):
        # the first Benny wins; a Charlie never wins; only Charlies: the first
        self.assertEqual(kit.trick_winner(["AS", "BENNY", "JS", "BENNY"], "S"), 1)
        self.assertEqual(kit.trick_winner(["CHARLIE", "9H", "10H"], "C"), 2)
        self.assertEqual(kit.trick_winner(["CHARLIE", "CHARLIE"], "C"), 0)
        # a led Benny sets no suit; after a led Charlie the first card does
        self.assertIsNone(kit.led_suit(["BENNY", "9H"], "C"))
        self.assertEqual(kit.led_suit(["CHARLIE", "9H", "AS"], "C"), "H")
        # jokers may always be played, even holding the led suit
        self.assertEqual(kit.legal_plays(["AH", "BENNY", "CHARLIE", "KS"], ["9H"], "C"),
                         ["AH", "BENNY", "CHARLIE"])

    def test_flip_trump_change(self):
        # the seed's example: diamonds trump, JH led (the left bower, a
        # diamond); a Charlie flips to clubs: JH is a heart again, later
        # players follow hearts, and the diamonds cannot win
        trick = ["JH", "9D", "KD", "CHARLIE"]
        self.assertEqual(kit.led_suit(trick[:1], "D"), "D")
        self.assertEqual(kit.led_suit(trick, "C"), "H")
        self.assertEqual(kit.legal_plays(["AD", "QH"], trick, "C"), ["QH"])
        self.assertEqual(kit.trick_winner(trick, "C"), 0)
        self.assertEqual(kit.trick_winner(trick + ["9C"], "C"), 4)
        self.assertEqual(kit.trump_of_calling("BENNY"), "none")


TRANSCRIPT = """euchre-arena 1
variant hammerwalt
option target 64
players 4
seat 0
teams 0 2,1 3
seed 291080821224767267
time startup 10000 move 1000 bank 0 clock wall
budget 54000
request ready
time 10000 -
legal ready
hand 1 dealer 0
cards JC KC KD 9H 10H JH QH AH 10S KS AS AS
bid 1 6
bid 2 pass
bid 3 pass
request bid
held JC KC KD 9H 10H JH QH AH 10S KS AS AS
auction 1 6,2 pass,3 pass
time 1000 -
legal pass,7,8,9,10,11,12,alone
bid 0 pass
contract 1 6
trump D
play 1 JD
play 2 10D
play 3 9D
request play
held JC KC KD 9H 10H JH QH AH 10S KS AS AS
contract 1 6
trump D
table 1 JD,2 10D,3 9D
won 0 0 0 0
time 1000 250
legal KD,JH
play 0 KD
trick 1 winner 1
play 1 AC
play 2 9C
play 3 9S
request play
held JC KC 9H 10H JH QH AH 10S KS AS AS
contract 1 6
trump D
table 1 AC,2 9C,3 9S
won 0 1 0 0
time 1000 -
legal JC,KC
quit
"""


class Reading(unittest.TestCase):
    def test_state_from_transcript(self):
        st = kit.State()
        done = [st.feed(line) for line in TRANSCRIPT.splitlines()[:36]]
        self.assertEqual(done.count(True), 3)
        self.assertEqual((st.variant, st.seat, st.players), ("hammerwalt", 0, 4))
        self.assertEqual(st.teams, [[0, 2], [1, 3]])
        self.assertEqual(st.partners(), [2])
        self.assertEqual(st.limits, {"startup": 10000, "move": 1000, "bank": 0, "clock": "wall"})
        self.assertEqual(st.request, "play")
        self.assertEqual(st.contract, (1, "6"))
        self.assertEqual(st.trump, "D")
        self.assertEqual(st.auction, [(1, "6"), (2, "pass"), (3, "pass"), (0, "pass")])
        self.assertEqual(st.trick, [(1, "JD"), (2, "10D"), (3, "9D")])
        self.assertEqual(st.table, st.trick)
        self.assertEqual((st.time_move, st.time_bank), (1000, 250))
        self.assertEqual(st.led_suit(), "D")
        self.assertEqual(st.legal_cards(), ["KD", "JH"])
        self.assertEqual(st.winning_seat(), 1)
        self.assertFalse(st.would_win("JH"))  # the right bower holds
        lines = TRANSCRIPT.splitlines()[36:]
        for line in lines:
            st.feed(line)
        self.assertEqual(st.tricks[0].cards, ["JD", "10D", "9D", "KD"])
        self.assertEqual(st.tricks[0].winner, 1)
        self.assertEqual(st.won, [0, 1, 0, 0])
        self.assertEqual(st.voids, {3: {"C"}})  # seat 3 threw 9S on clubs
        self.assertEqual(st.played[-1], (3, "9S"))
        self.assertNotIn("KD", st.held)

    def test_run_answers(self):
        out = io.StringIO()
        seen = []

        def decide(st):
            seen.append(st.request)
            return "JC" if st.request == "play" else "nonsense"
        kit.run(decide, "t", stdin=io.StringIO(TRANSCRIPT), stdout=out)
        # ready2; an illegal answer (the bid, the first JC) is replaced by the first legal move
        self.assertEqual(out.getvalue(), "ready2 t\npass\nKD\nJC\n")
        self.assertEqual(seen, ["bid", "play", "play"])

    def test_comments(self):
        self.assertEqual(kit.with_comment("JH", "drawing\ntrump  now"), "JH # drawing trump now")
        self.assertEqual(kit.with_comment("pass", ""), "pass")
        self.assertEqual(len(kit.with_comment("7 H", "x" * 500)), len("7 H # ") + 200)
        out = io.StringIO()

        def decide(st):
            return kit.with_comment("JC" if st.request == "play" else "nonsense", "why")
        kit.run(decide, "t", stdin=io.StringIO(TRANSCRIPT), stdout=out)
        # the move before the "#" is checked; a replaced move loses its comment
        self.assertEqual(out.getvalue(), "ready2 t\npass\nKD\nJC # why\n")

    def test_run_match(self):
        # a "game" line instead of quit: the next game's handshake, read by a fresh State
        out = io.StringIO()
        match = TRANSCRIPT.replace("quit\n", "game\n" + TRANSCRIPT, 1)
        st = kit.run(lambda st: "JC" if st.request == "play" else "nonsense", "t",
                     stdin=io.StringIO(match), stdout=out)
        self.assertEqual(out.getvalue(), "ready2 t\npass\nKD\nJC\n" * 2)
        # the second game's state only: its own plays, not the first game's too
        self.assertEqual(st.played, kit.run(lambda st: "JC" if st.request == "play" else "x", "t",
                                            stdin=io.StringIO(TRANSCRIPT),
                                            stdout=io.StringIO()).played)

    def test_fivehand_partners_and_flip(self):
        st = kit.State()
        for line in ["variant fivehand", "players 5", "seat 4", "teams -", "hand 1 dealer 0",
                     "declare 1 partner 3"]:
            st.feed(line)
        self.assertEqual(st.partners(), [0, 2])  # a defender: the other defenders
        st.feed("declare 3 partner 4")
        self.assertEqual(st.partners(), [3])
        st = kit.State()
        for line in ["variant flip", "players 3", "seat 0", "teams -", "deadhand 3",
                     "hand 1 dealer 0", "calling JH", "play 1 KH", "play 2 CHARLIE",
                     "flip 2 QD", "play 3 9S"]:
            st.feed(line)
        self.assertEqual((st.calling, st.trump), ("QD", "D"))
        self.assertEqual(st.voids, {})  # the dead hand shows no void
        self.assertEqual(st.calling_history, [("flip", 2, "QD", "JH")])
        st.held = ["AS", "9H"]
        st.feed("switch 0 9H QD")
        self.assertEqual(st.held, ["AS", "QD"])
        self.assertEqual(st.trump, "H")


if __name__ == "__main__":
    unittest.main()
