"""Games per CPU second of this tree against an older commit, in alternating rounds.

    python benchmarks/choose_ab.py 3077236                       # Scala 40 (priority), Escalation (random)
    python benchmarks/choose_ab.py HEAD~3 --game escalation:600:random --rounds 7

The older commit is exported with `git archive` to a temporary folder, and each round runs one
child process per tree (the older first, then this one, then the older...), so a busy machine slows
both alike.  Each child loads the ruleset, plays one game to warm up, then times `--games` games
of the simulation runner with `time.process_time` (start-up excluded).  The ratio printed is this
tree's games per CPU second over the older tree's: the median round, with the lowest and highest.
Both trees are run from folders of the same kind (a temporary folder each): the file system they
sit on changed CPU times by several per cent on the machine this was written on.

With `--instructions` each tree is run instead under valgrind's cachegrind (without its cache
simulation), once with no games after the warm-up game and once with `--games` games: the
difference over the games is the machine instructions a game costs.  The count is the same from one
run to the next whatever else the machine does, so one round tells a change of 1 % on a busy shared
machine, where CPU times move by 5 % or more.  It stands for time only roughly (it counts no cache
misses nor branch mispredictions), and runs about fifty times slower: a few hundred games.
`--caches` adds the first-level cache misses and mispredicted branches valgrind simulates (twice
slower again): where the interpreter's time goes beyond its instructions (docs/performance.md).
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import sys, time
from interpreter.resources import bundled_rulesets
from interpreter.ruleset.loader import load_ruleset
from interpreter.sim.runner import run
name, n, bot = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rules = load_ruleset(str(bundled_rulesets()[name])).rules
run(rules, 1, seed=99, bots=[bot])
t = time.process_time()
run(rules, n, seed=0, bots=[bot])
print(n / (time.process_time() - t))
"""

# the same run for valgrind: the games are counted in instructions, not timed
CHILD_COUNTED = """
import sys
from interpreter.resources import bundled_rulesets
from interpreter.ruleset.loader import load_ruleset
from interpreter.sim.runner import run
name, n, bot = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rules = load_ruleset(str(bundled_rulesets()[name])).rules
run(rules, 1, seed=99, bots=[bot])
if n:
    run(rules, n, seed=0, bots=[bot])
"""


def export(commit: str, into: Path) -> None:
    """The tree of `commit` (its interpreter, rulesets and schemas) in folder `into`."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)


def copy_here(into: Path) -> None:
    """This tree as it stands (uncommitted changes included)."""
    for part in ("interpreter", "rulesets", "schemas", "grammar"):
        if (ROOT / part).exists():
            shutil.copytree(ROOT / part, into / part, ignore=shutil.ignore_patterns("__pycache__"))


def games_per_second(tree: Path, game: str) -> float:
    name, n, bot = game.split(":")
    out = subprocess.run([sys.executable, "-c", CHILD, name, n, bot], cwd=tree, check=True,
                         capture_output=True, text=True, env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"})
    return float(out.stdout.strip().splitlines()[-1])


# valgrind's summary lines, and the keys cachegrind() gives them
_COUNTS = {"I   refs": "instructions", "I1  misses": "i1_misses", "D1  misses": "d1_misses",
           "Mispredicts": "mispredicts"}


def cachegrind(argv, caches=False, **run) -> dict:
    """{'instructions': n} of running `argv` under valgrind's cachegrind; with `caches`, also the first
    level's instruction and data cache misses and the mispredicted branches it simulates
    (i1_misses, d1_misses, mispredicts; about twice as slow).  `run`: subprocess.run's cwd, env..."""
    sim = ["--cache-sim=yes", "--branch-sim=yes"] if caches else ["--cache-sim=no"]
    out = subprocess.run(["valgrind", "--tool=cachegrind", *sim, "--cachegrind-out-file=/dev/null", *argv],
                         check=True, capture_output=True, text=True, **run)
    found = {}
    for line in out.stderr.splitlines():
        label, _, rest = line.partition("== ")[2].partition(":")
        if label.strip() in _COUNTS and rest.strip():
            found[_COUNTS[label.strip()]] = int(rest.split("(")[0].replace(",", "").strip())
    if "instructions" not in found:
        raise SystemExit(f"no instruction count in valgrind's output:\n{out.stderr[-2000:]}")
    return found


def instructions(tree: Path, name: str, n: int, bot: str, caches=False) -> dict:
    """cachegrind()'s counts of a child playing n games after the warm-up."""
    return cachegrind([sys.executable, "-c", CHILD_COUNTED, name, str(n), bot], caches=caches, cwd=tree,
                      env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"})


def per_game(tree: Path, game: str, caches=False) -> dict:
    """cachegrind()'s counts a game: n games' counts less those of none (the start-up)."""
    name, n, bot = game.split(":")
    # compiled once beforehand: else the first child alone would pay for compiling the modules
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree)], check=True, capture_output=True)
    after, before = instructions(tree, name, int(n), bot, caches), instructions(tree, name, 0, bot, caches)
    return {k: (after[k] - before[k]) / int(n) for k in after}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("commit", help="the older commit, e.g. 3077236 (before issue 18)")
    ap.add_argument("--game", action="append",
                    help="RULESET:GAMES:BOT (default scala40:40:priority and escalation:400:random)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--instructions", action="store_true",
                    help="count machine instructions a game under valgrind instead of timing (one round)")
    ap.add_argument("--caches", action="store_true",
                    help="as --instructions, with the cache misses and mispredicted branches valgrind simulates")
    args = ap.parse_args(argv)
    if (args.instructions or args.caches) and shutil.which("valgrind") is None:
        ap.error("--instructions and --caches need valgrind (Debian: apt install valgrind)")
    games = args.game or ["scala40:40:priority", "escalation:400:random"]
    with tempfile.TemporaryDirectory() as tmp:
        old, new = Path(tmp, "old"), Path(tmp, "new")
        old.mkdir()
        new.mkdir()
        export(args.commit, old)
        copy_here(new)
        for game in games:
            if args.instructions or args.caches:
                a, b = per_game(old, game, args.caches), per_game(new, game, args.caches)
                print(f"{game}: {args.commit} {a['instructions'] / 1e6:.3f} million instructions a game, this tree "
                      f"{b['instructions'] / 1e6:.3f}; ratio {b['instructions'] / a['instructions']:.3f} "
                      f"(this tree / {args.commit})")
                for key in sorted(set(a) - {"instructions"}):
                    print(f"    {key.replace('_', ' ')} a game: {a[key]:,.0f} and {b[key]:,.0f}; "
                          f"ratio {b[key] / a[key]:.3f}")
                continue
            rows = []
            for i in range(args.rounds):
                order = (old, new) if i % 2 == 0 else (new, old)
                figures = {tree: games_per_second(tree, game) for tree in order}
                rows.append((figures[old], figures[new]))
            ratios = [b / a for a, b in rows]
            print(f"{game}: {args.commit} {statistics.median(a for a, _ in rows):.1f} games/CPU s, "
                  f"this tree {statistics.median(b for _, b in rows):.1f}; ratio {statistics.median(ratios):.2f} "
                  f"({min(ratios):.2f}-{max(ratios):.2f}, {args.rounds} rounds)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
