"""Correctness on two games with packs of their own that the engine has never seen
(tests/rulesets_review41/, each says at its top which readings it keeps): Exploding Kittens (the base game:
the deck built for the player count, attacks, skips, shuffles, a private look at the top three cards,
favors, pairs of cat cards, defusing a kitten and putting it back) and Mille Bornes.

A referee written here from the rules (sharing no code with the engine) follows seeded random games move
by move: who is asked, the exact moves offered, the order of the draw pile, what each seat sees (its own
hand, the public piles, the cards a see-the-future showed), card conservation, who is out, the scores
and who wins.  Scripted turns check known outcomes (rulesets_review41/*.scenario.yaml), and the bots of
each seat are asked what they know after a see-the-future and after a kitten is put back.

Defects found and fixed: `rules play` named to every seat holding an identical copy the cards shown to
one seat alone (a see-the-future); unique() kept every one of several sets of identical cards (three
copies of a cat card made three identical pair moves); explain said 'holds holds for (p, r)', 'Each of
the *mover* picks ... once every player has picked' for one player's pick, 'Shuffle *hand[option]*' and
'with *p* being *p*'; a move of a card whose identical copy lies in the zone gave no hint.
A place in a pile chosen in secret is written with a value only its player sees (`visibility: owner`)
read by the move's `position:` (session 20; an xfail here until then).  Nope is not written.
"""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import cached_loader, drive, every_card_once, load_from, seen, var as _v

HERE = Path(__file__).resolve().parent / "rulesets_review41"


_load = cached_loader(HERE)


# -- what `rules play` tells a seat --------------------------------------------------------------------

SHOWN_TO_ONE = """
name: A card shown to one seat
players: {count: [2]}
pack: {ranks: [a, b], suits: [x], copies: 2}
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
hand:
  - move: {cards: "first(of_rank(stock, 'a'))", from: stock, to: "hand[0]"}
  - move: {cards: "first(of_rank(stock, 'b'))", from: stock, to: "hand[0]"}
  - move: {cards: "first(of_rank(stock, 'a'))", from: stock, to: "hand[1]"}
  - move: {cards: "first(of_rank(stock, 'b'))", from: stock, to: "hand[1]"}
  - reveal: {cards: "hand[1]", to: 1}
  - choose: {player: 0, moves: {go: {}}}
"""


def test_a_card_shown_to_one_seat_stays_hidden_from_a_seat_holding_its_twin(tmp_path):
    """`rules play`: cards shown to one seat only are '?' in another seat's log, even when that seat holds
    an identical copy of them (its own copy's name must not unmask the other's)."""
    from interpreter.playtest.session import Session
    (tmp_path / "shown.yaml").write_text(SHOWN_TO_ONE)
    session = Session(load_from(tmp_path, "shown"), players=2, seed=0, humans=(0,), bots=("random",))
    shown = [e for e in session.seat_log(0) if e.get("event") == "reveal"]
    assert [e["cards"] for e in shown] == [["?", "?"]], shown


UNIQUE_SETS = """
name: Identical sets offered once
players: {count: [2]}
pack: {ranks: [a, b], suits: [x], copies: 3}
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
hand:
  - move: {cards: stock, from: stock, to: "hand[0]"}
  - choose: {player: 0, moves: {pair: {options: "unique(groups(hand[0], c => c.rank, 2, 2))"},
                                 mixed: {options: "unique(filter(groups(hand[0], c => 0, 2, 2), g => not same_key(g, c => c.rank)))"}}}
"""


def test_unique_keeps_one_of_identical_sets_of_cards(tmp_path):
    """unique() of sets of cards (groups(), sequences()) keeps one of the sets that hold identical cards,
    as == compares them: three copies of a card make three pairs, offered as one move."""
    (tmp_path / "sets.yaml").write_text(UNIQUE_SETS)
    s = G.new_game(load_from(tmp_path, "sets"), 2, 0)
    texts = sorted(S.describe(s, a) for a in G.legal_actions(s))
    assert texts == ["mixed a/x b/x", "pair a/x a/x", "pair b/x b/x"], texts


# -- Exploding Kittens -----------------------------------------------------------------------------------

CATS = ["tacocat", "cattermelon", "potato", "beard", "rainbow"]
EK_COPIES = {"exploding": 4, "defuse": 6, "attack": 4, "skip": 4, "favor": 4, "shuffle": 4, "future": 5,
             **{c: 4 for c in CATS}}
ACTION_MOVE = {"attack": "attack", "skip": "skip", "shuffle": "shuffle", "future": "see_the_future"}


def kname(rank):
    return f"{rank}/kitten"


def krank(name):
    return name.split("/")[0]


def zone_ids(s, zone, owner=None):
    return list(S.zone(s, zone, owner))


def zone_names(s, zone, owner=None):
    return S.names(s, S.zone(s, zone, owner))


class KittensReferee:
    """The base game from the rules: deck order is followed exactly (draws from the top, a kitten put back
    at the depth chosen); only shuffles and the card a pair steals at random are read from the engine."""

    def __init__(self, s, n):
        self.n = n
        self.hands = [Counter(zone_names(s, "hand", p)) for p in range(n)]
        self.deck = zone_names(s, "deck")           # bottom first, top last
        self.box = Counter(zone_names(s, "box"))
        self.discard = Counter()
        # the deck built for the player count
        extra = min(2, 6 - n)
        for p in range(n):
            assert sum(self.hands[p].values()) == 8 and self.hands[p][kname("defuse")] >= 1
            assert self.hands[p][kname("exploding")] == 0
        everything = sum(self.hands, Counter()) + Counter(self.deck) + self.box
        assert everything == Counter({kname(r): k for r, k in EK_COPIES.items()})
        assert self.box == Counter({kname("exploding"): 4 - (n - 1), kname("defuse"): 6 - n - extra})
        assert Counter(self.deck)[kname("exploding")] == n - 1
        assert Counter(self.deck)[kname("defuse")] + sum(h[kname("defuse")] for h in self.hands) == n + extra
        self.out = [False] * n
        self.cur = 1 % n                    # left of the dealer (seat 0)
        self.owed, self.next_owed = 1, 1
        self.phase, self.giver = "turn", None
        self.known = [set() for _ in range(n)]       # deck card ids each seat was shown (see the future)
        self.kitten = None
        self.over = False

    def victims(self, me):
        return [q for q in range(self.n) if q != me and not self.out[q] and sum(self.hands[q].values()) > 0]

    def expected(self):
        me = self.cur
        if self.phase == "give":
            return self.giver, sorted(f"give {c}" for c in self.hands[self.giver] if self.hands[self.giver][c])
        if self.phase == "steal":
            return me, sorted(f"steal_from {q}" for q in self.victims(me))
        if self.phase == "place":
            return me, sorted(f"select {k}" for k in range(len(self.deck) + 1))
        h = self.hands[me]
        moves = ["draw"] + [m for r, m in ACTION_MOVE.items() if h[kname(r)]]
        if h[kname("favor")]:
            moves += [f"favor {q}" for q in self.victims(me)]
        if self.victims(me):
            moves += [f"pair {kname(c)} {kname(c)}" for c in CATS if h[kname(c)] >= 2]
        return me, sorted(moves)

    def before(self, s, who, legal):
        want_who, want = self.expected()
        assert (who, legal) == (want_who, want), (self.phase, who, legal, want_who, want)
        every_card_once(s)
        assert zone_names(s, "deck") == self.deck
        deck_now = set(zone_ids(s, "deck"))
        for v in range(self.n):
            self.known[v] &= deck_now
            for p in range(self.n):
                # a kitten drawn is shown to everyone until it goes back into the deck
                shown = [kname("exploding")] if self.phase == "place" and p == self.cur else []
                assert seen(s, v, "hand", p) == (sorted(self.hands[p].elements()) if p == v else shown), (v, p)
            assert Counter(seen(s, v, "discard")) == self.discard
            assert seen(s, v, "deck") == sorted(S.names(s, list(self.known[v]))), (v, self.known[v])
            assert seen(s, v, "box") == []
        assert _v(s, "out") == self.out

    def pass_turn(self):
        alive = [p for p in range(self.n) if not self.out[p]]
        if len(alive) <= 1:
            self.over = True
            return
        q = self.cur
        while True:
            q = (q + 1) % self.n
            if not self.out[q]:
                break
        self.cur, self.owed, self.next_owed = q, self.next_owed, 1

    def spent(self, turns=1):
        self.owed -= turns
        if self.owed <= 0:
            self.pass_turn()

    def play(self, rank):
        me = self.cur
        assert self.hands[me][kname(rank)] > 0
        self.hands[me][kname(rank)] -= 1
        self.discard[kname(rank)] += 1

    def after(self, s, who, text):
        me = self.cur
        word, _, rest = text.partition(" ")
        if self.phase == "give":
            self.hands[who][rest] -= 1
            self.hands[me][rest] += 1
            self.phase = "turn"
        elif self.phase == "steal":
            q = int(rest)
            got = Counter(zone_names(s, "hand", me)) - self.hands[me]
            assert sum(got.values()) == 1 and self.hands[q][next(iter(got))] > 0, got
            card = next(iter(got))
            self.hands[q][card] -= 1
            self.hands[me][card] += 1
            self.phase = "turn"
        elif self.phase == "place":
            k = int(rest)
            # the place is the mover's secret: a seat that was shown cards of the deck no longer knows
            # where they lie, so they are no longer shown to it; the mover knows where they are
            for v in range(self.n):
                if v != me:
                    self.known[v] = set()
            self.hands[me][kname("exploding")] -= 1
            self.deck.insert(len(self.deck) - k, kname("exploding"))
            self.phase = "turn"
            self.spent()
        elif word == "draw":
            card = self.deck.pop()
            if card == kname("exploding"):
                if self.hands[me][kname("defuse")]:
                    self.play("defuse")
                    self.hands[me][card] += 1
                    self.phase = "place"
                else:
                    self.out[me] = True
                    self.discard += self.hands[me] + Counter([card])
                    self.hands[me] = Counter()
                    self.pass_turn()
            else:
                self.hands[me][card] += 1
                self.spent()
        elif word == "attack":
            self.play("attack")
            self.next_owed = 2
            self.pass_turn()
        elif word == "skip":
            self.play("skip")
            self.spent()
        elif word == "shuffle":
            self.play("shuffle")
            now = zone_names(s, "deck")
            assert Counter(now) == Counter(self.deck)
            self.deck = now
            self.known = [set() for _ in range(self.n)]
        elif word == "see_the_future":
            self.play("future")
            top = zone_ids(s, "deck")[-3:]
            assert S.names(s, top) == self.deck[-3:]
            self.known[me] |= set(top)
        elif word == "favor":
            self.play("favor")
            self.phase, self.giver = "give", int(rest)
        elif word == "pair":
            self.play(krank(rest.split()[0]))
            self.play(krank(rest.split()[0]))
            self.phase = "steal"
        else:
            raise AssertionError(text)
        for p in range(self.n):
            self.hands[p] = +self.hands[p]

    def finish(self, s):
        assert self.over
        alive = [p for p in range(self.n) if not self.out[p]]
        assert G.result(s)["winners"] == alive and len(alive) == 1


def _ek_games(seeds, counts=(2, 3, 4, 5)):
    rules = _load("exploding-kittens")
    for seed in seeds:
        n = counts[seed % len(counts)]
        s = G.new_game(rules, n, seed)
        rng = random.Random(seed * 31 + 7)
        # draws less often than at random, so that the actions are played out
        drive(s, KittensReferee(s, n), lambda texts: rng.choice(
            [t for t in texts if t != "draw"] or texts) if rng.random() < 0.6 else rng.choice(texts))


def test_exploding_kittens_against_referee():
    _ek_games(range(100))


@pytest.mark.soak
def test_exploding_kittens_against_referee_soak():
    _ek_games(range(120, 2120))


# -- Mille Bornes ----------------------------------------------------------------------------------------

MB_COPIES = {"accident": 3, "out_of_gas": 3, "flat_tire": 3, "speed_limit": 4, "stop": 5, "repairs": 6,
             "gasoline": 6, "spare_tire": 6, "end_of_limit": 6, "roll": 14, "driving_ace": 1, "extra_tank": 1,
             "puncture_proof": 1, "right_of_way": 1, "25": 10, "50": 10, "75": 10, "100": 12, "200": 4}
HAZARDS = {"accident": "repairs", "out_of_gas": "gasoline", "flat_tire": "spare_tire", "stop": None}
SAFETY = {"accident": "driving_ace", "out_of_gas": "extra_tank", "flat_tire": "puncture_proof",
          "stop": "right_of_way", "speed_limit": "right_of_way"}
SAFETIES = ["driving_ace", "extra_tank", "puncture_proof", "right_of_way"]
KM = {"25": 25, "50": 50, "75": 75, "100": 100, "200": 200}


def rn(name):
    return name.split("/")[0]


def road(rank):
    return f"{rank}/road"


class MilleBornesReferee:
    """Two players, 1,000 km exactly: follows the draw pile card by card (read once per hand, after the
    shuffle and the deal) and checks every move offered, what each seat sees and the scores."""

    def __init__(self, s, target=5000):
        self.target = target
        self.score = [0, 0]
        self.dealer = 0
        self.hand_no = 0
        self.over = False
        self.new_hand(s)

    def new_hand(self, s):
        self.hand_no += 1
        assert s.hand_no == self.hand_no and _v(s, "dealer") == self.dealer
        self.hands = [Counter(rn(c) for c in zone_names(s, "hand", p)) for p in range(2)]
        first = (self.dealer + 1) % 2       # six cards each, and the first player has drawn
        assert [sum(h.values()) for h in self.hands] == [7 if p == first else 6 for p in range(2)]
        self.draw = [rn(c) for c in zone_names(s, "draw")]
        assert Counter(self.draw) + self.hands[0] + self.hands[1] == Counter(MB_COPIES)
        self.battle, self.speed, self.dist, self.safe = ([[], []] for _ in range(4))
        self.discard = []
        self.coups, self.late = [0, 0], [False, False]
        self.cur = (self.dealer + 1) % 2
        self.phase = "turn"
        self.again = False

    # -- the rules ---------------------------------------------------------------------------------
    def travelled(self, p):
        return sum(KM[c] for c in self.dist[p])

    def top(self, p):
        return self.battle[p][-1] if self.battle[p] else None

    def hazard_on(self, p):
        return self.top(p) in HAZARDS

    def moving(self, p):
        return not self.hazard_on(p) and (self.top(p) == "roll" or "right_of_way" in self.safe[p])

    def under_limit(self, p):
        return bool(self.speed[p]) and self.speed[p][-1] == "speed_limit"

    def playable(self, p, c):
        q = 1 - p
        if c in KM:
            return (self.moving(p) and self.travelled(p) + KM[c] <= 1000
                    and (not self.under_limit(p) or "right_of_way" in self.safe[p] or KM[c] <= 50)
                    and (c != "200" or self.dist[p].count("200") < 2))
        if c == "roll":
            return "right_of_way" not in self.safe[p] and self.top(p) in (None, "stop", "repairs", "gasoline",
                                                                          "spare_tire")
        if c in ("repairs", "gasoline", "spare_tire"):
            return self.hazard_on(p) and HAZARDS[self.top(p)] == c
        if c == "end_of_limit":
            return self.under_limit(p)
        if c in HAZARDS:
            return self.moving(q) and SAFETY[c] not in self.safe[q]
        if c == "speed_limit":
            return not self.under_limit(q) and "right_of_way" not in self.safe[q]
        assert c in SAFETIES
        return True

    def lay_safety(self, p, c):
        self.hands[p][c] -= 1
        self.safe[p].append(c)
        if self.hazard_on(p) and SAFETY[self.top(p)] == c:
            self.discard.append(self.battle[p].pop())
        if c == "right_of_way" and self.under_limit(p):
            self.discard.append(self.speed[p].pop())

    def start_turn(self):
        """The player to move draws; one with no card passes (no decision)."""
        while True:
            if self.draw:
                self.hands[self.cur][self.draw.pop()] += 1
            if sum(self.hands[self.cur].values()) > 0:
                self.again = False
                return
            if self.end_of_turn(False):
                return

    def end_of_turn(self, again):
        """After a turn: the hand may be over; else the next player. True when the hand or game ended."""
        if any(self.travelled(p) == 1000 for p in range(2)) or all(
                sum(h.values()) == 0 for h in self.hands):
            self.score_hand()
            return True
        self.cur = self.cur if again else 1 - self.cur
        return False

    def score_hand(self):
        for p in range(2):
            got = self.travelled(p) + 100 * len(self.safe[p]) + (300 if len(self.safe[p]) == 4 else 0)
            got += 300 * self.coups[p]
            if self.travelled(p) == 1000:
                got += 400 + (300 if self.late[p] else 0) + (300 if "200" not in self.dist[p] else 0)
                got += 500 if self.travelled(1 - p) == 0 else 0
            self.score[p] += got
        self.phase = "between"
        if any(x >= self.target for x in self.score):
            self.over = True
        else:
            self.dealer = 1 - self.dealer

    # -- the referee's checks --------------------------------------------------------------------------
    def expected(self):
        p = self.cur
        if self.phase == "cf":
            v = self.victim
            moves = ["pass"]
            if self.hands[v][SAFETY[self.hit]] and SAFETY[self.hit] not in self.safe[v]:
                moves.append("coup_fourre")
            return v, sorted(moves)
        h = +self.hands[p]
        # a move named play is told by its card alone
        return p, sorted([road(c) for c in h if self.playable(p, c)] + [f"discard {road(c)}" for c in h])

    def before(self, s, who, legal):
        if self.phase == "between":
            self.new_hand(s)
        want_who, want = self.expected()
        assert (who, legal) == (want_who, want), (self.phase, who, legal, want_who, want)
        every_card_once(s)
        assert [rn(c) for c in zone_names(s, "draw")] == self.draw
        for v in range(2):
            for p in range(2):
                assert seen(s, v, "hand", p) == (sorted(road(c) for c in self.hands[p].elements())
                                                 if p == v else [])
                for zone, mine in (("battle", self.battle), ("speed", self.speed), ("distance", self.dist),
                                   ("safeties", self.safe)):
                    assert [rn(c) for c in S.names(s, G.observation(s, v)["zones"][zone][p])] == mine[p], (zone, p)
            assert [rn(c) for c in S.names(s, G.observation(s, v)["zones"]["discard"])] == self.discard
            assert seen(s, v, "draw") == []
        assert _v(s, "score") == self.score

    def after(self, s, who, text):
        word, _, card = text.partition(" ")
        if not card and word not in ("pass", "coup_fourre"):
            word, card = "play", word
        c = rn(card) if card else None
        p = self.cur
        if self.phase == "cf":
            v = self.victim
            self.phase = "turn"
            if word == "coup_fourre":
                self.coups[v] += 1
                self.lay_safety(v, SAFETY[self.hit])
                if self.draw:
                    self.hands[v][self.draw.pop()] += 1
            if not self.end_of_turn(False):
                self.start_turn()
            return
        if word == "discard":
            self.hands[p][c] -= 1
            self.discard.append(c)
            again = False
        else:
            again = False
            if c in SAFETIES:
                self.lay_safety(p, c)
                again = True
            else:
                self.hands[p][c] -= 1
                if c in KM:
                    self.dist[p].append(c)
                    if self.travelled(p) == 1000 and not self.draw:
                        self.late[p] = True
                elif c in ("roll", "repairs", "gasoline", "spare_tire"):
                    self.battle[p].append(c)
                elif c == "end_of_limit":
                    self.speed[p].append(c)
                elif c == "speed_limit":
                    self.speed[1 - p].append(c)
                else:
                    self.battle[1 - p].append(c)
                if c in HAZARDS or c == "speed_limit":
                    self.phase, self.hit, self.victim = "cf", c, 1 - p
                    return
        if not self.end_of_turn(again):
            self.start_turn()

    def finish(self, s):
        assert self.over
        assert [G.result(s)["scores"][p] for p in range(2)] == self.score
        best = max(self.score)
        assert G.result(s)["winners"] == [p for p in range(2) if self.score[p] == best]


def _mb_games(seeds, target=5000):
    rules = _load("mille-bornes", target=target)
    for seed in seeds:
        s = G.new_game(rules, 2, seed)
        rng = random.Random(seed * 13 + 5)
        # plays rather than discards, and coups fourres when offered, most of the time
        def pick(texts):
            good = [t for t in texts if not t.startswith(("discard", "pass"))]
            return rng.choice(good) if good and rng.random() < 0.85 else rng.choice(texts)
        drive(s, MilleBornesReferee(s, target), pick)


def test_mille_bornes_whole_games_against_referee():
    _mb_games(range(4), target=5000)


def test_mille_bornes_short_games_against_referee():
    _mb_games(range(6, 50), target=1000)


@pytest.mark.soak
def test_mille_bornes_against_referee_soak():
    _mb_games(range(100, 400), target=5000)


# -- rules explain ---------------------------------------------------------------------------------------

def test_explain_reads_the_kittens_as_a_designer_wrote_them():
    """A test named by one verb is said of its first argument (not 'holds holds for (p, r)'); a select by
    one player names that player (not 'Each of the mover', nor 'once every player has picked'); a shuffle
    of one player's zone is said in words (not '*hand[option]*')."""
    from interpreter.authoring.explain import explain
    text = explain(_load("exploding-kittens"))
    assert "**attack** allowed when the current player holds “attack”:" in text
    assert "If the *mover* holds “defuse”:" in text
    assert "holds holds" not in text
    assert ("The *mover* picks a value of *depth* in secret from the numbers from 0 to the number of cards in "
            "*deck*; only the player who picks sees it.") in text
    assert ("Move the *drawn* from the *mover*'s *hand* to *deck*, under as many of its cards as the *mover*'s "
            "*depth*; the other players do not see where.") in text
    assert "Each of the *mover*" not in text
    assert "1. Shuffle the player's *hand*." in text and "Shuffle *deck*." in text


def test_explain_says_a_value_passed_on_under_its_own_name_once():
    """A call that passes a procedure's own parameters on (call: lay_safety(p, c) inside play(p, c)) reads
    'with the same *p* and *c*', not 'with *p* being *p* and *c* being *c*'."""
    from interpreter.authoring.explain import explain
    text = explain(_load("mille-bornes"))
    assert "1. Do **lay_safety** (above), with the same *p* and *c*." in text
    assert "*p* being *p*" not in text
    assert "with *p* being the *victim* and *c* being the first of the cards" in text


# -- what the bots of each seat know ---------------------------------------------------------------------

def _kitten_events(kind_of_move, seeds, n=3):
    """Yield (state, mover, watchers) just after `kind_of_move` ('see_the_future', or 'select' for a kitten
    put back) in seeded random games, every seat's watcher having watched every decision."""
    from interpreter.bots.sampling import Watcher
    rules = _load("exploding-kittens")
    for seed in seeds:
        s = G.new_game(rules, n, seed)
        watchers = [Watcher(p, random.Random(p)) for p in range(n)]
        rng = random.Random(seed)
        while not s.over:
            for w in watchers:
                w.observe(s)
            actions = G.legal_actions(s)
            texts = [S.describe(s, a) for a in actions]
            who = G.current_player(s)
            pick = kind_of_move if kind_of_move in texts and rng.random() < 0.5 else rng.choice(texts)
            G.apply(s, actions[texts.index(pick)])
            if pick.startswith(kind_of_move) and not s.over:
                for w in watchers:
                    w.observe(s)
                yield s, who, watchers, pick
                break


def _deck_top(s, k=3):
    return zone_names(s, "deck")[-k:]


def test_see_the_future_is_known_to_the_seer_and_its_bots_alone():
    """The top three cards a see-the-future shows: every world the seer's bots draw keeps them; the other
    seats' worlds deal them anew, and no other seat's view names them."""
    found = 0
    for s, seer, watchers, _ in _kitten_events("see_the_future", range(60)):
        real = _deck_top(s)
        if len(real) < 3 or len(set(real)) == 1:
            continue
        found += 1
        for w in watchers:
            tops = [_deck_top(w.sample(s)) for _ in range(30)]
            if w.player == seer:
                assert all(t == real for t in tops)
                assert seen(s, seer, "deck") == sorted(real)
            else:
                assert any(t != real for t in tops)
                assert seen(s, w.player, "deck") == []
    assert found >= 5


def _kitten_depth(s):
    deck = zone_names(s, "deck")
    return [len(deck) - 1 - i for i, c in enumerate(deck) if c == kname("exploding")]


def test_a_kitten_put_back_is_where_its_placers_bots_think():
    """The seat that put a kitten back knows its place: in every world its bots draw, the kittens lie where
    they really are."""
    found = 0
    for s, placer, watchers, pick in _kitten_events("select", range(80)):
        found += 1
        depth = int(pick.split()[1])
        assert depth in _kitten_depth(s)
        assert all(depth in _kitten_depth(watchers[placer].sample(s)) for _ in range(20))
    assert found >= 5


def test_a_kitten_put_back_in_secret_is_unknown_to_the_other_seats():
    """The place is the placer's secret (a value with visibility: owner, read by the move's position): the
    other seats' bots draw it anywhere in the deck, and no seat but the placer is told the place."""
    leaks = checked = 0
    for s, placer, watchers, pick in _kitten_events("select", range(80)):
        depth = int(pick.split()[1])
        for w in watchers:
            if w.player != placer and len(zone_names(s, "deck")) > 3:
                checked += 1
                leaks += all(depth in _kitten_depth(w.sample(s)) for _ in range(20))
        assert G.observation(s, placer)["state"]["depth"][placer] == 0      # set back after the move
    assert checked >= 5 and leaks == 0


# -- worked deals ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, count", [("exploding-kittens", 1), ("mille-bornes", 2)])
def test_the_worked_deals_pass_as_scenarios(name, count):
    from interpreter.authoring.runner import run_file
    outcomes, problems = run_file(str(HERE / f"{name}.scenario.yaml"))
    assert not problems and len(outcomes) == count, problems
    assert all(o.passed for o in outcomes), [d.format() for o in outcomes for d in o.diagnostics]


TWIN_LEFT_BEHIND = """
name: A card moved twice
players: {count: [2]}
pack: {ranks: [a, b], suits: [x], copies: 2}
zones:
  stock: {visibility: hidden}
  pile: {visibility: public}
state:
  hit: {type: card, initial: none}
hand:
  - set: {hit: "first(of_rank(stock, 'a'))"}
  - move: {cards: "of_rank(stock, 'a')", from: stock, to: pile}
  - move: {cards: hit, from: pile, to: stock}
  - if: hit in pile
    then:
      - move: {cards: hit, from: pile, to: stock}
  - choose: {player: 0, moves: {go: {}}}
"""


def test_a_card_moved_from_a_zone_holding_only_its_twin_says_so(tmp_path):
    """`hit in pile` holds for an identical copy; moving `hit` itself from the pile then fails, and the
    message says that an identical copy is there and that a move takes the very card."""
    (tmp_path / "twin.yaml").write_text(TWIN_LEFT_BEHIND)
    with pytest.raises(Exception) as err:
        G.new_game(load_from(tmp_path, "twin"), 2, 0)
    text = str(err.value)
    assert "card a/x is not in the zone it is moved from, though an identical copy of it is" in text, text
    assert "a move takes the very card given" in text
