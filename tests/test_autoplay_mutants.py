"""The engine's own play of random seats (engine/autoplay.py) against one decision at a time, on
rulesets nobody wrote: mutated copies of the bundled ones (tests/fuzzing.py).  Wherever a mutant
loads, both ways must give the same record, or fail with the same message."""
from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest

from interpreter.bots.base import RandomBot
from interpreter.engine.game import GameError
from interpreter.ruleset.loader import load_ruleset
from interpreter.sim.play import play_game
from tests import fuzzing as F


def _outcome(rules, players, seed):
    try:
        return play_game(rules, players, seed, ["random"])
    except GameError as err:
        return ("error", str(err))


def _compare(cases, seed, monkeypatch):
    ws = F.Workspace(Path(tempfile.mkdtemp(prefix="rules-autoplay-")))
    rng = random.Random(seed)
    names = sorted(p.relative_to(F.RULESETS).as_posix() for p in F.RULESETS.rglob("*.yaml"))
    compared = 0
    for _ in range(cases):
        name = rng.choice(names)
        path = ws.write(name, F.mutant_text(name, rng))
        loaded = load_ruleset(str(path))
        if not loaded.ok:
            continue
        rules = loaded.rules
        if (rules.data.get("bots") or {}).get("prefer"):
            continue                      # rummy: random play may never end
        players = rules.default_players
        game_seeds = [rng.randrange(10_000) for _ in range(2)]
        fast = [_outcome(rules, players, g) for g in game_seeds]
        with monkeypatch.context() as m:
            m.setattr(RandomBot, "picker", lambda self: None)
            slow = [_outcome(rules, players, g) for g in game_seeds]
        assert fast == slow, (name, seed)
        compared += 1
    return compared


def test_mutants_play_the_same_either_way(monkeypatch):
    assert _compare(160, 7, monkeypatch) >= 15


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(10))
def test_soak_mutants_play_the_same_either_way(monkeypatch, seed):
    _compare(400, 100 + seed, monkeypatch)
