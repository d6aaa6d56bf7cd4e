"""Named derived values (`define:`): uses everywhere, checks, cycles, and generated code equal to closures."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.engine import fold
from interpreter.engine import game as G
from interpreter.expr import compiler
from interpreter.ruleset.loader import load_ruleset
from tests.helpers import play_checked

ROOT = Path(__file__).resolve().parent.parent
BASE = ROOT / "tests" / "broken" / "parents" / "tiny-base.yaml"


def _load(tmp_path, body, generate=True, monkeypatch=None):
    path = tmp_path / "game.yaml"
    path.write_text(f"extends: {BASE}\nname: Defined\n{body}", encoding="utf-8")
    if monkeypatch is not None:
        monkeypatch.setattr(compiler, "GENERATE", generate)
        monkeypatch.setattr(fold, "GENERATE", generate)
    return load_ruleset(str(path))


# Definitions used in an order by cases, a follow rule, a winner and the scoring.
GAME = """
state:
  trumps: {type: suit, initial: hearts}
define:
  partner_suit(x): "spades if x == clubs else clubs if x == spades else hearts if x == diamonds else diamonds"
  is_left(c): c.rank == "J" and c.suit == partner_suit(trumps)
  effective_suit(c): trumps if is_left(c) else c.suit
  led: effective_suit(first(trick))
  bonus: 2
  worth(c, n): plain(c) * n + bonus
orders:
  ranked:
    cases:
      - {when: "effective_suit(card) == trumps", order: plain}
    otherwise: plain
hand:
  - gather: {from: [hand, trick, won], to: stock}
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 5}
  - tricks:
      hand: hand
      trick: trick
      follow: count(trick) == 0 or effective_suit(card) == led or not any(hand[current], c => effective_suit(c) == led)
      winner: "trick_players[position(trick, first(argmax(trick, c => ranked(c) + worth(c, 10 if effective_suit(c) == trumps else 1) if effective_suit(c) in [trumps, led] else -1)))]"
      collect: "won[winner]"
  - call: score_hand
procedures:
  score_hand:
    - for_each:
        in: players
        as: p
        do:
          - add: {"score[p]": "sum(won[p], c => worth(c, 1)) // 10 + bonus"}
"""


def _play(rules, seed):
    s, result = play_checked(rules, 3, seed, check_every_action=False)
    return result["scores"], result["winners"], s.tricks


def test_definitions_give_the_same_games_generated_or_not(tmp_path, monkeypatch):
    slow = _load(tmp_path, GAME, False, monkeypatch)
    assert slow.ok, [d.format() for d in slow.diagnostics]
    fast = _load(tmp_path, GAME, True, monkeypatch)
    assert fast.ok
    for seed in range(4):
        assert _play(slow.rules, seed) == _play(fast.rules, seed)


def test_a_definition_with_parameters_is_one_generated_function(tmp_path, monkeypatch):
    loaded = _load(tmp_path, GAME, True, monkeypatch)
    for name in ("effective_suit", "worth", "partner_suit", "is_left"):
        definition = loaded.rules and _definition(loaded, name)
        [body] = [b for b in definition.cache.values() if b is not None]
        function = body[0].function
        assert function.__name__ == "_generated", name      # not the closure fallback


def test_a_definition_is_written_in_place_in_an_order_by_cases(tmp_path, monkeypatch):
    loaded = _load(tmp_path, GAME, True, monkeypatch)
    key = _namespace(loaded).names["ranked"].value
    assert key.__name__ == "_generated"                      # the order's generated key, not the closure
    u = loaded.rules.universe
    s = G.new_game(loaded.rules, 3, 0)
    # hearts are trumps: J♦ (the other red Jack) counts as a trump
    assert key(s, u.parse_card("J♦")) == 2 and key(s, u.parse_card("A♠")) == 5


def test_values_of_definitions(tmp_path, monkeypatch):
    for generate in (False, True):
        loaded = _load(tmp_path, GAME, generate, monkeypatch)
        ns = _namespace(loaded)
        s = G.new_game(loaded.rules, 3, 0)
        u = loaded.rules.universe
        env = {"c": u.parse_card("J♦"), "d": u.parse_card("J♥"), "x": u.parse_card("10♣")}
        local = {"c": "card", "d": "card", "x": "card"}
        values = [compiler.compile_expression(text, ns, local).fn(s, env) for text in
                  ("effective_suit(c)", "effective_suit(d)", "effective_suit(x)", "worth(x, 3) + bonus",
                   "partner_suit(spades)", "map([c, d, x], y => effective_suit(y))")]
        assert values == ["hearts", "hearts", "clubs", 1 * 3 + 2 + 2, "clubs", ["hearts", "hearts", "clubs"]]


def test_a_definition_does_not_see_the_locals_of_its_use(tmp_path):
    loaded = _load(tmp_path, "define:\n  mine: count(hand[current])\n")
    [d] = [d for d in loaded.diagnostics if d.severity == "error"]
    assert "unknown name 'current'" in d.message and d.line == 4


def test_an_unused_definition_is_checked_and_warned_about(tmp_path):
    loaded = _load(tmp_path, "define:\n  spare(c): c.rank + 1\n")
    errors = [d for d in loaded.diagnostics if d.severity == "error"]
    assert len(errors) == 1 and errors[0].line == 4 and errors[0].rule == "type"
    loaded = _load(tmp_path, "define:\n  spare(c): c.rank\n")
    [warning] = [d for d in loaded.diagnostics if d.severity == "warning"]
    assert loaded.ok and "definition 'spare' is never used" in warning.message and warning.line == 4


def test_a_definition_name_must_be_new(tmp_path):
    loaded = _load(tmp_path, "define:\n  score: 1\n  count(x): 2\n")
    messages = [d.message for d in loaded.diagnostics if d.severity == "error"]
    assert any("'score' is already used by a state" in m for m in messages)
    assert any("'count' is already used by a built-in function" in m for m in messages)


def test_a_definition_with_parameters_must_be_called(tmp_path):
    loaded = _load(tmp_path, "define:\n  double(n): n * 2\nend: {after_hand: double > 3}\n")
    [d] = [d for d in loaded.diagnostics if d.severity == "error"]
    assert "'double' takes 1 value(s): write double(n)" in d.message


def test_a_self_reference_is_a_cycle(tmp_path):
    loaded = _load(tmp_path, "define:\n  loop(n): loop(n) + 1\nend: {after_hand: loop(1) > 3}\n")
    [d] = [d for d in loaded.diagnostics if d.severity == "error"]
    assert "(loop -> loop)" in d.message and d.line == 4


def _namespace(loaded):
    ns = getattr(loaded.rules, "namespace", None)
    assert ns is not None
    return ns


def _definition(loaded, name):
    return _namespace(loaded).names[name].value
