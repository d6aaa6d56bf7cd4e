"""Speed of the interpreter against plain hand-written Python, in one process run.

    python benchmarks/run.py                 # the full benchmark (about a minute)
    python benchmarks/run.py --quick         # a smoke run of a few games (used by the tests)
    python benchmarks/run.py --profile scotch-whist   # where the interpreter's time goes

Both sides play with a uniformly random policy driven by one seeded Random.
Figures: games per second, tricks per second, and the ratio interpreter /
hand-written (the target is 0.5 or better). Then games per second for every
bundled ruleset, and the search bot's time per decision when that bot exists.
"""
from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.handwritten import scotch_whist as hw_whist  # noqa: E402
from benchmarks.handwritten import static_scalade as hw_scalade  # noqa: E402
from interpreter.engine import game as G  # noqa: E402
from interpreter.ruleset.loader import load_ruleset  # noqa: E402
from interpreter.resources import bundled_rulesets  # noqa: E402

PAIRS = [
    ("Scotch Whist", "scotch-whist", hw_whist.play_game, 4),
    ("Static Scalade", "scalade", hw_scalade.play_game, 3),
]


def interpreter_games(rules, players, games, seed):
    rng = random.Random(seed)
    tricks = 0
    start = time.perf_counter()
    for i in range(games):
        s = G.new_game(rules, players, seed * 100003 + i)
        while not s.over:
            G.apply_index(s, rng.randrange(len(s.pending.actions)))
        tricks += s.tricks
    return time.perf_counter() - start, tricks


def handwritten_games(play, players, games, seed):
    rng = random.Random(seed)
    tricks = 0
    start = time.perf_counter()
    for _ in range(games):
        tricks += play(rng, players)["tricks"]
    return time.perf_counter() - start, tricks


def compare(games, seed, rounds=10):
    """Both sides in turns of games/rounds each, so a busy machine slows both alike.

    The ratio is tricks per second of the interpreter over the hand-written one's in each round;
    `ratio_tricks` is the median round, `ratio_low`/`ratio_high` the lowest and highest (the noise)."""
    rows = []
    bundled = bundled_rulesets()
    for label, name, play, players in PAIRS:
        if name not in bundled:
            rows.append({"game": label, "missing": f"no bundled ruleset named {name}"})
            continue
        rules = load_ruleset(str(bundled[name])).rules
        interpreter_games(rules, players, max(1, games // 20), seed)   # warm caches
        chunk = max(1, games // rounds)
        t_i = t_h = tr_i = tr_h = 0
        per_round = []
        for r in range(rounds):
            first_interp = r % 2 == 0
            if not first_interp:
                ht, htr = handwritten_games(play, players, chunk, seed + r)
            it, itr = interpreter_games(rules, players, chunk, seed + r)
            if first_interp:
                ht, htr = handwritten_games(play, players, chunk, seed + r)
            t_i, tr_i, t_h, tr_h = t_i + it, tr_i + itr, t_h + ht, tr_h + htr
            per_round.append((itr / it) / (htr / ht))
        n = chunk * rounds
        rows.append({"game": label, "players": players, "games": n,
                     "interpreter_games_s": n / t_i, "interpreter_tricks_s": tr_i / t_i,
                     "handwritten_games_s": n / t_h, "handwritten_tricks_s": tr_h / t_h,
                     "ratio_games": (n / t_i) / (n / t_h), "ratio_tricks": statistics.median(per_round),
                     "ratio_low": min(per_round), "ratio_high": max(per_round)})
    return rows


def every_ruleset(seconds, seed, max_games=2000):
    """Games per second of every bundled ruleset, random play, about `seconds` each."""
    from interpreter.bots.base import load_bots
    load_bots()
    rows = []
    for name, path in sorted(bundled_rulesets().items()):
        loaded = load_ruleset(str(path))
        if not loaded.ok:
            rows.append({"ruleset": name, "error": "does not load"})
            continue
        rules = loaded.rules
        # Random play never ends a rummy game: use the ruleset's own bot hints where it gives them.
        bot = "priority" if (rules.data.get("bots") or {}).get("prefer") else "random"
        from interpreter.sim.play import play_game
        games, stopped = 0, 0
        start = time.perf_counter()
        while games < max_games and (games < 2 or time.perf_counter() - start < seconds):
            try:
                play_game(rules, rules.default_players, seed * 7919 + games, [bot])
            except G.GameError:
                stopped += 1
            games += 1
        elapsed = time.perf_counter() - start
        rows.append({"ruleset": name, "players": rules.default_players, "bot": bot, "games": games,
                     "stopped": stopped, "games_s": games / elapsed})
    return rows


def search_bot(decisions, playouts):
    from interpreter.bots.base import BOTS, load_bots, make_bot
    load_bots()
    if "search" not in BOTS:
        return {"note": "no search bot registered"}
    rules = load_ruleset(str(bundled_rulesets()["scotch-whist"])).rules
    bot = make_bot("search", 1, {"playouts": playouts})
    s = G.new_game(rules, 4, 5)
    times = []
    while len(times) < decisions and not s.over:
        if hasattr(bot, "observe"):
            bot.seat = s.pending.player
            bot.observe(s)
        if len(s.pending.actions) > 1:          # forced moves cost nothing and are not counted
            start = time.perf_counter()
            index = bot.decide(s, s.pending.player, s.pending.actions)
            times.append(time.perf_counter() - start)
        else:
            index = 0
        G.apply_index(s, index)
    name = "search"
    return {"bot": name, "playouts": playouts, "decisions": len(times),
            "seconds_per_decision": sum(times) / len(times)}


def profile(name, games):
    import cProfile
    import pstats
    rules = load_ruleset(str(bundled_rulesets()[name])).rules
    cProfile.runctx("interpreter_games(rules, rules.default_players, games, 1)", globals(),
                    {"rules": rules, "games": games, "interpreter_games": interpreter_games}, "/tmp/rules.prof")
    pstats.Stats("/tmp/rules.prof").sort_stats("tottime").print_stats(20)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true", help="a few games only (smoke test)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--profile", metavar="RULESET")
    args = ap.parse_args(argv)
    if args.profile:
        profile(args.profile, args.games)
        return 0
    games = 10 if args.quick else args.games
    out = {"machine": {"python": platform.python_version(), "platform": platform.platform(),
                       "processor": platform.processor() or platform.machine()},
           "pairs": compare(games, args.seed),
           "rulesets": every_ruleset(0.05 if args.quick else 3.0, args.seed),
           "search_bot": search_bot(2 if args.quick else 10, 50 if args.quick else 1000)}
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"Python {out['machine']['python']} on {out['machine']['platform']}")
    print(f"\n{'game':<16}{'interp games/s':>15}{'hand games/s':>14}{'interp tricks/s':>17}{'hand tricks/s':>15}"
          f"{'ratio':>7}  rounds")
    for r in out["pairs"]:
        if "missing" in r:
            print(f"{r['game']:<16} {r['missing']}")
            continue
        print(f"{r['game']:<16}{r['interpreter_games_s']:>15.0f}{r['handwritten_games_s']:>14.0f}"
              f"{r['interpreter_tricks_s']:>17.0f}{r['handwritten_tricks_s']:>15.0f}{r['ratio_tricks']:>7.2f}"
              f"  {r['ratio_low']:.2f}-{r['ratio_high']:.2f}")
    print(f"\n{'ruleset':<36}{'players':>8}{'bot':>10}{'games/s':>10}{'stopped':>9}")
    for r in out["rulesets"]:
        if "error" in r:
            print(f"{r['ruleset']:<36}  {r['error']}")
        else:
            print(f"{r['ruleset']:<36}{r['players']:>8}{r['bot']:>10}{r['games_s']:>10.1f}"
                  f"{r['stopped']:>5}/{r['games']}")
    sb = out["search_bot"]
    if sb and "seconds_per_decision" in sb:
        print(f"\nsearch bot '{sb['bot']}', {sb['playouts']} playouts: {sb['seconds_per_decision']:.3f} s per decision "
              f"(Scotch Whist, 4 players, mean of {sb['decisions']})")
    elif sb:
        print(f"\nsearch bot: {sb.get('note')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
