"""Review 46: two rummy games the engine has never seen, written from the docs only
(tests/rulesets_review46/, each says at its top which rules and readings it keeps): Tonk (a knock rummy
for two to five: a tonk on the deal, drawing from the stock or the discards, spreads and hits on any
player's spreads, dropping, the hit that blocks a drop, tonking out) and Conquian (two players, a
40-card pack, cards turned one at a time that must be melded at once or passed, table melds that may be
rearranged, eleven cards melded to win).

Referees written here from the rules (sharing no code with the engine; the deal is read from the game's
log, the order of the stock from the game once it is shuffled) follow seeded random games move by move:
who moves, the exact moves offered, every card in one place, and the money each hand moves.
"""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import cached_loader, every_card_once, load_from, var as _v

HERE = Path(__file__).resolve().parent / "rulesets_review46"


_load = cached_loader(HERE)


def _names(s, ids):
    return S.names(s, ids)


def _legal(s):
    return [S.describe(s, a) for a in G.legal_actions(s)]


def _rank(c):
    return c[:-1]


def _suit(c):
    return c[-1]


# -- Tonk -------------------------------------------------------------------------------------------------

T_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
T_SEQ = {r: i for i, r in enumerate(T_RANKS)}
T_VALUE = {**{r: i for i, r in enumerate(T_RANKS[:10], 1)}, "J": 10, "Q": 10, "K": 10}
SUITS = "♣♦♥♠"
T_PACK = [r + s for s in SUITS for r in T_RANKS]


def t_count(cards):
    return sum(T_VALUE[_rank(c)] for c in cards)


def runs_in(cards, seq, longest=None):
    """Every run of three or more cards of one suit in sequence (no wrap), as frozensets."""
    out = set()
    for suit in SUITS:
        mine = {seq[_rank(c)]: c for c in cards if _suit(c) == suit and _rank(c) in seq}
        for lo in mine:
            hi = lo
            while hi + 1 in mine:
                hi += 1
                if hi - lo + 1 >= 3 and (longest is None or hi - lo + 1 <= longest):
                    out.add(frozenset(mine[k] for k in range(lo, hi + 1)))
    return out


def sets_in(cards):
    """Every set of three or four cards of one rank, as frozensets."""
    out = set()
    by_rank = {}
    for c in cards:
        by_rank.setdefault(_rank(c), []).append(c)
    for group in by_rank.values():
        for k in (3, 4):
            out |= {frozenset(x) for x in combinations(group, k)}
    return out


def is_run(cards, seq, longest=None):
    if len(cards) < 3 or len({_suit(c) for c in cards}) != 1 or (longest and len(cards) > longest):
        return False
    if any(_rank(c) not in seq for c in cards):
        return False
    keys = sorted(seq[_rank(c)] for c in cards)
    return keys == list(range(keys[0], keys[0] + len(keys)))


def is_set(cards):
    return 3 <= len(cards) <= 4 and len({_rank(c) for c in cards}) == 1


def additions(hand, groups, seq):
    """Every (card, grown group) adding one hand card to a group of the table."""
    out = []
    for g in groups:
        for c in set(hand):
            grown = frozenset(g | {c})
            if (len(set(_rank(x) for x in g)) == 1 and is_set(grown)) or is_run(grown, seq):
                out.append((c, grown))
    return out


def _parse_meld(text):
    """'spread [8♣ 8♥ 8♠]' -> frozenset; 'add 9♦ -> [9♦ 10♦ J♦]' -> (card, frozenset)."""
    word, rest = text.split(" ", 1)
    if word == "add":
        card, group = rest.split(" -> ")
        return (card, frozenset(group.strip("[]").split(" ")))
    return frozenset(rest.strip("[]").split(" "))


class TonkReferee:
    def __init__(self, s, stake=1, hands=6, hit_blocks_drop=True):
        self.s, self.n = s, s.n
        self.stake, self.hands_in_game, self.hit_blocks = stake, hands, hit_blocks_drop
        self.score = [0] * self.n
        self.hand_no = 0
        self.events_read = 0
        self.settled = True
        self.counts = Counter()

    # the deal, read from the log
    def read_events(self):
        events = self.s.events
        while self.events_read < len(events):
            e = events[self.events_read]
            self.events_read += 1
            kind = e.get("event")
            if kind == "hand":
                assert self.settled, "a hand began before the last one was settled"
                self.hand_no = e["hand"]
                assert e["dealer"] == (self.hand_no - 1) % self.n
                self.dealer = e["dealer"]
                self.settled = False
                self.phase = "deal"
                self.turned = None
            elif kind == "deal" and self.phase == "deal":
                each = e["each"]
                order = [p for p, _ in each]
                assert order == [(self.dealer + 1 + i) % self.n for i in range(self.n)]
                self.hands = {p: list(cards) for p, cards in each}
                assert all(len(h) == 5 for h in self.hands.values())
                self.phase = "turn"
            elif kind == "move" and self.phase == "turn" and e.get("to") == "discard":
                assert e["source"] == ["stock"] and len(e["cards"]) == 1
                self.discard = list(e["cards"])
                self.start_play()

    def start_play(self):
        self.spreads = {p: [] for p in range(self.n)}
        self.blocked = [False] * self.n
        self.stock = None                   # read at the first decision
        tonks = [p for p in range(self.n) if t_count(self.hands[p]) in (49, 50)]
        if len(tonks) == 1:
            self.collect(tonks[0], 2 * self.stake)
            self.counts["deal tonk"] += 1
        elif tonks:
            self.settled = True
            self.counts["deal draw"] += 1
        if self.settled:
            self.phase = "settled"
            return
        self.current = (self.dealer + 1) % self.n
        self.phase = "start"

    def collect(self, winner, amount):
        for q in range(self.n):
            if q != winner:
                self.score[q] -= amount
                self.score[winner] += amount
        self.settled = True

    def expected(self):
        p = self.current
        hand = self.hands[p]
        if self.phase == "start":
            want = [("draw",)]
            if not (self.hit_blocks and self.blocked[p]):
                want.append(("drop",))
            if self.discard:
                want.append(("take",))
            return Counter(want)
        if self.phase == "act":
            want = [("spread", m) for m in runs_in(hand, T_SEQ) | sets_in(hand)]
            want += [("hit", str(q)) for q in range(self.n) if additions(hand, self.spreads[q], T_SEQ)]
            want += [("discard", c) for c in hand]
            return Counter(want)
        assert self.phase == "add"
        return Counter(("add",) + a for a in additions(hand, self.spreads[self.hit_on], T_SEQ))

    def offered(self):
        got = []
        for text in _legal(self.s):
            word = text.split(" ")[0]
            if word == "spread":
                got.append(("spread", _parse_meld(text)))
            elif word == "add":
                got.append(("add",) + _parse_meld(text))
            else:
                got.append(tuple(text.split(" ")))
        return Counter(got)

    def check_zones(self):
        s = self.s
        every_card_once(s)
        for p in range(self.n):
            assert sorted(_names(s, S.zone(s, "hand", p))) == sorted(self.hands[p])
            groups = [frozenset(_names(s, g)) for g in S.zone(s, "spreads", p)]
            assert Counter(groups) == Counter(self.spreads[p]), (p, groups, self.spreads[p])
        assert _names(s, S.zone(s, "discard")) == self.discard
        assert _names(s, S.zone(s, "stock")) == self.stock
        assert _v(s, "score") == self.score
        # what one seat sees: its own hand, every spread, the discards; never the stock
        q = self.current
        obs = G.observation(s, q)["zones"]
        assert obs["stock"] == []
        for p in range(self.n):
            assert sorted(_names(s, obs["hand"][p])) == (sorted(self.hands[p]) if p == q else [])

    def decide(self, rng, policy):
        s = self.s
        self.read_events()
        assert s.hand_no == self.hand_no and self.phase not in ("deal", "turn", "settled"), self.phase
        if self.stock is None:
            self.stock = _names(s, S.zone(s, "stock"))
            held = sum(self.hands.values(), []) + self.discard
            assert Counter(self.stock + held) == Counter(T_PACK)
        assert G.current_player(s) == self.current, (G.current_player(s), self.current)
        want, got = self.expected(), self.offered()
        assert got == want, (self.phase, self.hands[self.current], got - want, want - got)
        self.check_zones()
        texts = _legal(s)
        i = policy(texts, rng)
        G.apply_index(s, i)
        self.after(texts[i])

    def after(self, text):
        p = self.current
        word = text.split(" ")[0]
        hand = self.hands[p]
        if word == "drop":
            counts = [t_count(self.hands[q]) for q in range(self.n)]
            if all(counts[q] > counts[p] for q in range(self.n) if q != p):
                self.collect(p, self.stake)
                self.counts["drop won"] += 1
            else:
                for q in range(self.n):
                    if q != p and counts[q] <= counts[p]:
                        self.score[p] -= 2 * self.stake
                        self.score[q] += 2 * self.stake
                self.settled = True
                self.counts["drop caught"] += 1
            return self.end_turn()
        if word == "draw":
            hand.append(self.stock.pop())
            self.phase = "act"
            return
        if word == "take":
            hand.append(self.discard.pop())
            self.phase = "act"
            return
        if word == "hit":
            self.hit_on = int(text.split(" ")[1])
            self.phase = "add"
            return
        if word == "spread":
            meld = _parse_meld(text)
            for c in meld:
                hand.remove(c)
            self.spreads[p].append(meld)
            self.counts["spread"] += 1
        elif word == "add":
            card, grown = _parse_meld(text)
            q = self.hit_on
            old = grown - {card}
            self.spreads[q][self.spreads[q].index(old)] = grown
            hand.remove(card)
            if q != p:
                self.blocked[q] = True
                self.counts["hit another"] += 1
            self.counts["hit"] += 1
        if word in ("spread", "add"):
            self.phase = "act"
            if not hand:
                self.collect(p, 2 * self.stake)
                self.counts["tonk out"] += 1
                return self.end_turn()
            return
        assert word == "discard"
        card = text.split(" ", 1)[1]
        hand.remove(card)
        self.discard.append(card)
        if not hand:
            self.collect(p, self.stake)
            self.counts["out by discard"] += 1
        elif not self.stock:
            counts = [t_count(self.hands[q]) for q in range(self.n)]
            low = [q for q in range(self.n) if counts[q] == min(counts)]
            if len(low) == 1:
                self.collect(low[0], self.stake)
            self.settled = True
            self.counts["stock out"] += 1
        self.end_turn()

    def end_turn(self):
        self.blocked[self.current] = False
        if self.settled:
            self.phase = "settled"
        else:
            self.current = (self.current + 1) % self.n
            self.phase = "start"

    def run(self, rng, policy):
        while not self.s.over:
            self.decide(rng, policy)
        self.read_events()
        assert self.settled and self.hand_no == self.hands_in_game
        res = G.result(self.s)
        assert res["scores"] == self.score and sum(self.score) == 0
        assert res["winners"] == [p for p in range(self.n) if self.score[p] == max(self.score)]
        return self


def tonk_policy(drop_rate):
    """Random play leaning to spreads and hits (so that hands end by tonks and hits happen), dropping
    now and then."""
    def policy(texts, rng):
        melds = [i for i, t in enumerate(texts) if t.split(" ")[0] in ("spread", "hit", "add")]
        if melds and rng.random() < 0.85:
            return rng.choice(melds)
        if "drop" in texts and rng.random() < drop_rate:
            return texts.index("drop")
        others = [i for i, t in enumerate(texts) if t != "drop"]
        return rng.choice(others)
    return policy


def _tonk(n, seed, drop_rate=0.1, **options):
    rules = _load("tonk", **options)
    ref = TonkReferee(G.new_game(rules, n, seed, log=True), **options)
    return ref.run(random.Random(seed), tonk_policy(drop_rate))


def test_tonk_random_games_follow_the_rules():
    totals = Counter()
    for seed in range(40):
        totals += _tonk(2 + seed % 4, seed, drop_rate=0.05 + (seed % 3) * 0.1).counts
    for what in ("deal tonk", "drop won", "drop caught", "spread", "hit", "hit another", "tonk out",
                 "out by discard", "stock out"):
        assert totals[what] > 0, (what, totals)


def test_tonk_random_games_without_the_hit_rule():
    for seed in range(10):
        _tonk(2 + seed % 4, 100 + seed, hit_blocks_drop=False, stake=2)


@pytest.mark.soak
def test_tonk_soak():
    for seed in range(1000, 1400):
        _tonk(2 + seed % 4, seed, drop_rate=(seed % 5) * 0.1)


# -- Conquian ---------------------------------------------------------------------------------------------

C_RANKS = ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"]
C_SEQ = {r: i for i, r in enumerate(C_RANKS)}
C_PACK = [r + s for s in SUITS for r in C_RANKS]


def conquian_uses(table, hand, up):
    """Every way to use the card that is up: the player's table cards, the card and any cards from hand
    laid as card-disjoint melds (runs of three to eight, sets of three or four), every table card and the
    card among them.  Each way is a frozenset of melds (frozensets of card names)."""
    required = set().union(*table) | set(up) if table else set(up)
    pool = set().union(*table) | set(hand) | set(up) if table else set(hand) | set(up)
    melds = sorted(runs_in(pool, C_SEQ, 8) | sets_in(pool), key=sorted)
    out = set()

    def grow(start, used, chosen):
        if chosen and required <= used:
            out.add(frozenset(chosen))
        for i in range(start, len(melds)):
            m = melds[i]
            if not (m & used):
                grow(i + 1, used | m, chosen + [m])

    grow(0, frozenset(), [])
    return out


def _parse_use(text):
    body = text.split(" ", 1)[1]
    return frozenset(frozenset(g.split(" ")) for g in body.strip("[]").split("] ["))


class ConquianReferee:
    def __init__(self, s):
        self.s = s
        self.events_read = 0
        self.counts = Counter()
        self.winner = None
        self.drawn = False
        self.read_events()

    def read_events(self):
        for e in self.s.events[self.events_read:]:
            if e.get("event") == "hand":
                assert e["hand"] == 1 and e["dealer"] == 0
            elif e.get("event") == "deal":
                assert [p for p, _ in e["each"]] == [1, 0]          # the non-dealer first
                self.hands = {p: list(cards) for p, cards in e["each"]}
                assert all(len(h) == 10 for h in self.hands.values())
        self.events_read = len(self.s.events)

    def start(self):
        s = self.s
        up = _names(s, S.zone(s, "up"))
        assert len(up) == 1
        self.stock = _names(s, S.zone(s, "stock")) + up        # the first card is turned before anyone decides
        assert Counter(self.stock + sum(self.hands.values(), [])) == Counter(C_PACK)
        self.tables = {0: [], 1: []}
        self.up, self.dead = [], []
        self.turner = 1
        self.turn()

    def turn(self):
        if not self.stock:
            self.drawn = True
            self.counts["drawn"] += 1
            return
        self.up = [self.stock.pop()]
        self.actor, self.second, self.phase = self.turner, True, "offer"

    def expected(self):
        a = self.actor
        if self.phase == "discard":
            return Counter(("discard", c) for c in self.hands[a])
        ways = conquian_uses(self.tables[a], self.hands[a], self.up)
        return Counter([("pass",)] + [("use", w) for w in ways])

    def offered(self):
        got = []
        for text in _legal(self.s):
            word = text.split(" ")[0]
            got.append(("use", _parse_use(text)) if word == "use" else tuple(text.split(" ")))
        return Counter(got)

    def check_zones(self):
        s = self.s
        every_card_once(s)
        for p in (0, 1):
            assert sorted(_names(s, S.zone(s, "hand", p))) == sorted(self.hands[p])
            groups = Counter(frozenset(_names(s, g)) for g in S.zone(s, "table", p))
            assert groups == Counter(self.tables[p]), (p, groups, self.tables[p])
        assert _names(s, S.zone(s, "up")) == self.up
        assert _names(s, S.zone(s, "dead")) == self.dead
        assert _names(s, S.zone(s, "stock")) == self.stock
        for q in (0, 1):
            obs = G.observation(s, q)["zones"]
            assert obs["stock"] == [] and sorted(_names(s, obs["hand"][1 - q])) == []
            assert sorted(_names(s, obs["hand"][q])) == sorted(self.hands[q])

    def decide(self, rng, use_rate):
        s = self.s
        assert G.current_player(s) == self.actor, (G.current_player(s), self.actor)
        want, got = self.expected(), self.offered()
        assert got == want, (self.phase, self.hands[self.actor], self.tables[self.actor], self.up,
                             got - want, want - got)
        self.check_zones()
        texts = _legal(s)
        uses = [i for i, t in enumerate(texts) if t.startswith("use")]
        if uses and rng.random() < use_rate:
            i = rng.choice(uses)
        else:
            i = rng.randrange(len(texts))
        G.apply_index(s, i)
        self.after(texts[i])

    def after(self, text):
        a = self.actor
        word = text.split(" ")[0]
        if word == "use":
            way = _parse_use(text)
            laid = set().union(*way)
            before = set().union(*self.tables[a]) if self.tables[a] else set()
            for c in laid - before - set(self.up):
                self.hands[a].remove(c)
            self.counts["rearranged"] += bool(self.tables[a]) and not all(g in way for g in self.tables[a])
            self.tables[a] = list(way)
            self.up = []
            self.counts["use"] += 1
            if not self.hands[a]:
                assert len(laid) == 11
                self.winner = a
                self.counts["won"] += 1
            else:
                self.phase = "discard"
            return
        if word == "discard":
            card = text.split(" ", 1)[1]
            self.hands[a].remove(card)
            self.up = [card]
            self.actor, self.second, self.phase = 1 - a, False, "offer"
            return
        assert word == "pass"
        if self.second:
            self.actor, self.second = 1 - a, False
            return
        self.dead += self.up
        self.up = []
        self.turner = a
        self.turn()

    def run(self, rng, use_rate=0.8):
        self.start()
        while not self.s.over:
            assert self.winner is None and not self.drawn
            self.decide(rng, use_rate)
        assert self.winner is not None or self.drawn
        self.check_zones()
        res = G.result(self.s)
        assert res["winners"] == ([self.winner] if self.winner is not None else [])
        assert res["scores"] == [int(p == self.winner) for p in (0, 1)]
        return self


def test_conquian_uses_by_hand():
    # a set of Kings on the table; the 7♣ turned, 7♦ 7♥ in hand: a new set, or nothing else
    ways = conquian_uses([frozenset({"K♣", "K♦", "K♠"})], ["7♦", "7♥", "2♠"], ["7♣"])
    assert ways == {frozenset({frozenset({"K♣", "K♦", "K♠"}), frozenset({"7♣", "7♦", "7♥"})})}
    # the King of hearts joins the set, or the set gives its King of clubs to a run J♣ Q♣ K♣
    ways = conquian_uses([frozenset({"K♣", "K♦", "K♠"})], ["J♣", "Q♣", "5♦"], ["K♥"])
    assert frozenset({frozenset({"K♦", "K♥", "K♠"}), frozenset({"J♣", "Q♣", "K♣"})}) in ways
    assert frozenset({frozenset({"K♣", "K♦", "K♥", "K♠"})}) in ways
    # 7 and Jack are neighbours; Q-K-A is no run
    assert frozenset({frozenset({"6♥", "7♥", "J♥"})}) in conquian_uses([], ["6♥", "7♥"], ["J♥"])
    assert conquian_uses([], ["Q♥", "K♥"], ["A♥"]) == set()


def _conquian(seed, use_rate=0.8):
    s = G.new_game(_load("conquian"), 2, seed, log=True)
    return ConquianReferee(s).run(random.Random(seed), use_rate)


def test_conquian_random_games_follow_the_rules():
    totals = Counter()
    for seed in range(60):
        totals += _conquian(seed, use_rate=(0.95, 0.8, 0.5)[seed % 3]).counts
    for what in ("use", "rearranged", "won", "drawn"):
        assert totals[what] > 0, (what, totals)


@pytest.mark.soak
def test_conquian_soak():
    for seed in range(1000, 1500):
        _conquian(seed, use_rate=(0.95, 0.8, 0.5, 0.3)[seed % 4])


# -- engine fixes found on the way --------------------------------------------------------------------------

TABLE_MOVE = """
name: a table moved
players: {{count: [2]}}
pack:
  ranks: ["2", "3", "4", "5"]
melds:
  runs: {{order: ["2", "3", "4", "5"], min: 3}}
  sets: {{min: 3}}
zones:
  stock: {{visibility: hidden}}
  hand: {{per: player, visibility: owner}}
  table: {{visibility: public}}
hand:
  - deal: {{from: stock, to: hand, count: 8}}
  - choose:
      player: 0
      moves:
        meld:
          options: melds_in(hand[0])
          do:
            - lay_melds: {{melds: option, from: "hand[0]", to: table}}
  - move: {{cards: {cards}, {source}to: "hand[1]"}}
  - choose:
      player: 1
      moves:
        look:
          options: hand[1]
          do: []
end: {{winners: players}}
"""


@pytest.mark.parametrize("cards,source", [("table", ""), ("table", "from: table, "),
                                          ('"table + hand[0]"', "")])
@pytest.mark.parametrize("logged", [False, True])
def test_a_move_of_a_table_zone_moves_the_cards_of_its_melds(tmp_path, cards, source, logged):
    """A table zone holds its melds as groups: `move: {cards: table, ...}` (also joined with other cards)
    moves the cards of the groups, as gather does.  (It put the groups themselves in the hand, or
    stopped with 'a list position must be a number, not a list' at the wrong step.)"""
    path = tmp_path / "game.yaml"
    path.write_text(TABLE_MOVE.format(cards=cards, source=source), encoding="utf-8")
    rules = load_from(tmp_path, "game")
    s = G.new_game(rules, 2, 1, log=logged)
    G.apply_index(s, _legal(s).index("meld [2♣ 2♦ 2♥]"))
    moved = {"2♣", "2♦", "2♥"} | (set(_names(s, S.zone(s, "hand", 0))) if "hand" in cards else set())
    assert all(isinstance(c, int) for c in S.zone(s, "hand", 1))
    assert moved <= set(_names(s, S.zone(s, "hand", 1)))
    assert all(g == [] for g in S.zone(s, "table"))
    every_card_once(s)
    assert sorted(t.split(" ")[1] for t in _legal(s)) == sorted(_names(s, S.zone(s, "hand", 1)))


def _explained(name):
    from interpreter.authoring.explain import explain
    return explain(_load(name))


def test_explain_says_a_pack_without_jokers_has_no_wild_cards():
    """The melds section's wild cards default to the jokers: with no joker in the pack explain says there
    are none (it said 'Wild cards: the jokers' and gave each run and set one wild card)."""
    for name in ("tonk", "conquian"):
        melds = _explained(name).split("## Melds")[1].split("##")[0]
        assert "- No wild cards." in melds and "joker" not in melds and "wild cards in one" not in melds
    from interpreter.authoring.explain import explain
    with_jokers = explain(load_from(Path(__file__).resolve().parent / "rulesets_review2", "rummy-layoff"))
    assert "**Wild cards**: the jokers" in with_jokers and "wild cards in one run: 1" in with_jokers


def test_explain_names_the_ranks_a_pack_leaves_out(tmp_path):
    """A pack without its 8s, 9s and 10s: explain's pack table said only '12 cards' were left out."""
    assert "| 2 | 40 | every 8, 9 and 10 (12 cards) | 10 in hand |" in _explained("conquian")
    from interpreter.authoring.explain import explain
    (tmp_path / "short.yaml").write_text(
        "name: short\nplayers: {count: [2]}\npack:\n  ranks: [A, '2', '3', '4', '5', '6']\n"
        "  remove: {ranks: ['2', '3'], cards: [4♣, 5♣, 6♠]}\nzones:\n  stock: {visibility: hidden}\n"
        "  hand: {per: player, visibility: owner}\nhand:\n  - deal: {from: stock, to: hand, count: 3}\n"
        "  - choose: {player: 0, moves: {play: {options: 'hand[0]', do: []}}}\nend: {winners: players}\n",
        encoding="utf-8")
    text = explain(load_from(tmp_path, "short"))
    assert "| 2 | 13 | every 2 and 3; 4♣, 5♣, 6♠ (11 cards) |" in text


def test_explain_a_sum_of_the_cards_of_melds_is_the_cards_joined():
    """sum(table_melds(t), m => meld_cards(m)) joins the lists: explain read it as a total of numbers."""
    assert "- **melded(p)**: all the cards of the melds in *p*'s *table*" in _explained("conquian")


def test_explain_reads_the_ways_to_use_a_card_once_and_every_card_of_a_joined_list():
    """filter(meld_plays(xs, 0), w => all(ys, c => c in meld_cards(w))): 'the ways to lay melds from ...
    for which every card of ... is in its cards' (it said 'the plays of the ways ... worth 0 or more for
    which for every item of ..., the item is in its cards'); lists joined with + hold what their sides
    hold (cards, not items)."""
    text = _explained("conquian")
    assert ("- **uses(p)**: the ways to lay melds from the melded of *p* together with *p*'s *hand* together "
            "with *up* for which every card of the melded of *p* together with *up* is in its cards") in text


def test_explain_keeps_for_every_when_the_statement_has_an_or():
    """all(players, q => q == current or ...) keeps 'for every player, ...': 'every player is the current
    player or ...' would read as two statements."""
    text = _explained("tonk")
    assert ("If for every player, the player is the current player or the count of the player is more than "
            "the count of the current player:") in text


def test_explain_a_definition_of_the_item_reads_whose():
    """filter(players, p => count_of(p) in [49, 50]): 'the players whose count is 49 or 50' (it said 'the
    players for which the count of it is 49 or 50')."""
    text = _explained("tonk")
    assert "- **tonk_on_deal**: the players whose count is 49 or 50" in text
    assert ("For each of the players who are not the current player and whose count is at most the count of "
            "the current player:") in text


SUM_OF = """
name: sum of cards
players: {{count: [2]}}
pack:
  ranks: ["2", "3", "4", "5"]
zones:
  stock: {{visibility: hidden}}
  hand: {{per: player, visibility: owner}}
state:
  x: {{initial: 0}}
hand:
  - deal: {{from: stock, to: hand, count: 3}}
  - set: {{x: "{expr}"}}
  - choose: {{player: 0, moves: {{play: {{options: "hand[0]", do: []}}}}}}
end: {{winners: players}}
"""


@pytest.mark.parametrize("expr,kind", [("sum(hand[0])", "cards"), ("sum(suits_in(hand[0]))", "suits"),
                                       ("sum(map(hand[0], c => c.rank))", "ranks")])
def test_a_sum_of_cards_without_a_value_is_refused_at_load_time(tmp_path, expr, kind):
    """sum(hand[p]) added the cards' places in the pack (a number no rule means; a designer after the
    cards of a table zone's melds, or their points, got it silently); of suits or ranks it stopped the
    game.  It is refused when the ruleset loads, with the ways to say it."""
    from interpreter.ruleset.loader import load_ruleset
    path = tmp_path / "game.yaml"
    path.write_text(SUM_OF.format(expr=expr), encoding="utf-8")
    found = [d for d in load_ruleset(str(path)).diagnostics if d.severity == "error"]
    assert len(found) == 1 and f"sum() of {kind} needs a number for each item" in found[0].message
    path.write_text(SUM_OF.format(expr="sum(map(hand[0], c => 1))"), encoding="utf-8")
    assert load_ruleset(str(path)).ok


@pytest.mark.parametrize("body", ["c in w", "total(w, c => 1) > 3", "count(w + up) > 1", "all(w, c => c in hand[p])"])
def test_a_play_used_as_its_cards_is_told_of_meld_cards(tmp_path, body):
    """A way to lay melds (a play) read as a list of cards: the hint names meld_cards(); an error deep inside
    a function's argument no longer gets that function's usage as its hint ('c in w' inside all(xs, c =>
    ...) was told 'usage: all(items, x => condition)').  A play is a list of melds (count(w) is how many
    melds it lays, review 47), so all(w, c => c in hand[p]) looks for a meld among cards: told at the 'in'."""
    from interpreter.ruleset.loader import load_ruleset
    text = (HERE / "conquian.yaml").read_text(encoding="utf-8")
    old = 'w => all(melded(p) + up, c => c in meld_cards(w))'
    assert old in text
    new = f"w => all(melded(p) + up, c => {body})" if body.startswith("c in") else f"w => {body}"
    path = tmp_path / "game.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    [d] = [d for d in load_ruleset(str(path)).diagnostics if d.severity == "error"]
    assert "but this is a play" in d.message or body.startswith("all(w") and "but this is a meld" in d.message
    assert d.hint and d.hint.startswith("meld_cards(x) lists the cards of a meld"), d.hint


@pytest.mark.parametrize("name,count", [("tonk", 9), ("conquian", 7)])
def test_worked_deals_pass_as_scenarios(name, count):
    from interpreter.authoring.runner import run_file
    outcomes, problems = run_file(str(HERE / f"{name}.scenario.yaml"))
    assert not problems and len(outcomes) == count
    for o in outcomes:
        assert not o.diagnostics, "\n".join(d.format() for d in o.diagnostics)


def test_a_table_of_melds_under_deal_is_told_to_go_under_zones(tmp_path):
    """A scenario that lists a table's melds under 'deal:' was told "'['K♣', ...]' is not a card" and to
    write a rank then a suit; it now says melds are set under 'zones:'."""
    from interpreter.authoring.runner import run_file
    path = tmp_path / "s.scenario.yaml"
    path.write_text(f"ruleset: {HERE / 'conquian.yaml'}\nplayers: 2\nscenarios:\n  - name: x\n    deal:\n"
                    "      table: {1: [[K♣, K♦, K♥, K♠]]}\n    moves: []\n", encoding="utf-8")
    outcomes, problems = run_file(str(path))
    [d] = problems + [d for o in outcomes for d in o.diagnostics]
    assert "not melds" in d.message and "is not a card" not in d.message
    assert "zones: {table: {1: [[...], ...]}}" in d.hint


@pytest.mark.parametrize("name,seeds,least", [("tonk", range(2), 6), ("conquian", range(8), 3)])
def test_bots_decide_the_same_when_only_unseen_cards_change(name, seeds, least):
    from tests.test_review_seen import _swap_check
    compared, differ = _swap_check(_load(name), "greedy", seeds)
    assert compared >= least and differ == 0, (compared, differ)


def test_explain_counts_the_players_a_definition_holds():
    """count(tonk_on_deal), a definition giving players: 'the number of players in *tonk_on_deal*' (it
    said 'the number of *tonk_on_deal*')."""
    text = _explained("tonk")
    assert "If the number of players in *tonk_on_deal* is 1:" in text
    assert "If the number of players in *lowest* is 1:" in text
