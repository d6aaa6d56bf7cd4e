"""Correctness on two games the engine has never seen (tests/rulesets_review42/, each says at its top which
readings it keeps): Preferans (Sochi: an auction with seniority holds and misere, the talon shown, taken and
two cards discarded, the contract raised, whist or pass, open play by a lone whister who plays both
defending hands, a passing round when everyone passes; pool, mountain and whists settled at the end) and
Phase 10 on two standard packs (Kings wild, jokers skips; sets, runs of any suit and colour groups laid one
group at a time, hits on any laid phase, skips, the stock renewed, a phase repeated until made, the first to
finish phase 10 winning on points).

Referees written here from the rules (sharing no code with the engine) follow seeded random games move by
move: who is asked, the exact moves offered, the deal and talon, trick winners (follow suit, else trump),
the phases a hand may lay and the hits it may make, what each seat sees, pool, mountain, whists and
penalty points, and the end of the game.  Scripted deals check known outcomes
(rulesets_review42/*.scenario.yaml).

The engine played both games as the referees did.  Found and fixed: explain read 'its whists_by minus their
whists_on' for one player, 'may bid holds for (p, k)', 'made of one of it' for combined([g], ...), 'the list
the list ...' for lists inside a list and 'the sum, over ..., of' for lists joined by sum(); an index into a
number inside a function given to a call was told that call's usage.  Documented: combined() keeps one way
of dividing a set of cards into its groups (a contract whose groups matter lays them one at a time).
"""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import cached_loader, drive, every_card_once, hand_events, seen, var as _v

HERE = Path(__file__).resolve().parent / "rulesets_review42"
SYMBOL = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
SUIT_OF = {v: k for k, v in SYMBOL.items()}


_load = cached_loader(HERE)


# -- Preferans -------------------------------------------------------------------------------------------

PR_RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"]
STRAINS = ["spades", "clubs", "diamonds", "hearts", None]      # None: no trumps
MISERE = 16


def psuit(c):
    return SUIT_OF[c[-1]]


def prank(c):
    return PR_RANKS.index(c[:-1])


def bid_level(k):
    return (k - 1) // 5 + 6 if k < MISERE else (k - 17) // 5 + 9


def bid_trumps(k):
    if k == MISERE:
        return None
    return STRAINS[(k - 1) % 5 if k < MISERE else (k - 17) % 5]


def pr_winner(cards, players, trumps):
    led = psuit(cards[0])
    best = max(cards, key=lambda c: (2 if psuit(c) == trumps else 1 if psuit(c) == led else 0, prank(c)))
    return players[cards.index(best)]


def pr_follow(hand, trick, trumps):
    if not trick:
        return sorted(hand)
    same = [c for c in hand if psuit(c) == psuit(trick[0])]
    if same:
        return sorted(same)
    trump = [c for c in hand if trumps is not None and psuit(c) == trumps]
    return sorted(trump or hand)


class PreferansReferee:
    def __init__(self, s, pool_size=10):
        self.pool_size = pool_size
        self.pool, self.mountain = [0] * 3, [0] * 3
        self.w_by, self.w_on = [0] * 3, [0] * 3
        self.dealer = 0
        self.hand_no = 0
        self.seen = Counter()
        self.new_hand(s)

    def new_hand(self, s):
        self.hand_no += 1
        assert s.hand_no == self.hand_no and _v(s, "dealer") == self.dealer
        deals = hand_events(s, self.hand_no, "deal")
        assert [(e["to"], e["count"]) for e in deals] == [("hand", 10), ("talon", 2)]
        self.eldest = (self.dealer + 1) % 3
        assert [p for p, _ in deals[0]["each"]] == [(self.eldest + i) % 3 for i in range(3)]
        self.hands = {p: list(got) for p, got in deals[0]["each"]}
        self.talon = S.names(s, S.zone(s, "talon"))
        assert len(self.talon) == 2
        assert sorted(sum(self.hands.values(), []) + self.talon) == sorted(
            r + SYMBOL[x] for r in PR_RANKS for x in SYMBOL)
        self.bid, self.declarer, self.misere_by = 0, None, None
        self.passed, self.has_bid = set(), set()
        self.speaker = self.eldest
        self.phase = "auction"
        self.public = set()          # cards everyone has seen in a hand
        self.open = set()            # hands laid face up
        self.whist, self.asked = [], []
        self.discards = []
        self.taken = [0] * 3
        self.trick, self.trick_players = [], []
        self.tricks_done = 0
        self.trumps = None

    def sen(self, p):
        return (p - self.eldest) % 3

    def may_speak(self, p):
        return p not in self.passed and p != self.declarer and p != self.misere_by

    def auction_moves(self, p):
        out = ["pass"]
        for k in range(1, 27):
            if k == MISERE:
                continue
            if k > self.bid or (k == self.bid and self.declarer is not None and self.sen(p) < self.sen(self.declarer)):
                out.append(f"bid {k}")
        if p not in self.has_bid and self.bid < MISERE and self.misere_by is None:
            out.append("misere")
        return sorted(out)

    def chooser(self, p):
        if self.phase == "play" and len(self.whist) == 1 and p != self.declarer:
            return self.whist[0]
        return p

    def expected(self):
        if self.phase == "auction":
            return self.speaker, self.auction_moves(self.speaker)
        if self.phase == "discard":
            return self.declarer, sorted(f"discard {c}" for c in self.hands[self.declarer])
        if self.phase == "contract":
            return self.declarer, sorted(f"contract {k}" for k in range(self.bid, 27) if k != MISERE)
        if self.phase == "whist":
            return self.asked[0], ["pass", "whist"]
        p = (self.leader + len(self.trick)) % 3
        return self.chooser(p), pr_follow(self.hands[p], self.trick, self.trumps)

    def before(self, s, who, legal):
        want_who, want = self.expected()
        assert (who, legal) == (want_who, want), (self.phase, who, legal, want_who, want)
        assert s.hand_no == self.hand_no
        every_card_once(s)
        for viewer in range(3):
            for p in range(3):
                if p == viewer or p in self.open:
                    shown = self.hands[p]
                else:
                    shown = [c for c in self.hands[p] if c in self.public]
                assert seen(s, viewer, "hand", p) == sorted(shown), (viewer, p, self.phase)
                assert seen(s, viewer, "won", p) == []
            assert seen(s, viewer, "trick") == sorted(self.trick)
            assert seen(s, viewer, "talon") == []
            for p in range(3):
                assert seen(s, viewer, "discards", p) == (sorted(self.discards) if viewer == p == self.declarer else [])
        assert (_v(s, "pool"), _v(s, "mountain")) == (self.pool, self.mountain)
        assert (_v(s, "whists_by"), _v(s, "whists_on")) == (self.w_by, self.w_on)

    def after(self, s, who, text):
        getattr(self, "after_" + self.phase)(s, who, text)

    def after_auction(self, s, p, text):
        if text == "pass":
            self.passed.add(p)
        elif text == "misere":
            self.bid, self.declarer, self.misere_by = MISERE, p, p
            self.has_bid.add(p)
        else:
            k = int(text.split()[1])
            self.seen["held"] += k == self.bid
            self.bid, self.declarer = k, p
            self.has_bid.add(p)
        for i in range(1, 4):
            q = (p + i) % 3
            if self.may_speak(q):
                self.speaker = q
                return
        if self.declarer is None:
            self.seen["raspasy"] += 1
            self.start_play(None)
            return
        self.seen["misere" if self.bid == MISERE else "contract"] += 1
        self.hands[self.declarer] += self.talon
        self.public |= set(self.talon)
        self.phase = "discard"

    def after_discard(self, s, p, text):
        c = text.split()[1]
        self.hands[p].remove(c)
        self.discards.append(c)
        # discarded face down: the others cannot tell which card went, so none of the talon cards shown
        # in the declarer's hand is known to them any more
        self.public -= set(self.hands[p])
        if len(self.discards) < 2:
            return
        if self.bid == MISERE:
            self.start_play(None)
        else:
            self.phase = "contract"

    def after_contract(self, s, p, text):
        k = int(text.split()[1])
        self.seen["raised"] += k > self.bid
        self.bid = k
        self.phase = "whist"
        self.asked = [(p + 1) % 3, (p + 2) % 3]

    def after_whist(self, s, p, text):
        self.asked.pop(0)
        if text == "whist":
            self.whist.append(p)
        if self.asked:
            return
        self.seen[f"whisters {len(self.whist)}"] += 1
        if not self.whist:
            self.pool[self.declarer] += self.value()
            self.end_hand(s)
            return
        if len(self.whist) == 1:
            self.open |= {q for q in range(3) if q != self.declarer}
        self.start_play(bid_trumps(self.bid))

    def value(self):
        return 10 if self.bid == MISERE else 2 * (bid_level(self.bid) - 5)

    def start_play(self, trumps):
        self.phase = "play"
        self.trumps = trumps
        self.leader = self.eldest

    def after_play(self, s, who, card):
        p = (self.leader + len(self.trick)) % 3
        self.hands[p].remove(card)
        self.trick.append(card)
        self.trick_players.append(p)
        if self.bid == MISERE and self.tricks_done == 0 and len(self.trick) == 1:
            self.open |= {q for q in range(3) if q != self.declarer}
        if len(self.trick) < 3:
            return
        w = pr_winner(self.trick, self.trick_players, self.trumps)
        t = hand_events(s, self.hand_no, "trick")[self.tricks_done]
        assert t["winner"] == w and t["cards"] == self.trick
        self.taken[w] += 1
        self.tricks_done += 1
        self.trick, self.trick_players = [], []
        self.leader = w
        if self.tricks_done == 10:
            self.settle()
            self.end_hand(s)

    def write(self, p, amount):
        self.w_by[p] += amount
        self.w_on[self.declarer] += amount

    def settle(self):
        d = self.declarer
        if d is None:
            for p in range(3):
                self.mountain[p] += self.taken[p]
                self.pool[p] += self.taken[p] == 0
            return
        if self.bid == MISERE:
            self.seen["misere made" if self.taken[d] == 0 else "misere failed"] += 1
            if self.taken[d] == 0:
                self.pool[d] += 10
            else:
                self.mountain[d] += 10 * self.taken[d]
            return
        v, level = self.value(), bid_level(self.bid)
        defenders = [p for p in range(3) if p != d]
        if self.taken[d] >= level:
            self.seen["made"] += 1
            self.pool[d] += v
        else:
            self.seen["failed"] += 1
            self.mountain[d] += v * (level - self.taken[d])
            for p in defenders:
                self.write(p, v * (level - self.taken[d]))
        need = {6: 4, 7: 2}.get(level, 1)
        defended = sum(self.taken[p] for p in defenders)
        self.seen["whisters short"] += defended < need
        for p in self.whist:
            self.write(p, v * (defended if len(self.whist) == 1 else self.taken[p]))
            self.mountain[p] += v // 2 * max(0, need - defended)

    def end_hand(self, s):
        self.dealer = (self.dealer + 1) % 3
        if sum(self.pool) >= 3 * self.pool_size:
            self.phase = "over"
            return
        self.new_hand(s)

    def final(self):
        net = [self.mountain[p] - self.pool[p] for p in range(3)]
        return [3 * (self.w_by[p] - self.w_on[p]) + 10 * (sum(net) - 3 * net[p]) for p in range(3)]

    def finish(self, s):
        assert self.phase == "over"
        res = G.result(s)
        want = self.final()
        assert res["scores"] == want
        assert sum(want) == 0
        assert res["winners"] == [p for p in range(3) if want[p] == max(want)]


def pref_pick(rng):
    def pick(texts):
        # bids mostly low and few, so that contracts, misere and passing rounds all come up
        def weight(t):
            if t.startswith("bid "):
                return 4.0 / int(t.split()[1]) ** 2
            if t.startswith("contract "):
                return 20.0 / int(t.split()[1]) ** 3
            return {"pass": 3, "misere": 0.3, "whist": 1.5}.get(t, 1)
        return rng.choices(texts, [weight(t) for t in texts])[0]
    return pick


def test_preferans_random_games_follow_the_rules():
    rules = _load("preferans", pool_size=4)
    totals = Counter()
    for seed in range(15):
        s = G.new_game(rules, 3, seed, log=True)
        ref = drive(s, PreferansReferee(s, pool_size=4), pref_pick(random.Random(seed)))
        totals.update(ref.seen)
    for k in ["raspasy", "contract", "misere", "held", "raised", "whisters 0", "whisters 1", "whisters 2",
              "made", "failed", "misere failed", "whisters short"]:
        assert totals[k] > 0, (k, totals)


@pytest.mark.soak
def test_preferans_soak():
    rules = _load("preferans")
    for seed in range(200):
        s = G.new_game(rules, 3, 7000 + seed, log=True)
        drive(s, PreferansReferee(s), pref_pick(random.Random(seed)))


# -- explain ---------------------------------------------------------------------------------------------

def _explain(name):
    from interpreter.authoring.explain import explain
    return explain(_load(name))


def test_explain_says_their_for_every_its_of_a_winning_player():
    # argmax(players, p => 3 * (a[p] - b[p]) ...): 'the player with the highest (3 times (their whists_by
    # minus their whists_on))', not 'its whists_by minus their whists_on'
    out = _explain("preferans")
    line = next(x for x in out.splitlines() if x.startswith("- The game is won by"))
    assert "(3 times (their *whists_by* minus their *whists_on*))" in line, line
    assert " its " not in line and "(its " not in line, line


def test_explain_reads_a_test_named_with_a_modal_and_two_parameters_as_a_statement():
    # may_bid(p, k) in a filter of bids: 'for which the current player may bid it', not
    # 'for which may bid holds for (the current player, it)'
    out = _explain("preferans")
    assert "chosen from the numbers from 1 to 26 for which the current player may bid it:" in out, out
    assert "may bid holds for" not in out


# -- worked deals ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, count", [("preferans", 4), ("phase-10", 2)])
def test_the_worked_deals_pass_as_scenarios(name, count):
    from interpreter.authoring.runner import run_file
    outcomes, problems = run_file(str(HERE / f"{name}.scenario.yaml"))
    assert not problems and len(outcomes) == count and all(o.passed for o in outcomes), (problems, outcomes)


# -- Phase 10 --------------------------------------------------------------------------------------------

from itertools import combinations  # noqa: E402

P10_NUM = {r: i + 1 for i, r in enumerate(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q"])}
P10_KINDS = [("set", 3, "set", 3), ("set", 3, "run", 4), ("set", 4, "run", 4), ("run", 7), ("run", 8),
             ("run", 9), ("set", 4, "set", 4), ("colour", 7), ("set", 5, "set", 2), ("set", 5, "set", 3)]
P10_PILES = ["p0a", "p0b", "p1a", "p1b", "p2a", "p2b", "p3a", "p3b"]


def skip(c):
    return c == "Joker"


def wild(c):
    return c.startswith("K")


def natural(c):
    return not skip(c) and not wild(c)


def num(c):
    return P10_NUM[c[:-1]]


def p10_penalty(c):
    return 15 if skip(c) else 25 if wild(c) else 5 if num(c) <= 9 else 10


def is_group(kind, g):
    if any(skip(c) for c in g):
        return False
    nat = [c for c in g if natural(c)]
    if not nat:
        return False
    if kind == "set":
        return len({c[:-1] for c in nat}) == 1
    if kind == "colour":
        return len({c[-1] for c in nat}) == 1
    nums = [num(c) for c in nat]
    return len(set(nums)) == len(nums) and max(nums) - min(nums) + 1 <= len(g)


def groups_of(hand, kind, k):
    """Every group of exactly k of the hand's cards (as positions) making a set, run or colour group."""
    return [ix for ix in combinations(range(len(hand)), k) if is_group(kind, [hand[i] for i in ix])]


def p10_firsts(hand, n):
    """The first groups of phase n the hand may lay: those whose cards left still make the second."""
    spec = P10_KINDS[n - 1]
    out = set()
    for a in groups_of(hand, spec[0], spec[1]):
        rest = [c for i, c in enumerate(hand) if i not in a]
        if len(spec) == 2 or groups_of(rest, spec[2], spec[3]):
            out.add(tuple(sorted(hand[i] for i in a)))
    return out


class Pile:
    def __init__(self, kind, cards):
        self.kind, self.cards = kind, list(cards)
        nat = [c for c in cards if natural(c)]
        if kind == "set":
            self.rank = nat[0][:-1]
        elif kind == "colour":
            self.suit = nat[0][-1]
        else:
            lo, hi = min(map(num, nat)), max(map(num, nat))
            spare = len(cards) - (hi - lo + 1)
            self.hi = min(12, hi + spare)
            self.lo = self.hi - len(cards) + 1
            assert self.lo >= 1

    def fits(self, c):
        if skip(c):
            return False
        if self.kind == "set":
            return wild(c) or c[:-1] == self.rank
        if self.kind == "colour":
            return wild(c) or c[-1] == self.suit
        if wild(c):
            return self.lo > 1 or self.hi < 12
        return num(c) in (self.lo - 1, self.hi + 1)

    def hit(self, c):
        if self.kind == "run":
            if wild(c):
                if self.hi < 12:
                    self.hi += 1
                else:
                    self.lo -= 1
            elif num(c) == self.hi + 1:
                self.hi += 1
            else:
                self.lo -= 1
        self.cards.append(c)


class Phase10Referee:
    def __init__(self, s, last_phase=10):
        self.n = s.n
        self.last = last_phase
        self.phase = [1] * self.n
        self.score = [0] * self.n
        self.dealer = 0
        self.hand_no = 0
        self.seen = Counter()
        self.pack = S.names(s, s.rules.deck(s.n))
        self.new_hand(s)

    def new_hand(self, s):
        self.hand_no += 1
        n = self.n
        assert s.hand_no == self.hand_no and _v(s, "dealer") == self.dealer
        deals = hand_events(s, self.hand_no, "deal")
        assert len(deals) == 1 and deals[0]["count"] == 10
        first = (self.dealer + 1) % n
        assert [p for p, _ in deals[0]["each"]] == [(first + i) % n for i in range(n)]
        self.hands = {p: list(got) for p, got in deals[0]["each"]}
        self.discard = S.names(s, S.zone(s, "discard"))
        assert len(self.discard) == 1
        self.unknown = Counter(self.pack)
        self.unknown.subtract(sum(self.hands.values(), []) + self.discard)
        assert min(self.unknown.values()) >= 0
        self.stock = len(self.pack) - 10 * n - 1
        self.piles = {}
        self.down = [False] * n
        self.skipped = [False] * n
        if skip(self.discard[-1]):
            self.seen["skip turned up"] += 1
            self.skipped[first] = True
        self.out = None
        self.begin_turn(s, first)

    def begin_turn(self, s, p):
        while self.skipped[p]:
            self.skipped[p] = False
            self.seen["skipped"] += 1
            p = (p + 1) % self.n
        self.current = p
        if self.stock == 0:
            self.seen["stock renewed"] += 1
            self.unknown.update(self.discard[:-1])
            self.stock = len(self.discard) - 1
            self.discard = self.discard[-1:]
            if self.stock == 0:
                self.seen["stuck"] += 1
                self.end_hand(s)
                return
        self.step = "draw"

    def expected(self):
        p = self.current
        if self.step == "draw":
            moves = {"draw"}
            if self.discard and not skip(self.discard[-1]):
                moves.add("take_discard")
            return p, moves
        h = self.hands[p]
        if self.step == "second":
            spec = P10_KINDS[self.phase[p] - 1]
            return p, {"lay_second " + " ".join(sorted(h[i] for i in g)) for g in groups_of(h, spec[2], spec[3])}
        moves = {f"discard {c}" for c in h}
        if self.down[p]:
            moves |= {f"hit ({c}, {name})" for name, pile in self.piles.items() for c in h if pile.fits(c)}
        return p, moves

    def before(self, s, who, legal):
        want_who, want = self.expected()
        got = {t for t in legal if not t.startswith("lay_phase")}
        if self.step == "second":
            got = {t.split()[0] + " " + " ".join(sorted(t.split()[1:])) for t in got}
        assert (who, got) == (want_who, want), (self.step, who, sorted(got ^ want), want_who)
        lays = {tuple(sorted(t.split()[1:])) for t in legal if t.startswith("lay_phase")}
        if self.step == "main" and not self.down[who]:
            want_lays = p10_firsts(self.hands[who], self.phase[who])
            assert lays == want_lays, (who, self.phase[who], self.hands[who], lays ^ want_lays)
            self.seen["lay offered"] += bool(lays)
        else:
            assert not lays
        every_card_once(s)
        for viewer in range(self.n):
            for p in range(self.n):
                assert seen(s, viewer, "hand", p) == (sorted(self.hands[p]) if p == viewer else [])
            assert seen(s, viewer, "discard") == sorted(self.discard)
            assert seen(s, viewer, "stock") == []
            laid = G.observation(s, viewer)["zones"]["laid"]
            for i, name in enumerate(P10_PILES):
                part = laid[i] if isinstance(laid, list) else laid[name]
                want_pile = self.piles[name].cards if name in self.piles else []
                assert sorted(S.names(s, part)) == sorted(want_pile), (name, want_pile)
        assert S.zone(s, "stock") is not None and len(S.zone(s, "stock")) == self.stock
        assert _v(s, "phase") == self.phase and _v(s, "score") == self.score

    def after(self, s, who, text):
        p = self.current
        h = self.hands[p]
        if text == "draw":
            got = S.names(s, S.zone(s, "hand", p))
            new = Counter(got)
            new.subtract(h)
            (c,) = [x for x, k in new.items() if k > 0]
            assert self.unknown[c] > 0
            self.unknown[c] -= 1
            self.stock -= 1
            h.append(c)
            self.step = "main"
            return
        if text == "take_discard":
            h.append(self.discard.pop())
            self.seen["took discard"] += 1
            self.step = "main"
            return
        move, rest = text.split(" ", 1)
        if move in ("lay_phase", "lay_second"):
            cards = rest.split()
            spec = P10_KINDS[self.phase[p] - 1]
            second = move == "lay_second"
            for c in cards:
                h.remove(c)
            self.piles[P10_PILES[2 * p + second]] = Pile(spec[2 * second], cards)
            if len(spec) == 4 and not second:
                self.step = "second"
                return
            self.step = "main"
            self.down[p] = True
            self.seen[f"laid phase {self.phase[p]}"] += 1
        elif move == "hit":
            c, name = rest.strip("()").split(", ")
            h.remove(c)
            self.piles[name].hit(c)
            self.seen["hit own" if name in P10_PILES[2 * p:2 * p + 2] else "hit other"] += 1
            self.seen["hit " + self.piles[name].kind] += 1
        else:
            assert move == "discard"
            h.remove(rest)
            self.discard.append(rest)
            if skip(rest):
                self.seen["skip discarded"] += 1
                self.skipped[(p + 1) % self.n] = True
            if not h:
                self.seen["out by discard"] += 1
                self.end_hand(s)
            else:
                self.begin_turn(s, (p + 1) % self.n)
            return
        if not h:
            self.seen["out by hitting"] += 1
            self.end_hand(s)

    def end_hand(self, s):
        for p in range(self.n):
            self.score[p] += sum(p10_penalty(c) for c in self.hands[p])
            if self.down[p]:
                self.phase[p] += 1
            else:
                self.seen["phase repeated"] += 1
        self.dealer = (self.dealer + 1) % self.n
        if any(x > self.last for x in self.phase):
            self.step = "over"
            return
        self.new_hand(s)

    def finish(self, s):
        assert self.step == "over"
        res = G.result(s)
        assert res["scores"] == self.score
        done = [p for p in range(self.n) if self.phase[p] > self.last]
        best = min(self.score[p] for p in done)
        assert res["winners"] == [p for p in done if self.score[p] == best]
        self.seen["several finished"] += len(done) > 1


def p10_pick(rng):
    def pick(texts):
        weights = [12 if t.startswith("lay_phase") else 6 if t.startswith("hit") else
                   3 if t == "take_discard" else 1 for t in texts]
        return rng.choices(texts, weights)[0]
    return pick


@pytest.mark.parametrize("players, last", [(3, 3), (2, 5), (4, 2)])
def test_phase10_random_games_follow_the_rules(players, last):
    rules = _load("phase-10", last_phase=last)
    totals = Counter()
    for seed in range(4):
        s = G.new_game(rules, players, seed, log=True)
        ref = drive(s, Phase10Referee(s, last_phase=last), p10_pick(random.Random(seed)))
        totals.update(ref.seen)
    for k in ["laid phase 1", "hit own", "hit other", "hit set", "took discard", "phase repeated"]:
        assert totals[k] > 0, (k, totals)


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4])
def test_phase10_soak(players):
    rules = _load("phase-10")
    totals = Counter()
    for seed in range(6):
        s = G.new_game(rules, players, 300 + seed, log=True)
        ref = drive(s, Phase10Referee(s), p10_pick(random.Random(seed)), limit=200000)
        totals.update(ref.seen)
    for k in ["laid phase 10", "hit run", "hit colour", "skip discarded", "skipped", "out by hitting",
              "out by discard", "stock renewed"]:
        assert totals[k] > 0, (k, totals)


def test_explain_reads_a_list_of_one_set_given_to_combined_as_that_set():
    # combined([g], seconds(...)) in a filter over the first groups: 'the sets made of it and one of the
    # seconds of ...', not 'made of one of it'
    out = _explain("phase-10")
    assert "the number of the sets made of it and one of the seconds of (*p*'s *hand*, *p*'s *phase*) " \
           "(no card twice)" in out, out
    assert "one of it" not in out


def test_explain_reads_lists_inside_a_list_in_brackets():
    # kinds(n): [['set', 'set'], ['set', 'run'], ...][n - 1] read 'the list the list “set” and “set”, the
    # list “set” and “run”, ...', where nobody can tell where each list ends
    out = _explain("phase-10")
    line = next(x for x in out.splitlines() if x.startswith("- **kinds(n)**"))
    assert "of the list [“set”, “set”], [“set”, “run”], [“set”, “run”], [“run”, “”]" in line, line
    assert "the list the list" not in line


def test_explain_reads_a_sum_of_lists_as_lists_joined():
    # sum(in_play, k => map(filter(hand[p], ...), c => (c, k))) joins lists: not 'the sum, over the piles,
    # of (the card, the pile)', which reads as arithmetic
    out = _explain("phase-10")
    line = next(x for x in out.splitlines() if "**hit**" in x)
    assert "chosen from (the items of (the card, the pile), for each of the cards in *p*'s *hand* for which " \
           "the pile fits it, taken over the piles of *in_play* and joined in one list) if " in line, line
    assert "the sum, over" not in line


def test_a_number_indexed_inside_a_function_given_to_a_call_is_not_told_the_calls_usage(tmp_path):
    # an option named like the state variable meant (pool): 'sum(players, p => pool[p])' was told
    # 'usage: sum(items) or sum(items, x => value)', which does not explain a number read with [...]
    from interpreter.ruleset.loader import load_ruleset
    path = tmp_path / "probe.yaml"
    path.write_text("""name: probe
players: {count: 2}
pack: {ranks: ["2", "3"], suits: [clubs]}
zones: {stock: {visibility: hidden}, hand: {per: player, visibility: owner}}
options: {pool: {default: 3}}
hand:
  - deal: {from: stock, to: hand, count: 1}
end:
  winners: players
  after_hand: sum(players, p => pool[p]) >= 3
""", encoding="utf-8")
    loaded = load_ruleset(str(path), {})
    (d,) = [d for d in loaded.diagnostics if d.severity == "error"]
    assert "cannot be indexed" in d.message
    assert "usage: sum" not in (d.hint or ""), d.hint
    assert "'pool' is an option" in d.hint and "[...] reads an item of a list or zone" in d.hint, d.hint
