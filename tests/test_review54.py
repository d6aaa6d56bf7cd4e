"""Correctness on two games the engine has never seen (tests/rulesets_review54/, each says at its top which
readings it keeps): a deck-building game in the manner of Dominion's base game, and Bohnanza without trading.

A referee written here from the rules (sharing no code with the engine) follows seeded random games move
by move: who is asked, the exact moves offered, every zone's cards (each player's deck in order, except
where the player shuffled: there the shuffled cards are checked as a whole and the engine's order is then
followed), card conservation, the values of the turn (actions, buys, coins), the scores and who wins.
Scripted deals check known outcomes (rulesets_review54/*.scenario.yaml).

Defects found and fixed: a card could have at most 16 copies (`copies_of`), so neither sixty Coppers nor
twenty-four Coffee beans could be written; the guard is now the size of the whole pack.
"""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import cached_loader, drive, every_card_once, load_from, var as _v, zone_names

HERE = Path(__file__).resolve().parent / "rulesets_review54"

_load = cached_loader(HERE)


# -- the pack ------------------------------------------------------------------------------------------

def test_a_card_may_have_more_copies_than_a_double_pack_has(tmp_path):
    """Sixty Coppers of a deck-building game, twenty-four Coffee beans: copies_of is bounded only by the
    size of the whole pack (5000 cards), which counts each rank's own number of copies."""
    from interpreter.ruleset.loader import load_ruleset
    text = """
name: Many copies
players: {count: 2}
pack: {ranks: [copper, gold], suits: [card], copies_of: {copper: 60, gold: 30}}
zones:
  stock: {}
  hand: {per: player, visibility: owner}
hand:
  - deal: {from: stock, to: hand, count: 5}
"""
    (tmp_path / "many.yaml").write_text(text)
    loaded = load_ruleset(str(tmp_path / "many.yaml"), {})
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    names = Counter(loaded.rules.universe.names[c] for c in loaded.rules.deck(2))
    assert names == Counter({"copper/card": 60, "gold/card": 30})
    # the whole pack is what is limited: 5001 cards of one rank are too many
    (tmp_path / "many.yaml").write_text(text.replace("copper: 60", "copper: 4990"))
    loaded = load_ruleset(str(tmp_path / "many.yaml"), {})
    assert [d.message for d in loaded.diagnostics if d.rule == "limit"] == [
        "the pack would hold 5020 cards, more than the limit of 5000"]


# -- the deck-building game --------------------------------------------------------------------------------

def card(rank):
    return f"{rank}/card"


def rank_of(name):
    return name.split("/")[0]


DB_RANKS = ["copper", "silver", "gold", "estate", "duchy", "province", "village", "woodcutter", "smithy",
            "festival", "laboratory", "market", "council_room"]
COST = {"copper": 0, "silver": 3, "gold": 6, "estate": 2, "duchy": 5, "province": 8, "village": 3,
        "woodcutter": 3, "smithy": 4, "festival": 5, "laboratory": 5, "market": 5, "council_room": 5}
TREASURE = {"copper": 1, "silver": 2, "gold": 3}
VP = {"estate": 1, "duchy": 3, "province": 6}
# (cards, actions, buys, coins) as printed
ACTION = {"village": (1, 2, 0, 0), "woodcutter": (0, 0, 1, 2), "smithy": (3, 0, 0, 0),
          "festival": (0, 2, 1, 2), "laboratory": (2, 1, 0, 0), "market": (1, 1, 1, 1),
          "council_room": (4, 0, 1, 0)}
PACK = {"copper": 60, "silver": 40, "gold": 30, "estate": 24, "duchy": 12, "province": 12,
        **{k: 10 for k in ACTION}}


class DeckBuilderReferee:
    """The game from the rules.  Each deck's order is followed exactly; where a player shuffles their
    discard pile into a new deck, the cards drawn from it are read from the game's log (the outcome of the
    shuffle) and checked to come from the shuffled cards, and the deck left is checked as a whole and then
    followed in the engine's order."""

    def __init__(self, s, n):
        self.n = n
        victory = 8 if n == 2 else 12
        self.supply = Counter({r: PACK[r] for r in DB_RANKS})
        self.supply["copper"] -= 7 * n
        for r in VP:
            self.supply[r] = victory
        self.box = Counter({"estate": 24 - 3 * n - victory, "duchy": 12 - victory, "province": 12 - victory})
        self.box = +self.box
        self.deck, self.hand, self.discard, self.in_play = [], [], [], []
        for p in range(n):
            deck = [rank_of(c) for c in zone_names(s, "deck", p)]
            hand = Counter(rank_of(c) for c in zone_names(s, "hand", p))
            assert Counter(deck) + hand + Counter(rank_of(c) for c in zone_names(s, "in_play", p)) \
                == Counter({"copper": 7, "estate": 3})
            self.deck.append(deck)
            self.hand.append(Counter({"copper": 7, "estate": 3}) - Counter(deck))
            self.discard.append(Counter())
            self.in_play.append(Counter())
        self.shuffled = [None] * n            # the cards of a deck made from the discard pile in this move
        self.cur, self.turns = 0, [1] + [0] * (n - 1)
        self.actions, self.buys, self.coins, self.phase = 1, 1, 0, "action"
        self.drawn = {p: [] for p in range(n)}
        self.seen_events = len(s.events)          # the draws of the deal are read from the zones above
        self.over = False
        self.advance()
        self.settle(s)

    # the rules
    def draw(self, p, k):
        for _ in range(k):
            if self.shuffled[p] is None and not self.deck[p] and self.discard[p]:
                self.shuffled[p], self.discard[p] = self.discard[p], Counter()
            if self.shuffled[p] is not None:
                if sum(self.shuffled[p].values()) == 0:
                    return
                got = self.drawn[p].pop(0)
                assert self.shuffled[p][got] > 0, (p, got, self.shuffled[p])
                self.shuffled[p][got] -= 1
                self.hand[p][got] += 1
            elif self.deck[p]:
                got = self.deck[p].pop()
                assert self.drawn[p].pop(0) == got
                self.hand[p][got] += 1

    def game_over(self):
        return self.supply["province"] == 0 or sum(1 for r in DB_RANKS if self.supply[r] == 0) >= 3

    def advance(self):
        """Play on to the next decision."""
        while True:
            me = self.cur
            if self.phase == "action":
                if self.actions > 0 and any(self.hand[me][a] for a in ACTION):
                    return
                self.phase = "buy"
                treasures = Counter({r: k for r, k in self.hand[me].items() if r in TREASURE and k})
                self.coins += sum(TREASURE[r] * k for r, k in treasures.items())
                self.hand[me] -= treasures
                self.in_play[me] += treasures
            if self.buys > 0:
                return
            self.discard[me] += self.hand[me] + self.in_play[me]
            self.hand[me], self.in_play[me] = Counter(), Counter()
            self.draw(me, 5)
            if self.game_over():
                self.over = True
                return
            self.cur = (me + 1) % self.n
            self.turns[self.cur] += 1
            self.actions, self.buys, self.coins, self.phase = 1, 1, 0, "action"

    def expected(self):
        me = self.cur
        if self.phase == "action":
            # a move called play is written as its card alone
            return me, sorted([card(a) for a in ACTION if self.hand[me][a]] + ["end_actions"])
        return me, sorted([f"buy {r}" for r in DB_RANKS if self.supply[r] and COST[r] <= self.coins] + ["end_buys"])

    def points(self, p):
        every = Counter(self.deck[p]) + self.hand[p] + self.discard[p] + self.in_play[p]
        return sum(VP.get(r, 0) * k for r, k in every.items())

    # beside the engine
    def read_draws(self, s):
        for e in s.events[self.seen_events:]:
            if e.get("event") == "move" and e["source"] and e["source"][0].startswith("deck["):
                p = int(e["source"][0][5:-1])
                assert e["to"] == f"hand[{p}]", e
                self.drawn[p].extend(rank_of(c) for c in e["cards"])
        self.seen_events = len(s.events)

    def settle(self, s):
        """After a move: the draws were all accounted for; a deck made by a shuffle holds the shuffled
        cards not drawn, and is followed in the engine's order from now on."""
        for p in range(self.n):
            assert self.drawn[p] == [], (p, self.drawn[p])
            if self.shuffled[p] is not None:
                deck = [rank_of(c) for c in zone_names(s, "deck", p)]
                assert Counter(deck) == +self.shuffled[p], (p, deck, self.shuffled[p])
                self.deck[p], self.shuffled[p] = deck, None

    def check(self, s):
        every_card_once(s)
        assert Counter(rank_of(c) for c in zone_names(s, "supply")) == +self.supply
        assert Counter(rank_of(c) for c in zone_names(s, "box")) == self.box
        for p in range(self.n):
            assert [rank_of(c) for c in zone_names(s, "deck", p)] == self.deck[p], p
            assert Counter(rank_of(c) for c in zone_names(s, "hand", p)) == +self.hand[p], p
            assert Counter(rank_of(c) for c in zone_names(s, "discard", p)) == +self.discard[p], p
            assert Counter(rank_of(c) for c in zone_names(s, "in_play", p)) == +self.in_play[p], p
        assert _v(s, "turns_taken") == self.turns
        assert (_v(s, "actions"), _v(s, "buys"), _v(s, "coins")) == (self.actions, self.buys, self.coins)

    def before(self, s, who, legal):
        assert not self.over
        want_who, want = self.expected()
        assert (who, legal) == (want_who, want), (self.phase, who, legal, want_who, want)
        self.check(s)

    def after(self, s, who, text):
        self.read_draws(s)
        me = self.cur
        move, _, what = text.partition(" ")
        if "/" in move:
            a = rank_of(move)
            self.hand[me][a] -= 1
            self.in_play[me][a] += 1
            cards, actions, buys, coins = ACTION[a]
            self.actions += actions - 1
            self.draw(me, cards)
            self.buys += buys
            self.coins += coins
            if a == "council_room":
                for k in range(1, self.n):
                    self.draw((me + k) % self.n, 1)
        elif move == "end_actions":
            self.actions = 0
        elif move == "buy":
            self.coins -= COST[what]
            self.buys -= 1
            self.supply[what] -= 1
            self.discard[me][what] += 1
        else:
            assert move == "end_buys"
            self.buys = 0
        self.advance()
        self.settle(s)

    def finish(self, s):
        assert self.over
        self.check(s)
        scores = [self.points(p) for p in range(self.n)]
        assert G.result(s)["scores"] == scores
        best = max(scores)
        fewest = min(self.turns[p] for p in range(self.n) if scores[p] == best)
        assert G.result(s)["winners"] == [p for p in range(self.n) if scores[p] == best and self.turns[p] == fewest]


def _db_pick(rng):
    """Plays actions and buys the dearest cards more often than at random, so that games end by the
    Provinces as well as by three empty piles."""
    def pick(texts):
        if rng.random() < 0.25:
            return rng.choice(texts)
        plays = [t for t in texts if "/" in t]
        if plays:
            return rng.choice(plays)
        buys = [t for t in texts if t.startswith("buy")]
        if buys and rng.random() < 0.9:
            top = max(COST[t.split()[1]] for t in buys)
            return rng.choice([t for t in buys if COST[t.split()[1]] >= top - (0 if top >= 6 else 2)])
        return rng.choice(texts)
    return pick


def _db_games(seeds, counts=(2, 3, 4)):
    rules = _load("deck-builder")
    endings = Counter()
    for seed in seeds:
        n = counts[seed % len(counts)]
        s = G.new_game(rules, n, seed, log=True)
        ref = drive(s, DeckBuilderReferee(s, n), _db_pick(random.Random(seed * 17 + 3)))
        endings["provinces" if ref.supply["province"] == 0 else "piles"] += 1
    return endings


def test_deck_builder_random_games_follow_the_rules():
    endings = _db_games(range(40))
    assert endings["provinces"] and endings["piles"], endings


@pytest.mark.soak
def test_deck_builder_many_random_games():
    _db_games(range(40, 400))
