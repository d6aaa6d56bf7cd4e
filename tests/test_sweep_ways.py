"""Every fast path plays the games of the plain path, on every game the reviews wrote (about 170 rulesets
of tests/rulesets_*/, beside tests/rulesets_review/ which tests/test_review_unseen.py sweeps harder).

Each game is played from the same seed the seven ways of tests/test_review_unseen.py (the engine's own
autoplay with and without stops and a log, one decision at a time, through `simulate --check`, and on
the ruleset loaded with closures only): histories, results, zones, variables and errors must agree, and
the rules check must find no violation.  One seed at the usual player count in every run; three seeds at
every player count in the soak run, the slowest games included.
"""
from __future__ import annotations

import pytest

from tests import sweep_hidden as H
from tests.test_review_unseen import _compare, _counts, _load

RULESETS = [p for p in H.every_ruleset() if p.parent.name != "rulesets_review"]
# seconds a game or more on the plain path (many combinations, or random bids that never make game):
# swept in the soak run only
SLOW = {"tractor", "kaiser", "gin", "tichu", "rubber-bridge", "rubber-bridge-tricks", "phase-10", "thousand"}


def _ids(paths):
    return [str(p.relative_to(H.TESTS)) for p in paths]


def _sweep(path, counts, seeds):
    if H.load(path) is None:
        pytest.skip("not a game that loads (kept broken on purpose, or scenarios)")
    fast, plain = _load(path), _load(path, plain=True)
    outcomes = [_compare(fast, plain, n, seed, path.stem) for n in counts(fast) for seed in seeds]
    assert outcomes


@pytest.mark.parametrize("path", [p for p in RULESETS if p.stem not in SLOW],
                         ids=_ids([p for p in RULESETS if p.stem not in SLOW]))
def test_every_review_game_plays_the_same_every_way(path):
    _sweep(path, lambda rules: [rules.default_players], range(1))


@pytest.mark.soak
@pytest.mark.parametrize("path", RULESETS, ids=_ids(RULESETS))
def test_every_review_game_plays_the_same_every_way_soak(path):
    _sweep(path, _counts, range(3))
