"""The search bot plays clearly better than chance against random bots; the greedy bot and the
skill-gap figures work on any ruleset."""
from __future__ import annotations

import math
from pathlib import Path

import pytest

from interpreter.ruleset.loader import load_ruleset
from interpreter.sim.runner import run

ROOT = Path(__file__).resolve().parent.parent
SW = str(ROOT / "rulesets" / "scotch-whist.yaml")


def binomial_tail(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p): the one-sided p-value of k successes or more."""
    return sum(math.comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(k, n + 1))


def _skill(path, players, games, playouts, seed=0):
    rules = load_ruleset(path).rules
    bots = ["search"] + ["random"] * (players - 1)
    summary = run(rules, games, seed=seed, players=players, bots=bots, workers=2, path=path, options={},
                  bot_options={"playouts": playouts, "worlds": 6}, rotate=True)
    assert summary["games"] == games and not summary["stopped_games"]
    return summary["by_bot"]["search"], summary


def test_search_bot_beats_random_bots_at_scotch_whist():
    """Two players, seats rotating: under 'no skill' the search bot wins half the games; it must win
    so many that the one-sided exact binomial test rejects that at the 1% level."""
    games = 36
    search, summary = _skill(SW, 2, games, playouts=30)
    wins = math.floor(search["wins"])          # shared wins count for less: round down, conservatively
    assert binomial_tail(wins, games, 0.5) < 0.01, search
    assert search["skill_gap"] > 0.15 and search["win_low"] > search["fair_share"]
    assert summary["by_bot"]["random"]["skill_gap"] < 0


def test_binomial_tail():
    assert binomial_tail(0, 10, 0.3) == pytest.approx(1.0)
    assert binomial_tail(10, 10, 0.5) == pytest.approx(1 / 1024)
    assert binomial_tail(6, 10, 0.5) == pytest.approx(386 / 1024)


def test_greedy_bot_uses_the_ruleset_evaluation(tmp_path):
    """A ruleset whose evaluation rewards holding few cards of the trump suit: the greedy bot then
    always plays a trump when it may, which a test can see in every trick it leads."""
    text = Path(SW).read_text(encoding="utf-8")
    text = text.replace("metrics:\n", "bots:\n  evaluate: 0 - count(filter(hand[p], c => c.suit == trumps))\n\nmetrics:\n", 1)
    path = tmp_path / "sw-eval.yaml"
    path.write_text(text, encoding="utf-8")
    loaded = load_ruleset(str(path))
    assert loaded.ok, [d.message for d in loaded.diagnostics]
    rules = loaded.rules
    assert rules.bot_eval is not None
    from interpreter.engine import game as G
    from interpreter.bots.base import make_bot
    trumps_var = rules.vars["trumps"].index
    checked = 0
    for seed in range(6):
        s = G.new_game(rules, 4, seed)
        bot = make_bot("greedy", seed)
        bot.seat = None
        while not s.over and s.hand_no == 1:
            p = s.pending.player
            acts = s.pending.actions
            if p == 0:
                choice = acts[bot.decide(s, p, acts)]
                trumps = s.v[trumps_var]
                has_trump_move = any(rules.universe.suit_of[a[1]] == trumps for a in acts)
                if has_trump_move:
                    assert rules.universe.suit_of[choice[1]] == trumps
                    checked += 1
                G.apply(s, choice)
            else:
                G.apply_index(s, 0)
    assert checked > 10


@pytest.mark.parametrize("path, players, games", [
    ("rulesets/scalade/scalade.yaml", 3, 10),
    ("rulesets/escalative/escalative.yaml", 4, 16),
])
def test_search_bot_beats_random_bots(path, players, games):
    """Seats rotating; under 'no skill' the search bot wins its fair share: the exact binomial test
    must reject that at the 1% level."""
    search, _ = _skill(str(ROOT / path), players, games, playouts=20)
    wins = math.floor(search["wins"])
    assert binomial_tail(wins, games, 1 / players) < 0.01, search


@pytest.mark.soak
def test_search_bot_beats_random_bots_at_scalade():
    path = str(ROOT / "rulesets" / "scalade" / "scalade.yaml")
    games = 30
    search, _ = _skill(path, 3, games, playouts=30)
    wins = math.floor(search["wins"])
    assert binomial_tail(wins, games, 1 / 3) < 0.01, search
