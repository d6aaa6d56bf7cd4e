"""Two patiences the engine has never seen, written from the docs alone (tests/rulesets_review35/, each
file says which rules it keeps): Spider (two packs, face-down cards turned up when uncovered, runs of
one suit moved as a unit, finished King-to-Ace runs taken off; with its one- and two-suit variants)
and FreeCell (free cells, the usual shortcut for moving several cards at once).

- Referees: for each game a small re-computation of the rules, sharing no code with the engine, follows
  seeded random games move by move: it deals the shuffled pack itself, and checks the exact set of
  legal moves (identical cards of two packs are told apart by where they lie), every zone after every
  move, every card in exactly one zone, the end, the score and the winner.
- Scripted deals whose outcome is worked out by hand (in the comments).
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import every_card_once, load_from

HERE = Path(__file__).resolve().parent / "rulesets_review35"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SPIDER_COLS = [f"c{i}" for i in range(1, 11)]
SPIDER_SIZES = [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
FC_COLS = [f"c{i}" for i in range(1, 9)]
FC_SIZES = [7, 7, 7, 7, 6, 6, 6, 6]
CELLS = ["f1", "f2", "f3", "f4"]
SUITS = {"♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades"}


def _load(name, **options):
    return load_from(HERE, name, **options)


class Cards:
    """Rank, suit and colour of a card id, read from its printed name only."""

    def __init__(self, rules):
        self.names = rules.universe.names

    def rank(self, c):
        return RANKS.index(self.names[c][:-1])

    def suit(self, c):
        return SUITS[self.names[c][-1]]

    def red(self, c):
        return self.names[c][-1] in "♦♥"


def _zone(s, name, owner=None):
    return list(S.zone(s, name, owner))


def _actions(s):
    """The legal actions as hashable values: (move, card id), (move, (card id, column)) or (move, None)."""
    out = []
    for name, value in G.legal_actions(s):
        if isinstance(value, list):
            value = tuple(value)
        out.append((name, value))
    assert len(out) == len(set(out)), f"an action is offered twice: {out}"
    return set(out)


def _apply(s, move):
    for action in G.legal_actions(s):
        name, value = action
        if (name, tuple(value) if isinstance(value, list) else value) == move:
            G.apply(s, action)
            return
    raise AssertionError(f"{move} not offered")


def _deal(rules, seed):
    """A game dealt from a pack the test shuffles itself (first card dealt first)."""
    order = list(rules.deck(1))
    random.Random(seed).shuffle(order)
    return G.new_game(rules, 1, seed, deck=order), order


# -- Spider -------------------------------------------------------------------------------------------

def _spider_runs(k, up, cards):
    """Positions i of column k from which the face-up cards form one run of one suit."""
    col = up[k]
    out = []
    for i in range(len(col)):
        if all(cards.suit(col[j]) == cards.suit(col[j + 1]) and cards.rank(col[j]) == cards.rank(col[j + 1]) + 1
               for j in range(i, len(col) - 1)):
            out.append(i)
    return out


def _spider_legal(down, up, stock, cards):
    legal = set()
    for a in SPIDER_COLS:
        for i in _spider_runs(a, up, cards):
            c = up[a][i]
            for b in SPIDER_COLS:
                if b != a and (not up[b] or cards.rank(up[b][-1]) == cards.rank(c) + 1):
                    legal.add(("shift", (c, b)))
    if stock and all(up[k] for k in SPIDER_COLS):
        legal.add(("deal", None))
    return legal


def _spider_tidy(down, up, done, cards):
    for k in SPIDER_COLS:
        col = up[k]
        if len(col) >= 13 and cards.rank(col[-13]) == 12 and len(col) - 13 in _spider_runs(k, up, cards):
            done.extend(col[-13:])
            del col[-13:]
        if not col and down[k]:
            col.append(down[k].pop())


def _spider_referee(rules, seed, max_moves=300, pick=None):
    s, order = _deal(rules, seed)
    cards = Cards(rules)
    rng = random.Random(seed)
    down = {k: [] for k in SPIDER_COLS}
    up = {k: [] for k in SPIDER_COLS}
    done = []
    at = 0
    for r in range(1, 7):
        for k, size in zip(SPIDER_COLS, SPIDER_SIZES):
            if size >= r:
                down[k].append(order[at])
                at += 1
    assert at == 54
    stock = order[at:][::-1]            # listed from the bottom up: the next card dealt is last
    _spider_tidy(down, up, done, cards)
    made = 0
    while True:
        every_card_once(s)
        assert {k: _zone(s, "down", k) for k in SPIDER_COLS} == down
        assert {k: _zone(s, "up", k) for k in SPIDER_COLS} == up
        assert _zone(s, "stock") == stock and _zone(s, "done") == done
        legal = _spider_legal(down, up, stock, cards)
        runs = len(done) // 13
        if runs == 8 or not legal or made >= max_moves:
            assert s.over
            res = G.result(s)
            assert res["scores"] == [runs] and res["winners"] == ([0] if runs == 8 else [])
            return runs, made, len(stock)
        assert not s.over and G.current_player(s) == 0
        assert _actions(s) == legal
        ordered = sorted(legal, key=str)
        move = pick(ordered, rng, up, cards) if pick else rng.choice(ordered)
        _apply(s, move)
        if move[0] == "deal":
            for k in SPIDER_COLS:
                up[k].append(stock.pop())
        else:
            c, b = move[1]
            a = next(k for k in SPIDER_COLS if c in up[k])   # ids: this very copy
            i = up[a].index(c)
            up[b].extend(up[a][i:])
            del up[a][i:]
        _spider_tidy(down, up, done, cards)
        made += 1


def _in_suit(moves, rng, up, cards):
    """Random play that mostly puts a card on one of its own suit (so runs get finished and taken off)."""
    good = [m for m in moves if m[0] == "shift" and up[m[1][1]]
            and cards.suit(up[m[1][1]][-1]) == cards.suit(m[1][0])]
    return rng.choice(good if good and rng.random() < 0.9 else moves)


@pytest.mark.parametrize("name", ["spider", "spider-two-suits", "spider-one-suit"])
def test_spider_random_games_follow_the_rules(name):
    rules = _load(name)
    results = [_spider_referee(rules, seed) for seed in range(10)]
    assert all(left < 50 for _, _, left in results), results      # the stock is dealt


def test_spider_one_suit_runs_are_taken_off_and_games_are_won():
    rules = _load("spider-one-suit", max_moves=600)
    results = [_spider_referee(rules, seed, max_moves=600, pick=_in_suit) for seed in range(4)]
    assert any(runs > 0 for runs, _, _ in results), results


@pytest.mark.soak
@pytest.mark.parametrize("name", ["spider", "spider-two-suits", "spider-one-suit"])
def test_spider_random_games_follow_the_rules_soak(name):
    rules = _load(name, max_moves=600)
    for seed in range(3, 40):
        _spider_referee(rules, seed, max_moves=600)
        _spider_referee(rules, seed, max_moves=600, pick=_in_suit)


# -- FreeCell -----------------------------------------------------------------------------------------

def _fc_legal(cols, cells, found, cards):
    tops = [cols[k][-1] for k in FC_COLS if cols[k]]
    held = [cells[f][0] for f in CELLS if cells[f]]
    free = sum(1 for f in CELLS if not cells[f])
    empty = sum(1 for k in FC_COLS if not cols[k])

    def fits(c, k):
        d = cols[k][-1] if cols[k] else None
        return d is None or (cards.red(c) != cards.red(d) and cards.rank(d) == cards.rank(c) + 1)

    legal = {("home", c) for c in tops + held if cards.rank(c) == len(found[cards.suit(c)])}
    if free:
        legal |= {("to_cell", c) for c in tops}
    legal |= {("from_cell", (c, k)) for c in held for k in FC_COLS if fits(c, k)}
    for a in FC_COLS:
        col = cols[a]
        for i in range(len(col)):
            if not all(cards.red(col[j]) != cards.red(col[j + 1]) and cards.rank(col[j]) == cards.rank(col[j + 1]) + 1
                       for j in range(i, len(col) - 1)):
                continue
            for b in FC_COLS:
                if b == a or not fits(col[i], b):
                    continue
                limit = (free + 1) * 2 ** (empty - (0 if cols[b] else 1))
                if len(col) - i <= limit:
                    legal.add(("shift", (col[i], b)))
    return legal


def _fc_referee(rules, seed, max_moves=400, pick=None):
    s, order = _deal(rules, seed)
    cards = Cards(rules)
    rng = random.Random(seed)
    cols = {k: [] for k in FC_COLS}
    at = 0
    for r in range(1, 8):
        for k, size in zip(FC_COLS, FC_SIZES):
            if size >= r:
                cols[k].append(order[at])
                at += 1
    assert at == 52
    cells = {f: [] for f in CELLS}
    found = {suit: [] for suit in SUITS.values()}
    made = 0
    while True:
        every_card_once(s)
        assert {k: _zone(s, "column", k) for k in FC_COLS} == cols
        assert {f: _zone(s, "cell", f) for f in CELLS} == cells
        assert {x: _zone(s, "foundation", x) for x in found} == found
        legal = _fc_legal(cols, cells, found, cards)
        left = 52 - sum(map(len, found.values()))
        if left == 0 or not legal or made >= max_moves:
            assert s.over
            res = G.result(s)
            assert res["scores"] == [left] and res["winners"] == ([0] if left == 0 else [])
            return left, made
        assert not s.over and G.current_player(s) == 0
        assert _actions(s) == legal
        ordered = sorted(legal, key=str)
        move = pick(ordered, rng) if pick else rng.choice(ordered)
        _apply(s, move)
        name, value = move

        def take(c):
            for f in CELLS:
                if cells[f] == [c]:
                    cells[f].clear()
                    return
            k = next(k for k in FC_COLS if cols[k] and cols[k][-1] == c)
            cols[k].pop()
        if name == "home":
            take(value)
            found[cards.suit(value)].append(value)
        elif name == "to_cell":
            take(value)
            next(cells[f] for f in CELLS if not cells[f]).append(value)
        elif name == "from_cell":
            c, k = value
            take(c)
            cols[k].append(c)
        else:
            c, b = value
            a = next(k for k in FC_COLS if c in cols[k])
            i = cols[a].index(c)
            cols[b].extend(cols[a][i:])
            del cols[a][i:]
        made += 1


def _homeward(moves, rng):
    """Random play that takes a move home when there is one and prefers long shifts."""
    home = [m for m in moves if m[0] == "home"]
    if home:
        return rng.choice(home)
    shifts = [m for m in moves if m[0] in ("shift", "from_cell")]
    return rng.choice(shifts if shifts and rng.random() < 0.8 else moves)


def test_freecell_random_games_follow_the_rules():
    rules = _load("freecell")
    results = [_fc_referee(rules, seed) for seed in range(4)]
    results += [_fc_referee(rules, seed, pick=_homeward) for seed in range(4, 10)]
    assert len(set(results)) > 1, results


@pytest.mark.soak
def test_freecell_random_games_follow_the_rules_soak():
    rules = _load("freecell")
    for seed in range(10, 120):
        _fc_referee(rules, seed, pick=_homeward if seed % 2 else None)
