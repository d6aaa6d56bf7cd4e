"""Correctness on two games the engine has never seen (tests/rulesets_review54/, each says at its top which
readings it keeps): a deck-building game in the manner of Dominion's base game, and Bohnanza without trading.

A referee written here from the rules (sharing no code with the engine) follows seeded random games move
by move: who is asked, the exact moves offered, every zone's cards (each player's deck in order, except
where the player shuffled: there the shuffled cards are checked as a whole and the engine's order is then
followed), card conservation, the values of the turn (actions, buys, coins), the scores and who wins.
Scripted deals check known outcomes (rulesets_review54/*.scenario.yaml).

Defects found and fixed: a card could have at most 16 copies (`copies_of`), so neither sixty Coppers nor
twenty-four Coffee beans could be written (the guard is now the size of the whole pack); a scenario's
`zones:` took the first copy of a card named wherever it lay (an Estate out of a starting deck the scenario
left alone, which changed the scores); explain said a filter's condition that does not read the item as if
it did ('the fields whose owner is p and whose slot is less than 3 or are p's third') and dropped the
brackets of an 'or' inside an 'and', said 'the first of the pile of the rank' for a definition's cards, and
said nothing of when turns without 'until' stop; the hint for a rank written as a name showed a card of
hearts in a pack without hearts; a position past the end of a list named the whole expression as the list
('no item 1 in field[pick[1]]').  Review36's and review41's scenario tests could not fail on a failing
scenario (they now check each outcome).
"""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import cached_loader, drive, every_card_once, load_from, seen, var as _v, zone_names

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
        # what each seat sees: its own hand, nobody's deck, every discard pile and card in play
        for v in range(self.n):
            for p in range(self.n):
                assert seen(s, v, "hand", p) == (sorted(map(card, self.hand[p].elements())) if p == v else [])
                assert seen(s, v, "deck", p) == []
                assert seen(s, v, "discard", p) == sorted(map(card, self.discard[p].elements()))

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


# -- Bohnanza ------------------------------------------------------------------------------------------------

BEANS = {"coffee": 24, "wax": 22, "blue": 20, "chili": 18, "stink": 16, "green": 14, "soy": 12,
         "black_eyed": 10, "red": 8, "garden": 6, "cocoa": 4}
# beans needed for 1, 2, 3, 4 coins (None: not to be had)
METER = {"coffee": (4, 7, 10, 12), "wax": (4, 7, 9, 11), "blue": (4, 6, 8, 10), "chili": (3, 6, 8, 9),
         "stink": (3, 5, 7, 8), "green": (3, 5, 6, 7), "soy": (2, 4, 6, 7), "black_eyed": (2, 4, 5, 6),
         "red": (2, 3, 4, 5), "garden": (None, 2, 3, None), "cocoa": (None, 2, 3, 4)}


def bean(kind):
    return f"{kind}/bean"


def kind_of(name):
    return name.split("/")[0]


def paid(kind, beans):
    """The coins a harvest of `beans` beans of a kind pays."""
    return max([k + 1 for k, need in enumerate(METER[kind]) if need is not None and beans >= need], default=0)


class BohnanzaReferee:
    """The game from the rules.  The draw pile's order is followed exactly; after a shuffle of the discard
    pile the cards taken are read from the game's log, checked to come from the shuffled cards, and the
    pile left is then followed in the engine's order."""

    def __init__(self, s, n):
        self.n = n
        left_out = "cocoa" if n <= 3 else "coffee"
        self.pack = Counter({k: c for k, c in BEANS.items() if k != left_out})
        deck = [kind_of(c) for c in zone_names(s, "deck")]
        # five cards each, one at a time from the left of the dealer (seat 0), the first dealt in front
        self.hands = [[kind_of(c) for c in zone_names(s, "hand", p)] for p in range(n)]
        assert all(len(h) == 5 for h in self.hands)
        assert Counter(deck) + sum((Counter(h) for h in self.hands), Counter()) == self.pack
        self.deck = deck
        self.fields = {(p, x): [] for p in range(n) for x in "abc"}
        self.coins = [[] for _ in range(n)]
        self.third = [False] * n
        self.discard = Counter()
        self.faceup = []
        self.exhausted = 0
        self.shuffled = None
        self.taken = []
        self.seen_events = len(s.events)
        self.cur = 1 % n
        self.sown, self.done, self.phase = 0, False, "front"
        self.over = False
        self.harvests = 0
        self.advance()

    # the rules
    def my_fields(self, p):
        return [(p, x) for x in ("abc" if self.third[p] else "ab")]

    def harvestable(self, p, f):
        size = len(self.fields[f])
        return size > 1 or (size == 1 and all(len(self.fields[g]) <= 1 for g in self.my_fields(p)))

    def fits(self, f, kind):
        return not self.fields[f] or self.fields[f][0] == kind

    def take(self):
        """The top card of the draw pile, refilled from the discard pile when empty; None: the game is over."""
        if self.shuffled is None and not self.deck:
            self.exhausted += 1
            if self.exhausted >= 3 or not self.discard:
                self.over = True
                return None
            self.shuffled, self.discard = self.discard, Counter()
        if self.shuffled is not None:
            if sum(self.shuffled.values()) == 0:
                # a shuffled pile used up within one move: the game would go on refilling
                raise AssertionError("a shuffled pile ran out within one move")
            got = self.taken.pop(0)
            assert self.shuffled[got] > 0
            self.shuffled[got] -= 1
            return got
        got = self.deck.pop()
        assert self.taken.pop(0) == got
        return got

    def field_name(self, f):
        return f"field_{f[0]}{f[1]}"

    def advance(self):
        """Play on to the next decision."""
        while not self.over:
            me = self.cur
            if self.phase == "front":
                if self.hands[me] and self.sown == 0:
                    return
                self.phase = "second"
            if self.phase == "second":
                if self.hands[me] and self.sown == 1 and not self.done:
                    return
                self.phase = "turn_up"
            if self.phase == "turn_up":
                for _ in range(2):
                    got = self.take()
                    if got is None:
                        return
                    self.faceup.append(got)
                self.phase = "faceup"
            if self.phase == "faceup":
                if self.faceup:
                    return
                for _ in range(3):
                    got = self.take()
                    if got is None:
                        return
                    self.hands[me].append(got)
                self.cur = (me + 1) % self.n
                self.sown, self.done, self.phase = 0, False, "front"

    def expected(self):
        me = self.cur
        moves = [f"harvest {self.field_name(f)}" for f in self.my_fields(me) if self.harvestable(me, f)]
        if not self.third[me] and len(self.coins[me]) >= 3:
            moves.append("buy_field")
        if self.phase in ("front", "second"):
            moves += [f"plant {self.field_name(f)}" for f in self.my_fields(me) if self.fits(f, self.hands[me][0])]
            if self.phase == "second":
                moves.append("stop")
        else:
            moves += [f"plant ({bean(k)}, {self.field_name(f)})" for k in set(self.faceup)
                      for f in self.my_fields(me) if self.fits(f, k)]
        return me, sorted(moves)

    def final(self, p):
        return len(self.coins[p]) + sum(paid(self.fields[f][0], len(self.fields[f]))
                                        for f in self.my_fields(p) if self.fields[f])

    # beside the engine
    def read_taken(self, s):
        for e in s.events[self.seen_events:]:
            if e.get("event") == "move" and e["source"] == ["deck"]:
                self.taken.extend(kind_of(c) for c in e["cards"])
        self.seen_events = len(s.events)

    def check(self, s):
        every_card_once(s)
        assert [kind_of(c) for c in zone_names(s, "deck")] == self.deck
        assert Counter(kind_of(c) for c in zone_names(s, "discard")) == +self.discard
        assert [kind_of(c) for c in zone_names(s, "faceup")] == self.faceup
        for p in range(self.n):
            assert [kind_of(c) for c in zone_names(s, "hand", p)] == self.hands[p], p
            assert [kind_of(c) for c in zone_names(s, "coins", p)] == self.coins[p], p
            for x in "abc":
                assert [kind_of(c) for c in zone_names(s, "field", f"field_{p}{x}")] == self.fields[(p, x)]
        assert _v(s, "third") == self.third
        assert _v(s, "exhausted") == self.exhausted
        # what each seat sees: its own hand, the fields, the discard pile; nobody's coins, not the draw pile
        for v in range(self.n):
            assert seen(s, v, "deck") == []
            assert seen(s, v, "discard") == sorted(map(bean, self.discard.elements()))
            for p in range(self.n):
                assert seen(s, v, "hand", p) == (sorted(map(bean, self.hands[p])) if p == v else [])
                assert seen(s, v, "coins", p) == []

    def before(self, s, who, legal):
        assert not self.over
        want_who, want = self.expected()
        assert (who, legal) == (want_who, want), (self.phase, who, legal, want_who, want)
        self.check(s)

    def harvest(self, p, f):
        got = self.fields[f]
        k = paid(got[0], len(got))
        self.coins[p] += got[:k]
        self.discard += Counter(got[k:])
        self.fields[f] = []
        self.harvests += 1

    def after(self, s, who, text):
        self.read_taken(s)
        me = self.cur
        move, _, what = text.partition(" ")
        if move == "harvest":
            self.harvest(me, (int(what[6]), what[7]))
        elif move == "buy_field":
            self.discard += Counter(self.coins[me][-3:])
            del self.coins[me][-3:]
            self.third[me] = True
        elif move == "stop":
            self.done = True
        elif what.startswith("("):
            kind, name = what[1:-1].split(", ")
            self.faceup.remove(kind_of(kind))
            self.fields[(int(name[6]), name[7])].append(kind_of(kind))
        else:
            self.fields[(int(what[6]), what[7])].append(self.hands[me].pop(0))
            self.sown += 1
        self.advance()
        assert self.taken == []
        if self.shuffled is not None:
            deck = [kind_of(c) for c in zone_names(s, "deck")]
            assert Counter(deck) == +self.shuffled
            self.deck, self.shuffled = deck, None

    def finish(self, s):
        assert self.over
        self.check(s)
        scores = [self.final(p) for p in range(self.n)]
        assert G.result(s)["scores"] == scores
        assert G.result(s)["winners"] == [p for p in range(self.n) if scores[p] == max(scores)]


def _bohnanza_pick(rng):
    """Plants more often than it harvests, and buys the third field when it can, so that fields grow."""
    def pick(texts):
        if "buy_field" in texts and rng.random() < 0.5:
            return "buy_field"
        plants = [t for t in texts if t.startswith("plant")]
        if plants and rng.random() < 0.85:
            return rng.choice(plants)
        return rng.choice(texts)
    return pick


def _bohnanza_games(seeds, counts=(2, 3, 4, 5)):
    rules = _load("bohnanza")
    thirds = 0
    for seed in seeds:
        n = counts[seed % len(counts)]
        s = G.new_game(rules, n, seed, log=True)
        ref = drive(s, BohnanzaReferee(s, n), _bohnanza_pick(random.Random(seed * 29 + 1)))
        thirds += sum(ref.third)
    return thirds


def test_bohnanza_random_games_follow_the_rules():
    assert _bohnanza_games(range(60)) > 0


@pytest.mark.soak
def test_bohnanza_many_random_games():
    _bohnanza_games(range(60, 600))


# -- scenarios -------------------------------------------------------------------------------------------------

COPIES_DEALT = """
name: Copies dealt and spare
players: {count: [2]}
pack: {ranks: [a, b], suits: [x], copies: 4}
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
  pile: {visibility: public}
hand:
  - deal: {from: stock, to: hand, count: 2}
  - choose: {player: 0, moves: {go: {}}}
"""

COPIES_SCENARIO = """
ruleset: copies.yaml
players: 2
scenarios:
  - name: a card listed in one zone is a spare copy, not one from a hand left as dealt
    deal: {hand: {0: [a/x, a/x], 1: [b/x, b/x]}}
    zones: {pile: [a/x, b/x]}
    expect:
      zones: {hand: {0: [a/x, a/x], 1: [b/x, b/x]}, pile: [a/x, b/x]}
      sizes: {stock: 2}
"""


def test_a_zone_a_scenario_sets_takes_spare_copies_not_cards_of_a_hand_it_leaves_as_dealt(tmp_path):
    """`zones:` names cards of which the pack has identical copies: the copies it takes are the spare
    ones (in the pack's zone), not the first copies wherever they lie (a Copper taken out of a starting
    deck, an Estate out of a hand the scenario does not mention, which changed the scores)."""
    from interpreter.authoring.runner import run_file
    (tmp_path / "copies.yaml").write_text(COPIES_DEALT)
    (tmp_path / "copies.scenario.yaml").write_text(COPIES_SCENARIO)
    outcomes, problems = run_file(str(tmp_path / "copies.scenario.yaml"))
    assert not problems and len(outcomes) == 1 and all(o.passed for o in outcomes), (problems, outcomes)


@pytest.mark.parametrize("name, count", [("deck-builder", 5), ("bohnanza", 4)])
def test_the_worked_deals_pass_as_scenarios(name, count):
    from interpreter.authoring.runner import run_file
    outcomes, problems = run_file(str(HERE / f"{name}.scenario.yaml"))
    assert not problems and len(outcomes) == count and all(o.passed for o in outcomes), (problems, outcomes)


# -- explain -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("expr, said", [
    # a condition that says nothing of the item is no property of it ('are *p*'s *third*' read as if the
    # fields were the flag)
    ("filter(players, q => score[q] > 3 and (score[q] < 9 or out[p]))",
     "the players q whose *score* is more than 3 and for which (their *score* is less than 9 or the player p's "
     "*out*)"),
    ("filter(players, q => score[q] > 3 or open)", "the players q for which their *score* is more than 3 or *open*"),
    # an 'or' of clauses inside an 'and' keeps its brackets
    ("filter(hand[p], c => c.suit == hearts and (c.rank == \"A\" or c.suit == spades))",
     "the cards in the player's *hand* whose suit is *hearts* and (whose rank is “A” or whose suit is *spades*)"),
    # unchanged: an 'or' of one attribute, and clauses that all speak of the item
    ("filter(hand[p], c => c.suit == hearts and (c.rank == \"A\" or c.rank == \"K\"))",
     "the cards in the player's *hand* whose suit is *hearts* and whose rank is “A” or “K”"),
    ("filter(players, q => score[q] > 3 and not out[q])",
     "the players q whose *score* is more than 3 and are not *out*"),
])
def test_a_filter_condition_in_words_keeps_its_brackets_and_its_subject(expr, said):
    from interpreter.authoring.phrasing import Lexicon, words
    lex = Lexicon(state={"score": "player", "out": "player", "open": None}, zones={"hand": "player"},
                  flags={"out", "open"}).binding("p", "player")
    assert words(expr, lex) == said


def test_explain_of_the_fields_a_player_has():
    from interpreter.authoring.explain import explain
    text = explain(_load("bohnanza"))
    assert ("**my_fields(p)**: the fields whose owner is *p* and for which (its slot is less than 3 or *p*'s "
            "*third*)") in text, [line for line in text.splitlines() if "my_fields(p)**" in line]


def test_a_rank_written_as_a_name_is_told_with_a_suit_of_the_pack(tmp_path):
    """The hint for `c.rank in [village, smithy]` (ranks unquoted) wrote card("village", hearts) for a pack
    whose one suit is 'card'."""
    from interpreter.ruleset.loader import load_ruleset
    text = """
name: Unquoted ranks
players: {count: 2}
pack: {ranks: [village, smithy], suits: [card], copies: 2}
zones:
  stock: {}
  hand: {per: player, visibility: owner}
define:
  is_action(c): c.rank in [village, smithy]
hand:
  - deal: {from: stock, to: hand, count: 2}
end:
  winners: "filter(players, p => any(hand[p], c => is_action(c)))"
"""
    (tmp_path / "unquoted.yaml").write_text(text)
    hints = [d.hint for d in load_ruleset(str(tmp_path / "unquoted.yaml"), {}).diagnostics if d.severity == "error"]
    assert hints and hints[0] == 'a rank is text, in quotes: "village", e.g. card("village", card) or c.rank == "village"'


def test_explain_says_what_the_first_items_of_a_definition_are():
    """pile(r) is a definition giving cards: 'the first card of the pile of the rank', not 'the first of
    the pile of the rank'; with a number, 'the first cards of the pile of r', not 'the first items'."""
    from interpreter.authoring.explain import explain
    text = explain(_load("deck-builder"))
    assert "Move the first card of the pile of the rank from *supply*" in text
    assert "Move the first cards of the pile of *r*, as many as" in text


def test_explain_says_how_long_turns_without_an_end_go_on():
    """Bohnanza's turns have no 'until': an end_game step in a procedure ends them.  Explain said nothing of
    when they stop."""
    from interpreter.authoring.explain import explain
    text = explain(_load("bohnanza"))
    assert ("Players take turns, starting with the player to the left of the dealer, then the player to the left "
            "of the last to play, until a step ends the hand or the game:") in text


def test_a_position_past_the_end_names_the_list_read(tmp_path):
    """`field[pick[1]]` with pick holding one item said "no item 1 in 'field[pick[1]]'", as if the field
    were the list; the message names the reading that failed."""
    from interpreter.ruleset.loader import load_ruleset
    text = """
name: A short pick
players: {count: 2}
pack: {ranks: [a, b], suits: [x]}
zones:
  stock: {}
  hand: {per: player, visibility: owner}
state:
  pick: {type: list, initial: "[0]"}
  where: {initial: 0}
hand:
  - set: {where: "[5, 6][pick[1]]"}
"""
    (tmp_path / "short.yaml").write_text(text)
    loaded = load_ruleset(str(tmp_path / "short.yaml"), {})
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    with pytest.raises(Exception) as err:
        G.new_game(loaded.rules, 2, 0)
    assert "no item 1 in 'pick[1]': it holds 1 item, positions 0 to 0" in str(err.value), str(err.value)
