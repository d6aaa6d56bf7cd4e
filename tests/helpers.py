"""Shared test helpers: load bundled rulesets, play checked random games."""
from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path

from interpreter.engine import game as G
from interpreter.ruleset.loader import load_ruleset

ROOT = Path(__file__).resolve().parent.parent


@lru_cache(maxsize=None)
def rules_of(path: str, **options):
    loaded = load_ruleset(str(ROOT / path), dict(options))
    assert loaded.ok, "\n".join(d.format() for d in loaded.diagnostics)
    return loaded.rules


def play_checked(rules, players, seed, check_every_action=True):
    """Play one random game; after every action check that the cards are exactly the pack's."""
    rng = random.Random(seed)
    s = G.new_game(rules, players, seed)
    pack = sorted(rules.deck(players))
    assert G.all_cards(s) == pack
    actions = 0
    while not G.is_over(s):
        legal = G.legal_actions(s)
        assert legal, "a pending choice must offer at least one action"
        G.apply(s, legal[rng.randrange(len(legal))])
        actions += 1
        if check_every_action:
            assert G.all_cards(s) == pack, f"cards lost or duplicated after action {actions} (seed {seed})"
    assert G.all_cards(s) == pack
    return s, G.result(s)


def run_cli(*args, cwd=None, timeout=300):
    """Run `python -m interpreter ARGS` with this checkout importable, whatever the working folder."""
    import os
    import subprocess
    import sys
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return subprocess.run([sys.executable, "-m", "interpreter", *args], capture_output=True, text=True,
                          cwd=cwd or ROOT, timeout=timeout, env=env)
