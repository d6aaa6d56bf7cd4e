"""Two patiences the engine has never seen, written from the docs alone (tests/rulesets_review59/, each
file says which rules it keeps): Yukon (any face-up card moves with everything on it, in sequence or
not; Kings into empty columns; face-down cards turned up) and Canfield (a reserve, a foundation base
set by the first card turned, wrapping foundations and tableau, whole piles moved, spaces filled from
the reserve at once, the stock turned three at a time with unlimited turnovers, the casino score).

- Referees: for each game a small re-computation of the rules, sharing no code with the engine, follows
  seeded random games move by move: it deals the shuffled pack itself and checks the exact set of legal
  moves, every zone after every move, what the player sees, every card in exactly one zone, the end,
  the score and the winner.
- Scripted deals whose outcome is worked out by hand (in the comments).
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import every_card_once, load_from

HERE = Path(__file__).resolve().parent / "rulesets_review59"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = {"♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades"}
YK_COLS = [f"c{i}" for i in range(1, 8)]
PILES = ["p1", "p2", "p3", "p4"]


def _load(name, **options):
    return load_from(HERE, name, **options)


class Cards:
    """Rank, suit and colour of a card id, read from its printed name only."""

    def __init__(self, rules):
        self.names = rules.universe.names
        self.ids = {n: i for i, n in enumerate(self.names)}

    def rank(self, c):
        return RANKS.index(self.names[c][:-1])

    def suit(self, c):
        return SUITS[self.names[c][-1]]

    def red(self, c):
        return self.names[c][-1] in "♦♥"

    def id(self, name):
        return self.ids[name]


def _zone(s, name, owner=None):
    return list(S.zone(s, name, owner))


def _frozen(value):
    return tuple(_frozen(v) for v in value) if isinstance(value, (list, tuple)) else value


def _actions(s):
    out = [(name, _frozen(value)) for name, value in G.legal_actions(s)]
    assert len(out) == len(set(out)), f"an action is offered twice: {out}"
    return set(out)


def _apply(s, move):
    for action in G.legal_actions(s):
        if (action[0], _frozen(action[1])) == move:
            G.apply(s, action)
            return
    raise AssertionError(f"{move} not offered")


def _deal(rules, seed=None, order=None):
    """A game dealt from a pack the test orders itself (first card dealt first)."""
    if order is None:
        order = list(rules.deck(1))
        random.Random(seed).shuffle(order)
    return G.new_game(rules, 1, seed or 0, deck=order), order


# -- Yukon --------------------------------------------------------------------------------------------

def _yukon_layout(order):
    """down and up columns dealt from `order` by the rules (not by the engine)."""
    down = {k: [] for k in YK_COLS}
    up = {k: [] for k in YK_COLS}
    at = 0
    for r in range(1, 8):
        for n, k in enumerate(YK_COLS, start=1):
            if n >= r:
                (up if n == r else down)[k].append(order[at])
                at += 1
    for _ in range(4):
        for k in YK_COLS[1:]:
            up[k].append(order[at])
            at += 1
    assert at == 52
    return down, up


def _yukon_order(columns, extras):
    """The pack order giving column k the cards columns[k] (bottom up, the last one the face-up card of the
    first deal) and then extras[k] (four face-up cards, columns c2 to c7)."""
    order = []
    for r in range(1, 8):
        for n, k in enumerate(YK_COLS, start=1):
            if n >= r:
                order.append(columns[k][r - 1])
    for i in range(4):
        for k in YK_COLS[1:]:
            order.append(extras[k][i])
    return order


def _yukon_legal(down, up, found, cards):
    legal = set()
    for k in YK_COLS:
        if up[k] and cards.rank(up[k][-1]) == len(found[cards.suit(up[k][-1])]):
            legal.add(("home", up[k][-1]))
    for a in YK_COLS:
        for c in up[a]:
            for b in YK_COLS:
                if b == a:
                    continue
                if not up[b] and not down[b]:
                    ok = cards.rank(c) == 12
                else:
                    ok = bool(up[b]) and cards.red(up[b][-1]) != cards.red(c) and cards.rank(up[b][-1]) == cards.rank(c) + 1
                if ok:
                    legal.add(("shift", (c, b)))
    return legal


def _yukon_referee(rules, seed, max_moves=300, pick=None, order=None):
    s, order = _deal(rules, seed, order)
    cards = Cards(rules)
    rng = random.Random(seed)
    down, up = _yukon_layout(order)
    found = {x: [] for x in SUITS.values()}
    made = 0
    while True:
        every_card_once(s)
        assert {k: _zone(s, "down", k) for k in YK_COLS} == down
        assert {k: _zone(s, "up", k) for k in YK_COLS} == up
        assert {x: _zone(s, "foundation", x) for x in found} == found
        assert _zone(s, "stock") == []
        seen = G.observation(s, 0)
        assert seen["zones"]["up"] == up and all(v == [] for v in seen["zones"]["down"].values())
        assert seen["sizes"]["down"] == {k: len(v) for k, v in down.items()}
        legal = _yukon_legal(down, up, found, cards)
        left = 52 - sum(len(v) for v in found.values())
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
        if move[0] == "home":
            c = move[1]
            a = next(k for k in YK_COLS if up[k] and up[k][-1] == c)
            found[cards.suit(c)].append(up[a].pop())
        else:
            c, b = move[1]
            a = next(k for k in YK_COLS if c in up[k])
            i = up[a].index(c)
            up[b].extend(up[a][i:])
            del up[a][i:]
        for k in YK_COLS:
            if not up[k] and down[k]:
                up[k].append(down[k].pop())
        made += 1


def _homeward(moves, rng):
    """Random play that takes a card home whenever it can (so games get further)."""
    homes = [m for m in moves if m[0] == "home"]
    return rng.choice(homes if homes and rng.random() < 0.95 else moves)


def test_yukon_random_games_follow_the_rules():
    rules = _load("yukon", max_moves=150)
    results = [_yukon_referee(rules, seed, max_moves=150) for seed in range(20)]
    results += [_yukon_referee(rules, seed, max_moves=150, pick=_homeward) for seed in range(20, 50)]
    assert min(left for left, _ in results) == 0, results           # some are won


@pytest.mark.soak
def test_yukon_random_games_follow_the_rules_soak():
    rules = _load("yukon")
    for seed in range(50, 250):
        _yukon_referee(rules, seed, pick=_homeward if seed % 2 else None)


# -- Canfield -----------------------------------------------------------------------------------------

class Canfield:
    """The table of a Canfield deal, dealt from `order` by the rules: thirteen cards to the reserve (the
    thirteenth its face-up top), the next one to its foundation (the base), four to the piles, the
    rest the stock."""

    def __init__(self, order, cards):
        self.cards = cards
        self.reserve = list(order[:12])
        self.reserve_top = [order[12]]
        self.base = cards.rank(order[13])
        self.found = {x: [] for x in SUITS.values()}
        self.found[cards.suit(order[13])].append(order[13])
        self.piles = {k: [order[14 + i]] for i, k in enumerate(PILES)}
        self.stock = order[18:][::-1]        # listed from the bottom up
        self.waste = []
        self.idle = 0

    def home(self):
        return sum(len(v) for v in self.found.values())

    def fits_home(self, c):
        f = self.found[self.cards.suit(c)]
        if len(f) == 13:
            return False
        want = self.base if not f else (self.cards.rank(f[-1]) + 1) % 13
        return self.cards.rank(c) == want

    def on(self, c, k):
        pile = self.piles[k]
        return bool(pile) and self.cards.red(pile[-1]) != self.cards.red(c) and \
            self.cards.rank(c) == (self.cards.rank(pile[-1]) - 1) % 13

    def legal(self):
        singles = self.reserve_top + self.waste[-1:]
        legal = set()
        for c in singles + [p[-1] for p in self.piles.values() if p]:
            if self.fits_home(c):
                legal.add(("home", c))
        for c in singles:
            for k in PILES:
                if self.on(c, k) or (not self.piles[k] and not self.reserve_top and self.waste and c == self.waste[-1]):
                    legal.add(("play", (c, k)))
        for a in PILES:
            for b in PILES:
                if a != b and self.piles[a] and self.on(self.piles[a][0], b):
                    legal.add(("shift", (a, b)))
        if self.stock:
            legal.add(("draw", None))
        if not self.stock and self.waste:
            legal.add(("turn_over", None))
        return legal

    def take(self, c):
        for zone in [self.reserve_top, self.waste] + list(self.piles.values()):
            if zone and zone[-1] == c:
                zone.pop()
                return
        raise AssertionError(f"{c} is on no top")

    def apply(self, move):
        kind, value = move
        if kind == "home":
            self.take(value)
            self.found[self.cards.suit(value)].append(value)
            self.idle = 0
        elif kind == "play":
            c, k = value
            self.take(c)
            self.piles[k].append(c)
            self.idle = 0
        elif kind == "shift":
            a, b = value
            self.piles[b].extend(self.piles[a])
            self.piles[a] = []
            self.idle = 0
        elif kind == "draw":
            for _ in range(min(3, len(self.stock))):
                self.waste.append(self.stock.pop())
        else:
            self.stock = self.waste[::-1]
            self.waste = []
            self.idle += 1
        # the reserve's next card is turned up; a space takes the reserve's top at once
        if not self.reserve_top and self.reserve:
            self.reserve_top.append(self.reserve.pop())
        for k in PILES:
            if not self.piles[k] and self.reserve_top:
                self.piles[k].append(self.reserve_top.pop())
                if self.reserve:
                    self.reserve_top.append(self.reserve.pop())

    def check(self, s):
        every_card_once(s)
        assert _zone(s, "reserve") == self.reserve and _zone(s, "reserve_top") == self.reserve_top
        assert {k: _zone(s, "tableau", k) for k in PILES} == self.piles
        assert {x: _zone(s, "foundation", x) for x in self.found} == self.found
        assert _zone(s, "stock") == self.stock and _zone(s, "waste") == self.waste
        seen = G.observation(s, 0)
        assert seen["zones"]["reserve"] == [] and seen["sizes"]["reserve"] == len(self.reserve)
        assert seen["zones"]["stock"] == [] and seen["sizes"]["stock"] == len(self.stock)
        assert seen["zones"]["reserve_top"] == self.reserve_top and seen["zones"]["waste"] == self.waste
        assert seen["zones"]["tableau"] == self.piles


def _canfield_referee(rules, seed, max_moves=400, pick=None, order=None):
    s, order = _deal(rules, seed, order)
    cards = Cards(rules)
    rng = random.Random(seed)
    t = Canfield(order, cards)
    made = 0
    while True:
        t.check(s)
        legal = t.legal()
        stuck = not legal
        if t.home() == 52 or stuck or t.idle >= 2 or made >= max_moves:
            assert s.over
            res = G.result(s)
            assert res["scores"] == [5 * t.home() - 52]
            assert res["winners"] == ([0] if t.home() == 52 else [])
            return t.home(), made
        assert not s.over and G.current_player(s) == 0
        assert _actions(s) == legal
        ordered = sorted(legal, key=str)
        move = pick(ordered, rng) if pick else rng.choice(ordered)
        _apply(s, move)
        t.apply(move)
        made += 1


def _busy(moves, rng):
    """Random play that mostly makes a move other than turning the stock (so games last)."""
    homes = [m for m in moves if m[0] == "home"]
    if homes and rng.random() < 0.9:
        return rng.choice(homes)
    other = [m for m in moves if m[0] not in ("draw", "turn_over")]
    return rng.choice(other if other and rng.random() < 0.7 else moves)


def test_canfield_random_games_follow_the_rules():
    rules = _load("canfield")
    results = [_canfield_referee(rules, seed) for seed in range(100)]
    results += [_canfield_referee(rules, seed, pick=_busy) for seed in range(100, 250)]
    assert any(home == 52 for home, _ in results), results          # some are won
    assert max(home for home, _ in results) > 8, results


@pytest.mark.soak
def test_canfield_random_games_follow_the_rules_soak():
    rules = _load("canfield")
    for seed in range(250, 800):
        _canfield_referee(rules, seed, pick=_busy if seed % 2 else None)


# -- Scripted deals -----------------------------------------------------------------------------------

def _fill(cards, named, size):
    """The named cards, then the rest of the pack in pack order, `size` in all."""
    ids = [cards.id(n) for n in named]
    rest = [c for c in range(52) if c not in ids]
    return ids + rest[: size - len(ids)], rest[size - len(ids):]


def test_yukon_scripted_unordered_groups_kings_and_turning_up():
    rules = _load("yukon")
    cards = Cards(rules)
    n = cards.id
    fixed = {"c1": ["A♠"], "c2": ["2♣", "6♣"], "c3": ["J♣", "10♣", "5♥"]}
    extras = {"c2": ["K♥", "Q♠", "3♦", "9♣"], "c3": ["Q♦", "3♣", "9♥", "4♠"]}
    used = {n(x) for v in list(fixed.values()) + list(extras.values()) for x in v}
    rest = iter(c for c in range(52) if c not in used)
    columns = {k: [n(x) for x in fixed.get(k, [])] for k in YK_COLS}
    for i, k in enumerate(YK_COLS, start=1):
        while len(columns[k]) < i:
            columns[k].append(next(rest))
    more = {k: [n(x) for x in extras.get(k, [])] or [next(rest) for _ in range(4)] for k in YK_COLS[1:]}
    s, _ = _deal(rules, order=_yukon_order(columns, more))
    assert _zone(s, "up", "c3") == [n(x) for x in ["5♥", "Q♦", "3♣", "9♥", "4♠"]]
    legal = _actions(s)
    assert ("home", n("A♠")) in legal
    _apply(s, ("home", n("A♠")))                # c1 is now empty (it had no face-down card)
    legal = _actions(s)
    assert ("shift", (n("K♥"), "c1")) in legal        # a King, with Q♠ 3♦ 9♣ on it, to the space
    assert ("shift", (n("Q♦"), "c1")) not in legal and ("shift", (n("5♥"), "c1")) not in legal
    assert ("shift", (n("5♥"), "c2")) not in legal    # 6♣ is not c2's top card
    assert ("home", n("9♣")) not in legal
    _apply(s, ("shift", (n("K♥"), "c1")))
    assert _zone(s, "up", "c1") == [n(x) for x in ["K♥", "Q♠", "3♦", "9♣"]]
    assert _zone(s, "up", "c2") == [n("6♣")] and _zone(s, "down", "c2") == [n("2♣")]
    # 5♥ goes on 6♣ carrying Q♦ 3♣ 9♥ 4♠, out of sequence: c3's face-down 10♣ is turned up
    assert ("shift", (n("5♥"), "c2")) in _actions(s)
    _apply(s, ("shift", (n("5♥"), "c2")))
    assert _zone(s, "up", "c2") == [n(x) for x in ["6♣", "5♥", "Q♦", "3♣", "9♥", "4♠"]]
    assert _zone(s, "up", "c3") == [n("10♣")] and _zone(s, "down", "c3") == [n("J♣")]
    assert _zone(s, "foundation", "spades") == [n("A♠")]


def _canfield_order(cards, reserve, base, piles, stock=()):
    """reserve: 13 names, the last the face-up top; base: the first foundation card; piles: four names."""
    named = list(reserve) + [base] + list(piles) + list(stock)
    order, rest = _fill(cards, named, 52)
    return order


def test_canfield_scripted_base_wrapping_spaces_and_the_three_card_turn():
    rules = _load("canfield")
    cards = Cards(rules)
    n = cards.id
    reserve = ["2♦", "3♦", "4♦", "5♦", "6♦", "7♦", "8♦", "9♦", "10♦", "J♦", "3♠", "2♠", "A♠"]
    order = _canfield_order(cards, reserve, "K♠", ["A♥", "K♣", "K♥", "Q♦"])
    s, _ = _deal(rules, order=order)
    assert S.var(s, "base") == "K"
    # A♠ follows the base K♠ (round the corner); K♣ goes on A♥; Q♦ on K♣; K♥ and K♣ start their suits
    assert _actions(s) == {("home", n("A♠")), ("home", n("K♥")), ("home", n("K♣")), ("shift", ("p2", "p1")),
                           ("shift", ("p4", "p2")), ("draw", None)}
    _apply(s, ("home", n("A♠")))
    assert _zone(s, "reserve_top") == [n("2♠")] and len(_zone(s, "reserve")) == 11
    _apply(s, ("home", n("2♠")))
    _apply(s, ("home", n("3♠")))
    assert _zone(s, "reserve_top") == [n("J♦")]
    # K♥ goes home: the space is filled at once from the reserve, whose next card is turned up
    _apply(s, ("home", n("K♥")))
    assert _zone(s, "tableau", "p3") == [n("J♦")] and _zone(s, "reserve_top") == [n("10♦")]
    _apply(s, ("shift", ("p2", "p1")))                # the whole pile K♣ onto A♥: p2 takes 10♦
    assert _zone(s, "tableau", "p1") == [n("A♥"), n("K♣")]
    assert _zone(s, "tableau", "p2") == [n("10♦")] and _zone(s, "reserve_top") == [n("9♦")]
    assert ("shift", ("p4", "p1")) in _actions(s)     # Q♦ on K♣, now p1's top
    # three cards turned: the first turned lies under the other two
    stock = _zone(s, "stock")
    assert len(stock) == 34
    _apply(s, ("draw", None))
    assert _zone(s, "waste") == stock[::-1][:3]
    for _ in range(11):
        _apply(s, ("draw", None))
    assert _zone(s, "stock") == [] and _zone(s, "waste") == stock[::-1]   # 11 threes and a last one
    assert ("draw", None) not in _actions(s) and ("turn_over", None) in _actions(s)
    _apply(s, ("turn_over", None))
    assert _zone(s, "stock") == stock and _zone(s, "waste") == []
    # a second turnover with no play between ends the game (our reading): 4 cards home, 5 * 4 - 52
    for _ in range(12):
        _apply(s, ("draw", None))
    _apply(s, ("turn_over", None))
    assert s.over and G.result(s)["scores"] == [5 * 5 - 52] and G.result(s)["winners"] == []


def test_canfield_scripted_waste_into_a_space_once_the_reserve_is_spent():
    """The reserve runs out: a space then stays empty until the player fills it from the waste's top."""
    rules = _load("canfield")
    cards = Cards(rules)
    n = cards.id
    # base 2♠; the reserve from the top down: 2♣, 3♠ ... K♠, A♠ (all of them go home in turn)
    reserve = ["A♠", "K♠", "Q♠", "J♠", "10♠", "9♠", "8♠", "7♠", "6♠", "5♠", "4♠", "3♠", "2♣"]
    order = _canfield_order(cards, reserve, "2♠", ["3♣", "7♥", "8♥", "10♥"], ["Q♥", "J♥", "9♦"])
    s, _ = _deal(rules, order=order)
    for name in ["2♣", "3♠", "4♠", "5♠", "6♠", "7♠", "8♠", "9♠", "10♠", "J♠", "Q♠", "K♠", "A♠"]:
        _apply(s, ("home", n(name)))
    assert _zone(s, "reserve") == [] and _zone(s, "reserve_top") == []
    assert len(_zone(s, "foundation", "spades")) == 13 and ("home", n("3♣")) in _actions(s)
    _apply(s, ("home", n("3♣")))
    assert _zone(s, "tableau", "p1") == []                        # not filled: the reserve is spent
    assert {m for m in _actions(s) if m[0] == "play"} == set()    # nothing on the waste yet
    _apply(s, ("draw", None))                                     # Q♥ J♥ 9♦, 9♦ on top
    plays = {m for m in _actions(s) if m[0] == "play"}
    assert plays == {("play", (n("9♦"), "p1"))}                   # only the top, only into the space
    _apply(s, ("play", (n("9♦"), "p1")))
    assert _zone(s, "tableau", "p1") == [n("9♦")] and _zone(s, "waste") == [n("Q♥"), n("J♥")]


def test_the_no_move_hint_says_until_does_not_guard_the_first_turn(tmp_path):
    """`until:` is checked after each turn: a patience whose deal leaves no move at all reaches its choice
    anyway, so the hint that sends a stuck patience to `until:` says the first turn needs the if."""
    from tests.helpers import run_cli
    (tmp_path / "stuck.yaml").write_text(
        "name: Stuck at once\nplayers: {count: 1}\npack: {ranks: [A, \"2\"], suits: [clubs]}\n"
        "zones: {stock: {visibility: hidden}, pile: {visibility: public}}\n"
        "hand:\n  - turns:\n      first: 0\n      next: 0\n      until: count(pile) == 0\n      do:\n"
        "        - choose:\n            player: 0\n            moves:\n              take:\n"
        "                options: \"filter(stock, c => count(pile) > 0)\"\n                as: c\n"
        "                do:\n                  - move: {cards: c, to: pile}\nend:\n  winners: \"[0]\"\n",
        encoding="utf-8")
    out = run_cli("validate", str(tmp_path / "stuck.yaml"))
    text = out.stdout + out.stderr
    assert "player 0 has no legal move" in text
    assert "until is checked after each turn, so a deal stuck before its first move still needs the if" in text


def test_yukon_a_deal_with_no_move_at_all_ends_at_once():
    """Tops 2♣ 2♦ 2♥ 2♠ K♣ K♦ K♥; every Ace and Queen face down: nothing goes home, nothing fits a top
    and no column is empty.  The ruleset's guard (`if: not stuck`) ends the game with 52 cards out."""
    rules = _load("yukon")
    cards = Cards(rules)
    n = cards.id
    tops = {"c1": "2♣", "c2": "2♦", "c3": "2♥", "c4": "2♠", "c5": "K♣", "c6": "K♦", "c7": "K♥"}
    hidden = [n(r + s) for r in ("A", "Q") for s in "♣♦♥♠"]
    taken = set(hidden) | {n(x) for x in tops.values()}
    rest = [c for c in range(52) if c not in taken]
    hidden += rest[:13]
    shown = iter(rest[13:])
    hidden = iter(hidden)
    columns = {"c1": [n(tops["c1"])]}
    for i, k in enumerate(YK_COLS[1:], start=2):
        columns[k] = [next(hidden) for _ in range(i - 1)] + [next(shown)]
    extras = {k: [next(shown) for _ in range(3)] + [n(tops[k])] for k in YK_COLS[1:]}
    order = _yukon_order(columns, extras)
    assert sorted(order) == list(range(52))
    s, _ = _deal(rules, order=order)
    assert s.over and G.result(s)["scores"] == [52] and G.result(s)["winners"] == []
    assert _yukon_referee(rules, 0, order=order) == (52, 0)


def test_canfield_written_with_cyclic_distance_plays_the_same_game():
    rules = _load("canfield-distance")
    for seed in range(20):
        _canfield_referee(rules, seed, pick=_busy if seed % 2 else None)


# -- scenarios ----------------------------------------------------------------------------------------

def test_scenarios_of_these_games_pass():
    """The worked examples.  Canfield's first foundation card goes to the foundation of its suit: a
    stacked deal naming `foundation: {spades: [K♠]}` was refused ("the deal puts 0 there"), the probe
    deal in pack order having sent that position's card to another suit's foundation."""
    from tests.helpers import run_cli
    for name in ("yukon", "canfield"):
        out = run_cli("test", str(HERE / f"{name}.scenario.yaml"))
        assert out.returncode == 0 and "0 failed" in out.stdout, out.stdout + out.stderr


def test_a_stacked_deal_still_refuses_a_card_the_zone_never_gets(tmp_path):
    """The positions of other suits' foundations serve a card named for one suit, but naming two
    foundation cards, where the deal turns up one, is still an error of the scenario."""
    from tests.helpers import run_cli
    (tmp_path / "x.scenario.yaml").write_text(
        f"ruleset: {HERE / 'canfield.yaml'}\nplayers: 1\nscenarios:\n  - name: two bases\n"
        "    deal:\n      foundation: {spades: [K♠], hearts: [K♥]}\n", encoding="utf-8")
    out = run_cli("test", str(tmp_path / "x.scenario.yaml"))
    assert out.returncode == 1
    text = out.stdout + out.stderr
    assert "the deal puts 0 there" in text and "the deal puts 1 card(s) in all the parts of foundation" in text, text
