"""Learning environments over euchre.Game (docs/library.md, "Environments").

SeatEnv is one seat's environment in the Gymnasium style (reset, step,
a legal-action mask in info); the other seats are played by built-ins
("random", "greedy") or by callables. AECEnv is every player's, in the
PettingZoo AEC style (agent_selection, observe, action_mask, step, last,
rewards at the game's end). Neither package is needed: the API is
mirrored, not imported. check_seat_env() and check_aec_env() are checks
in the spirit of Gymnasium's env checker and PettingZoo's api_test.

Observations are Game.observe(seat): a fixed-length array('f') made from
the seat's view only. Actions are ids into the variant's fixed action list
(Game.actions). The reward is 0 until the game ends, then the seat's rank
turned into [-1, 1]: 1 for the best rank, -1 for the worst (over the
number of sides: teams, or players).
"""
from __future__ import annotations

import random
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from ._euchre import Game

Policy = Union[str, Callable[[Game, int], Union[int, str]]]


def rank_reward(game: Game, player: int) -> float:
    """The end-of-game reward of player: 1 for rank 1, -1 for the last rank."""
    sides = game.teams or game.players
    rank = game.ranks[player]
    if rank == 0:
        return 0.0
    return 1.0 - 2.0 * (rank - 1) / (sides - 1)


def _play(policy: Policy, game: Game, seat: int, rng: random.Random) -> None:
    """One move of a non-learning seat."""
    if policy == "random":
        ids = game.legal_ids()
        game.apply(ids[int(rng.random() * len(ids))])
    elif policy == "greedy":
        game.apply(game.greedy_move())
    elif callable(policy):
        game.apply(policy(game, seat))
    else:
        raise ValueError(f"unknown player {policy!r} (random, greedy or a callable)")


class SeatEnv:
    """One seat of a game, Gymnasium style.

    SeatEnv(variant, seat=0, options=None, others="random") makes the env;
    others is one policy for every other seat or a list (one per player,
    the learner's entry ignored): "random", "greedy", or a callable
    f(game, seat) returning an action id or text (it is given the whole
    game: a fair one reads game.view(seat), game.observe(seat) and
    game.legal_ids() only).

    reset(seed=None) -> (obs, info); step(action) -> (obs, reward,
    terminated, truncated, info). info["action_mask"] is bytes of
    action_count, 1 where the action is legal; info["legal"] the legal ids;
    at the end info["scores"] and info["ranks"] too.
    The same seed gives the same game, deal and opponents' moves.
    """

    def __init__(self, variant: str, seat: int = 0, options: Any = None,
                 others: Union[Policy, Sequence[Policy]] = "random") -> None:
        self.variant = variant
        self.options = options
        self.seat = seat
        probe = Game(variant, seed=0, options=options)
        if not 0 <= seat < probe.players:
            raise ValueError(f"seat {seat} is not a player (0 to {probe.players - 1})")
        if isinstance(others, (list, tuple)):
            if len(others) != probe.players:
                raise ValueError(f"others: {len(others)} players given, the game has {probe.players}")
            self.others = list(others)
        else:
            self.others = [others] * probe.players
        self.action_count = probe.action_count
        self.actions = probe.actions
        self.obs_size = probe.obs_size
        self.observation_shape = (probe.obs_size,)
        self.obs_fields = probe.obs_fields()
        self.game: Optional[Game] = None
        self._rng = random.Random()
        self._seed_rng = random.Random()

    def _advance(self) -> None:
        game, seat, others = self.game, self.seat, self.others
        while True:
            # the "random" seats play in C, from the game's generator
            game.play_random(self._stop)
            to_move = game.to_move
            if to_move == seat or to_move < 0:
                return
            _play(others[to_move], game, to_move, self._rng)

    def _info(self) -> Dict[str, Any]:
        game = self.game
        if game.over:
            return {"action_mask": bytes(self.action_count), "legal": [], "to_move": -1,
                    "scores": game.scores, "ranks": game.ranks}
        return {"action_mask": game.legal_mask(), "legal": game.legal_ids(), "to_move": self.seat}

    def reset(self, seed: Optional[int] = None, options: Any = None) -> Tuple[Any, Dict[str, Any]]:
        if seed is None:
            seed = self._seed_rng.randrange(1 << 62)
        self.game = Game(self.variant, seed=seed, options=self.options)
        self.game.seed_random(seed)
        self._rng = random.Random(seed)
        self._stop = 1 << self.seat
        for p, policy in enumerate(self.others):
            if policy != "random":
                self._stop |= 1 << p
        self._advance()
        return self.game.observe(self.seat), self._info()

    def step(self, action: Union[int, str]):
        game = self.game
        if game is None or game.over:
            raise RuntimeError("step() after the game's end: call reset()")
        game.apply(action)
        self._advance()
        reward = rank_reward(game, self.seat) if game.over else 0.0
        return game.observe(self.seat), reward, game.over, False, self._info()

    def action_mask(self) -> bytes:
        return self.game.legal_mask()


class AECEnv:
    """Every player of a game, PettingZoo AEC style.

    agents are "seat_0", "seat_1", ... (players only: flip's dead hand is
    none). reset(seed=None); agent_selection is the agent to act;
    observe(agent) -> {"observation": array('f'), "action_mask": bytes};
    action_mask(agent); step(action) for agent_selection; last() ->
    (observation, cumulative reward, termination, truncation, info).
    Rewards are 0 until the game ends, then every agent's rank reward.
    After the end, each agent is stepped with None to remove it, as in
    PettingZoo; agents is then empty.
    """

    metadata = {"name": "euchre_aec_v0", "is_parallelizable": False}

    def __init__(self, variant: str, options: Any = None) -> None:
        self.variant = variant
        self.options = options
        probe = Game(variant, seed=0, options=options)
        self.possible_agents = [f"seat_{p}" for p in range(probe.players)]
        self.action_count = probe.action_count
        self.actions = probe.actions
        self.obs_size = probe.obs_size
        self.observation_shape = (probe.obs_size,)
        self.game: Optional[Game] = None
        self.agents: List[str] = []
        self._seed_rng = random.Random()

    @staticmethod
    def _seat(agent: str) -> int:
        return int(agent.rsplit("_", 1)[1])

    def reset(self, seed: Optional[int] = None, options: Any = None) -> None:
        if seed is None:
            seed = self._seed_rng.randrange(1 << 62)
        self.game = Game(self.variant, seed=seed, options=self.options)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = f"seat_{self.game.to_move}"

    def observe(self, agent: str) -> Dict[str, Any]:
        return {"observation": self.game.observe(self._seat(agent)),
                "action_mask": self.action_mask(agent)}

    def action_mask(self, agent: str) -> bytes:
        if self.game.over or self.game.to_move != self._seat(agent):
            return bytes(self.action_count)
        return self.game.legal_mask()

    def last(self):
        agent = self.agent_selection
        return (self.observe(agent)["observation"], self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def step(self, action: Optional[Union[int, str]]) -> None:
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            if action is not None:
                raise ValueError("a terminated agent is stepped with None")
            self.agents.remove(agent)
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        self.rewards = {a: 0.0 for a in self.agents}
        self.game.apply(action)
        if self.game.over:
            for a in self.agents:
                self.rewards[a] = rank_reward(self.game, self._seat(a))
                self._cumulative_rewards[a] += self.rewards[a]
                self.terminations[a] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = f"seat_{self.game.to_move}"


def _mask_ids(mask: bytes) -> List[int]:
    return [i for i, m in enumerate(mask) if m]


def check_seat_env(env: SeatEnv, seed: int = 1, steps: int = 400) -> None:
    """Gymnasium-checker-style checks of a SeatEnv; AssertionError on a failure.

    Observation shape and type at reset and every step; the mask is the
    legal moves; a state with the hidden cards redrawn observes the same;
    reset with the same seed replays the same observations and rewards;
    the reward is 0 until the end, in [-1, 1] there.
    """
    def run(s: int) -> List[Tuple[bytes, float]]:
        obs, info = env.reset(seed=s)
        trace = []
        rng = random.Random(s)
        for _ in range(steps):
            assert len(obs) == env.obs_size, "observation of the wrong length"
            assert obs.typecode == "f"
            mask = info["action_mask"]
            assert len(mask) == env.action_count
            assert _mask_ids(mask) == sorted(env.game.legal_ids()), "mask differs from legal moves"
            assert [env.actions[i] for i in info["legal"]] == env.game.legal(), "ids differ from texts"
            hidden = env.game.sample(env.seat, s + len(trace))
            assert hidden.observe(env.seat) == obs, "an observation depends on hidden cards"
            assert hidden.view(env.seat) == env.game.view(env.seat)
            obs, reward, done, truncated, info = env.step(rng.choice(info["legal"]))
            assert not truncated
            trace.append((obs.tobytes(), reward))
            if done:
                assert -1.0 <= reward <= 1.0
                assert env.game.over and info["legal"] == [] and not any(info["action_mask"])
                obs, info = env.reset(seed=s + 1000)
            else:
                assert reward == 0.0
        return trace

    assert run(seed) == run(seed), "reset(seed) is not deterministic"


def check_aec_env(env: AECEnv, seed: int = 1, games: int = 2) -> None:
    """PettingZoo-api_test-style checks of an AECEnv; AssertionError on a failure."""
    for g in range(games):
        env.reset(seed=seed + g)
        assert env.agents == env.possible_agents
        rng = random.Random(seed + g)
        moves = 0
        while env.agents:
            agent = env.agent_selection
            obs, reward, term, trunc, info = env.last()
            assert len(obs) == env.obs_size
            if term or trunc:
                env.step(None)
                continue
            seat = int(agent.rsplit("_", 1)[1])
            assert seat == env.game.to_move
            mask = env.action_mask(agent)
            assert _mask_ids(mask) == sorted(env.game.legal_ids())
            for other in env.agents:
                if other != agent:
                    assert not any(env.action_mask(other)), "a waiting agent has legal moves"
            hidden = env.game.sample(seat, moves)
            assert hidden.observe(seat) == env.observe(agent)["observation"]
            env.step(rng.choice(_mask_ids(mask)))
            moves += 1
        for agent, total in env._cumulative_rewards.items():
            rank = env.game.ranks[int(agent.rsplit("_", 1)[1])]
            assert -1.0 <= total <= 1.0
            assert (total == 1.0) == (rank == 1), "the best rank is not rewarded 1"
