"""A game played with `rules play` and saved as a scenario passes `rules test`, on every test ruleset.

Every seat is played as a human would (a random entry of the menu, chosen by its key or by its words in
turn), for up to 120 decisions; the session's scenario (record.save_scenario: the moves in words, the
expected hand, scores and winners or the player to move) is run back through the scenario runner and
must pass.  A move written so that it names another move, an expectation the replay does not meet, or
a scenario the runner cannot read fails the test.
"""
from __future__ import annotations

import random

import pytest

from interpreter.authoring.runner import run_file
from interpreter.engine import game as G
from interpreter.playtest.record import save_scenario
from interpreter.playtest.session import Session
from tests import sweep_hidden as H

RULESETS = H.every_ruleset()


def _played_back(path, seed, tmp_path):
    rules = H.load(path)
    if rules is None:
        pytest.skip("not a game that loads (kept broken on purpose, or scenarios)")
    n = rules.default_players
    se = Session(rules, n, seed=seed, humans=range(n), bots=(), source=str(path))
    rng, k = random.Random(seed), 0
    try:
        while not se.state.over and k < 120:
            seat = se.state.pending.player
            entry = rng.choice(se.legal(seat))
            se.choose(seat, entry["text"] if k % 2 else entry["key"])
            k += 1
    except G.GameError:
        return None                                # a game random play cannot go on with
    out = save_scenario(se, tmp_path / f"{path.stem}-{seed}.scenario.yaml")
    outcomes, problems = run_file(str(out))
    assert not problems and len(outcomes) == 1, problems
    assert outcomes[0].passed, [d.format() for d in outcomes[0].diagnostics][:3]
    return k


@pytest.mark.parametrize("path", RULESETS, ids=[str(p.relative_to(H.TESTS)) for p in RULESETS])
def test_a_game_played_and_saved_passes_as_a_scenario(path, tmp_path):
    _played_back(path, 0, tmp_path)


@pytest.mark.soak
@pytest.mark.parametrize("path", RULESETS, ids=[str(p.relative_to(H.TESTS)) for p in RULESETS])
def test_a_game_played_and_saved_passes_as_a_scenario_soak(path, tmp_path):
    for seed in range(1, 6):
        _played_back(path, seed, tmp_path)


def test_a_scenario_whose_expectation_the_replay_does_not_meet_fails(tmp_path):
    """The check can fail: the saved scenario with one score changed does not pass."""
    import yaml
    path = next(p for p in RULESETS if p.stem == "german-whist")
    rules = H.load(path)
    se = Session(rules, 2, seed=0, humans=range(2), bots=(), source=str(path))
    rng = random.Random(0)
    while not se.state.over:
        se.choose(se.state.pending.player, rng.choice(se.legal(se.state.pending.player))["key"])
    out = save_scenario(se, tmp_path / "g.scenario.yaml")
    outcomes, _ = run_file(str(out))
    assert outcomes[0].passed
    doc = yaml.safe_load(out.read_text(encoding="utf-8"))
    doc["scenarios"][0]["expect"]["scores"][0] += 1
    out.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    outcomes, _ = run_file(str(out))
    assert not outcomes[0].passed
