"""`rules play`: every move the menu shows, typed back as it reads, is that move, on every test ruleset.

A player may type a move's words instead of its number.  For positions of seeded random games of every
ruleset the tests hold, each entry of the seat's menu (Session.legal's way: identical copies in one place
listed once, copies elsewhere told apart by where their card lies) is typed back through words.match
over the whole list of legal moves; it must give that move or its identical copy in the same place,
never another move and never a refusal.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.playtest import session as P
from interpreter.playtest import words as W
from tests import sweep_hidden as H
from tests.scripted import load_from

RULESETS = H.every_ruleset()


def _menu(s):
    """(moves in menu order, [(index, text)] as the menu lists them)."""
    u, acts = s.rules.universe, s.pending.actions
    order = sorted(range(len(acts)), key=lambda i: P._shown_order(s, u, acts[i], i))
    listed, seen = [], set()
    for i in order:
        twin = P._twin_key(s, u, acts[i])
        if twin is None or twin not in seen:
            listed.append(i)
            seen.add(twin)
    texts = W.told_apart(s, [acts[i] for i in listed])
    return order, list(zip(listed, texts))


def _misread(s, rng):
    """The menu entries (at most 12 of them, drawn at random) that typing back misreads."""
    u, acts = s.rules.universe, s.pending.actions
    order, menu = _menu(s)
    wrong = []
    for i, text in (menu if len(menu) <= 12 else rng.sample(menu, 12)):
        try:
            j = order[W.match(s, [acts[k] for k in order], text)]
        except W.Refused as err:
            wrong.append(f"{text!r} refused: {err}")
            continue
        if j != i and P._twin_key(s, u, acts[j]) != P._twin_key(s, u, acts[i]):
            wrong.append(f"{text!r} read as {W.describe(s, acts[j])!r}")
    return wrong


@pytest.mark.parametrize("path", RULESETS, ids=[str(p.relative_to(H.TESTS)) for p in RULESETS])
def test_every_move_of_the_menu_typed_as_it_reads_is_that_move(path):
    rules = H.load(path)
    if rules is None:
        pytest.skip("not a game that loads (kept broken on purpose, or scenarios)")
    wrong, checked = [], 0
    for seed in range(2):
        rng, s, steps = random.Random(seed), G.new_game(rules, rules.default_players, seed), 0
        try:
            while not s.over and steps < 300:
                if steps % 3 == 0:
                    wrong += _misread(s, rng)
                    checked += 1
                G.apply_index(s, rng.randrange(len(s.pending.actions)))
                steps += 1
        except G.GameError:
            pass                                  # a game random play cannot finish: its positions so far
    assert not wrong, sorted(set(wrong))[:5]


def test_two_copies_in_different_columns_are_typed_as_the_menu_tells_them_apart():
    """Spider deal 3: the 5♠ of c6 and its twin of c10 may both go onto c7; the menu says where each lies,
    and typing the text of either (in any case, with cards typed short) moves that very card."""
    from interpreter.playtest.session import Session
    rules = load_from(Path(__file__).resolve().parent / "rulesets_review35", "spider")
    for text, column in (("shift (5♠, c7) (5♠ from up[c10])", "c10"), ("SHIFT (5s, c7) (5s from up[c6])", "c6")):
        se = Session(rules, 1, seed=3, humans=(0,), bots=())
        up = se.state.rules.zones["up"].index
        five = se.state.z[up][column][-1]
        se.choose(0, text)
        assert se.state.z[up]["c7"][-1] == five, text


def test_two_copies_in_one_row_are_typed_with_their_position():
    """Copies in one zone are told apart by their position in it ('take A♥ (A♥ at row[1])'): that text
    takes the card at that position; a position holding another card is refused."""
    rules = load_from(Path(__file__).resolve().parent / "rulesets_copies", "take-from-a-row")
    s = G.new_game(rules, rules.default_players, 0)
    acts = s.pending.actions
    apart = W.told_apart(s, acts)
    at = [t for t in apart if " at row[" in t]
    assert len(at) >= 2, apart
    for text in at:
        assert apart[W.match(s, acts, text)] == text
    card = at[0].split(" (")[0]
    with pytest.raises(W.Refused):
        W.match(s, acts, f"{card} ({card.split()[-1]} at row[99])")


def test_melds_that_differ_only_in_their_groups_are_told_apart_by_the_brackets():
    """'open [7♦ 7♠] [A♣ A♣] [A♦ A♥]' and 'open [7♦ 7♠] [A♣ A♣ A♦ A♥]' have the same cards: typed with its
    brackets, each is itself (it used to be read as whichever came first); typed without them, both are
    listed and the player asked for a number."""
    rules = load_from(Path(__file__).resolve().parent / "rulesets_review", "wrap-split-rummy")
    found = 0
    for seed in range(40):
        rng, s = random.Random(seed), G.new_game(rules, rules.default_players, seed)
        while not s.over and found < 3:
            acts = s.pending.actions
            texts = [W.describe(s, a) for a in acts]
            flat = [W.canonical(rules.universe, t) for t in texts]
            for i, t in enumerate(texts):
                alike = [j for j, f in enumerate(flat) if f == flat[i] and texts[j] != t]
                if alike:
                    found += 1
                    assert texts[W.match(s, acts, t)] == t
                    with pytest.raises(W.Refused, match="fits several moves"):
                        W.match(s, acts, t.replace("[", "").replace("]", ""))
                    break
            G.apply_index(s, rng.randrange(len(acts)))
        if found >= 3:
            break
    assert found >= 1
