"""bench_python.py - the euchre Python package, next to the engine's figures
from the same run (bench/library.sh passes them): random self-play through
Game.legal_ids() and Game.apply(), in decisions a second, against the
engine's own random self-play in C; and SeatEnv steps with observations
(the learner's random move, the other seats' random moves, its
observation), against the same loop in C through libeuchre. One core,
hammerwalt, as bench_library. Usage: bench_python.py ENGINE_DECISIONS C_STEPS [SECONDS]
"""
import random
import sys
import time

import euchre


def selfplay(seconds):
    rng = random.Random(7)
    rand = rng.random
    n, seed = 0, 1
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        g = euchre.Game("hammerwalt", seed=seed)
        seed += 1
        legal_ids, apply = g.legal_ids, g.apply
        while not g.over:
            ids = legal_ids()
            apply(ids[int(rand() * len(ids))])
            n += 1
    return n / (time.perf_counter() - t0)


def env_steps(seconds):
    env = euchre.SeatEnv("hammerwalt", seat=0, others="random")
    rng = random.Random(9)
    obs, info = env.reset(seed=1)
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        legal = info["legal"]
        obs, reward, done, truncated, info = env.step(legal[int(rng.random() * len(legal))])
        n += 1
        if done:
            obs, info = env.reset(seed=n)
    return n / (time.perf_counter() - t0)


def main():
    engine, c_steps = float(sys.argv[1]), float(sys.argv[2])
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 1.0
    d = selfplay(seconds)
    print("library: python random self-play (legal_ids+apply)  %10.0f decisions/s  "
          "(%.3f of the engine's C; must show: 200000)" % (d, d / engine))
    s = env_steps(seconds)
    print("library: python SeatEnv steps with observations     %10.0f steps/s      "
          "(%.3f of the same loop in C; must show: 50000)" % (s, s / c_steps))


if __name__ == "__main__":
    main()
