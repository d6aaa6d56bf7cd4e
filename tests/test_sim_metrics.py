"""The balance figures on hand-made score sequences, and the statistical helpers."""
from __future__ import annotations

import pytest

from interpreter.sim.metrics import decided_hand, game_figures, higher_is_better, lead_changes
from interpreter.sim.play import seat_bots
from interpreter.sim.stats import Summary, two_proportion_p, welch_p, wilson


def test_lead_changes_count_new_sole_leaders_and_skip_ties():
    hands = [[5, 0, 0], [5, 5, 0], [5, 9, 0], [12, 9, 0], [12, 9, 14]]
    assert lead_changes(hands, True) == 3          # 0 -> (tie) -> 1 -> 0 -> 2
    assert lead_changes([[1, 0], [2, 0], [3, 1]], True) == 0


def test_decided_hand_is_the_first_hand_from_which_the_winner_was_never_behind():
    hands = [[5, 0, 0], [5, 9, 0], [12, 9, 0], [12, 9, 14], [20, 9, 14]]
    assert decided_hand(hands, [0], True) == 5      # behind after hand 4
    assert decided_hand(hands[:3], [0], True) == 3  # behind after hand 2
    assert decided_hand([[3, 1], [4, 4], [9, 4]], [0], True) == 1   # a tie is not behind


def test_low_scores_win_is_detected():
    assert higher_is_better([10, 3, 7], [0])
    assert not higher_is_better([10, 3, 7], [1])
    rec = {"scores": [10, 3, 7], "winners": [1], "hand_scores": [[1, 5, 2], [10, 3, 7]]}
    figures = game_figures(rec)
    assert figures["lead_changes"] == 1 and figures["decided_hand"] == 2 and figures["decided_fraction"] == 1.0


def test_seat_rotation_gives_each_seat_each_bot():
    assert seat_bots(["search", "random"], 3) == ["search", "random", "search"]
    rotated = [seat_bots(["search", "random", "random"], 3, i, rotate=True) for i in range(3)]
    assert [r.index("search") for r in rotated] == [0, 1, 2]


def test_statistics():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.404, abs=0.001) and hi == pytest.approx(0.596, abs=0.001)
    assert two_proportion_p(50, 100, 50, 100) == pytest.approx(1.0)
    assert two_proportion_p(70, 100, 50, 100) < 0.01
    assert welch_p(10, 2, 100, 10.1, 2, 100) > 0.5
    assert welch_p(10, 2, 100, 11, 2, 100) < 0.01


def test_summary_pools_bots_and_ruleset_metrics():
    s = Summary(2, first_seat=1)
    for winners, bots in (([0], ["a", "b"]), ([0], ["b", "a"]), ([0, 1], ["a", "b"])):
        s.add({"winners": winners, "scores": [3, 1], "hands": 2, "tricks": 4, "turns": 8, "bots": bots,
               "metrics": {"suit": ["hearts", "clubs"], "bonus": 2.5}, "lead_changes": 1, "decided_hand": 1,
               "decided_fraction": 0.5})
    out = s.as_dict(1.0)
    assert out["by_bot"]["a"]["wins"] == pytest.approx(1.5)     # 1 + 0 + half of a shared win
    assert out["by_bot"]["b"]["wins"] == pytest.approx(1.5)
    assert out["first_seat"]["win_rate"] == pytest.approx(0.5 / 3)
    assert out["metrics"]["suit"]["counts"] == {"hearts": 3, "clubs": 3}
    assert out["metrics"]["bonus"]["mean"] == pytest.approx(2.5)
