"""The end of a trick written out per trick block (engine/trickgen.py).

Each variant of a small trick game below sets one part of `tricks:` that the
generated function writes differently (a winner rule, a trick count, an order
by cases, trumps, hooks, other follow rules).  Every variant must play the
same games with the generated trick end, with the block's own method
(Tricks.next_trick) and logged (the general phase loop), and the generated
function must be the one in use.
"""
import random

import pytest

from interpreter.engine import game as G
from interpreter.engine.tricks import Tricks
from interpreter.ruleset.loader import load_ruleset
from tests.helpers import ROOT

BASE = ROOT / "tests" / "broken" / "parents" / "tiny-base.yaml"

HAND = """
hand:
  - gather: {{from: [hand, trick, won], to: stock}}
  - shuffle: stock
  - deal: {{from: stock, to: hand, count: 5}}
  - tricks:
      hand: hand
      trick: trick
      collect: "won[winner]"
{tricks}
  - call: score_hand
"""

VARIANTS = {
    "winner rule": "      winner: last(trick_players)\n",
    "trick count": "      order: plain\n      count: 3\n",
    "trumps and an order by cases": (
        "      order: strength\n      trumps: first(stock).suit\n"),
    "any card": "      order: plain\n      follow: any\n",
    "follow rule as a condition": (
        "      order: plain\n"
        "      follow: \"led_suit == none or card.suit == led_suit or not any(hand[current], c => c.suit == led_suit)\"\n"),
    "every hook": (
        "      order: plain\n"
        "      before_trick:\n        - add: {starts: 1}\n"
        "      after_plays:\n        - add: {\"plays[winner if winner != none else 0]\": 1}\n"
        "      after_trick:\n        - add: {\"score[winner]\": 1}\n"),
    "a hook ends the game": (
        "      order: plain\n"
        "      after_plays:\n        - end_game: {when: \"trick_number == 4 and count(trick) == 3\", winners: \"[0]\"}\n"),
    "counter-clockwise": "      order: plain\n      direction: -1\n",
}

EXTRA = """
orders:
  jack_high: ["9", "10", Q, K, A, J]
  strength:
    cases:
      - when: "card.rank == 'J'"
        order: jack_high
    otherwise: plain
state:
  starts: {initial: 0}
  plays: {per: player, initial: 0}
"""


def _rules(tmp_path, tricks, plain=False):
    path = tmp_path / "variant.yaml"
    path.write_text(f"extends: {BASE}\n" + EXTRA + HAND.format(tricks=tricks))
    with pytest.MonkeyPatch.context() as m:
        if plain:                                # the block's own method between tricks
            m.setattr(Tricks, "folded", lambda self, generate: self.hooks())
        loaded = load_ruleset(str(path))
    assert loaded.ok, "\n".join(d.format() for d in loaded.diagnostics)
    return loaded.rules


def _block(rules):
    return next(c for c in rules.program.hand.children if isinstance(c, Tricks))


def _play(rules, seed, log=False):
    s = G.new_game(rules, 3, seed, log=log)
    rng = random.Random(seed)
    while not s.over:
        G.apply_index(s, rng.randrange(len(s.pending.actions)))
    return s


@pytest.mark.parametrize("name", list(VARIANTS))
def test_generated_trick_end_plays_the_same_games(tmp_path, name):
    rules = _rules(tmp_path, VARIANTS[name])
    plain = _rules(tmp_path, VARIANTS[name], plain=True)
    assert hasattr(_block(rules).next_trick, "source"), "the generated trick end is not in use"
    assert not hasattr(_block(plain).next_trick, "source")
    tricks = 0
    for seed in range(12):
        fast = _play(rules, seed)
        for other in (_play(plain, seed), _play(rules, seed, log=True)):
            assert fast.history == other.history
            assert G.result(fast) == G.result(other)
            assert fast.z == other.z and fast.v == other.v
        tricks += fast.tricks
    assert tricks >= 12 * 3                       # at least three tricks a game


def test_generated_trick_end_really_applies_each_setting(tmp_path):
    """Spot checks that the variants above change play as their settings say."""
    last_player = _play(_rules(tmp_path, VARIANTS["winner rule"]), 1, log=True)
    tricks = [e for e in last_player.events if e["event"] == "trick"]
    assert tricks and all(e["winner"] == e["players"][-1] for e in tricks)
    three = _play(_rules(tmp_path, VARIANTS["trick count"]), 1)
    assert three.tricks == 3 * three.hand_no
    hooks = _rules(tmp_path, VARIANTS["every hook"])
    s = _play(hooks, 2)
    starts = hooks.vars["starts"].index
    assert s.v[starts] == s.tricks                 # before_trick ran once a trick
    ended = _play(_rules(tmp_path, VARIANTS["a hook ends the game"]), 3)
    assert ended.tricks == 3 and ended.over and G.result(ended)["winners"] == [0]


def test_an_inlined_expression_that_fails_gives_the_closures_message(tmp_path):
    """The collect zone's expression is written into the trick end; when it fails, its closure runs
    and the game stops with the expression's own message and place."""
    bad = "      order: plain\n      count: 3\n".replace("count: 3", "count: \"[1, 2][trick_number]\"")
    messages = []
    for plain in (False, True):
        rules = _rules(tmp_path, bad, plain=plain)
        s = G.new_game(rules, 3, 5)
        with pytest.raises(G.GameError) as info:
            while not s.over:
                G.apply_index(s, 0)
        messages.append(str(info.value))
    assert messages[0] == messages[1]
    assert "variant.yaml" in messages[0] and "[1, 2][trick_number]" in messages[0]
