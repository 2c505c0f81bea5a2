"""Tests of the euchre package (run: PYTHONPATH=build/rel/python python3 -m unittest
discover -s python/tests). The hand-worked game is seed 5 of hammerwalt, as
`referee --variant hammerwalt --seed 5 @random @greedy @random @greedy --log`
recorded it (tests/unit/test_libeuchre.c plays the same hand in C)."""
import copy
import random
import unittest

import euchre

HAND1 = ("6,pass,7,8,pass,9,pass,11,D,QC,JC,KC,AC,JD,JH,9D,9D,JD,10D,QD,10S,JH,QH,KD,QC,KD,"
         "10C,AD,9S,AD,JS,10D,AH,AH,10H,9H,10H,AS,9S,JS,KS,AS,QS,JC,10S,KS,QS,KC,9C,QH,10C,"
         "KH,KH,QD,9C,9H,AC").split(",")
SEATS1 = "123012300012330123012301230121230123012301230123012303012"

VARIANTS = [("hammerwalt", None), ("indiana", None), ("bloomington", None),
            ("fivehand", None), ("flip", {"players": 5, "max_hands": 4})]


class GameTest(unittest.TestCase):
    def test_first_decision(self):
        g = euchre.Game("hammerwalt", seed=5)
        self.assertEqual(g.to_move, 1)
        self.assertEqual(g.decision, "bid")
        self.assertEqual(g.legal(), ["pass", "6", "7", "8", "9", "10", "11", "12", "alone"])
        self.assertEqual(g.legal_ids(), [0, 6, 7, 8, 9, 10, 11, 12, 13])
        self.assertEqual(g.action_count, 44)
        self.assertEqual(g.actions[13], "alone")
        self.assertEqual(g.action_id("TH"), 33)
        self.assertEqual(g.action_text(20), "9C")
        self.assertEqual(g.options, "target=64,hole=64,max_hands=200")
        self.assertEqual(g.hand(1), "JC 9D QD KD AD AD 9H QH AH KS AS AS".split())
        mask = g.legal_mask()
        self.assertEqual([i for i, m in enumerate(mask) if m], g.legal_ids())

    def test_errors(self):
        with self.assertRaisesRegex(ValueError, "unknown variant 'nope'"):
            euchre.Game("nope")
        with self.assertRaisesRegex(ValueError, "tiem"):
            euchre.Game("hammerwalt", options={"tiem": 3})
        # a key or value with no UTF-8 (a lone surrogate) is Python's error,
        # not an option named '(null)'
        with self.assertRaises(UnicodeEncodeError):
            euchre.Game("hammerwalt", options={"\ud800": 3})
        with self.assertRaises(UnicodeEncodeError):
            euchre.Game("hammerwalt", options={"target": "\ud800"})
        g = euchre.Game("hammerwalt", seed=5)
        with self.assertRaisesRegex(ValueError, "'xyz' is not a move"):
            g.apply("xyz")
        with self.assertRaises(ValueError):
            g.apply("5")  # below the opening bid of 6
        with self.assertRaisesRegex(ValueError, "action 44 is not from 0 to 43"):
            g.apply(44)
        with self.assertRaises(TypeError):
            g.apply(1.5)
        self.assertEqual(g.to_move, 1)  # nothing changed

    def test_seeds_out_of_range_are_errors(self):
        # the "K" format took seeds modulo 2^64: 2**64 + 5 dealt seed 5's game
        for seed in (-1, 2**63, 2**64, 2**64 + 5):
            with self.assertRaisesRegex(ValueError, r"seed %d is not from 0 to 2\^63-1" % seed):
                euchre.Game("hammerwalt", seed=seed)
        self.assertEqual(euchre.Game("hammerwalt", seed=2**63 - 1).to_move, 1)
        with self.assertRaisesRegex(TypeError, "a seed is an int, not float"):
            euchre.Game("hammerwalt", seed=5.0)
        g = euchre.Game("hammerwalt", seed=5)
        for seed in (-1, 2**64):
            with self.assertRaisesRegex(ValueError, r"seed %d is not from 0 to 2\^64-1" % seed):
                g.sample(0, seed)
            with self.assertRaisesRegex(ValueError, r"seed %d is not from 0 to 2\^64-1" % seed):
                g.seed_random(seed)
            with self.assertRaisesRegex(ValueError, r"seed %d is not from 0 to 2\^64-1" % seed):
                euchre.View(seed=seed)
            with self.assertRaisesRegex(ValueError, r"seed %d is not from 0 to 2\^64-1" % seed):
                euchre.View().seed(seed)
        self.assertEqual(g.sample(0, 2**64 - 1).view(0), g.view(0))

    def test_option_values_make_one_option_each(self):
        # a ',' in a value set another option (the referee refuses it), a NUL cut it short,
        # a key that is not UTF-8 was sent as "(null)"
        bad = [({"target": "10,max_hands=1"}, "option value '10,max_hands=1' holds a ','"),
               ({"target=10,max_hands": 1}, "option 'target=10,max_hands' holds a '='"),
               ({"max_hands,target": 1}, "option 'max_hands,target' holds a ','"),
               ({"target": "5\0"}, "option value '5\\x00' holds a NUL"),
               ({"target\0": 5}, "option 'target\\x00' holds a NUL"),
               ("target=5\0,max_hands=1", "options 'target=5\\x00,max_hands=1' holds a NUL")]
        for options, message in bad:
            with self.assertRaises(ValueError) as cm:
                euchre.Game("hammerwalt", options=options)
            self.assertEqual(str(cm.exception), message)
        with self.assertRaises(UnicodeEncodeError):
            euchre.Game("hammerwalt", options={"\ud800": 1})
        with self.assertRaises(UnicodeEncodeError):
            euchre.Game("hammerwalt", options={"target": "\ud800"})

    def test_hand_advances_by_itself(self):
        g = euchre.Game("hammerwalt", seed=5, record=True)
        for seat, move in zip(SEATS1, HAND1):
            self.assertEqual(g.to_move, int(seat))
            g.apply(move)
        # hand 2 is dealt at once: dealer 1, seat 2 opens
        self.assertEqual(g.hand_no, 2)
        self.assertEqual(g.dealer, 1)
        self.assertEqual(g.to_move, 2)
        self.assertEqual(g.scores, (-11, 12, -11, 12))
        self.assertEqual(g.team_scores, (-11, 12))
        self.assertEqual(g.hand_points, (-11, 12, -11, 12))
        self.assertEqual(g.ranks, (0, 0, 0, 0))
        self.assertFalse(g.over)
        self.assertIn("handend tricks 0 6 0 6 points -11 12 score -11 12", g.record)
        self.assertEqual(g.record[-1], "cards 3 9C JC QC AC AC JD QD AD 10H AH 10S JS")
        self.assertEqual(g.view(2), "view 2\nvariant hammerwalt\nscore -11 12\nhand 2 dealer 1\n"
                         "cards 9C JC 9D 9D KD 9H 9H 10H JH JH 9S KS\n"
                         "held 9C JC 9D 9D KD 9H 9H 10H JH JH 9S KS\n")

    def test_copy_is_independent(self):
        g = euchre.Game("fivehand", seed=11)
        c = g.copy()
        d = copy.deepcopy(g)
        c.apply(c.legal_ids()[0])
        self.assertNotEqual(c.events(), g.events())
        self.assertEqual(d.events(), g.events())

    def test_options_as_dict_or_string(self):
        a = euchre.Game("flip", seed=2, options={"players": 3, "zilch": True})
        b = euchre.Game("flip", seed=2, options="players=3,zilch=true")
        self.assertEqual(a.options, b.options)
        self.assertEqual(a.events(), b.events())
        self.assertEqual((a.players, a.seats), (3, 4))  # a dead hand joins

    def test_observation_fields(self):
        g = euchre.Game("hammerwalt", seed=5)
        fields = g.obs_fields()
        self.assertEqual(fields[0], ("held", 0, 24))
        self.assertEqual(fields[-1][0], "hand")
        self.assertEqual(sum(f[2] for f in fields), g.obs_size)
        obs = g.observe(1)
        self.assertEqual(len(obs), 265)
        self.assertEqual(obs[11], 2.0)  # AD twice
        with self.assertRaises(ValueError):
            g.observe(4)

    def test_random_games_finish_in_every_variant(self):
        rng = random.Random(3)
        for variant, options in VARIANTS:
            g = euchre.Game(variant, seed=7, options=options)
            while not g.over:
                ids = g.legal_ids()
                self.assertEqual([g.actions[i] for i in ids], g.legal())
                g.apply(rng.choice(ids))
            self.assertEqual(g.to_move, -1)
            self.assertTrue(all(1 <= r <= g.players for r in g.ranks), variant)


class ViewTest(unittest.TestCase):
    def test_view_fed_the_referee_lines_samples_the_same_view(self):
        g = euchre.Game("indiana", seed=4)
        rng = random.Random(4)
        for _ in range(9):
            g.apply(rng.choice(g.legal_ids()))
        seat = g.to_move
        v = euchre.View(seed=1)
        for line in ["euchre-arena 1", "variant indiana", "option target 42", "option hole 42",
                     "option max_hands 200", "option all_pass stick", "players 4",
                     "seat %d" % seat]:
            self.assertFalse(v.feed(line))
        for line in g.events(seat).splitlines():
            self.assertFalse(v.feed(line))
        self.assertFalse(v.feed("request play"))
        self.assertFalse(v.feed("held " + " ".join(g.hand(seat))))
        self.assertTrue(v.feed("legal " + ",".join(g.legal())))
        self.assertEqual(v.info()["held"], g.hand(seat))
        for _ in range(5):
            s = v.sample()
            self.assertEqual(s.view(seat), g.view(seat))
            self.assertEqual(s.legal(), g.legal())
        self.assertIn(v.search_move(4), g.legal_ids())

    def test_view_refuses_a_seat_the_game_does_not_have(self):
        v = euchre.View()
        for line in ["variant hammerwalt", "players 4", "seat 1", "hand 1 dealer 0"]:
            self.assertFalse(v.feed(line))
        for line in ["play 7 JH", "give 0 -1 9C", "trick 1 winner 4"]:
            with self.assertRaises(ValueError) as cm:
                v.feed(line)
            self.assertEqual(str(cm.exception),
                             "event line '%s' names a seat that is not one of 0 to 3" % line)
        self.assertEqual(v.info()["seat"], 1)

    def test_game_sample_redraws_hidden_cards_only(self):
        g = euchre.Game("bloomington", seed=9)
        others = set()
        for k in range(20):
            s = g.sample(0, k)
            self.assertEqual(s.view(0), g.view(0))
            self.assertEqual(s.observe(0), g.observe(0))
            others.add(tuple(s.hand(1)))
        self.assertGreater(len(others), 10)


class EnvTest(unittest.TestCase):
    def test_seat_env_checks(self):
        for variant, options in VARIANTS:
            with self.subTest(variant=variant):
                euchre.check_seat_env(euchre.SeatEnv(variant, seat=1, options=options,
                                                     others="greedy"), steps=150)

    def test_aec_env_checks(self):
        for variant, options in VARIANTS:
            with self.subTest(variant=variant):
                euchre.check_aec_env(euchre.AECEnv(variant, options=options), games=1)

    def test_seat_env_with_callables(self):
        seen = []

        def first_legal(game, seat):
            seen.append(seat)
            return game.legal()[0]

        env = euchre.SeatEnv("hammerwalt", seat=0, others=first_legal)
        obs, info = env.reset(seed=5)
        self.assertEqual(seen, [1, 2, 3])  # seats 1 to 3 bid before seat 0
        self.assertEqual(info["to_move"], 0)
        self.assertEqual(len(obs), env.obs_size)
        done, reward = False, 0.0
        while not done:
            obs, reward, done, truncated, info = env.step(info["legal"][0])
        self.assertIn(reward, (1.0, -1.0))
        self.assertEqual(reward == 1.0, env.game.ranks[0] == 1)

    def test_seat_env_reset_is_deterministic(self):
        env = euchre.SeatEnv("flip", seat=2, options={"players": 4})
        a = env.reset(seed=12)[0]
        env.step(env.game.legal_ids()[0])
        b = env.reset(seed=12)[0]
        self.assertEqual(a, b)
        self.assertNotEqual(env.reset(seed=13)[0], a)


if __name__ == "__main__":
    unittest.main()
