"""The bookkeeping outside the engine, done more cheaply, gives the same figures: the decisiveness
marks worked out with the game's figures (play_game's with_leads, Summary.add(record, leads)), the
slim records sent from workers, Progress.at_stop and the bots' seeded generators."""
from __future__ import annotations

import random

import pytest
from test_sim_fastpath import ProgressReference, _outcome, _records, _Rules, _State, random_positions

from interpreter.bots.base import make_bot
from interpreter.engine.state import seeded_random
from interpreter.resources import bundled_rulesets
from interpreter.ruleset.loader import load_ruleset
from interpreter.sim import metrics as M
from interpreter.sim.play import game_seed, play_game
from interpreter.sim.runner import run
from interpreter.sim.stats import SUMMARY_KEYS, Summary


@pytest.mark.parametrize("seed", range(3))
def test_leads_from_the_figures_are_those_the_summary_works_out(seed):
    """On generated records (plain or not, teams or not, one hand or many): the third item of
    record_figures(with_leads=True) is lead_codes() of sequence_leads(), and a summary given them
    ends with exactly the totals of one working them out itself."""
    summaries = {}
    compared = 0
    for record, sides in _records(200 + seed, 800):
        bare = {k: v for k, v in record.items() if k != "progress"}
        if _outcome(M.record_figures, bare, record["progress"], sides, True).endswith("Error"):
            continue           # figures that cannot be computed (a huge number beside an infinity)
        first, second, leads = M.record_figures(bare, record["progress"], sides, True)
        assert repr((first, second)) == repr(M.record_figures(bare, record["progress"], sides))   # NaN too
        marks, n = M.sequence_leads(record, sides)
        assert leads == (M.lead_codes(marks), n)
        compared += 1
        key = (len(record["scores"]), tuple(map(tuple, sides)))
        if key not in summaries:
            teams = sides if any(len(s) > 1 for s in sides) else None
            summaries[key] = (Summary(key[0], teams=teams), Summary(key[0], teams=teams))
        given, own = summaries[key]
        given.add(dict(record), leads)
        own.add(dict(record))
    assert compared > 600
    for given, own in summaries.values():
        assert repr(given.as_dict(1.0)) == repr(own.as_dict(1.0))


def test_lead_codes_count_bins_and_who_won():
    marks = [None, (0.0, True), (0.05 - 1e-13, False), (0.05, True), (0.5, False), (1.0, True),
             (float("nan"), True)]
    assert M.lead_codes(marks) == [-1, 1, 2, 3, 20, 41, 1]


def test_play_game_with_leads_gives_the_same_record_and_the_summarys_leads():
    for name in ("spades", "scotch-whist", "escalation"):        # teams (the general path), one hand
        rules = load_ruleset(str(bundled_rulesets()[name])).rules
        sides = M.sides_of(rules, rules.default_players)
        for i in range(6):
            seed = game_seed(5, i)
            record = play_game(rules, rules.default_players, seed, ["random"], index=i)
            again, leads = play_game(rules, rules.default_players, seed, ["random"], index=i, with_leads=True)
            assert list(again.items()) == list(record.items())
            marks, n = M.sequence_leads(record, sides)
            assert leads == (M.lead_codes(marks), n)


def _without_times(summary):
    return {k: v for k, v in summary.items() if k not in ("seconds", "games_per_second")}


@pytest.mark.parametrize("name", ["scotch-whist", "spades"])
def test_slim_records_from_workers_give_the_same_summary(name):
    """Without a records file the workers send only what the summary reads."""
    path = str(bundled_rulesets()[name])
    rules = load_ruleset(path).rules
    one = run(rules, 40, seed=3)
    two = run(rules, 40, seed=3, workers=2, path=path)
    kept = []
    two_with_records = run(rules, 40, seed=3, workers=2, path=path, on_record=kept.append)
    assert _without_times(one) == _without_times(two) == _without_times(two_with_records)
    assert len(kept) == 40 and "progress" in kept[0] and "hand_scores" in kept[0]
    assert set(SUMMARY_KEYS) >= {"winners", "scores", "bots", "metrics", "hands", "turns", "drama"}


@pytest.mark.parametrize("seed", range(2))
def test_at_stop_samples_as_sample_does(seed):
    rng = random.Random(seed)
    for _ in range(300):
        n, values, positions = random_positions(
            rng, [0, 1, 2, 2.0, 1.0, True, False, 10 ** 400, None, "x", ValueError("unreadable")])
        rules = _Rules(values)
        stopped, reference = M.Progress(rules), ProgressReference(rules)
        for hand, trick in positions:
            state = _State(hand, trick, 7, n)
            reference.sample(state)
            assert stopped.at_stop(state) == ((None if trick else 7), trick)
        assert repr(stopped.finish([1] * n)) == repr(reference.finish([1] * n))


@pytest.mark.parametrize("seed", [0, 1, -7, 2 ** 64 + 5, 123456789 * 31 + 3])
def test_seeded_random_is_random_random(seed):
    mine, theirs = seeded_random(seed), random.Random(seed)
    assert mine.getstate() == theirs.getstate()
    assert [mine.random() for _ in range(5)] == [theirs.random() for _ in range(5)]
    assert mine.gauss(0, 1) == theirs.gauss(0, 1)
    assert seeded_random("text").getstate() == random.Random("text").getstate()
    assert make_bot("random", seed).rng.getstate() == random.Random(seed).getstate()
