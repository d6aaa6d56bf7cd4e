"""A sampling profiler for a simulation run: where the CPU time goes, without cProfile's
per-call overhead (which inflates code that makes many small calls).

    python benchmarks/sample_profile.py scala40 --games 60 --bot priority

At each tick of the CPU-time timer (SIGPROF, Unix only; a millisecond asked, the kernel may tick less often) the stack of the running game is recorded;
the report gives, per function, the share of samples it was on the stack (inclusive) and on top
(its own time).
"""
from __future__ import annotations

import argparse
import collections
import signal
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interpreter.resources import bundled_rulesets  # noqa: E402
from interpreter.ruleset.loader import load_ruleset  # noqa: E402
from interpreter.sim.runner import run  # noqa: E402


def sample(fn, interval=0.001):
    inclusive, own, total = collections.Counter(), collections.Counter(), [0]

    def handler(signum, frame):
        total[0] += 1
        seen = set()
        top = True
        while frame is not None:
            code = frame.f_code
            key = f"{Path(code.co_filename).name}:{code.co_name}"
            if top:
                own[key] += 1
                top = False
            if key not in seen:
                inclusive[key] += 1
                seen.add(key)
            frame = frame.f_back
    old = signal.signal(signal.SIGPROF, handler)
    signal.setitimer(signal.ITIMER_PROF, interval, interval)
    try:
        fn()
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        signal.signal(signal.SIGPROF, old)
    return inclusive, own, total[0]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ruleset")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--bot", default="random")
    ap.add_argument("--top", type=int, default=30)
    args = ap.parse_args(argv)
    rules = load_ruleset(str(bundled_rulesets()[args.ruleset])).rules
    run(rules, 1, seed=99, bots=[args.bot])                       # warm up
    inclusive, own, n = sample(lambda: run(rules, args.games, seed=0, bots=[args.bot]))
    print(f"{n} samples")
    print("-- on the stack (inclusive)")
    for key, count in inclusive.most_common(args.top):
        print(f"{count / n:6.1%}  {key}")
    print("-- on top (own time)")
    for key, count in own.most_common(args.top):
        print(f"{count / n:6.1%}  {key}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
