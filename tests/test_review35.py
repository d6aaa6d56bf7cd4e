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
        out.append((name, _frozen(value)))
    assert len(out) == len(set(out)), f"an action is offered twice: {out}"
    return set(out)


def _frozen(value):
    return tuple(_frozen(v) for v in value) if isinstance(value, (list, tuple)) else value


def _apply(s, move):
    for action in G.legal_actions(s):
        name, value = action
        if (name, _frozen(value)) == move:
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
        seen = G.observation(s, 0)          # the player sees the face-up cards only
        assert seen["zones"]["up"] == up and seen["zones"]["stock"] == [] and seen["zones"]["done"] == done
        assert all(v == [] for v in seen["zones"]["down"].values())
        assert seen["sizes"]["down"] == {k: len(v) for k, v in down.items()} and seen["sizes"]["stock"] == len(stock)
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


def test_spider_one_suit_runs_are_taken_off():
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

def _fc_legal(cols, cells, found, cards, runs=False):
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
                    legal.add(("shift", (tuple(col[i:]) if runs else col[i], b)))
    return legal


def _fc_referee(rules, seed, max_moves=400, pick=None, runs=False):
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
        legal = _fc_legal(cols, cells, found, cards, runs)
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
            c = c[0] if runs else c
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
    assert len(set(results)) > 1 and any(left == 0 for left, _ in results), results
    # the reading that offers the cards of a run themselves, (cards, column), plays the same games
    runs = _load("freecell-runs")
    assert [_fc_referee(runs, seed, pick=_homeward, runs=True) for seed in range(4, 7)] == results[4:7]


@pytest.mark.soak
def test_freecell_random_games_follow_the_rules_soak():
    rules = _load("freecell")
    for seed in range(10, 120):
        _fc_referee(rules, seed, pick=_homeward if seed % 2 else None)


# -- scripted deals -----------------------------------------------------------------------------------

def _order(rules, columns, sizes, names, stock_first=()):
    """A pack order (first dealt first) dealing the columns as given (bottom to top, card names; a
    column may give only its top cards, the others come from the rest of the pack in pack order), a
    row at a time, then `stock_first` as the next cards of the stock.  Returns (order, columns as ids)."""
    wanted = [n for k in names for n in columns.get(k, [])] + list(stock_first)
    ids = S.cards(rules, wanted)
    it = iter(ids)
    chosen = {k: [next(it) for _ in columns.get(k, [])] for k in names}
    first = [next(it) for _ in stock_first]
    rest = [c for c in rules.deck(1) if c not in set(ids)]
    cols = {}
    for k, size in zip(names, sizes):
        cols[k] = [rest.pop(0) for _ in range(size - len(chosen[k]))] + chosen[k]
    order = [cols[k][r] for r in range(max(sizes)) for k, size in zip(names, sizes) if size > r]
    return order + first + rest, cols


def _shift(s, zone, col, to, at=-1):
    """The action moving the card at position `at` of zone[col] (this very copy) onto column `to`."""
    return ("shift", (_zone(s, zone, col)[at], to))


def test_spider_one_suit_identical_cards_and_an_empty_column():
    rules = _load("spider-one-suit")
    n = {r: [r + "♠"] for r in RANKS}
    cols = {"c1": ["3", "3", "3", "3", "3", "8"], "c2": ["Q", "Q", "Q", "Q", "Q", "7"],
            "c3": ["J", "J", "J", "J", "J", "7"], "c4": ["10", "10", "10", "10", "10", "K"],
            "c5": ["9", "9", "9", "9", "K"], "c6": ["8", "8", "8", "8", "K"], "c7": ["2", "2", "2", "2", "K"],
            "c8": ["7", "7", "7", "7", "K"], "c9": ["4", "4", "4", "4", "6"], "c10": ["A", "2", "3", "4", "5"]}
    order, ids = _order(rules, {k: [n[r][0] for r in v] for k, v in cols.items()}, SPIDER_SIZES, SPIDER_COLS)
    s = G.new_game(rules, 1, 0, deck=order)
    top = {k: ids[k][-1] for k in SPIDER_COLS}
    assert all(_zone(s, "up", k) == [top[k]] for k in SPIDER_COLS)
    assert _zone(s, "down", "c10") == ids["c10"][:-1]
    # the two 7s (two copies of one card, in c2 and c3) each go on the 8; the 6 on either 7; the 5 on
    # the 6; the Kings nowhere (no column is empty); and the stock may be dealt
    assert _actions(s) == {("shift", (top["c2"], "c1")), ("shift", (top["c3"], "c1")),
                           ("shift", (top["c9"], "c2")), ("shift", (top["c9"], "c3")),
                           ("shift", (top["c10"], "c9")), ("deal", None)}
    _apply(s, ("shift", (top["c3"], "c1")))
    # that very 7 moved: c3 shows its J, c2 keeps its own 7, which no longer fits on c1 (a 7 on top)
    assert _zone(s, "up", "c1") == [top["c1"], top["c3"]] and _zone(s, "up", "c2") == [top["c2"]]
    assert _zone(s, "up", "c3") == [ids["c3"][-2]] and _zone(s, "down", "c3") == ids["c3"][:-2]
    assert ("shift", (top["c2"], "c1")) not in _actions(s)
    assert ("shift", (top["c9"], "c1")) in _actions(s)
    # c10's cards go one by one onto the 6 of c9: 5, then 4, 3, 2, A as each is turned up
    for _ in range(5):
        _apply(s, _shift(s, "up", "c10", "c9"))
    assert _zone(s, "up", "c10") == [] == _zone(s, "down", "c10")
    assert _zone(s, "up", "c9") == [top["c9"]] + ids["c10"][::-1]
    moves = _actions(s)
    # no deal while a column is empty; the run 6..A of c9 moves whole or from any of its cards, into
    # the empty column or (the 6 only) onto a 7; a King may go into the empty column
    assert ("deal", None) not in moves
    run = _zone(s, "up", "c9")
    assert {("shift", (c, "c10")) for c in run} <= moves
    assert ("shift", (run[0], "c1")) in moves and ("shift", (run[0], "c2")) in moves
    assert ("shift", (top["c4"], "c10")) in moves
    _apply(s, ("shift", (top["c4"], "c10")))
    assert _zone(s, "up", "c4") == [ids["c4"][-2]]
    assert ("deal", None) in _actions(s)
    stock = _zone(s, "stock")
    _apply(s, ("deal", None))
    # a card on every column, the first dealt on c1
    assert [_zone(s, "up", k)[-1] for k in SPIDER_COLS] == stock[::-1][:10]
    assert len(_zone(s, "stock")) == 40
    every_card_once(s)


def test_spider_a_finished_run_is_taken_off_and_the_card_under_it_turned_up():
    rules = _load("spider")
    spades = ["K", "Q", "J", "10", "9", "8", "7", "6", "5", "4"]
    cols = {k: [r + "♠"] for k, r in zip(SPIDER_COLS, spades)}
    order, ids = _order(rules, cols, SPIDER_SIZES, SPIDER_COLS, stock_first=["3♠", "2♠", "A♠"])
    s = G.new_game(rules, 1, 0, deck=order)
    # Q♠ onto K♠, then J♠ onto Q♠ ... 4♠: each move turns up a face-down card of the column it left
    for k in SPIDER_COLS[1:]:
        _apply(s, ("shift", (ids[k][-1], "c1")))
        assert _zone(s, "up", k) == [ids[k][-2]]
    assert _zone(s, "up", "c1") == [ids[k][-1] for k in SPIDER_COLS]
    _apply(s, ("deal", None))                         # 3♠ on c1, 2♠ on c2, A♠ on c3
    assert S.names(s, _zone(s, "up", "c1")[-1:]) == ["3♠"]
    _apply(s, _shift(s, "up", "c2", "c1"))
    assert S.var(s, "moves_made") == 11 and _zone(s, "done") == []
    _apply(s, _shift(s, "up", "c3", "c1"))
    # K♠..A♠ is finished: taken off at once, and c1's top face-down card is turned up
    assert S.names(s, _zone(s, "done")) == [r + "♠" for r in RANKS[::-1]]
    assert _zone(s, "up", "c1") == [ids["c1"][-2]] and _zone(s, "down", "c1") == ids["c1"][:-2]
    assert not s.over
    every_card_once(s)


def test_freecell_a_sorted_deal_is_won_card_by_card():
    # suit s: column s gets K..7 (seven cards, 7 on top), column s+4 gets 6..A (Ace on top)
    rules = _load("freecell")
    syms = "♣♦♥♠"
    cols = {}
    for i, sym in enumerate(syms):
        cols[FC_COLS[i]] = [r + sym for r in RANKS[12:5:-1]]
        cols[FC_COLS[i + 4]] = [r + sym for r in RANKS[5::-1]]
    order, ids = _order(rules, cols, FC_SIZES, FC_COLS)
    s = G.new_game(rules, 1, 0, deck=order)
    tops = [ids[k][-1] for k in FC_COLS]
    # the Aces go home, any top to a free cell; no top fits on another (the 2s and 8s lie under)
    assert _actions(s) == {("home", c) for c in tops[4:]} | {("to_cell", c) for c in tops}
    for sym in syms:
        for r in RANKS:
            _apply(s, ("home", S.cards(rules, [r + sym])[0]))
    assert s.over and G.result(s)["winners"] == [0] and G.result(s)["scores"] == [0]
    every_card_once(s)


def test_freecell_several_cards_move_as_far_as_free_cells_allow():
    rules = _load("freecell")
    # c1 ends in the run 9♠ 8♥ 7♣ 6♦ 5♠ (five cards); c2's top is the 10♦; c3 ends K♠ Q♥
    cols = {"c1": ["9♠", "8♥", "7♣", "6♦", "5♠"], "c2": ["10♦"], "c3": ["K♠", "Q♥"]}
    order, ids = _order(rules, cols, FC_SIZES, FC_COLS)
    s = G.new_game(rules, 1, 0, deck=order)
    nine = ids["c1"][2]
    # four empty free cells, no empty column: (4 + 1) * 1 = 5 cards may move
    assert ("shift", (nine, "c2")) in _actions(s)
    _apply(s, ("to_cell", ids["c3"][-1]))
    # three free cells: four cards at most; the run of five stays
    assert ("shift", (nine, "c2")) not in _actions(s)
    _apply(s, ("from_cell", (ids["c3"][-1], "c3")))
    assert _zone(s, "column", "c3") == ids["c3"] and all(_zone(s, "cell", f) == [] for f in CELLS)
    _apply(s, ("shift", (nine, "c2")))
    assert _zone(s, "column", "c2") == ids["c2"] + ids["c1"][2:]
    assert _zone(s, "column", "c1") == ids["c1"][:2]
    every_card_once(s)


# -- explain ------------------------------------------------------------------------------------------

def test_explain_tells_two_columns_apart_and_names_a_position():
    """`shifts` pairs a column a with a column b: both read 'the column' ('for each column of the
    columns for which it is not the column'); and `all(range(i, n), j => up[k][j] ...)` read 'the card
    at position the number of k's up', which says a count.  Now the columns are a and b, and the
    position is *j*, as a sum or a map over positions already said."""
    from interpreter.authoring.explain import explain
    text = explain(_load("freecell"))
    assert "taken over all the columns a and joined in one list" in text      # lists of pairs, joined
    assert "for each of the columns b that are not the column a" in text
    assert "the card at position *i* of the column a's *column*" in text
    assert "for every *j* of the numbers from *i* to the number of cards in *k*'s *column* minus 2, on holds " \
           "for (the card at position (*j* plus 1) of *k*'s *column* (counting from 0), the card at position " \
           "*j* of *k*'s *column* (counting from 0))" in text
    assert "position the number of" not in text
    # one column in play stays 'the column'
    assert "the last card of the column's *column*, for each of the columns for which" in text


# -- rules play ---------------------------------------------------------------------------------------

def test_play_tells_apart_two_copies_of_a_card_lying_in_different_columns():
    """Spider deal 3 offers the 5♠ of c6 and the (identical) 5♠ of c10 onto the 6♥ of c7: the menu read
    '7) shift (5♠, c7)' and '10) shift (5♠, c7)', and typing those words silently moved c6's.  Now each
    says where its card lies, and the words alone are refused with both moves listed."""
    from interpreter.playtest.session import Session
    from interpreter.playtest.words import Refused
    se = Session(_load("spider"), 1, seed=3, humans=(0,), bots=())
    texts = [m["text"] for m in se.legal(0)]
    assert "shift (5♠, c7) (5♠ from up[c6])" in texts and "shift (5♠, c7) (5♠ from up[c10])" in texts
    assert len(texts) == len(set(texts))
    assert "shift (2♥, c2)" in texts                  # a move without a twin reads as before
    with pytest.raises(Refused, match=r"fits several moves.*5♠ from up\[c6\].*5♠ from up\[c10\]"):
        se.choose(0, "shift (5♠, c7)")
    key = next(m["key"] for m in se.legal(0) if m["text"] == "shift (5♠, c7) (5♠ from up[c10])")
    five = _zone(se.state, "up", "c10")[-1]
    se.choose(0, key)
    assert _zone(se.state, "up", "c7")[-1] == five


def test_spider_moving_a_copy_takes_that_very_card_from_a_column_holding_both():
    """One suit: after a deal a column can hold two copies of a card (8 7 8 7).  Moving the top 7, or
    the run 8 7 above the first 8 and 7, must take those very cards, not the first copies found lower
    down in the same column."""
    rules = _load("spider-one-suit")
    cols = {"c1": ["3", "3", "3", "3", "3", "8"], "c2": ["Q", "Q", "Q", "Q", "Q", "7"],
            "c3": ["J", "J", "J", "J", "J", "7"], "c4": ["10", "10", "10", "10", "10", "K"],
            "c5": ["9", "9", "9", "9", "K"], "c6": ["8", "8", "8", "8", "K"], "c7": ["2", "2", "2", "2", "K"],
            "c8": ["7", "7", "7", "7", "K"], "c9": ["4", "4", "4", "4", "6"], "c10": ["A", "2", "3", "4", "5"]}
    named = {k: [r + "♠" for r in v] for k, v in cols.items()}
    order, ids = _order(rules, named, SPIDER_SIZES, SPIDER_COLS, stock_first=["8♠", "8♠", "A♠", "7♠", "9♠"])
    s = G.new_game(rules, 1, 0, deck=order)
    eight, seven_a, seven_b = ids["c1"][-1], ids["c3"][-1], ids["c2"][-1]
    _apply(s, ("shift", (seven_a, "c1")))                  # c1: 8 7a
    _apply(s, ("deal", None))                              # c1: 8 7a 8'; c2: 7b 8''; c4: K 7c; c5: K 9
    eight2 = _zone(s, "up", "c1")[-1]
    eight3 = _zone(s, "up", "c2")[-1]
    seven_c = _zone(s, "up", "c4")[-1]
    nine = _zone(s, "up", "c5")[-1]
    _apply(s, ("shift", (seven_c, "c1")))
    assert _zone(s, "up", "c1") == [eight, seven_a, eight2, seven_c]
    # only the top run 8' 7c may move (8 7a 8' is no run): onto the 9 of c5
    assert ("shift", (seven_a, "c5")) not in _actions(s) and ("shift", (eight, "c5")) not in _actions(s)
    _apply(s, ("shift", (eight2, "c5")))
    assert _zone(s, "up", "c1") == [eight, seven_a]
    assert _zone(s, "up", "c5") == [ids["c5"][-1], nine, eight2, seven_c]
    _apply(s, ("shift", (seven_c, "c2")))
    assert _zone(s, "up", "c2") == [seven_b, eight3, seven_c] and _zone(s, "up", "c5")[-1] == eight2
    every_card_once(s)


# -- scenarios ----------------------------------------------------------------------------------------

def test_scenarios_of_these_games_pass():
    """The worked examples, one of them naming a move whose option is (cards, column): `value: [[9♠, 8♥,
    7♣, 6♦, 5♠], c2]` was 'not legal' while the legal list showed 'shift ([9♠ 8♥ 7♣ 6♦ 5♠], c2)'."""
    from tests.helpers import run_cli
    for name in ("freecell", "spider"):
        out = run_cli("test", str(HERE / f"{name}.scenario.yaml"))
        assert out.returncode == 0 and "0 failed" in out.stdout, out.stdout + out.stderr
    rules = _load("freecell-runs")
    order, ids = _order(rules, {"c1": ["9♠", "8♥", "7♣", "6♦", "5♠"], "c2": ["10♦"]}, FC_SIZES, FC_COLS)
    s = G.new_game(rules, 1, 0, deck=order)
    action = S.find_action(s, "shift", [["5♠", "9♠", "8♥", "7♣", "6♦"], "c2"])      # in any order
    assert list(action[1][0]) == ids["c1"][2:] and action[1][1] == "c2"
    with pytest.raises(AssertionError, match="not legal"):
        S.find_action(s, "shift", [["9♠", "8♥"], "c2"])


def test_an_expectation_naming_a_part_a_zone_lacks_is_an_error_of_the_scenario(tmp_path):
    """`zones: {column: {c1_top: []}}` for a zone kept per column stopped `rules test` with 'internal
    error: KeyError'; a per-player zone named by a word ('north') with a TypeError."""
    from tests.helpers import run_cli
    (tmp_path / "fc.yaml").write_text((HERE / "freecell.yaml").read_text())
    (tmp_path / "x.scenario.yaml").write_text(
        "ruleset: fc.yaml\nplayers: 1\nscenarios:\n  - name: a part that is not there\n"
        "    expect:\n      zones: {column: {c1_top: []}}\n"
        "  - name: a part misspelt\n    expect:\n      zones: {cell: {f5: [], F1: []}}\n")
    (tmp_path / "w.scenario.yaml").write_text(
        "ruleset: scotch-whist\nscenarios:\n  - name: a seat by a word\n    expect:\n      zones: {hand: {north: []}}\n")
    out = run_cli("test", str(tmp_path / "x.scenario.yaml"), str(tmp_path / "w.scenario.yaml"))
    text = out.stdout + out.stderr
    assert out.returncode == 1 and "internal error" not in text, text
    assert "zone 'column' has no part 'c1_top'; its parts are c1, c2, c3, c4, c5, c6, c7, c8" in text
    assert "zone 'cell' has no part 'f5'; its parts are f1, f2, f3, f4" in text
    assert "zone 'hand' is kept per player: name a part by its seat number, from 0, not 'north'" in text
    assert "0 passed, 3 failed" in text


def test_a_range_whose_high_bound_is_below_its_low_one_is_empty():
    """The referees' `run_from(k, i)` checks the pairs from position i to the top with
    all(range(i, count(up[k]) - 2), ...): for the top card itself the range is range(n - 1, n - 2),
    which the reference now says is empty."""
    from tests.test_expressions import ev
    assert ev("range(3, 2)") == [] and ev("range(2, 2)") == [2] and ev("all(range(4, 3), j => false)") is True
    text = (Path(__file__).resolve().parent.parent / "docs" / "reference.md").read_text(encoding="utf-8")
    assert "Empty when high is below low" in text and "range(i, count(xs) - 1) is every position from i" in text


# -- bots ---------------------------------------------------------------------------------------------

def test_greedy_plays_on_rather_than_give_up_a_patience():
    """With a give-up move always allowed, greedy gave up at once (2.4 moves a game): a lost patience
    was judged by its evaluation alone, the same as the position before giving up, so quitting tied
    with every neutral move and beat any move that lowered the evaluation (a card put in a free cell).
    A lost game now counts below every game still going, in its evaluation's order."""
    from interpreter.bots.base import load_bots, make_bot
    from interpreter.bots.greedy import outcome
    load_bots()
    rules = _load("freecell-give-up")
    for seed in range(6):
        s = G.new_game(rules, 1, seed)
        actions = G.legal_actions(s)
        assert ("give_up", None) in actions
        bot = make_bot("greedy", seed)
        assert actions[bot.decide(s, 0, actions)][0] != "give_up"
        quit_ = G.clone(s)
        G.apply(quit_, ("give_up", None))
        assert quit_.over and 0 < outcome(quit_, 0) < 0.05 < outcome(s, 0)


def test_a_stuck_patience_is_hinted_to_end_its_turns(tmp_path):
    """FreeCell without `stuck` in its `until:` reaches positions with no move; the hint spoke only of
    guarding the choice or adding a pass, not of ending the turns, which is what a patience does."""
    from tests.helpers import run_cli
    source = (HERE / "freecell.yaml").read_text()
    assert "until: left == 0 or stuck or" in source
    (tmp_path / "fc.yaml").write_text(source.replace("until: left == 0 or stuck or", "until: left == 0 or"))
    out = run_cli("validate", str(tmp_path / "fc.yaml"))
    text = out.stdout + out.stderr
    assert "player 0 has no legal move: home, to_cell, from_cell and shift offer nothing allowed here" in text
    assert "or end the turns when none is left (a patience that is stuck: until: ... or count(...) == 0" in text
