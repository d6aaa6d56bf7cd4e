"""Review 50: two games the engine has never seen, written from the docs only (tests/rulesets_review50/,
each says at its top which rules and readings it keeps): Svoyi Koziri (a Durak-family beating game for two
to four in which every player beats with a trump suit of their own; throw-ins by every other player,
taking the whole table, the last player holding cards loses) and Hand and Foot (four players in two
partnerships, five packs with jokers, a hand and a foot of eleven cards each, melds of one rank with
Twos and jokers wild, clean and dirty books of seven, going out with books of both kinds).

Referees written here from the rules (sharing no code with the engine; the deal is read from the game
at its first decision) follow seeded random games move by move: who moves, the exact set of moves
offered, where every card lies, what each seat sees, and the result.
"""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import cached_loader, every_card_once, seen

HERE = Path(__file__).resolve().parent / "rulesets_review50"

_load = cached_loader(HERE)


def _z(s, zone, owner=None):
    return S.names(s, S.zone(s, zone, owner))


def _rank(c):
    return c[:-1]


def _suit(c):
    return c[-1]


# -- Svoyi Koziri ---------------------------------------------------------------------------------------

SK_RANKS = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SK_POWER = {r: i for i, r in enumerate(SK_RANKS)}
SK_SUITS = "♣♦♥♠"          # seat 0 owns clubs, seat 1 diamonds, seat 2 hearts, seat 3 spades


class SvoyiReferee:
    """Svoyi Koziri by hand: the hands, the table, whose turn and what they may do."""

    def __init__(self, s):
        self.n = s.n
        self.dealer = 0
        self.hands = [sorted(_z(s, "hand", p)) for p in range(self.n)]
        self.check_deal()
        self.attack, self.defence, self.out = [], [], []
        self.known = set()          # cards taken up from the table: every seat saw them go
        self.attacker = (self.dealer + 1) % self.n
        self.over = False
        self.bouts = self.takes = self.throwins = 0
        self.start_bout()

    def check_deal(self):
        n = self.n
        assert sorted(c for h in self.hands for c in h) == sorted(r + x for x in SK_SUITS for r in SK_RANKS)
        for p in range(n):
            # every owned Six is with its owner; a Six of a suit nobody owns is wherever it was dealt
            assert "6" + SK_SUITS[p] in self.hands[p]
        base = 36 // n
        for p in range(n):
            sixes_owned_elsewhere = [c for c in self.hands[p] if _rank(c) == "6" and SK_SUITS.index(_suit(c)) < n
                                     and SK_SUITS.index(_suit(c)) != p]
            assert not sixes_owned_elsewhere, (p, self.hands[p])
        # the sizes: 36/n each, give or take the Sixes handed over
        assert sum(len(h) for h in self.hands) == 36
        assert all(base - 3 <= len(h) <= base + 3 for h in self.hands)

    # -- the rules
    def holds(self, p):
        return len(self.hands[p]) > 0

    def next_holder(self, p):
        for k in range(1, self.n + 1):
            q = (p + k) % self.n
            if self.holds(q):
                return q
        return None

    def beats(self, b, a):
        own = SK_SUITS[self.defender] if self.defender < 4 else None
        if _suit(b) == _suit(a) and SK_POWER[_rank(b)] > SK_POWER[_rank(a)]:
            return True
        return _suit(b) == own and _suit(a) != own

    def may_add(self, c):
        ranks = {_rank(x) for x in self.attack + self.defence}
        return (_rank(c) in ranks and len(self.attack) < 6
                and len(self.attack) - len(self.defence) < len(self.hands[self.defender]))

    def start_bout(self):
        self.defender = self.next_holder(self.attacker)
        self.taking = False
        self.phase = "attack"
        self.bouts += 1

    def start_asking(self):
        """The throwers in turn, the attacker first, then to the left; the defender never."""
        self.phase = "throw"
        self.order = [(self.attacker + k) % self.n for k in range(self.n)]
        self.order = [p for p in self.order if p != self.defender and self.holds(p)]
        self.asked = 0

    def end_bout(self):
        table = self.attack + self.defence
        self.attack, self.defence = [], []
        if self.taking:
            self.hands[self.defender] += table
            self.known |= set(table)
            self.takes += 1
            self.attacker = self.next_holder(self.defender)
        else:
            self.out += table
            self.attacker = self.defender if self.holds(self.defender) else self.next_holder(self.defender)
        if sum(1 for p in range(self.n) if self.holds(p)) <= 1:
            self.over = True
        else:
            self.start_bout()

    def decision(self):
        """(who, the moves offered), working through throwers who may add nothing; None at the end."""
        while not self.over:
            if self.phase == "attack":
                return self.attacker, {f"attack {c}" for c in self.hands[self.attacker]}
            if self.phase == "defend":
                last = self.attack[-1]
                beats = {f"beat {c}" for c in self.hands[self.defender] if self.beats(c, last)}
                return self.defender, beats | {"take"}
            while self.asked < len(self.order):
                p = self.order[self.asked]
                adds = {f"add {c}" for c in self.hands[p] if self.may_add(c)}
                if adds:
                    return p, adds | {"pass"}
                self.asked += 1
            self.end_bout()
        return None

    def play(self, who, text):
        move, _, card = text.partition(" ")
        if move in ("attack", "add", "beat"):
            self.hands[who].remove(card)
        if move == "attack":
            self.attack.append(card)
            self.phase = "defend"
        elif move == "add":
            self.attack.append(card)
            self.throwins += 1
            if self.taking:
                self.start_asking()
            else:
                self.phase = "defend"
        elif move == "beat":
            self.defence.append(card)
            self.start_asking()
        elif move == "take":
            self.taking = True
            self.start_asking()
        elif move == "pass":
            self.asked += 1
        else:
            raise AssertionError(text)

    # -- the drive hooks
    def before(self, s, who, texts):
        expected = self.decision()
        assert expected is not None, "the engine asks for a move after the game is over"
        p, legal = expected
        assert who == p, (who, p)
        assert texts == sorted(legal), (sorted(set(texts) ^ legal))
        self.compare(s)

    def after(self, s, who, text):
        self.play(who, text)

    def compare(self, s):
        for p in range(self.n):
            assert sorted(_z(s, "hand", p)) == sorted(self.hands[p]), p
            assert seen(s, p, "hand", p) == sorted(self.hands[p])
            for v in range(self.n):
                if v != p:
                    assert seen(s, v, "hand", p) == sorted(set(self.hands[p]) & self.known), (v, p)
        assert _z(s, "attack") == self.attack and _z(s, "defence") == self.defence
        assert sorted(_z(s, "out")) == sorted(self.out)
        for v in range(self.n):
            assert seen(s, v, "attack") == sorted(self.attack) and seen(s, v, "out") == sorted(self.out)
        every_card_once(s)

    def finish(self, s):
        assert self.decision() is None
        self.compare(s)
        result = G.result(s)
        fools = [p for p in range(self.n) if self.holds(p)]
        assert len(fools) <= 1
        assert result["winners"] == [p for p in range(self.n) if p not in fools]
        assert result["scores"] == [0 if p in fools else 1 for p in range(self.n)]


def _sk_drive(n, seed):
    rng = random.Random(seed)
    s = G.new_game(_load("svoyi-koziri"), n, seed)
    ref = SvoyiReferee(s)
    moves = 0
    while not s.over:
        actions = G.legal_actions(s)
        texts = [S.describe(s, a) for a in actions]
        assert len(set(texts)) == len(texts)
        who = G.current_player(s)
        ref.before(s, who, sorted(texts))
        # lean towards beating and adding, so that bouts grow long and the limits are reached
        weights = [1 if t in ("take", "pass") else 3 for t in texts]
        i = rng.choices(range(len(texts)), weights)[0]
        G.apply(s, actions[i])
        ref.after(s, who, texts[i])
        moves += 1
        assert moves < 3000
    ref.finish(s)
    return ref


@pytest.mark.parametrize("n", [2, 3, 4])
def test_svoyi_koziri_random_games_follow_the_rules(n):
    totals = Counter()
    for seed in range(60):
        ref = _sk_drive(n, seed)
        totals.update(bouts=ref.bouts, takes=ref.takes, throwins=ref.throwins,
                      fool=any(ref.holds(p) for p in range(n)))
    assert totals["takes"] > 50 and totals["throwins"] > 100 and totals["fool"] > 30, totals


@pytest.mark.soak
@pytest.mark.parametrize("n", [2, 3, 4])
def test_svoyi_koziri_soak(n):
    for seed in range(60, 1060):
        _sk_drive(n, seed)


def _sk_pack():
    return [r + x for x in SK_SUITS for r in SK_RANKS]


@pytest.mark.parametrize("n", [3, 4])
def test_svoyi_koziri_each_six_goes_to_the_owner_of_its_suit(n):
    # seat 1 (the dealer's left, dealt first) is dealt all four Sixes; each goes to its suit's owner,
    # and with three players the Six of spades, a suit nobody owns, stays with seat 1
    from tests.scripted import deal_order
    sixes = ["6♣", "6♦", "6♥", "6♠"]
    rest = [c for c in _sk_pack() if c not in sixes]
    size = 36 // n
    hands = {1: sixes + rest[:size - 4]}
    rest = rest[size - 4:]
    seats = [(1 + k) % n for k in range(n)]
    for p in seats[1:]:
        hands[p], rest = rest[:size], rest[size:]
    s = S.stacked_game(_load("svoyi-koziri"), n, deal_order(hands, seats))
    for p in range(n):
        expected = [c for c in hands[p] if c not in sixes] + [c for c in sixes if SK_SUITS.index(_suit(c)) == p]
        if p == 1:
            expected += [c for c in sixes if SK_SUITS.index(_suit(c)) >= n]
        assert sorted(_z(s, "hand", p)) == sorted(expected), p
    assert G.current_player(s) == 1



# -- Hand and Foot -------------------------------------------------------------------------------------

HF_TEAMS = [[0, 2], [1, 3]]


def hf_wild(c):
    return c == "Joker" or _rank(c) == "2"


def hf_natural(c):
    return not hf_wild(c) and _rank(c) != "3"


def hf_value(c):
    if c == "Joker":
        return 50
    r = _rank(c)
    return 20 if r in ("2", "A") else 10 if r in ("K", "Q", "J", "10", "9", "8") else 5


def _sub_multisets(counter, size):
    """Every sub-multiset of `size` items of a Counter, as sorted tuples."""
    items = sorted(counter.items())
    out = []

    def go(i, left, chosen):
        if left == 0:
            out.append(tuple(chosen))
            return
        if i == len(items):
            return
        name, have = items[i]
        for k in range(min(have, left), -1, -1):
            go(i + 1, left - k, chosen + [name] * k)
    go(0, size, [])
    return out


def _meld_names(text):
    """The cards of a meld written '[9♣ Joker=9♣ 9♥]', each by the card it is (not what it stands for)."""
    inner = text.strip()[1:-1].split()
    return tuple(sorted(x.split("=")[0] for x in inner))


def _hf_canon(text):
    """A move as (name, ...): melds by their cards, an addition by the card and the meld it makes."""
    if text.startswith("meld "):
        return ("meld", _meld_names(text[5:]))
    if text.startswith("add "):
        card, _, meld = text[4:].partition(" -> ")
        return ("add", card, _meld_names(meld))
    if text.startswith("discard "):
        return ("discard", text[8:])
    return (text,)


class HandFootReferee:
    """Hand and Foot by hand: hands, feet, the stock in order, the pile, each team's melds and scores."""

    def __init__(self, s, hands=1, opening=50):
        self.hands_in_game, self.opening = hands, opening
        self.score = [0, 0]
        self.hand_no = None
        self.dealer = 0
        self.stats = Counter()

    def new_hand(self, s):
        self.hand_no = s.hand_no
        self.hand = [Counter(_z(s, "hand", p)) for p in range(4)]
        self.foot = [Counter(_z(s, "foot", p)) for p in range(4)]
        self.stock = _z(s, "stock")
        self.pile = _z(s, "discard")
        assert all(sum(h.values()) == 11 for h in self.hand) and all(sum(f.values()) == 11 for f in self.foot)
        assert len(self.pile) == 1 and len(self.stock) == 270 - 89
        self.melds = [[], []]        # per team: lists of card names
        self.turn = (self.dealer + 1) % 4
        self.phase = "draw"
        self.out = None
        self.known = [set() for _ in range(4)]

    # -- the rules
    def team(self, p):
        return p % 2

    def unfinished(self, p, r):
        return any(self.meld_rank(m) == r and len(m) < 7 for m in self.melds[self.team(p)])

    @staticmethod
    def meld_rank(m):
        return next(_rank(c) for c in m if not hf_wild(c))

    def books(self, t):
        full = [m for m in self.melds[t] if len(m) == 7]
        return sum(1 for m in full if not any(hf_wild(c) for c in m)), sum(1 for m in full if any(hf_wild(c) for c in m))

    def may_go_out(self, p):
        clean, dirty = self.books(self.team(p))
        return clean > 0 and dirty > 0

    def on_foot(self, p):
        return sum(self.foot[p].values()) == 0

    def leaves_enough(self, p, used):
        """A play that takes `used` cards from the hand (less what it adds) leaves the player able to go on."""
        return not self.on_foot(p) or self.may_go_out(p) or sum(self.hand[p].values()) - used >= 2

    def offered(self):
        p, h = self.turn, self.hand[self.turn]
        t = self.team(p)
        moves = set()
        if self.phase == "draw":
            moves.add(("draw",))
            top = self.pile[-1] if self.pile else None
            if (top and hf_natural(top) and self.melds[t] and not self.unfinished(p, _rank(top))
                    and sum(k for c, k in h.items() if hf_natural(c) and _rank(c) == _rank(top)) >= 2
                    and self.leaves_enough(p, 2 - min(6, len(self.pile) - 1))):
                moves.add(("take_pile",))
            return moves
        wilds = Counter({c: k for c, k in h.items() if hf_wild(c)})
        by_rank = {}
        for c, k in h.items():
            if hf_natural(c):
                by_rank.setdefault(_rank(c), Counter())[c] = k
        for r, naturals in by_rank.items():
            if self.unfinished(p, r):
                continue
            for a in range(2, sum(naturals.values()) + 1):
                for w in range(0, min(3, sum(wilds.values())) + 1):
                    if not 3 <= a + w <= 7 or not self.leaves_enough(p, a + w):
                        continue
                    for nat in _sub_multisets(naturals, a):
                        for wi in _sub_multisets(wilds, w):
                            meld = tuple(sorted(nat + wi))
                            if self.melds[t] or sum(hf_value(c) for c in meld) >= self.opening:
                                moves.add(("meld", meld))
        if self.leaves_enough(p, 1):
            for m in self.melds[t]:
                if len(m) >= 7:
                    continue
                r = self.meld_rank(m)
                for c in h:
                    if (hf_natural(c) and _rank(c) == r) or (hf_wild(c) and sum(1 for x in m if hf_wild(x)) < 3):
                        moves.add(("add", c, tuple(sorted(m + [c]))))
        if self.leaves_enough(p, 0) or sum(h.values()) > 1:
            moves |= {("discard", c) for c in h}
        return moves

    def after_play(self, p):
        if sum(self.hand[p].values()) == 0 and sum(self.foot[p].values()) > 0:
            self.hand[p], self.foot[p] = self.foot[p], Counter()
            self.stats["feet"] += 1
        if sum(self.hand[p].values()) == 0:
            self.out = p
            self.end_turn()

    def end_turn(self):
        if self.out is not None or len(self.stock) < 2:
            self.score_hand()
        else:
            self.turn = (self.turn + 1) % 4
            self.phase = "draw"

    def score_hand(self):
        for t in (0, 1):
            clean, dirty = self.books(t)
            self.stats["clean"] += clean
            self.stats["dirty"] += dirty
            self.score[t] += (sum(hf_value(c) for m in self.melds[t] for c in m) + 500 * clean + 300 * dirty
                              + (100 if self.out is not None and self.team(self.out) == t else 0)
                              - sum(hf_value(c) * k for p in HF_TEAMS[t] for c, k in (self.hand[p] + self.foot[p]).items()))
        self.stats["outs"] += self.out is not None
        self.stats["hands"] += 1
        self.hand_no = None
        self.dealer = (self.dealer + 1) % 4

    def take(self, p, counter, c):
        assert counter[c] > 0, (p, c)
        counter[c] -= 1
        if counter[c] == 0:
            del counter[c]

    # -- the drive hooks
    def before(self, s, who, texts):
        if self.hand_no is None:
            self.new_hand(s)
        assert s.hand_no == self.hand_no
        assert who == self.turn, (who, self.turn)
        got = {_hf_canon(t) for t in texts}
        want = self.offered()
        assert got == want, (sorted(got - want)[:5], sorted(want - got)[:5])
        self.compare(s)

    def after(self, s, who, text):
        move = _hf_canon(text)
        p, h, t = who, self.hand[who], self.team(who)
        self.stats[move[0]] += 1
        if move[0] == "draw":
            for c in self.stock[-2:]:
                h[c] += 1
            self.stock = self.stock[:-2]
            self.phase = "play"
        elif move[0] == "take_pile":
            top = self.pile.pop()
            # the top card and two natural cards of its rank from the hand make a new meld
            table = [list(_names_of_group(s, g)) for g in S.zone(s, "table", HF_TEAMS[t][0])]
            new = [m for m in table if sorted(m) not in [sorted(x) for x in self.melds[t]]]
            assert len(new) == 1 and len(new[0]) == 3 and top in new[0], (new, top)
            rest = list(new[0])
            rest.remove(top)
            assert all(hf_natural(c) and _rank(c) == _rank(top) for c in rest)
            for c in rest:
                self.take(p, h, c)
            self.melds[t].append(new[0])
            taken = self.pile[-6:]
            self.pile = self.pile[:-6]
            for c in taken:
                h[c] += 1
            self.known[p] |= set(taken)
            self.phase = "play"
        elif move[0] == "meld":
            for c in move[1]:
                self.take(p, h, c)
            self.melds[t].append(list(move[1]))
            self.after_play(p)
        elif move[0] == "add":
            card, result = move[1], move[2]
            self.take(p, h, card)
            r = _rank(next(c for c in result if not hf_wild(c)))
            [m] = [m for m in self.melds[t] if len(m) < 7 and self.meld_rank(m) == r]
            m.append(card)
            assert sorted(m) == list(result)
            self.after_play(p)
        elif move[0] == "discard":
            self.take(p, h, move[1])
            self.pile.append(move[1])
            self.after_play(p)
            if self.out is None:
                self.end_turn()

    def compare(self, s):
        for p in range(4):
            assert Counter(_z(s, "hand", p)) == self.hand[p], p
            assert Counter(_z(s, "foot", p)) == self.foot[p], p
            assert seen(s, p, "hand", p) == sorted(self.hand[p].elements())
            for v in range(4):
                assert seen(s, v, "foot", p) == []
        assert _z(s, "stock") == self.stock and _z(s, "discard") == self.pile
        for t in (0, 1):
            table = sorted(sorted(_names_of_group(s, g)) for g in S.zone(s, "table", HF_TEAMS[t][0]))
            assert table == sorted(sorted(m) for m in self.melds[t]), t
            assert not S.zone(s, "table", HF_TEAMS[t][1])
        every_card_once(s)

    def finish(self, s):
        assert self.hand_no is None, "the game ended in the middle of a hand"
        assert s.hand_no == self.hands_in_game
        result = G.result(s)
        best = max(self.score)
        assert result["scores"] == [self.score[p % 2] for p in range(4)], (result["scores"], self.score)
        assert result["winners"] == [p for p in range(4) if self.score[p % 2] == best]


def _names_of_group(s, group):
    return S.names(s, group)


def _hf_drive(seed, hands=1, eager=0.8):
    """A seeded game in which each seat melds and adds when it can (with probability `eager`), so that
    books, feet and goings out happen; else a random move."""
    rng = random.Random(seed)
    s = G.new_game(_load("hand-and-foot", hands=hands), 4, seed)
    ref = HandFootReferee(s, hands)
    moves = 0
    while not s.over:
        actions = G.legal_actions(s)
        texts = [S.describe(s, a) for a in actions]
        who = G.current_player(s)
        ref.before(s, who, texts)
        build = [i for i, t in enumerate(texts) if t.split()[0] in ("meld", "add", "take_pile")]
        i = rng.choice(build) if build and rng.random() < eager else rng.randrange(len(actions))
        G.apply(s, actions[i])
        ref.after(s, who, texts[i])
        moves += 1
        assert moves < 20000
    ref.finish(s)
    return ref


def test_hand_and_foot_random_games_follow_the_rules():
    stats = Counter()
    for seed in range(6):
        stats += _hf_drive(seed).stats
    assert stats["feet"] > 0 and stats["clean"] + stats["dirty"] > 0, stats
    print(stats)


# -- wild cards of different kinds ----------------------------------------------------------------------

def _offered(s, move):
    return sorted(t[len(move) + 1:] for t in (S.describe(s, a) for a in G.legal_actions(s)) if t.startswith(move + " "))


def test_melds_that_differ_only_in_which_wild_card_they_use_are_each_offered():
    """A joker and a Two, both wild, are not identical cards (they score 50 and 20 in Hand and Foot or
    Canasta), but the meld built-ins took any two wild cards for copies of one card: K♥ K♠ with a
    joker was never offered beside K♥ K♠ with the 2♣, nor a joker added to a meld beside the Two."""
    rules = _load("two-kinds-of-wild")
    # seat 0 is dealt K♠ K♥ Joker, seat 1 5♣ 6♣ 7♣ (one card at a time), then 2♣ and 8♣
    s = S.stacked_game(rules, 2, ["K♠", "5♣", "K♥", "6♣", "Joker", "7♣", "2♣", "8♣", "9♦", "9♣"])
    melds = _offered(s, "meld")
    assert "[Joker=K♣ K♥ K♠]" in melds and "[2♣=K♣ K♥ K♠]" in melds
    assert "[2♣=K♣ Joker=K♣ K♥ K♠]" in melds
    runs = [m for m in melds if "K♥" in m and "K♠" not in m]
    # K♥ with one wild card below it and one above, either wild either place: the cards differ by which wilds
    assert "[2♣=J♥ Joker=Q♥ K♥]" in runs
    # meld_plays (several melds at once) tells them apart too
    plays = _offered(s, "lay")
    assert "[Joker=K♣ K♥ K♠]" in plays and "[2♣=K♣ K♥ K♠]" in plays
    # and an addition to a meld on the table may be made with either wild card
    s = S.stacked_game(rules, 2, ["K♠", "5♣", "K♥", "6♣", "K♦", "7♣", "2♣", "8♣", "Joker", "9♣"])
    S.play(s, ("meld", next(a[1] for a in G.legal_actions(s) if S.describe(s, a) == "meld [K♦ K♥ K♠]")))
    S.play(s, ("discard", next(a[1] for a in G.legal_actions(s) if S.describe(s, a) == "discard 5♣")))
    assert _offered(s, "add") == ["2♣ -> [2♣=K♣ K♦ K♥ K♠]", "Joker -> [Joker=K♣ K♦ K♥ K♠]"]


@pytest.mark.parametrize("name,count", [("svoyi-koziri", 3), ("hand-and-foot", 5)])
def test_worked_deals_pass_as_scenarios(name, count):
    from interpreter.authoring.runner import run_file
    outcomes, problems = run_file(str(HERE / f"{name}.scenario.yaml"))
    assert not problems and len(outcomes) == count
    for o in outcomes:
        assert not o.diagnostics, "\n".join(d.format() for d in o.diagnostics)


def test_hand_and_foot_games_of_two_hands_follow_the_rules():
    stats = Counter()
    for seed in (100, 101):
        stats += _hf_drive(seed, hands=2).stats
    assert stats["hands"] == 4, stats


@pytest.mark.soak
def test_hand_and_foot_soak():
    stats = Counter()
    for seed in range(200, 260):
        stats += _hf_drive(seed, hands=1 + seed % 2, eager=0.5 + (seed % 5) / 10).stats
    assert stats["outs"] > 0, stats


# -- explain ------------------------------------------------------------------------------------------

def test_explain_says_a_test_named_by_one_verb_of_the_item_spoken_of():
    """holds(p) given the player spoken of (next_player(x, p => holds(p)), filter(players, p => not
    holds(p))) read 'the next player after x for which holds holds for it' and 'the players for which
    not holds holds for it'; now 'who holds', 'who do not hold'."""
    from interpreter.authoring.explain import explain
    out = explain(_load("svoyi-koziri"))
    assert "holds holds" not in out and "for which holds" not in out, out
    assert "Set the *defender* to the next player after the current player who holds;" in out
    assert "until the number of players who hold is at most 1:" in out
    assert "The game is won by the players who do not hold." in out
    # a filter of lists joined: 'the cards in the hand of the players ...', not 'the cards of all the cards in'
    assert "the cards of all the cards" not in out
    assert "Move the cards in the *hand* of the players whose rank is “6”" in out


def test_a_table_meld_whose_wild_card_stands_elsewhere_is_told_how_to_write_it(tmp_path):
    """A scenario laying [Q♠ Q♥ Q♦ Joker=Q♦] in a set whose suits may repeat was told only that it 'is not
    a meld': the wild card of such a set stands for the rank in the first suit, and the message now says
    how the meld reads."""
    from interpreter.authoring.runner import run_file
    path = tmp_path / "s.scenario.yaml"
    path.write_text(f"ruleset: {HERE / 'hand-and-foot.yaml'}\nplayers: 4\nscenarios:\n  - name: x\n"
                    "    zones:\n      table: {0: [[Q♠, Q♥, Q♦, Joker=Q♦]]}\n    moves: []\n", encoding="utf-8")
    outcomes, problems = run_file(str(path))
    [d] = problems + [d for o in outcomes for d in o.diagnostics]
    assert "is not a meld of Review Hand and Foot as written" in d.message, d.message
    assert "Joker=Q♣" in d.hint, d.hint


def test_explain_says_which_cards_a_table_change_takes():
    """table_additions(hand[p], table) read 'the ways to add one of the current player's *hand*', and
    wild_swaps([c], table) 'the ways to put one of the card in the place of a wild card'."""
    from interpreter.authoring.explain import explain
    out = explain(_load("hand-and-foot"))
    # (review47 made the same fix as 'a card of': the one kept when both were merged)
    assert "the ways to add a card of the current player's *hand* to a meld" in out, out
    # first(filter(...), 2): 'the first 2 cards in ... that are natural', not 'the first 2 items of the cards in ...'
    assert "the *pair* to the first 2 cards in the current player's *hand* that are natural and whose rank" in out
    from interpreter.authoring.phrasing import Lexicon, words
    said = words("wild_swaps([c], table)", Lexicon.of({"zones": {"table": {}}}))
    assert said == "the ways to put *c* in the place of a wild card of a meld in *table*", said


def test_explain_says_turns_whose_next_player_is_the_first_as_a_player_named_at_each_turn():
    """turns: {first: attacker, next: attacker}, the variable a turn changes, read 'starting with the
    attacker, then the attacker'."""
    from interpreter.authoring.explain import explain
    out = explain(_load("svoyi-koziri"))
    assert "then the *attacker*" not in out
    assert "Players take turns, each turn played by whoever is the *attacker* when it begins, until" in out
