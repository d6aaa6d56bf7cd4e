"""Review 29: games the engine has never seen, written from their published rules only with the documented
language (tests/rulesets_review29/, each says which readings it keeps), judged by referees written here
from the rules, sharing no code with the engine beyond driving a game through its public API.

- Dou Di Zhu: three players, bidding for the landlord, the kitty shown to all and taken by the landlord
  who plays alone against two; every kind of play (kickers, runs, airplanes with wings, four with two,
  bombs, the rocket); the stake doubled by bombs, the rocket and a spring; asymmetric scoring.
- Palace (Shithead): face-down cards nobody may look at, played blind; face-up cards; a hand drawn back
  to three; 2 resets, 10 and four of a kind burn the pile; picking up the pile.

Random games are followed move by move (the player to move, the exact set of moves offered, every card in
exactly one place, scores), and scripted deals check outcomes worked out by hand.
"""
from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import every_card_once, load_from, var as _v, zone_names as _z

HERE = Path(__file__).resolve().parent / "rulesets_review29"


def _load(name, **options):
    return load_from(HERE, name, **options)


def _text(s, a):
    """An action as text with the cards of a set sorted by name."""
    name, value = a
    if isinstance(value, (list, tuple)):
        return " ".join([name] + sorted(S.names(s, value)))
    text = S.describe(s, a)
    return text if text.split()[0] == name else f"{name} {text}"


def _legal(s):
    return sorted(_text(s, a) for a in G.legal_actions(s))


def _norm(texts):
    out = []
    for m in texts:
        name, _, rest = m.partition(" ")
        cards = _split_cards(rest)
        out.append(" ".join([name] + sorted(cards)))
    return sorted(out)


def _split_cards(text):
    """Card names from text: the jokers' names hold a space."""
    words, out = text.split(), []
    i = 0
    while i < len(words):
        if i + 1 < len(words) and words[i + 1] == "Joker":
            out.append(words[i] + " Joker")
            i += 2
        else:
            out.append(words[i])
            i += 1
    return out


def _do(s, who, legal, move):
    """`who` is to move, offered exactly `legal` (None: not checked); then `move` is made."""
    assert G.current_player(s) == who, (G.current_player(s), who, _legal(s))
    if legal is not None:
        assert _legal(s) == _norm(legal), _legal(s)
    key = _norm([move])[0]
    for a in G.legal_actions(s):
        if _text(s, a) == key:
            G.apply(s, a)
            return
    raise AssertionError(f"{move} is not offered: {_legal(s)}")


# == Dou Di Zhu =========================================================================================

DDZ_RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "Black Joker", "Red Joker"]
TWO = DDZ_RANKS.index("2")


def ddz_rank(c):
    return DDZ_RANKS.index(c if "Joker" in c else c[:-1])


def ddz_plays(hand):
    """Every play the hand can make: {(kind, frozenset of cards): set of strengths (one per reading)}.
    Found rank by rank from the rules (not by the engine's built-ins)."""
    by = {r: sorted(c for c in hand if ddz_rank(c) == r) for r in range(len(DDZ_RANKS))}
    out = {}

    def add(kind, cards, strength):
        out.setdefault((kind, frozenset(cards)), set()).add(strength)

    def choose(r, k):
        return [list(x) for x in itertools.combinations(by[r], k)]

    for r in by:
        for c in by[r]:
            add("single", [c], r)
        for k, kind in ((2, "pair"), (3, "triple"), (4, "bomb")):
            for cs in choose(r, k):
                add(kind, cs, r)
    for r in by:
        for three in choose(r, 3):
            for c in hand:
                if ddz_rank(c) != r:
                    add("triple_single", three + [c], r)
            for q in by:
                if q != r:
                    for two in choose(q, 2):
                        add("triple_pair", three + two, r)
        for four in choose(r, 4):
            rest = [c for c in hand if ddz_rank(c) != r]
            for two in itertools.combinations(rest, 2):
                add("four_two", four + list(two), r)
            for q1, q2 in itertools.combinations([q for q in by if q != r], 2):
                for a in choose(q1, 2):
                    for b in choose(q2, 2):
                        add("four_pairs", four + a + b, r)
    # runs: ranks in a row from 3 to A (no 2, no joker)
    for width, kind, least in ((1, "straight", 5), (2, "pair_run", 3), (3, "airplane", 2)):
        for lo in range(TWO):
            for hi in range(lo + least - 1, TWO):
                window = range(lo, hi + 1)
                for pick in itertools.product(*(choose(r, width) for r in window)):
                    body = sum(pick, [])
                    add(kind, body, lo)
                    if kind != "airplane":
                        continue
                    n = len(window)
                    others = [c for c in hand if ddz_rank(c) not in window]
                    for wings in itertools.combinations(others, n):
                        add("airplane_small_wings", body + list(wings), lo)
                    for qs in itertools.combinations([q for q in by if q not in window], n):
                        for pairs in itertools.product(*(choose(q, 2) for q in qs)):
                            add("airplane_big_wings", body + sum(pairs, []), lo)
    if "Black Joker" in hand and "Red Joker" in hand:
        out[("rocket", None)] = {99}
    return out


class DouDiZhuReferee:
    """The play of one hand of Dou Di Zhu, from the landlord's lead, as the rules say."""

    def __init__(self, hands, landlord):
        self.hands = {p: list(h) for p, h in hands.items()}
        self.cur = self.landlord = landlord
        self.table = None               # (kind, number of cards, strength)
        self.last, self.passes = None, 0
        self.plays = {p: 0 for p in range(3)}
        self.doublings = 0
        self.played = self._plays()

    def _plays(self):
        return ddz_plays(self.hands[self.cur])

    def _beats(self, kind, cards, strength):
        if self.table is None or kind == "rocket":
            return True
        tk, tn, ts = self.table
        if kind == "bomb":
            return tk not in ("bomb", "rocket") or (tk == "bomb" and strength > ts)
        return kind == tk and len(cards) == tn and strength > ts

    def legal(self):
        out = []
        for (kind, cards), strengths in self.played.items():
            if any(self._beats(kind, cards or (), st) for st in strengths):
                out.append(kind if cards is None else " ".join([kind] + sorted(cards)))
        if self.table is not None:
            out.append("pass")
        return sorted(out)

    def move(self, text):
        p = self.cur
        kind, _, rest = text.partition(" ")
        if kind == "pass":
            self.passes += 1
            if self.passes == 2:
                self.table, self.passes, self.cur = None, 0, self.last
                self.played = self._plays()
                return
        else:
            cards = _split_cards(rest) if kind != "rocket" else ["Black Joker", "Red Joker"]
            key = (kind, frozenset(cards) if kind != "rocket" else None)
            strength = max(st for st in self.played[key] if self._beats(kind, cards, st))
            for c in cards:
                self.hands[p].remove(c)
            self.table, self.last, self.passes = (kind, len(cards), strength), p, 0
            self.plays[p] += 1
            if kind in ("bomb", "rocket"):
                self.doublings += 1
        self.cur = (p + 1) % 3
        self.played = self._plays()

    def over(self):
        return any(not h for h in self.hands.values())

    def scores(self, bid):
        won = not self.hands[self.landlord]
        stake = bid * 2 ** self.doublings
        peasants = [p for p in range(3) if p != self.landlord]
        if (won and all(self.plays[p] == 0 for p in peasants)) or (not won and self.plays[self.landlord] == 1):
            stake *= 2
        return {p: (2 * stake if won else -2 * stake) if p == self.landlord else (-stake if won else stake)
                for p in range(3)}


def _ddz_bidding(s, rng, dealer, counts):
    """Follow the bidding (dealt again while everyone passes); the landlord, the bid and the kitty."""
    while True:
        every_card_once(s)
        hands = {p: _z(s, "hand", p) for p in range(3)}
        kitty = _z(s, "kitty")
        assert all(len(h) == 17 for h in hands.values()) and len(kitty) == 3
        bid, landlord = 0, None
        for k in range(1, 4):
            p = (dealer + k) % 3
            if bid == 3:
                break
            assert G.current_player(s) == p
            want = [f"bid {b}" for b in range(bid + 1, 4)] + ["pass"]
            assert _legal(s) == sorted(want), _legal(s)
            text = rng.choice(want) if rng.random() < 0.5 else "pass"
            _do(s, p, None, text)
            if text != "pass":
                bid, landlord = int(text.split()[1]), p
        if bid:
            counts["bid", bid] = counts.get(("bid", bid), 0) + 1
            return hands, kitty, bid, landlord
        counts["redeal"] = counts.get("redeal", 0) + 1


def _referee_ddz(seed, counts, hands_per_game=3):
    rules = _load("dou-di-zhu", hands=hands_per_game)
    rng = random.Random(seed)
    s = G.new_game(rules, 3, seed)
    scores, dealer = [0, 0, 0], 0
    while not G.is_over(s):
        hands, kitty, bid, landlord = _ddz_bidding(s, rng, dealer, counts)
        # the kitty goes to the landlord, face up: both peasants see those three cards in the landlord's hand
        assert sorted(_z(s, "hand", landlord)) == sorted(hands[landlord] + kitty)
        hands[landlord] = hands[landlord] + kitty
        ids = set(S.cards(s.rules, kitty))
        for q in range(3):
            assert ids <= set(G.observation(s, q)["zones"]["hand"][landlord])
        ref = DouDiZhuReferee(hands, landlord)
        while not ref.over():
            every_card_once(s)
            assert G.current_player(s) == ref.cur
            assert _legal(s) == ref.legal(), (set(_legal(s)) ^ set(ref.legal()))
            actions = G.legal_actions(s)
            # prefer plays to passes, and long plays now and then, so that every kind comes up
            # a kind of play first, then one play of it (passing a quarter of the time when allowed), so
            # that every kind comes up
            kinds = sorted({a[0] for a in actions if a[0] != "pass"})
            if not kinds or (len(kinds) < len({a[0] for a in actions}) and rng.random() < 0.25):
                kinds = ["pass"]
            kind = rng.choice(kinds)
            action = rng.choice([a for a in actions if a[0] == kind])
            text = _text(s, action)
            G.apply(s, action)
            ref.move(text)
            counts[text.split()[0]] = counts.get(text.split()[0], 0) + 1
        gained = ref.scores(bid)
        for p in range(3):
            scores[p] += gained[p]
        counts["spring"] = counts.get("spring", 0) + (abs(gained[landlord]) > 2 * bid * 2 ** ref.doublings)
        assert _v(s, "score") == scores, (_v(s, "score"), scores)
        dealer = (dealer + 1) % 3
    result = G.result(s)
    assert result["scores"] == scores
    assert result["winners"] == [p for p in range(3) if scores[p] == max(scores)]


def test_dou_di_zhu_random_games_follow_the_referee():
    counts = {}
    for seed in range(16):
        _referee_ddz(seed, counts)
    kinds = ["single", "pair", "triple", "triple_single", "triple_pair", "straight", "pair_run", "bomb",
             "rocket", "pass"]
    missing = [k for k in kinds if not counts.get(k)]
    assert not missing, (missing, counts)
    assert counts.get("redeal") and all(counts.get(("bid", b)) for b in (1, 2, 3)), counts


@pytest.mark.soak
def test_dou_di_zhu_many_random_games_follow_the_referee():
    counts = {}
    for seed in range(100, 300):
        _referee_ddz(seed, counts)
    kinds = ["airplane", "airplane_small_wings", "airplane_big_wings", "four_two", "four_pairs"]
    assert all(counts.get(k) for k in kinds) and counts.get("spring"), counts


def _set_hands(s, hands, rest="out"):
    """Every seat holds exactly the named cards; every other card of the hands goes to the zone `rest`."""
    hand, other = S.zone(s, "hand"), S.zone(s, rest)
    for p in range(s.n):
        other.extend(hand[p])
        hand[p].clear()
    for p, names in hands.items():
        ids = S.cards(s.rules, names)
        for c in ids:
            other.remove(c)
        hand[p].extend(ids)
    S.refresh(s)


def _ddz(bids, hands):
    """A hand of Dou Di Zhu (dealer 0, so seat 1 bids first) after the bids `bids` (texts in turn), with
    the hands then set to `hands`."""
    s = G.new_game(_load("dou-di-zhu", hands=1), 3, 7)
    for k, text in enumerate(bids):
        _do(s, (1 + k) % 3, None, text)
    _set_hands(s, hands)
    return s


def test_dou_di_zhu_bidding_three_ends_it_and_all_passing_deals_again():
    s = G.new_game(_load("dou-di-zhu"), 3, 3)
    _do(s, 1, ["bid 1", "bid 2", "bid 3", "pass"], "bid 1")
    _do(s, 2, ["bid 2", "bid 3", "pass"], "pass")
    # a bid of 3 ends the bidding at once: seat 1 does not bid again, seat 0 becomes the landlord
    _do(s, 0, ["bid 2", "bid 3", "pass"], "bid 3")
    assert _v(s, "landlord") == 0 and _v(s, "stake") == 3 and G.current_player(s) == 0
    assert len(_z(s, "hand", 0)) == 20 and not _z(s, "kitty")
    # everyone passes: the same dealer deals again and seat 1 bids first
    s = G.new_game(_load("dou-di-zhu"), 3, 4)
    before = [_z(s, "hand", p) for p in range(3)]
    for p in (1, 2, 0):
        _do(s, p, None, "pass")
    assert G.current_player(s) == 1 and _v(s, "dealer") == 0
    assert [_z(s, "hand", p) for p in range(3)] != before
    _do(s, 1, ["bid 1", "bid 2", "bid 3", "pass"], "pass")
    _do(s, 2, None, "bid 2")
    # seat 0 must bid higher than 2 or pass; seat 2 is the landlord when seat 0 passes
    _do(s, 0, ["bid 3", "pass"], "pass")
    assert _v(s, "landlord") == 2 and G.current_player(s) == 2 and _v(s, "stake") == 2


def test_dou_di_zhu_spring_four_with_two_and_the_rocket():
    s = _ddz(["bid 3"], {1: ["4♣", "4♦", "4♥", "4♠", "7♣", "9♦", "Black Joker", "Red Joker"],
                         2: ["5♣", "6♣"], 0: ["8♣", "8♦"]})
    _do(s, 1, None, "four_two 4♣ 4♦ 4♥ 4♠ 7♣ 9♦")
    # nothing but a higher four with two, a bomb or the rocket beats it
    _do(s, 2, ["pass"], "pass")
    _do(s, 0, ["pass"], "pass")
    # two passes: the landlord leads again; the rocket may lead
    _do(s, 1, ["single Black Joker", "single Red Joker", "rocket"], "rocket")
    # landlord out, no peasant played: spring.  Stake 3, doubled by the rocket and by the spring
    assert G.is_over(s) and _v(s, "score") == [-12, 24, -12]


def test_dou_di_zhu_bomb_beats_four_with_two_rocket_beats_bomb():
    s = _ddz(["bid 2", "pass", "pass"], {1: ["4♣", "4♦", "4♥", "4♠", "7♣", "9♦", "Black Joker", "Red Joker", "3♠"],
                         2: ["5♣", "5♦", "5♥", "5♠", "6♣", "K♠"], 0: ["8♣", "8♦"]})
    _do(s, 1, None, "four_two 4♣ 4♦ 4♥ 4♠ 7♣ 9♦")
    # seat 2's four Fives with two cards beat it (same kind, higher four), and so does the bomb
    _do(s, 2, ["four_two 5♣ 5♦ 5♥ 5♠ 6♣ K♠", "bomb 5♣ 5♦ 5♥ 5♠", "pass"], "bomb 5♣ 5♦ 5♥ 5♠")
    _do(s, 0, ["pass"], "pass")
    _do(s, 1, ["rocket", "pass"], "rocket")
    _do(s, 2, ["pass"], "pass")
    _do(s, 0, ["pass"], "pass")
    _do(s, 1, ["single 3♠"], "single 3♠")
    # landlord out, a peasant played (no spring): stake 2, doubled by the bomb and the rocket
    assert G.is_over(s) and _v(s, "score") == [-8, 16, -8]


def test_dou_di_zhu_peasants_win_and_the_landlord_played_once():
    s = _ddz(["bid 1", "pass", "pass"], {1: ["3♣", "4♣", "5♣"], 2: ["2♠", "6♦"], 0: ["K♦"]})
    _do(s, 1, ["single 3♣", "single 4♣", "single 5♣"], "single 3♣")
    _do(s, 2, ["single 2♠", "single 6♦", "pass"], "single 2♠")
    _do(s, 0, ["pass"], "pass")
    _do(s, 1, ["pass"], "pass")
    _do(s, 2, ["single 6♦"], "single 6♦")
    # the peasants win, the landlord made one play: stake 1 doubled; each peasant wins it, the landlord
    # loses twice
    assert G.is_over(s) and _v(s, "score") == [2, -4, 2]


def test_dou_di_zhu_same_kind_and_length_to_beat():
    s = _ddz(["bid 1", "pass", "pass"],
             {1: ["3♣", "4♣", "5♣", "6♣", "7♣", "9♣", "9♦", "9♥", "J♣", "2♣"],
              2: ["4♦", "5♦", "6♦", "7♦", "8♦", "9♠", "10♠", "Q♦", "Q♠", "Q♥", "3♦", "3♥"],
              0: ["K♦", "K♣", "K♥", "A♣", "A♦"]})
    _do(s, 1, None, "straight 3♣ 4♣ 5♣ 6♣ 7♣")
    # five cards in a row beginning higher; not the six or seven card straights
    _do(s, 2, ["straight 4♦ 5♦ 6♦ 7♦ 8♦", "straight 5♦ 6♦ 7♦ 8♦ 9♠", "straight 6♦ 7♦ 8♦ 9♠ 10♠", "pass"],
        "straight 6♦ 7♦ 8♦ 9♠ 10♠")
    _do(s, 0, ["pass"], "pass")
    _do(s, 1, ["pass"], "pass")
    _do(s, 2, None, "triple_pair Q♦ Q♠ Q♥ 3♦ 3♥")
    # a triple with a pair beaten only by a higher triple with a pair: Kings with the Aces
    _do(s, 0, ["triple_pair K♦ K♣ K♥ A♣ A♦", "pass"], "triple_pair K♦ K♣ K♥ A♣ A♦")
    # the landlord's Nines with a single are another kind
    assert G.is_over(s) and _v(s, "score") == [2, -4, 2]
