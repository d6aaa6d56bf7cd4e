"""End-to-end speed: `rules simulate` as a designer runs it, against hand-written simulators.

    python benchmarks/end_to_end.py                    # ratios, every ruleset, Scala 40, workers
    python benchmarks/end_to_end.py --part ratios      # one part: ratios | breakdown | rulesets | scala40 |
                                                       #   workers | memory | profile
    python benchmarks/end_to_end.py --part memory --million   # memory also for 10^6 games
    python benchmarks/end_to_end.py --quick --json     # a smoke run (used by the tests)
    python benchmarks/end_to_end.py --part instructions   # the ratios counted in instructions (valgrind)
    python benchmarks/end_to_end.py --part caches      # cache misses and mispredicted branches (valgrind)
    python benchmarks/end_to_end.py --part footprint   # functions, bytecode and calls run per game

The interpreter side is the simulation runner (interpreter/sim/runner.py) with the random bot,
in one process, the ruleset loaded beforehand (start-up excluded), so bots, records and the
summary are all counted as they are in `rules simulate`.  The hand-written side is the plain
simulator of the same rules in benchmarks/handwritten/, random policy from one seeded Random.

Each pair runs in alternating rounds (interpreter first, then hand-written first, ...) so a busy
machine slows both alike.  Times are CPU time of this process (time.process_time) and wall time;
when other programs share the cores, the CPU figures are the ones to compare.  The ratio is the
interpreter's games per CPU second over the hand-written one's: the median round, with the lowest
and highest round beside it.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.handwritten import escalation as hw_escalation  # noqa: E402
from benchmarks.handwritten import escalative as hw_escalative  # noqa: E402
from benchmarks.handwritten import hearts as hw_hearts  # noqa: E402
from benchmarks.handwritten import scotch_whist as hw_whist  # noqa: E402
from benchmarks.handwritten import spades as hw_spades  # noqa: E402
from benchmarks.handwritten import static_scalade as hw_scalade  # noqa: E402
from interpreter.resources import bundled_rulesets  # noqa: E402
from interpreter.ruleset.loader import load_ruleset  # noqa: E402
from interpreter.sim.runner import run  # noqa: E402

# (label, bundled ruleset, hand-written play_game, players, games per round at full size)
PAIRS = [
    ("Scotch Whist", "scotch-whist", hw_whist.play_game, 4, 200),
    ("Static Scalade", "scalade", hw_scalade.play_game, 3, 25),
    ("Escalation", "escalation", hw_escalation.play_game, 4, 250),
    ("Escalative scoring", "escalative", hw_escalative.play_game, 4, 300),
    ("Hearts", "hearts", hw_hearts.play_game, 4, 60),          # targets 0.5 (any game of a bundled family)
    ("Spades", "spades", hw_spades.play_game, 4, 300),
]


def _load(name, options=None):
    return load_ruleset(str(bundled_rulesets()[name]), options).rules


def _bot_for(rules):
    """Random play never ends a rummy game: the ruleset's own bot hints where it gives them."""
    return "priority" if (rules.data.get("bots") or {}).get("prefer") else "random"


def timed(fn):
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return time.process_time() - c, time.perf_counter() - w, out


def simulate(rules, games, seed, bot="random", workers=1, name=None):
    """The runner as `rules simulate` calls it (no records file); returns the summary."""
    path = str(bundled_rulesets()[name]) if name else None
    return run(rules, games, seed=seed, bots=[bot], workers=workers, path=path)


def ratios(scale=1.0, rounds=6, seed=1):
    rows = []
    for label, name, play, players, per_round in PAIRS:
        rules = _load(name)
        n = max(2, int(per_round * scale))
        simulate(rules, max(2, n // 4), seed)                 # warm caches, as after the first games
        cpu_i = cpu_h = wall_i = wall_h = 0.0
        per = []
        for r in range(rounds):
            def interp():
                return simulate(rules, n, seed + r)

            def hand():
                rng = random.Random(seed + r)
                return [play(rng, players) for _ in range(n)]
            if r % 2:
                ch, wh, _ = timed(hand)
                ci, wi, _ = timed(interp)
            else:
                ci, wi, _ = timed(interp)
                ch, wh, _ = timed(hand)
            cpu_i, cpu_h, wall_i, wall_h = cpu_i + ci, cpu_h + ch, wall_i + wi, wall_h + wh
            per.append(ch / ci)
        games = n * rounds
        rows.append({"game": label, "ruleset": name, "players": players, "games": games,
                     "interpreter_games_s": games / cpu_i, "handwritten_games_s": games / cpu_h,
                     "interpreter_games_s_wall": games / wall_i, "handwritten_games_s_wall": games / wall_h,
                     "ratio": statistics.median(per), "ratio_low": min(per), "ratio_high": max(per),
                     "ratio_wall": (games / wall_i) / (games / wall_h)})
    return rows


def breakdown(scale=1.0, rounds=5, seed=1):
    """Where a game's time goes, in CPU microseconds per game (the median of `rounds` rounds): the engine
    alone playing random moves for every seat (new_game and engine/autoplay.py's play_picked, which
    is what the simulator runs for random seats), then play_game (bots seated, running scores, the
    record and its figures), then the runner (the summary): each line includes the one before."""
    from interpreter.engine import game as G
    from interpreter.engine.autoplay import play_picked, random_picker
    from interpreter.sim.play import game_seed, play_game
    rows = []
    for label, name, _, players, per_round in PAIRS:
        rules = _load(name)
        n = max(2, int(per_round * scale))

        def engine(r):
            for i in range(n):
                s = G.new_game(rules, players, game_seed(seed + r, i))
                play_picked(s, [random_picker(random.Random(i))] * players)

        def record(r):
            for i in range(n):
                play_game(rules, players, game_seed(seed + r, i), ["random"], index=i)

        def runner(r):
            simulate(rules, n, seed + r)
        simulate(rules, max(2, n // 4), seed)
        times = {"engine": [], "play_game": [], "runner": []}
        for r in range(rounds):
            for key, fn in (("engine", engine), ("play_game", record), ("runner", runner)):
                c, _, _ = timed(lambda: fn(r))
                times[key].append(c / n * 1e6)
        rows.append({"game": label, "ruleset": name, "games": n * rounds,
                     **{f"{k}_us": statistics.median(v) for k, v in times.items()}})
    return rows


def every_ruleset(seconds=3.0, seed=1, max_games=5000):
    """Games per CPU second of every bundled ruleset through the runner, about `seconds` each."""
    rows = []
    for name, path in sorted(bundled_rulesets().items()):
        loaded = load_ruleset(str(path))
        if not loaded.ok:
            rows.append({"ruleset": name, "error": "does not load"})
            continue
        rules = loaded.rules
        bot = _bot_for(rules)
        simulate(rules, 1, seed + 99, bot)                          # warm caches
        games, cpu, wall, errors = 0, 0.0, 0.0, 0
        batch = 1
        while games < max_games and (games < 2 or cpu < seconds):
            c, w, summary = timed(lambda: simulate(rules, batch, seed + games, bot))
            games, cpu, wall = games + batch, cpu + c, wall + w
            found = summary.get("errors") or 0
            errors += found if isinstance(found, int) else len(found)
            batch = min(batch * 2, 200)
        rows.append({"ruleset": name, "players": rules.default_players, "bot": bot, "games": games,
                     "games_s": games / cpu, "games_s_wall": games / wall, "errors": errors})
    return rows


def scala40(games=20, seed=0):
    rules = _load("scala40")
    c, w, _ = timed(lambda: simulate(rules, games, seed, "priority"))
    return {"ruleset": "scala40", "bot": "priority", "games": games, "games_s": games / c,
            "games_s_wall": games / w}


def workers(games=10_000, name="escalative", seed=1):
    """Wall time of `--workers 2` against one worker (the same games); the records must agree."""
    rules = _load(name)
    out = {"ruleset": name, "games": games, "cpus": os.cpu_count()}
    for k in (1, 2):
        w = time.perf_counter()
        summary = simulate(rules, games, seed, workers=k, name=name)
        out[f"workers_{k}_s"] = time.perf_counter() - w
        out[f"seats_{k}"] = summary.get("seats")
    out["speedup"] = out["workers_1_s"] / out["workers_2_s"]
    out["same_results"] = out.pop("seats_1") == out.pop("seats_2")
    out["machine_ceiling"] = parallel_ceiling()
    return out


def _burn(n):
    x = 0
    for i in range(n):
        x += i * i
    return x


def parallel_ceiling(n=5_000_000):
    """What two processes get out of the machine right now: one pure-Python loop alone against two
    at once in a process pool (2.0 on two idle cores; less when other programs hold a core)."""
    from concurrent.futures import ProcessPoolExecutor
    w = time.perf_counter()
    _burn(n)
    one = time.perf_counter() - w
    with ProcessPoolExecutor(max_workers=2) as pool:
        list(pool.map(_burn, [1, 1]))                 # the workers are up before the clock starts
        w = time.perf_counter()
        list(pool.map(_burn, [n, n]))
        two = time.perf_counter() - w
    return 2 * one / two


_MEMORY_CHILD = """
import resource, sys, time
sys.path.insert(0, {root!r})
from benchmarks.end_to_end import _load, simulate


def peak_kib():
    # the peak of this process's own memory (VmHWM): Linux keeps ru_maxrss across exec, so a child
    # started by a large parent would report the parent's peak
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


rules = _load({name!r})
base = peak_kib()
t = time.process_time()
simulate(rules, {games}, 1)
print(base, peak_kib(), time.process_time() - t)
"""


def memory(sizes=(1_000, 10_000, 100_000), name="escalative"):
    """Peak resident memory (KiB, Linux VmHWM, else ru_maxrss) of a fresh process running n games, no records
    file: after loading the ruleset and at the end of the run."""
    rows = []
    for n in sizes:
        code = _MEMORY_CHILD.format(root=str(ROOT), name=name, games=n)
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        base, peak, cpu = proc.stdout.split()
        rows.append({"ruleset": name, "games": n, "rss_after_load_kib": int(base), "peak_rss_kib": int(peak),
                     "cpu_s": float(cpu)})
    return rows


def profile(names=("scotch-whist", "scalade", "escalation", "escalative", "scala40"), games=None, top=12):
    """cProfile of the runner on several families: the functions with the most own time."""
    import cProfile
    import io
    import pstats
    out = {}
    for name in names:
        rules = _load(name)
        bot = _bot_for(rules)
        n = games or (5 if name.startswith("scala40") else 40)
        simulate(rules, 1, 98, bot)
        prof = cProfile.Profile()
        prof.runcall(simulate, rules, n, 1, bot)
        buf = io.StringIO()
        pstats.Stats(prof, stream=buf).sort_stats("tottime").print_stats(top)
        out[name] = buf.getvalue()
    return out


# One side of a pair played n games after a warm-up, in a child counted by valgrind (see instructions()).
_COUNTED = """
import random, sys
sys.path.insert(0, sys.argv[1])
from benchmarks import end_to_end as b
label, side, n = sys.argv[2], sys.argv[3], int(sys.argv[4])
_, name, play, players, _ = next(p for p in b.PAIRS if p[0] == label)
if side == "interpreter":
    rules = b._load(name)
    b.simulate(rules, 2, 99)
    if n:
        b.simulate(rules, n, 1)
else:
    play(random.Random(99), players)
    rng = random.Random(1)
    for _ in range(n):
        play(rng, players)
"""


def _instructions(label, side, n, caches=False):
    from benchmarks.choose_ab import cachegrind
    counts = cachegrind([sys.executable, "-c", _COUNTED, str(ROOT), label, side, str(n)], caches=caches)
    return counts if caches else counts["instructions"]


def instructions(scale=1.0):
    """The ratios of `ratios`, counted in machine instructions a game instead of CPU time: each side
    runs in a child under valgrind's cachegrind (no cache simulation), once with no games after its
    warm-up and once with n games; the difference over n is a game's cost.  The count does not move
    with the machine's load, so it tells small changes apart on a shared machine; it ignores cache
    misses and mispredicted branches, so it stands for time only roughly.  The games are those of
    `ratios` (seed 1); about fifty times slower than running them."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "interpreter"), str(ROOT / "benchmarks")],
                   check=True, capture_output=True)
    rows = []
    for label, name, _, players, per_round in PAIRS:
        n = max(2, int(per_round * scale))
        per = {side: (_instructions(label, side, n) - _instructions(label, side, 0)) / n
               for side in ("interpreter", "handwritten")}
        rows.append({"game": label, "ruleset": name, "players": players, "games": n,
                     "interpreter_instructions": per["interpreter"], "handwritten_instructions": per["handwritten"],
                     "ratio": per["handwritten"] / per["interpreter"]})
    return rows


def caches(scale=1.0):
    """Where the time goes beyond the instructions: per game, each side's instructions, first-level
    instruction and data cache misses and mispredicted branches as valgrind's cachegrind simulates them
    (the games of `instructions`, at a fifth of their number: about a hundred times slower than running
    them).  A mispredicted branch costs some 15 to 20 cycles, a miss some 10 or more, an instruction
    well under one, so these tell why the interpreter's instructions take longer than the hand-written
    ones (docs/performance.md)."""
    rows = []
    for label, name, _, players, per_round in PAIRS:
        n = max(2, int(per_round * scale / 5))
        row = {"game": label, "ruleset": name, "games": n}
        for side in ("interpreter", "handwritten"):
            after, before = _instructions(label, side, n, True), _instructions(label, side, 0, True)
            row[side] = {k: (after[k] - before[k]) / n for k in after}
        rows.append(row)
    return rows


_FOOTPRINT = """
import random, sys
sys.path.insert(0, sys.argv[1])
from benchmarks import end_to_end as b
label, n = sys.argv[2], int(sys.argv[3])
_, name, play, players, _ = next(p for p in b.PAIRS if p[0] == label)
calls = {}
def count(frame, event, arg):
    if event == "call":
        calls[frame.f_code] = calls.get(frame.f_code, 0) + 1
rules = b._load(name)
b.simulate(rules, 2, 99)
play(random.Random(99), players)
rng = random.Random(1)
for side, run in (("interpreter", lambda: b.simulate(rules, n, 1)),
                  ("handwritten", lambda: [play(rng, players) for _ in range(n)])):
    calls.clear()
    sys.setprofile(count)
    run()
    sys.setprofile(None)
    print(side, len(calls), sum(len(c.co_code) for c in calls), sum(calls.values()) / n)
"""


def footprint(scale=1.0):
    """The Python code each side runs, per game: how many functions (code objects), how many bytes of
    bytecode they hold together (with the caches CPython keeps in it: the interpreter reads both as
    data, so more of them means more data cache misses) and how many Python calls a game makes.  Each
    pair in a child of its own, under sys.setprofile (a call's cost is not measured here)."""
    rows = []
    for label, name, _, players, per_round in PAIRS:
        n = max(2, int(per_round * scale / 5))
        out = subprocess.run([sys.executable, "-c", _FOOTPRINT, str(ROOT), label, str(n)], check=True,
                             capture_output=True, text=True).stdout.split("\n")
        row = {"game": label, "ruleset": name, "games": n}
        for line in filter(None, out):
            side, functions, size, calls = line.split()
            row[side] = {"functions": int(functions), "bytecode_bytes": int(size), "calls": float(calls)}
        rows.append(row)
    return rows


def machine():
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"python": platform.python_version(), "platform": platform.platform(), "cpu": cpu,
            "cpus": os.cpu_count(), "load_average": os.getloadavg()}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--part", action="append", choices=["ratios", "breakdown", "rulesets", "scala40", "workers", "memory",
                                                        "profile", "instructions", "caches", "footprint"])
    ap.add_argument("--quick", action="store_true", help="a few games of each part (smoke test)")
    ap.add_argument("--million", action="store_true", help="memory also for 10^6 games (long)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    parts = args.part or ["ratios", "breakdown", "rulesets", "scala40", "workers"]
    q = args.quick
    out = {"machine": machine()}
    if "ratios" in parts:
        out["ratios"] = ratios(scale=0.05 if q else 1.0, rounds=2 if q else 6)
    if "breakdown" in parts:
        out["breakdown"] = breakdown(scale=0.05 if q else 1.0, rounds=2 if q else 5)
    if "rulesets" in parts:
        out["rulesets"] = every_ruleset(0.02 if q else 3.0, max_games=4 if q else 5000)
    if "scala40" in parts:
        out["scala40"] = scala40(2 if q else 20)
    if "workers" in parts:
        out["workers"] = workers(40 if q else 10_000)
    if "memory" in parts:
        sizes = (10, 100) if q else (1_000, 10_000, 100_000) + ((1_000_000,) if args.million else ())
        out["memory"] = memory(sizes)
    if "profile" in parts:
        out["profile"] = profile(games=2 if q else None)
    if "instructions" in parts:
        out["instructions"] = instructions(scale=0.02 if q else 1.0)
    if "caches" in parts:
        out["caches"] = caches(scale=0.05 if q else 1.0)
    if "footprint" in parts:
        out["footprint"] = footprint(scale=0.05 if q else 1.0)
    out["machine"]["load_average_after"] = os.getloadavg()
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    report(out)
    return 0


def report(out):
    m = out["machine"]
    print(f"Python {m['python']} on {m['platform']}, {m['cpu']}, {m['cpus']} CPUs, "
          f"load average {m['load_average'][0]:.1f} before, {m['load_average_after'][0]:.1f} after")
    if "ratios" in out:
        print(f"\n{'game':<20}{'interp games/s':>15}{'hand games/s':>14}{'ratio':>7}  rounds     wall ratio")
        for r in out["ratios"]:
            print(f"{r['game']:<20}{r['interpreter_games_s']:>15.1f}{r['handwritten_games_s']:>14.1f}"
                  f"{r['ratio']:>7.2f}  {r['ratio_low']:.2f}-{r['ratio_high']:.2f}  {r['ratio_wall']:>6.2f}")
    if "breakdown" in out:
        print(f"\n{'CPU us per game':<20}{'engine':>10}{'play_game':>11}{'runner':>10}")
        for r in out["breakdown"]:
            print(f"{r['game']:<20}{r['engine_us']:>10.0f}{r['play_game_us']:>11.0f}{r['runner_us']:>10.0f}")
    if "rulesets" in out:
        print(f"\n{'ruleset':<36}{'players':>8}{'bot':>10}{'games/s':>10}{'games':>7}{'errors':>7}")
        for r in out["rulesets"]:
            if "error" in r:
                print(f"{r['ruleset']:<36}  {r['error']}")
            else:
                print(f"{r['ruleset']:<36}{r['players']:>8}{r['bot']:>10}{r['games_s']:>10.1f}"
                      f"{r['games']:>7}{r['errors']:>7}")
    if "scala40" in out:
        s = out["scala40"]
        print(f"\nScala 40, priority bot, {s['games']} games: {s['games_s']:.1f} games per CPU second "
              f"({s['games_s_wall']:.1f} wall)")
    if "workers" in out:
        w = out["workers"]
        print(f"\n{w['games']} games of {w['ruleset']}: 1 worker {w['workers_1_s']:.1f} s, 2 workers "
              f"{w['workers_2_s']:.1f} s, speed-up {w['speedup']:.2f} on {w['cpus']} CPUs, "
              f"same results: {w['same_results']}; two plain loops in parallel got "
              f"{w['machine_ceiling']:.2f}x at the same time (the machine's ceiling)")
    if "memory" in out:
        print(f"\n{'games':>9}{'RSS after load (MiB)':>22}{'peak RSS (MiB)':>16}{'CPU s':>8}")
        for r in out["memory"]:
            print(f"{r['games']:>9}{r['rss_after_load_kib'] / 1024:>22.1f}{r['peak_rss_kib'] / 1024:>16.1f}"
                  f"{r['cpu_s']:>8.1f}")
    if "instructions" in out:
        print(f"\n{'million instructions a game':<28}{'interpreter':>12}{'hand-written':>13}{'ratio':>7}{'games':>7}")
        for r in out["instructions"]:
            print(f"{r['game']:<28}{r['interpreter_instructions'] / 1e6:>12.3f}"
                  f"{r['handwritten_instructions'] / 1e6:>13.3f}{r['ratio']:>7.2f}{r['games']:>7}")
    if "caches" in out:
        print(f"\n{'per game (thousands)':<22}{'instructions':>22}{'D1 misses':>18}{'I1 misses':>16}"
              f"{'mispredicts':>18}\n{'interpreter / hand-written':<22}")
        for r in out["caches"]:
            i, h = r["interpreter"], r["handwritten"]
            print(f"{r['game']:<22}" + "".join(f"{i[k] / 1e3:>11.0f} /{h[k] / 1e3:>7.0f}" if k == "instructions"
                                                else f"{i[k] / 1e3:>9.1f} /{h[k] / 1e3:>6.1f}"
                                                for k in ("instructions", "d1_misses", "i1_misses", "mispredicts")))
    if "footprint" in out:
        print(f"\n{'code run per game':<22}{'functions':>18}{'bytecode bytes':>22}{'Python calls':>20}"
              f"\n{'interpreter / hand-written':<22}")
        for r in out["footprint"]:
            i, h = r["interpreter"], r["handwritten"]
            print(f"{r['game']:<22}{i['functions']:>10} /{h['functions']:>6}{i['bytecode_bytes']:>13} /"
                  f"{h['bytecode_bytes']:>7}{i['calls']:>12.0f} /{h['calls']:>6.0f}")
    for name, text in (out.get("profile") or {}).items():
        print(f"\n--- profile: {name}\n{text}")


if __name__ == "__main__":
    raise SystemExit(main())
