"""euchre: the euchre-arena rules engine (libeuchre) for Python.

Game(variant, seed=0, options=None, record=False) deals exactly as
``referee --variant VARIANT --seed SEED`` does; legal(), legal_ids(),
apply(move), to_move, over, scores, ranks, copy(), view(seat),
observe(seat), hands advanced automatically. View is what one seat knows,
fed the referee's lines (a bot's input), and draws deals that agree with
it. SeatEnv and AECEnv are learning environments (euchre.env). See
docs/library.md.
"""
from ._euchre import API_VERSION, Game, View, card_name
from .env import AECEnv, SeatEnv, check_aec_env, check_seat_env

__all__ = ["API_VERSION", "Game", "View", "card_name", "SeatEnv", "AECEnv",
           "check_seat_env", "check_aec_env"]
