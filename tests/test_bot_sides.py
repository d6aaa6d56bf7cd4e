"""`bots: sides`: sides that change from hand to hand (one player against the others, chosen by the
bidding) for the greedy and search bots, and validate's warning when the sides read hidden cards."""
from __future__ import annotations

import random
from pathlib import Path

from interpreter.bots.base import make_bot
from interpreter.bots.greedy import outcome, sides
from interpreter.engine import game as G
from interpreter.ruleset.loader import load_ruleset

ROOT = Path(__file__).resolve().parent.parent
BASE = ROOT / "tests" / "rulesets_review29" / "dou-di-zhu.yaml"


def _variant(tmp_path, bots):
    path = tmp_path / "sides.yaml"
    path.write_text(f"extends: {BASE}\nname: Sides\nbots:\n{bots}", encoding="utf-8")
    return load_ruleset(str(path), dry_run=True)


def _after_the_bidding(rules, seed=3):
    s = G.new_game(rules, 3, seed)
    rng = random.Random(seed)
    landlord = rules.vars["landlord"].index
    while s.v[landlord] is None:
        G.apply_index(s, rng.randrange(len(s.pending.actions)))
    return s, s.v[landlord]


def test_the_sides_are_worked_out_where_the_bot_decides_and_none_means_not_yet(tmp_path):
    loaded = _variant(tmp_path, '  sides: "none if landlord == none else p == landlord"\n'
                                '  evaluate: "score[p]"\n')
    assert not [d for d in loaded.diagnostics if d.severity == "error"]
    rules = loaded.rules
    start = G.new_game(rules, 3, 3)
    assert sides(start) == [0, 1, 2]                 # no landlord yet: each seat alone
    s, landlord = _after_the_bidding(rules)
    assert sides(s) == [q == landlord for q in range(3)]


def test_a_peasant_ahead_of_the_landlord_is_ahead_whatever_its_partner_has(tmp_path):
    """With sides, the other peasant is no rival: a peasant 5 ahead of the landlord is ahead, even with
    its partner 10 ahead; without sides every other seat was a rival and the peasant looked behind."""
    with_sides = _variant(tmp_path, '  sides: "none if landlord == none else p == landlord"\n'
                                    '  evaluate: "score[p]"\n').rules
    s, landlord = _after_the_bidding(with_sides)
    peasant, partner = [q for q in range(3) if q != landlord]
    score = with_sides.vars["score"].index
    s.v[score] = [0, 0, 0]
    s.v[score][peasant], s.v[score][partner] = 5, 10
    assert outcome(s, peasant, sides(s)) > 0.5
    assert outcome(s, peasant) < 0.5                 # the fixed 'teams' (none): the partner is a rival
    assert outcome(s, landlord, sides(s)) < 0.5


def test_bots_play_with_sides(tmp_path):
    rules = _variant(tmp_path, '  sides: "none if landlord == none else p == landlord"\n'
                               '  evaluate: "count(hand[p]) * -1"\n').rules
    for name in ("greedy", "search"):
        bot = make_bot(name, seed=1)
        if name == "search":
            bot.playouts, bot.worlds = 12, 3
        else:
            bot.samples = 1
        s, _ = _after_the_bidding(rules, seed=5)
        for _ in range(3):
            if s.over:
                break
            index = bot.decide(G.clone(s), s.pending.player, s.pending.actions)
            assert 0 <= index < len(s.pending.actions)
            G.apply_index(s, index)


def test_sides_that_read_hidden_cards_are_warned(tmp_path):
    loaded = _variant(tmp_path, '  sides: "0 if p == landlord else (1 if plain(first(hand[p])) > 5 else 2)"\n')
    warned = [d for d in loaded.diagnostics if d.rule == "bots" and "sides" in d.message]
    assert len(warned) == 1 and "cannot see" in warned[0].message
    fine = _variant(tmp_path, '  sides: "none if landlord == none else p == landlord"\n')
    assert not [d for d in fine.diagnostics if d.rule == "bots" and "sides" in d.message]
