"""Review 51: two games the engine has never seen, written from the docs only (tests/rulesets_review51/,
each says at its top which rules and readings it keeps): Tien Len (the Vietnamese climbing game: singles,
sets, runs and runs of pairs, the suit order breaking ties, the 3 of spades opening, passing out of a
round, chops on 2s, places scored) and Skitgubbe (the Swedish two-phase game: two-card tricks against
the stock with bounces, the last stock card making trumps, then a shedding phase where each card must
beat the top card or the top card is taken up; the last player holding cards loses).

Referees written here from the rules (sharing no code with the engine; each deal is read from the
game's log, the order of a stock from the game once it is shuffled) follow seeded random games move by
move: who moves, the exact moves offered, where every card lies, and the scores.
"""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, product
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import cached_loader, deal_order, every_card_once, var as _v

HERE = Path(__file__).resolve().parent / "rulesets_review51"

_load = cached_loader(HERE)


def _names(s, ids):
    return S.names(s, ids)


def _legal(s):
    return [S.describe(s, a) for a in G.legal_actions(s)]


def _rank(c):
    return c[:-1]


def _suit(c):
    return c[-1]


# -- Tien Len ---------------------------------------------------------------------------------------------

TL_RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
TL_SUITS = "♠♣♦♥"                       # low to high
TL_PACK = [r + s for r in TL_RANKS for s in TL_SUITS]


def tl_strength(c):
    return TL_RANKS.index(_rank(c)) * 4 + TL_SUITS.index(_suit(c))


def tl_plays(hand):
    """Every play the cards allow, as frozensets: one to four cards of a rank, runs of three or more
    consecutive ranks without 2s (one card of each rank), and three or more consecutive pairs."""
    by_rank = {r: [c for c in hand if _rank(c) == r] for r in TL_RANKS}
    out = set()
    for cards in by_rank.values():
        for k in range(1, len(cards) + 1):
            out |= {frozenset(x) for x in combinations(cards, k)}
    seq = TL_RANKS[:-1]                  # no 2 in a run
    for lo in range(len(seq)):
        for hi in range(lo + 2, len(seq)):
            window = seq[lo:hi + 1]
            if not all(by_rank[r] for r in window):
                break
            for pick in product(*(by_rank[r] for r in window)):
                out.add(frozenset(pick))
            if all(len(by_rank[r]) >= 2 for r in window):
                for pick in product(*(list(combinations(by_rank[r], 2)) for r in window)):
                    out.add(frozenset(c for pair in pick for c in pair))
    return out


def tl_kind(cards):
    ranks = {_rank(c) for c in cards}
    if len(ranks) == 1:
        return ("set", len(cards))
    if len(ranks) == len(cards):
        return ("run", len(cards))
    assert len(cards) == 2 * len(ranks)
    return ("pairs", len(ranks))


def tl_beats(play, table):
    if not table:
        return True
    if tl_kind(play) == tl_kind(table) and max(map(tl_strength, play)) > max(map(tl_strength, table)):
        return True
    twos = all(_rank(c) == "2" for c in table)
    kind = tl_kind(play)
    if twos and len(table) == 1 and kind in (("set", 4), ("pairs", 3), ("pairs", 4)):
        return True
    return twos and len(table) == 2 and kind == ("pairs", 4)


def _right(p, n=4):
    return (p - 1) % n


class TienLenReferee:
    def __init__(self, s, hands_in_game=3):
        self.s = s
        self.hands_in_game = hands_in_game
        self.score = [0] * 4
        self.dealer = 0
        self.winner_before = None
        self.hand_no = 0
        self.events_read = 0
        self.counts = Counter()

    def read_events(self):
        events = self.s.events
        while self.events_read < len(events):
            e = events[self.events_read]
            self.events_read += 1
            if e.get("event") == "hand":
                self.hand_no = e["hand"]
                assert e["dealer"] == self.dealer
            elif e.get("event") == "deal" and e.get("to") == "hand":
                order = [p for p, _ in e["each"]]
                assert order == [(self.dealer - 1 - i) % 4 for i in range(4)], order   # to the right
                self.start_hand({p: list(cards) for p, cards in e["each"]})

    def start_hand(self, hands):
        assert all(len(h) == 13 for h in hands.values())
        assert sorted(sum(hands.values(), [])) == sorted(TL_PACK)
        self.hands = hands
        self.table = frozenset()
        self.cleared = []                   # cards of plays no longer on the table
        self.passed = set()
        self.last = None
        self.place = [0] * 4
        self.placed = 0
        self.opening = self.hand_no == 1
        if self.hand_no == 1:
            self.current = next(p for p in range(4) if "3♠" in hands[p])
        else:
            self.current = self.winner_before
        self.counts["hands"] += 1

    def holding(self, p):
        return bool(self.hands[p])

    def expected(self):
        hand = self.hands[self.current]
        want = {("play", x) for x in tl_plays(hand)
                if tl_beats(x, self.table) and (not self.opening or "3♠" in x)}
        if self.table:
            want.add(("pass",))
        return want

    def offered(self):
        got = Counter()
        for text in _legal(self.s):
            word, *cards = text.split(" ")
            got[(word, frozenset(cards)) if word == "play" else (word,)] += 1
        assert max(got.values()) == 1, got
        return set(got)

    def check_zones(self):
        s = self.s
        every_card_once(s)
        for p in range(4):
            assert sorted(_names(s, S.zone(s, "hand", p))) == sorted(self.hands[p])
        assert frozenset(_names(s, S.zone(s, "pile"))) == self.table
        assert sorted(_names(s, S.zone(s, "out"))) == sorted(self.cleared)
        obs = G.observation(s, self.current)["zones"]
        for p in range(4):
            seen = sorted(_names(s, obs["hand"][p]))
            assert seen == (sorted(self.hands[p]) if p == self.current else [])
        assert frozenset(_names(s, obs["pile"])) == self.table
        assert _v(s, "score") == self.score

    def decide(self, rng, policy):
        s = self.s
        self.read_events()
        assert s.hand_no == self.hand_no
        assert G.current_player(s) == self.current, (G.current_player(s), self.current)
        want, got = self.expected(), self.offered()
        assert got == want, (self.hands[self.current], self.table, got - want, want - got)
        self.check_zones()
        texts = _legal(s)
        i = policy(texts, rng)
        G.apply_index(s, i)
        self.after(texts[i])

    def after(self, text):
        p = self.current
        word, *cards = text.split(" ")
        if word == "pass":
            self.passed.add(p)
            self.counts["pass"] += 1
        else:
            play = frozenset(cards)
            if self.table:
                kind, before = tl_kind(play), tl_kind(self.table)
                if kind != before:
                    self.counts[f"chop {len(self.table)} two(s) with {kind}"] += 1
                self.cleared += list(self.table)
            self.counts[tl_kind(play)[0]] += 1
            self.table = play
            self.opening = False
            for c in play:
                self.hands[p].remove(c)
            self.last = p
            if not self.hands[p]:
                self.placed += 1
                self.place[p] = self.placed
        holders = [q for q in range(4) if self.holding(q)]
        if len(holders) <= 1:
            return self.end_hand(holders)
        answer = [q for q in range(4) if self.holding(q) and q not in self.passed and q != self.last]
        if not answer:                      # the round is over: a new lead
            lead = self.last
            if not self.holding(lead):
                self.counts["lead after going out"] += 1
                lead = next(q for q in ((lead - k) % 4 for k in (1, 2, 3)) if self.holding(q))
            self.cleared += list(self.table)
            self.table = frozenset()
            self.passed = set()
            self.last = None
            self.current = lead
            return
        q = _right(p)
        while q not in answer:
            q = _right(q)
        self.current = q

    def end_hand(self, holders):
        for q in holders:
            self.place[q] = 4
        assert sorted(self.place) == [1, 2, 3, 4]
        for q in range(4):
            self.score[q] += 4 - self.place[q]
        self.winner_before = self.place.index(1)
        self.dealer = self.place.index(4)
        self.current = None

    def run(self, rng, policy):
        while not self.s.over:
            self.decide(rng, policy)
        self.read_events()
        assert self.hand_no == self.hands_in_game
        res = G.result(self.s)
        assert res["scores"] == self.score
        assert res["winners"] == [p for p in range(4) if self.score[p] == max(self.score)]
        return self


def tl_policy(texts, rng):
    """Random play, leaning now and then to the largest play (so that runs of pairs, four of a kind and
    chops come up) and passing less often than a uniform pick would."""
    plays = [i for i, t in enumerate(texts) if t != "pass"]
    if plays and rng.random() < 0.3:
        most = max(len(texts[i].split(" ")) for i in plays)
        return rng.choice([i for i in plays if len(texts[i].split(" ")) == most])
    if "pass" in texts and plays and rng.random() < 0.7:
        return rng.choice(plays)
    return rng.randrange(len(texts))


def _tien_len(seed, hands=3):
    rules = _load("tien-len", hands=hands)
    ref = TienLenReferee(G.new_game(rules, 4, seed, log=True), hands)
    return ref.run(random.Random(seed), tl_policy)


def test_tien_len_random_games_follow_the_rules():
    totals = Counter()
    for seed in range(80):
        totals += _tien_len(seed).counts
    for what in ("set", "run", "pairs", "pass", "lead after going out"):
        assert totals[what] > 0, (what, totals)


@pytest.mark.soak
def test_tien_len_soak():
    totals = Counter()
    for seed in range(1000, 1300):
        totals += _tien_len(seed, hands=2).counts
    print(totals)


@pytest.mark.parametrize("name,count", [("tien-len", 3), ("skitgubbe", 2)])
def test_worked_deals_pass_as_scenarios(name, count):
    from interpreter.authoring.runner import run_file
    outcomes, problems = run_file(str(HERE / f"{name}.scenario.yaml"))
    assert not problems and len(outcomes) == count
    for o in outcomes:
        assert not o.diagnostics, "\n".join(d.format() for d in o.diagnostics)


# -- Skitgubbe --------------------------------------------------------------------------------------------

SK_RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SK_PACK = [r + s for s in "♣♦♥♠" for r in SK_RANKS]


def sk_high(c):
    return SK_RANKS.index(_rank(c))


class SkitgubbeReferee:
    def __init__(self, s, split_trick=False):
        self.s, self.n = s, s.n
        self.split_trick = split_trick
        self.events_read = 0
        self.counts = Counter()
        self.stock = None
        self.read_events()

    def left(self, p):
        return (p + 1) % self.n

    def holding(self, p):
        return bool(self.hands[p])

    def next_holder(self, p, skip=()):
        q = self.left(p)
        for _ in range(self.n):
            if self.holding(q) and q not in skip:
                return q
            q = self.left(q)
        return None

    def read_events(self):
        for e in self.s.events[self.events_read:]:
            if e.get("event") == "hand":
                assert e["hand"] == 1 and e["dealer"] == 0
            elif e.get("event") == "deal":
                assert [p for p, _ in e["each"]] == [(1 + i) % self.n for i in range(self.n)]
                self.hands = {p: list(cards) for p, cards in e["each"]}
                assert all(len(h) == 3 for h in self.hands.values())
                self.won = {p: [] for p in range(self.n)}
                self.trick = {p: [] for p in range(self.n)}
                self.pile, self.discard = [], []
                self.trumps = self.trump_card = self.last_drawer = None
                self.phase = "one"
                self.leader = 1 % self.n
                self.start_trick()
        self.events_read = len(self.s.events)

    # phase one
    def start_trick(self):
        if sum(map(self.holding, range(self.n))) < 2:
            return self.start_phase_two()
        if not self.holding(self.leader):
            self.leader = self.next_holder(self.leader)
        self.first, self.reply = self.leader, self.next_holder(self.leader, skip=(self.leader,))
        self.current, self.stage = self.first, "first"

    def draw(self, p):
        if len(self.stock) > 1:
            self.hands[p].append(self.stock.pop())
        elif self.stock:
            c = self.stock.pop()
            self.won[p].append(c)
            self.trumps, self.trump_card, self.last_drawer = _suit(c), c, p
            self.counts["last card drawn"] += 1

    def undecided(self):
        for p in range(self.n):
            self.won[p] += self.trick[p]
            self.trick[p] = []
        self.counts["undecided"] += 1
        self.start_trick()

    def after_phase_one(self, card):
        p = self.current
        self.hands[p].remove(card)
        self.trick[p].append(card)
        self.draw(p)
        if self.stage == "first":
            if not self.holding(self.reply):
                return self.undecided()
            self.current, self.stage = self.reply, "reply"
            return
        mine, theirs = sk_high(self.trick[self.reply][-1]), sk_high(self.trick[self.first][-1])
        if mine == theirs:
            self.counts["bounce"] += 1
            if len(self.trick[self.first]) > 1:
                self.counts["bounce again"] += 1
            self.first, self.reply = self.reply, self.first
            if not self.holding(self.first):
                return self.undecided()
            self.current, self.stage = self.first, "first"
            return
        winner = self.reply if mine > theirs else self.first
        for q in range(self.n):
            self.won[winner] += self.trick[q]
            self.trick[q] = []
        self.leader = winner
        self.counts["trick"] += 1
        self.start_trick()

    # phase two
    def start_phase_two(self):
        assert not self.stock and self.trumps is not None
        for p in range(self.n):
            self.hands[p] += self.won[p]
            self.won[p] = []
        assert sorted(sum(self.hands.values(), [])) == sorted(SK_PACK)
        self.phase, self.played = "two", 0
        self.counts["out after phase one"] += sum(not self.holding(p) for p in range(self.n))
        if sum(map(self.holding, range(self.n))) < 2:
            return self.finish_hand()
        d = self.last_drawer
        self.current = d if self.holding(d) else self.next_holder(d)

    def beats(self, c, t):
        return (_suit(c) == _suit(t) and sk_high(c) > sk_high(t)) or (_suit(c) == self.trumps != _suit(t))

    def after_phase_two(self, text):
        p = self.current
        cleared = False
        if text == "take":
            self.hands[p].append(self.pile.pop())
            self.counts["take"] += 1
        else:
            card = text
            self.hands[p].remove(card)
            self.pile.append(card)
            self.played += 1
            if self.played >= sum(map(self.holding, range(self.n))):
                self.discard += self.pile
                self.pile, self.played, cleared = [], 0, True
                self.counts["cleared"] += 1
        if sum(map(self.holding, range(self.n))) <= 1:
            return self.finish_hand()
        if not (cleared and self.holding(p)):
            self.current = self.next_holder(p)

    def finish_hand(self):
        holders = [p for p in range(self.n) if self.holding(p)]
        self.loser = holders[0] if holders else None
        self.phase = "over"

    def expected(self):
        hand = self.hands[self.current]
        if self.phase == "one" or not self.pile:
            return Counter(hand)
        beaters = [c for c in hand if self.beats(c, self.pile[-1])]
        return Counter(beaters) if beaters else Counter(["take"])

    def check_zones(self):
        s = self.s
        every_card_once(s)
        assert _names(s, S.zone(s, "stock")) == self.stock
        for p in range(self.n):
            for zone, mine in (("hand", self.hands), ("won", self.won)):
                assert sorted(_names(s, S.zone(s, zone, p))) == sorted(mine[p]), (zone, p)
            assert sorted(self.played_to_trick(p, lambda *a: _names(s, S.zone(s, *a)))) == sorted(self.trick[p])
        assert _names(s, S.zone(s, "pile")) == self.pile
        assert sorted(_names(s, S.zone(s, "discard"))) == sorted(self.discard)
        assert _v(s, "trumps") == ({"♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades"}
                                   [self.trumps] if self.trumps else None)
        q = self.current
        obs = G.observation(s, q)["zones"]
        for p in range(self.n):
            assert sorted(_names(s, obs["hand"][p])) == (sorted(self.hands[p]) if p == q else [])
            seen = self.played_to_trick(p, lambda z, o=None: _names(s, obs[z] if o is None else obs[z][o]))
            assert sorted(seen) == sorted(self.trick[p])
            shown = [c for c in self.won[p] if c == self.trump_card]
            assert _names(s, obs["won"][p]) == shown, (p, _names(s, obs["won"][p]), shown)
        assert _names(s, obs["pile"]) == self.pile

    def played_to_trick(self, p, cards):
        """The cards p has played to the trick being decided, as the game shows them: `cards(zone, owner)`
        lists a zone.  skitgubbe.yaml keeps them in p's part of 'trick'; skitgubbe-tricks.yaml keeps the
        cards of the round being played in 'table1' (the block's trick, one card at most when someone
        is asked) and those of earlier bounces in p's part of 'pot'."""
        if not self.split_trick:
            return cards("trick", p)
        table = cards("table1")
        assert len(table) <= 1 and all(any(c in self.trick[q] for q in range(self.n)) for c in table)
        return cards("pot", p) + [c for c in table if c in self.trick[p]]

    def run(self, rng):
        s = self.s
        while not s.over:
            if self.stock is None:
                self.stock = _names(s, S.zone(s, "stock"))
                assert len(self.stock) == 52 - 3 * self.n
            assert G.current_player(s) == self.current, (self.phase, G.current_player(s), self.current)
            texts = [t.split(" ")[-1] for t in _legal(s)]     # 'play 7♥' or '7♥' (a card), or 'take'
            assert Counter(texts) == self.expected(), (self.phase, texts, self.expected())
            self.check_zones()
            text = rng.choice(texts)
            G.apply_index(s, texts.index(text))
            if self.phase == "one":
                self.after_phase_one(text)
            else:
                self.after_phase_two(text)
        assert self.phase == "over"
        res = G.result(s)
        assert res["winners"] == [p for p in range(self.n) if p != self.loser]
        assert res["scores"] == [-1 if p == self.loser else 0 for p in range(self.n)]
        return self


def _skitgubbe(n, seed, name="skitgubbe"):
    rules = _load(name)
    ref = SkitgubbeReferee(G.new_game(rules, n, seed, log=True), split_trick=name == "skitgubbe-tricks")
    return ref.run(random.Random(seed))


def test_skitgubbe_random_games_follow_the_rules():
    totals = Counter()
    for seed in range(150):
        totals += _skitgubbe(3 + seed % 2, seed).counts
    for what in ("bounce", "bounce again", "undecided", "last card drawn", "take", "cleared", "trick"):
        assert totals[what] > 0, (what, totals)


def test_skitgubbe_with_phase_one_as_a_tricks_block_plays_the_same_game():
    # two players per trick (players:), draws after each card (after_play:), bounces as tied tricks whose
    # cards wait for the next (after_trick:), the block ended by count: when a bounce cannot go on
    totals = Counter()
    for seed in range(100):
        totals += _skitgubbe(3 + seed % 2, seed, "skitgubbe-tricks").counts
    for what in ("bounce", "bounce again", "undecided"):
        assert totals[what] > 0, (what, totals)


@pytest.mark.soak
def test_skitgubbe_soak():
    totals = Counter()
    for seed in range(1000, 1600):
        totals += _skitgubbe(3 + seed % 2, seed).counts
        _skitgubbe(3 + seed % 2, seed, "skitgubbe-tricks")
    print(totals)


# -- validate: a set written as a swap ----------------------------------------------------------------

def _set_warnings(tmp_path, lines):
    from interpreter.ruleset.loader import load_ruleset
    text = (HERE / "skitgubbe.yaml").read_text(encoding="utf-8")
    old = "- set: {reply: first, first: bouncer}"
    assert old in text
    path = tmp_path / "game.yaml"
    path.write_text(text.replace(old, f"- set: {lines}"), encoding="utf-8")
    loaded = load_ruleset(str(path), {}, dry_run=False)
    return [d for d in loaded.diagnostics if d.rule == "meaning"]


def test_a_set_written_as_a_swap_is_warned(tmp_path):
    # Skitgubbe's bounce hands the lead to the player who matched: a designer writing the swap in one
    # set got no word from validate, and the bounce silently kept the same player first.
    [d] = _set_warnings(tmp_path, "{first: reply, reply: first}")
    assert d.severity == "warning" and "looks like a swap of 'first' and 'reply'" in d.message
    assert "set: {old: first, first: reply, reply: old}" in d.hint


def test_a_set_whose_later_line_reads_an_earlier_one_on_purpose_is_not_warned(tmp_path):
    assert _set_warnings(tmp_path, "{bouncer: reply, reply: first, first: bouncer}") == []
    assert _set_warnings(tmp_path, "{first: reply, reply: left_of(reply)}") == []
    # a line that reads the other inside a longer expression is still a swap
    [d] = _set_warnings(tmp_path, "{first: reply, reply: \"first if bouncer == none else bouncer\"}")
    assert "swap of 'first' and 'reply'" in d.message


# -- the seat functions given none ------------------------------------------------------------------------

_SEATS_GAME = """name: Seats
players: {count: [2]}
pack: {ranks: ["9", "10"]}
zones:
  stock: {}
  hand: {per: player}
state:
  dealer: {type: player, initial: 0}
  x: {type: player, initial: none}
  xs: {type: players, initial: "[]"}
  nobody: {type: player, initial: none}
hand:
  - deal: {from: stock, to: hand, count: 1}
  - set: {nobody: none, x: 0, xs: "[]"}
  - set: {%s: "%s"}
end: {after_hand: true, winners: players}
"""


@pytest.mark.parametrize("target,expr,said", [
    ("x", "next_player(nobody, p => true)", "'nobody' is none, not a player, so 'next_player(nobody, p => true)'"),
    ("x", "left_of(nobody)", "'nobody' is none, not a player, so 'left_of(nobody)'"),
    ("x", "right_of(0, nobody)", "'nobody' is none, not a number of seats, so 'right_of(0, nobody)'"),
    ("xs", "seat_order(nobody)", "'nobody' is none, not a player, so 'seat_order(nobody)'"),
    ("x", "next_player(0, p => true, nobody)",
     "'nobody' is none, not a direction (1 or -1), so 'next_player(0, p => true, nobody)'"),
])
def test_a_seat_function_given_none_names_the_argument(tmp_path, target, expr, said):
    # Skitgubbe's answer(l) = next_player(lead_p(l), ...) met a lead_p of none once nobody held cards,
    # and the game stopped with "a value of the wrong kind (cannot use +: none and a number)": the
    # arithmetic inside next_player, not the argument that was none.
    from interpreter.ruleset.loader import load_ruleset
    path = tmp_path / "seats.yaml"
    path.write_text(_SEATS_GAME % (target, expr), encoding="utf-8")
    errors = [d for d in load_ruleset(str(path), {}, dry_run=True).diagnostics if d.severity == "error"]
    assert len(errors) == 1 and said + " has no value" in errors[0].message, [d.format() for d in errors]
    assert "cannot use" not in errors[0].message


# -- explain --------------------------------------------------------------------------------------------

def _explained(name):
    from interpreter.authoring.explain import explain
    return explain(_load(name))


def test_explain_says_a_gather_into_one_players_zone_in_words():
    # Skitgubbe gathers a won trick into won[winner]: explain wrote '*won[winner]*', the raw notation,
    # where a move to the same zone reads "the *winner*'s *won*".
    text = _explained("skitgubbe")
    assert "Gather every card from *trick* into the *winner*'s *won*." in text
    assert "won[winner]" not in text


def test_explain_says_a_test_named_by_a_present_participle_of_its_item():
    # holding(p) was said "holding holds for the *reply*", and of the item of a filter "its holding"
    # ("the items of the list ... for which it exists and its holding"); a past participle (protected(c))
    # was already "c is protected"
    text = _explained("skitgubbe-tricks")
    assert "- **lead_p(l)**: *l* if *l* is holding, otherwise the next player after *l* who is holding" in text
    assert "or the winner is not holding:" in text
    assert "its holding" not in text and "holding holds for" not in text


def test_explain_keeps_for_no_around_a_condition_of_several_parts():
    # not any(players, p => holding(p) and not passed[p] and p != last) read "no player is holding and not
    # the player's *passed* and ...", as if 'no' covered the first part alone
    text = _explained("tien-len")
    assert ("(for no player, the player is holding and not the player's *passed* and the player is not the "
            "*last*)") in text


def test_explain_says_the_top_card_of_a_pile():
    # last(stock) is the top card (docs: a zone lists its cards from the bottom up); explain said "the
    # last card of *stock*", which reads as the bottom card to many.  A zone kept per player keeps
    # "the last card" (hand[p]: the card that came in last; trick[reply]: the card played last).
    text = _explained("skitgubbe")
    assert "Move the top card of *stock* from *stock* to *p*'s *hand*." in text
    assert "the last card of *stock*" not in text
    assert "the last card of the *reply*'s *trick*" in text
