"""Definitions written in place (expr/inline.py) and conditions tested on a whole hand at once
(expr/hoist.py): the same values, the same games and the same messages as card by card with calls.

Expressions: `item_selector(fn, "card")` against the plain loop over closures only (GENERATE off),
on many random states, for conditions with parts that do not read the card, parts that raise,
the card read inside a lambda, and a closure that needs the locals.  Rulesets: games with
definitions (one whose parameter has the name of a state variable) played with everything on,
with writing in place and hoisting off, and with closures only.
"""
from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from interpreter.engine import fold
from interpreter.engine import game as G
from interpreter.engine.tricks import Tricks
from interpreter.expr import compiler, hoist, inline
from interpreter.expr import types as T
from interpreter.expr.compiler import compile_expression
from interpreter.expr.hoist import item_selector, plain_selector
from interpreter.ruleset.loader import load_ruleset
from tests.test_codegen import LOCALS, U, FakeState, card, make_ns

ROOT = Path(__file__).resolve().parent.parent
BASE = ROOT / "tests" / "broken" / "parents" / "tiny-base.yaml"
WHERE = "game.yaml:7:15"

# ---------------------------------------------------------------------------
# Expressions
# ---------------------------------------------------------------------------

ITEM_LOCALS = dict(LOCALS, card=T.CARD, led=T.SUIT)

CONDITIONS = [
    # follow suit, written as a condition: the any(...) does not read the card
    ("card.suit == led or not any(hand[p], d => d.suit == led)", True),
    # a part that fails (x is 0 in some states) and that a short-circuit often skips
    ("card.suit == trumps or sum(nums) // x > 2", True),
    # an index that fails for some x, only reached for cards of the led suit
    ("card.suit == led and nums[x] > 3", False),
    # the card read inside a lambda: nothing that reads it may be taken out
    ("any(hand[p], d => plain(d) > plain(card)) or count(filter(hand[p], d => d.suit == led)) == 0", True),
    # the lambda's own variable and the card: count(...) reads d, so stays inside
    ("all(hand[p], d => d == card or count(filter(cs, f => f.suit == d.suit)) < 3)", False),
    # a closure without source (pack_size) is passed the locals: the card must be in them, and the
    # call stays in the loop; count(...) * 9 is len(...) * 9: cheaper than a memo, left in place
    ("pack_size > count(hand[p]) * 9 and (card.suit != led or score[p] > 4)", False),
    # taken out whole: it does not read the card at all
    ("count(hand[p]) > 2", True),
    ("plain(card) >= max(map(hand[p], d => plain(d)))", True),
    ("card in filter(trick, d => d.suit == trumps) or none == led", True),
    # nothing computes anything apart from the card (first() is an index): nothing taken out
    ("(card.suit == led) if led != none else first(hand[p]) == card", False),
]


def random_state(rng):
    state = FakeState()
    cards = list(range(U.size))
    rng.shuffle(cards)
    state.z[0] = [cards[i * 6:(i + 1) * 6][:rng.randrange(0, 7)] for i in range(4)]
    state.z[1] = cards[24:24 + rng.randrange(0, 4)]
    state.v[0] = [rng.randrange(0, 10) for _ in range(4)]
    state.v[1] = rng.choice(["clubs", "diamonds", "hearts", "spades"])
    state.v[5] = [rng.randrange(0, 6) for _ in range(5)]
    env = {"p": rng.randrange(4), "x": rng.choice([0, 1, 3, 5, 7]), "led": rng.choice([None, "hearts", "spades"]),
           "xs": [4, 1, 3], "cs": [card("AH"), card("6C"), card("QH")], "c": card("QH"), "d": card("KD")}
    items = list(state.z[0][env["p"]]) if rng.random() < 0.8 else [rng.randrange(U.size) for _ in range(5)]
    return state, env, items


def outcome(select, state, env, items):
    env = copy.deepcopy(env)
    try:
        value = ("value", select(state, env, items))
    except Exception as err:   # noqa: BLE001 - compared between the two ways
        return ("error", type(err).__name__, str(err))
    return value + (env.get("card", "unbound"),)


def compiled(monkeypatch, text, generate):
    with monkeypatch.context() as m:
        m.setattr(compiler, "GENERATE", generate)
        return compile_expression(text, make_ns(), dict(ITEM_LOCALS), where=WHERE).fn


@pytest.mark.parametrize("text,hoists", CONDITIONS, ids=[t for t, _ in CONDITIONS])
def test_selector_gives_the_plain_loops_cards_and_errors(monkeypatch, text, hoists):
    closures = plain_selector(compiled(monkeypatch, text, False), "card")
    fn = compiled(monkeypatch, text, True)
    select = item_selector(fn, "card")
    assert select is not closures and hasattr(select, "source"), "a condition with source gets one loop"
    assert (select.taken_out > 0) == hoists, select.source
    rng = random.Random(text)
    kinds = set()
    for _ in range(400):
        state, env, items = random_state(rng)
        want = outcome(closures, state, env, items)
        got = outcome(select, state, env, items)
        assert got == want, (text, items, env)
        kinds.add(want[0])
    if "//" in text or "nums[x]" in text:
        assert kinds == {"value", "error"}, "these conditions fail in some states and not in others"


class Counting(FakeState):
    """A state counting reads of `n` (count(players) reads it once)."""
    reads = 0

    @property
    def n(self):
        Counting.reads += 1
        return 4

    @n.setter
    def n(self, value):
        pass


def test_a_part_taken_out_is_worked_out_once_and_only_when_reached(monkeypatch):
    """`count(players)` reads s.n; card by card it is read once per card that is not of the led suit."""
    select = item_selector(compiled(monkeypatch, "card.suit == led or count(players) > x", True), "card")
    Counting.reads = 0
    state = Counting()
    hearts = [card(t) for t in ("6H", "QH", "AH")]
    env = {"led": "hearts", "x": 3}
    assert select(state, env, hearts) == hearts and Counting.reads == 0     # skipped by `or` each time
    assert select(state, env, hearts + [card("6C"), card("7C")]) == hearts + [card("6C"), card("7C")]
    assert Counting.reads == 1                                             # two cards needed it: once
    assert env["card"] == card("7C")                                       # bound to the last, as the loop


def test_items_may_be_any_iterable_and_a_failure_runs_them_again(monkeypatch):
    select = item_selector(compiled(monkeypatch, "card.suit == led or sum(nums) // x > 2", True), "card")
    state = FakeState()
    env = {"led": "hearts", "x": 0}
    hearts = [card("6H"), card("QH")]
    assert select(state, env, iter(hearts)) == hearts                   # never divides: no error
    with pytest.raises(Exception) as failed:
        select(state, env, (c for c in hearts + [card("6C")]))        # the plain loop, from the start
    assert failed.value.where == WHERE and "division by zero" in str(failed.value)
    assert env["card"] == card("6C")                                   # where the plain loop stopped
    env["x"] = 1
    assert select(state, env, range(card("6H"), card("6H") + 3)) == list(range(card("6H"), card("6H") + 3))


def test_without_source_or_switched_off_it_is_the_plain_loop(monkeypatch):
    fn = compiled(monkeypatch, "card.suit == led", False)
    assert not hasattr(item_selector(fn, "card"), "source")
    monkeypatch.setattr(hoist, "HOIST", False)
    assert not hasattr(item_selector(compiled(monkeypatch, "card.suit == led", True), "card"), "source")


# ---------------------------------------------------------------------------
# Rulesets: definitions written in place, and a follow rule tested on the whole hand
# ---------------------------------------------------------------------------

DEFINES = """
state:
  trumps: {type: suit, initial: hearts}
  zero: {type: number, initial: 0}
define:
  # the parameter `trumps` has the name of a state variable: inside, it is the parameter
  same(c, trumps): c.suit == trumps
  holds(p, led): any(hand[p], d => same(d, led))
  follows(c, p, led): led == none or same(c, led) or not holds(p, led)
  first_clean(c, p): not same(c, trumps) or all(hand[p], d => same(d, trumps))
  worth(c): plain(c) + (10 if same(c, trumps) else 0)
  bad(c, n): plain(c) // n
  hearts_only(c, p): c.suit == hearts
"""

FOLLOWS = [
    "follows(card, current, led_suit) and (trick_number > 1 or first_clean(card, current))",
    "follows(card, current, led_suit) or any(hand[current], d => worth(d) > worth(card) + 12)",
    "led_suit == none or same(card, led_suit) or not holds(current, led_suit) and worth(card) >= "
    "min(map(hand[current], d => worth(d)))",
]


def _load(tmp_path, follow, more_defines=""):
    path = tmp_path / "game.yaml"
    path.write_text(f"extends: {BASE}\nname: Defined\n{DEFINES}{more_defines}\nhand:\n"
                    "  - gather: {from: [hand, trick, won], to: stock}\n"
                    "  - shuffle: stock\n"
                    "  - deal: {from: stock, to: hand, count: 5}\n"
                    f"  - tricks: {{hand: hand, trick: trick, order: plain, collect: 'won[winner]', follow: '{follow}'}}\n"
                    "  - call: score_hand\n", encoding="utf-8")
    return load_ruleset(str(path)).rules


MODES = {"everything": (True, True, True), "no writing in place": (True, False, True),
         "no hoisting": (True, True, False), "closures": (False, False, False)}


def _games(tmp_path, monkeypatch, follow, more_defines="", seeds=range(6)):
    """Per mode: the games played (history and result) or the error, for a few seeds."""
    out = {}
    for mode, (generate, inlined, hoisted) in MODES.items():
        with monkeypatch.context() as m:
            m.setattr(compiler, "GENERATE", generate)
            m.setattr(fold, "GENERATE", generate)
            m.setattr(inline, "INLINE", inlined)
            m.setattr(hoist, "HOIST", hoisted)
            rules = _load(tmp_path, follow, more_defines)
        games = []
        for seed in seeds:
            try:
                rng = random.Random(seed)
                s = G.new_game(rules, 3, seed)
                while not G.is_over(s):
                    legal = G.legal_actions(s)
                    G.apply(s, legal[rng.randrange(len(legal))])
                games.append((list(s.history), G.result(s)["scores"]))
            except Exception as err:   # noqa: BLE001 - compared between modes
                games.append(("error", type(err).__name__, str(err)))
        out[mode] = (games, rules)
    return out


def _tricks_of(rules):
    """The trick blocks reachable from the compiled rules."""
    seen, found, todo = set(), [], [rules]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, (str, int, float, bytes, type(None))):
            continue
        seen.add(id(obj))
        if isinstance(obj, Tricks):
            found.append(obj)
        if isinstance(obj, dict):
            todo.extend(obj.values())
        elif isinstance(obj, (list, tuple)):
            todo.extend(obj)
        elif hasattr(obj, "__dict__") and type(obj).__module__.startswith("interpreter"):
            todo.extend(vars(obj).values())
    return found


@pytest.mark.parametrize("follow", FOLLOWS)
def test_games_with_definitions_are_the_same_every_way(tmp_path, monkeypatch, follow):
    runs = _games(tmp_path, monkeypatch, follow)
    games = {mode: g for mode, (g, _) in runs.items()}
    assert all(not isinstance(g[0], str) for g in games["closures"]), games["closures"]
    for mode in MODES:
        assert games[mode] == games["closures"], mode
    # with everything on, the follow rule has no call of a definition left, and it is one loop
    (block,) = _tricks_of(runs["everything"][1])
    source = block.legal.source
    assert not any(getattr(v, "inline_parts", None) for k, v in block.legal.consts.items() if k in source), source
    assert hasattr(block.legal_cards, "source")
    (plain_block,) = _tricks_of(runs["no writing in place"][1])
    assert any(getattr(v, "inline_parts", None) for v in plain_block.legal.consts.values())


def test_shadowing_parameter_is_the_argument_not_the_state_variable(tmp_path, monkeypatch):
    """same(card, led_suit) compares with the led suit, not with the state variable trumps."""
    rules = _load(tmp_path, "same(card, led_suit) or led_suit == none or not holds(current, led_suit)")
    (block,) = _tricks_of(rules)
    s = G.new_game(rules, 3, 1)
    env = s.stack[-2][2] if s.stack[-1][1] == -1 else s.stack[-1][2]
    hand = s.z[block.hand_zone][G.current_player(s)]
    for led in ("clubs", "spades", "diamonds"):
        env["led_suit"] = led
        want = [c for c in hand if rules.universe.suit_of[c] == led] or list(hand)
        assert block.legal_cards(s, env, hand) == want


def test_a_local_given_to_an_unused_parameter_keeps_the_call(tmp_path):
    """Written in place, hearts_only(card, current) would no longer read `current`: it stays a call
    (engine/vm.py's may_read must still see the read); hearts_only(card, 1) is written in place."""
    def calls(follow):
        (block,) = _tricks_of(_load(tmp_path, follow))
        return [k for k, v in block.legal.consts.items() if getattr(v, "inline_parts", None) and k in block.legal.source]
    assert len(calls("hearts_only(card, current) or follows(card, current, led_suit)")) == 1
    assert calls("hearts_only(card, 1) or follows(card, current, led_suit)") == []


ERRORS = [
    # a hoisted part that fails (10 // zero), reached at the first offer (the leader: led_suit is none)
    "card.suit == led_suit or 10 // zero > 0",
    # a definition written in place that fails inside
    "bad(card, zero) > 0",
    # inside a lambda of a definition written in place
    "follows(card, current, led_suit) and any(hand[current], d => bad(d, zero) > 0)",
]


@pytest.mark.parametrize("follow", ERRORS)
def test_a_failing_part_gives_the_same_message_every_way(tmp_path, monkeypatch, follow):
    runs = _games(tmp_path, monkeypatch, follow, seeds=[3])
    messages = {mode: g[0] for mode, (g, _) in runs.items()}
    error = messages["closures"]
    assert error[0] == "error" and "division by zero" in error[2], error
    assert "game.yaml:" in error[2] and follow.split(" ")[0] in error[2], error
    for mode in MODES:
        assert messages[mode] == error, mode



def test_deep_chain_of_definitions_still_compiles_and_plays_the_same(tmp_path, monkeypatch):
    """Written in place, 120 definitions each using the one before nest deeper than Python's parser
    allows: the source is then built with the calls kept, and nothing is reported as a gap."""
    from interpreter.expr import codegen
    monkeypatch.setattr(codegen, "FAILED", [])
    chain = "  f0(c): c.suit == hearts\n" + "".join(f"  f{i}(c): not f{i - 1}(c)\n" for i in range(1, 121))
    runs = _games(tmp_path, monkeypatch, "(f120(card) or same(card, led_suit)) and follows(card, current, led_suit) or not f120(card)",
                  more_defines=chain, seeds=range(3))
    assert codegen.FAILED == []
    games = {mode: g for mode, (g, _) in runs.items()}
    assert all(not isinstance(g[0], str) for g in games["closures"]), games["closures"]
    for mode in MODES:
        assert games[mode] == games["closures"], mode
    # same() and follows() are written in place; only a call deep in the chain is left
    (block,) = _tricks_of(runs["everything"][1])
    left = [v.__code__.co_filename for k, v in block.legal.consts.items()
            if getattr(v, "inline_parts", None) and k in block.legal.source]
    assert left and all(name.startswith("<definition f") for name in left), left
    assert hasattr(block.legal_cards, "source")
