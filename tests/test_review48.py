"""Review 48: two Spanish games the engine has never seen, written from the docs only
(tests/rulesets_review48/, each says at its top which rules and readings it keeps): Tute with a stock
for two to four players (trumps turned up, free play while the stock lasts, then follow, head the trick
and trump; cantes of king and horse, tute, ten for the last trick) and Mus (four players in two
partnerships, the mus phase of discarding, then grande, chica, pares and juego or punto, each with
envites, raises and órdago, settled at the end of the deal; game to 40).

Referees written here from the rules (sharing no code with the engine; the deal is read from the game
once it is dealt, the stock's order too) follow seeded random games move by move: who moves, the exact
moves offered, every card in one place, and the points each hand scores.
"""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import cached_loader, drive, every_card_once, seen, var as _v, zone_names as _z

HERE = Path(__file__).resolve().parent / "rulesets_review48"

_load = cached_loader(HERE)


def _rank(c):
    return c.split("/")[0]


def _suit(c):
    return c.split("/")[1]


SUITS = ["oros", "copas", "espadas", "bastos"]


# -- Tute -------------------------------------------------------------------------------------------------

T_POWER = {r: i for i, r in enumerate(["2", "4", "5", "6", "7", "10", "11", "12", "3", "1"])}
T_VALUE = {"1": 11, "3": 10, "12": 4, "11": 3, "10": 2}


def t_pack(n):
    ranks = ["1", "2", "3", "4", "5", "6", "7", "10", "11", "12"]
    return [f"{r}/{s}" for s in SUITS for r in ranks if not (n == 3 and r == "2")]


def t_top(trick, trumps):
    """The card winning the trick so far."""
    tr = [c for c in trick if _suit(c) == trumps]
    pool = tr or [c for c in trick if _suit(c) == _suit(trick[0])]
    return max(pool, key=lambda c: T_POWER[_rank(c)])


def t_beats(c, top, trumps):
    if _suit(c) == _suit(top):
        return T_POWER[_rank(c)] > T_POWER[_rank(top)]
    return _suit(c) == trumps


def t_legal(hand, trick, trumps, strict):
    """The cards the rules allow: anything while the stock lasts or on lead; then follow and head the
    trick, else win it with a trump if able, else anything."""
    if not trick or not strict:
        return sorted(hand)
    led = _suit(trick[0])
    top = t_top(trick, trumps)
    suited = [c for c in hand if _suit(c) == led]
    if suited:
        heading = [c for c in suited if t_beats(c, top, trumps)]
        return sorted(heading or suited)
    winning = [c for c in hand if t_beats(c, top, trumps)]
    return sorted(winning or hand)


class TuteReferee:
    def __init__(self, s, target=3, exchange=False):
        self.n = s.n
        self.exchange = exchange
        self.swaps = 0
        self.target = target
        self.sides = 2 if self.n == 4 else self.n
        self.score = [0] * self.sides
        self.dealer = 0
        self.hand = 0
        self.tute_by = None
        self.check_seen = True      # what each seat sees of the others' hands (slow: some games only)
        self.hands_played = 0
        self.sings = 0

    def side(self, p):
        return p % 2 if self.n == 4 else p

    def right(self, p, k=1):
        return (p - k) % self.n

    def new_hand(self, s):
        assert self.hand == 0 or self.hand_done, "the last hand was scored"
        self.hand = s.hand_no
        size = 8 if self.n == 2 else 6
        self.hands = {p: list(_z(s, "hand", p)) for p in range(self.n)}
        assert all(len(h) == size for h in self.hands.values())
        self.stock = list(_z(s, "stock"))   # bottom first: the last card is drawn next
        if any(info.name == "trump_card" for info in s.rules.zone_list):
            self.up = list(_z(s, "trump_card"))
        else:
            # the card turned up lies at the bottom of the stock
            self.up = [self.stock.pop(0)]
        assert len(self.up) == 1
        self.trumps = _suit(self.up[0])
        every = sum(self.hands.values(), []) + self.stock + self.up
        assert sorted(every) == sorted(t_pack(self.n))
        assert len(self.stock) + 1 == 40 - (4 if self.n == 3 else 0) - size * self.n
        self.points = [0] * self.sides
        self.sung = set()
        self.known = set()      # cards in hands every player has seen: sung pairs, the card turned up
        self.leader = self.right(self.dealer)
        self.trick, self.players = [], []
        self.singer = self.swapper = None
        self.last_side = None
        self.hand_done = False

    def strict(self):
        return not self.stock and not self.up

    def to_play(self):
        return self.right(self.leader, len(self.trick))

    def pairs(self, p):
        h = self.hands[p]
        return [x for x in SUITS if x not in self.sung and f"12/{x}" in h and f"11/{x}" in h]

    def has_tute(self, p):
        ranks = Counter(_rank(c) for c in self.hands[p])
        return ranks["12"] == 4 or ranks["11"] == 4

    def before(self, s, who, legal):
        assert _v(s, "score") == self.score, (_v(s, "score"), self.score)
        if s.hand_no != self.hand:
            self.new_hand(s)
        every_card_once(s)
        assert _v(s, "points") == self.points
        for p in range(self.n) if self.check_seen else ():
            public = sorted(c for c in self.hands[p] if c in self.known)
            for q in range(self.n):
                if q != p:
                    assert seen(s, q, "hand", p) == public, (q, p, seen(s, q, "hand", p), public)
        if self.swapper is not None:
            assert who == self.swapper and legal == ["exchange", "keep"], (who, legal)
            return
        if self.singer is not None:
            p = self.singer
            assert who == p
            want = [f"sing {x}" for x in self.pairs(p)] + (["tute"] if self.has_tute(p) else []) + ["pass"]
            assert legal == sorted(want), (legal, want)
            return
        p = self.to_play()
        assert who == p, (who, p)
        assert sorted(_z(s, "hand", p)) == sorted(self.hands[p])
        want = t_legal(self.hands[p], self.trick, self.trumps, self.strict())
        assert legal == want, (legal, want, self.trick, self.trumps, self.strict())

    def draw(self, winner):
        if self.strict():
            return
        for k in range(self.n):
            p = self.right(winner, k)
            if self.stock:
                self.hands[p].append(self.stock.pop())
            else:
                self.known.add(self.up[0])
                self.hands[p].append(self.up.pop())
        assert len({len(h) for h in self.hands.values()}) == 1

    def swap_card(self, p):
        """The card p may give for the card turned up, or None."""
        if not self.exchange or not self.up or not self.stock:
            return None
        seven, two = f"7/{self.trumps}", f"2/{self.trumps}"
        higher = T_POWER[_rank(self.up[0])] > T_POWER["7"]
        if seven in self.hands[p] and higher:
            return seven
        if two in self.hands[p] and not higher:
            return two
        return None

    def after(self, s, who, text):
        if self.swapper is not None:
            p, self.swapper = self.swapper, None
            if text == "exchange":
                give = self.swap_card(p)
                self.hands[p].remove(give)
                self.hands[p].append(self.up[0])
                self.known.add(self.up[0])
                self.up = [give]
                self.swaps += 1
            self.after_swap(p)
            return
        if self.singer is not None:
            p, self.singer = self.singer, None
            if text == "tute":
                self.tute_by = p
                ranks = Counter(_rank(c) for c in self.hands[p])
                shown = {c for c in self.hands[p] if _rank(c) == ("12" if ranks["12"] == 4 else "11")}
                assert all(q == p or set(seen(s, q, "hand", p)) >= shown for q in range(self.n))
                assert s.over
                return
            if text != "pass":
                x = text.split()[1]
                self.sung.add(x)
                self.known |= {f"12/{x}", f"11/{x}"}
                self.points[self.side(p)] += 40 if x == self.trumps else 20
                self.sings += 1
            self.draw(p)
            self.end_if_done()
            return
        self.hands[who].remove(text)
        self.trick.append(text)
        self.players.append(who)
        if len(self.trick) < self.n:
            return
        top = t_top(self.trick, self.trumps)
        winner = self.players[self.trick.index(top)]
        self.points[self.side(winner)] += sum(T_VALUE.get(_rank(c), 0) for c in self.trick)
        self.last_side = self.side(winner)
        if not self.hands[winner]:
            self.points[self.side(winner)] += 10
        self.trick, self.players = [], []
        self.leader = winner
        if self.swap_card(winner):
            self.swapper = winner
            return
        self.after_swap(winner)

    def after_swap(self, winner):
        if self.pairs(winner) or self.has_tute(winner):
            self.singer = winner
            return
        self.draw(winner)
        self.end_if_done()

    def end_if_done(self):
        if any(self.hands.values()):
            return
        best = max(self.points)
        top = [t for t in range(self.sides) if self.points[t] == best]
        win = top[0] if len(top) == 1 else (self.last_side if self.last_side in top else None)
        if win is not None:
            self.score[win] += 1
        self.hand_done = True
        self.hands_played += 1
        self.dealer = self.right(self.dealer)

    def finish(self, s):
        res = G.result(s)
        if self.tute_by is not None:
            assert res["winners"] == [p for p in range(self.n) if self.side(p) == self.side(self.tute_by)]
            self.score[self.side(self.tute_by)] = self.target
            assert _v(s, "score") == self.score
            return
        assert self.hand_done
        assert _v(s, "score") == self.score
        won = [t for t in range(self.sides) if self.score[t] >= self.target]
        assert len(won) == 1
        assert res["winners"] == [p for p in range(self.n) if self.side(p) in won]


def _tute(n, seed, sing_rate=0.7, name="tute", exchange=False):
    rng = random.Random(seed)
    s = G.new_game(_load(name, **({"exchange": True} if exchange else {})), n, seed)

    def pick(texts):
        sings = [t for t in texts if t.startswith("sing") or t == "tute"]
        if sings and rng.random() < sing_rate:
            return rng.choice(sings)
        return rng.choice([t for t in texts if not t.startswith("sing")])
    ref = TuteReferee(s, exchange=exchange)
    ref.check_seen = seed % 5 == 0
    return drive(s, ref, pick)


@pytest.mark.parametrize("name", ["tute", "tute-under"])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_tute_random_games_follow_the_rules(n, name):
    sings = tutes = 0
    for seed in range(60):
        ref = _tute(n, seed, name=name)
        sings += ref.sings
        tutes += ref.tute_by is not None
    assert sings > 20


@pytest.mark.parametrize("n", [2, 3, 4])
def test_tute_with_the_exchange_of_the_card_turned_up(n):
    swaps = 0
    for seed in range(60):
        swaps += _tute(n, seed, exchange=True).swaps
    assert swaps > 10


@pytest.mark.soak
@pytest.mark.parametrize("n", [2, 3, 4])
def test_tute_soak(n):
    for seed in range(100, 1000):
        _tute(n, seed, sing_rate=seed % 3 / 2, exchange=seed % 2 == 1)


@pytest.mark.parametrize("name,count", [("tute", 5), ("mus", 7)])
def test_worked_deals_pass_as_scenarios(name, count):
    from interpreter.authoring.runner import run_file
    outcomes, problems = run_file(str(HERE / f"{name}.scenario.yaml"))
    assert not problems and len(outcomes) == count
    for o in outcomes:
        assert not o.diagnostics, "\n".join(d.format() for d in o.diagnostics)


# -- Mus --------------------------------------------------------------------------------------------------

M_LEVEL = {"1": 1, "2": 1, "3": 12, "4": 4, "5": 5, "6": 6, "7": 7, "10": 10, "11": 11, "12": 12}
M_COUNT = {"1": 1, "2": 1, "3": 10, "4": 4, "5": 5, "6": 6, "7": 7, "10": 10, "11": 10, "12": 10}
M_JUEGO = [31, 32, 40, 37, 36, 35, 34, 33]
M_PACK = [f"{r}/{s}" for s in SUITS for r in M_LEVEL]
BETS = [2, 5, 10]


def m_levels(hand):
    return sorted(M_LEVEL[_rank(c)] for c in hand)


def m_pairs(hand):
    """(kind, ranks) of a hand's pares: 3 duples, 2 medias, 1 par; None without."""
    counts = Counter(m_levels(hand))
    if 4 in counts.values():
        a = next(iter(counts))
        return 3, (a, a)
    pairs = sorted((v for v, k in counts.items() if k == 2), reverse=True)
    if len(pairs) == 2:
        return 3, tuple(pairs)
    if 3 in counts.values():
        return 2, tuple(v for v, k in counts.items() if k == 3)
    if pairs:
        return 1, tuple(pairs)
    return None


def m_points(hand):
    return sum(M_COUNT[_rank(c)] for c in hand)


def canon(text):
    """A move's text with the cards of a discard in a fixed order."""
    if text.startswith("discard "):
        return "discard " + " ".join(sorted(text.split()[1:]))
    return text


class MusReferee:
    """Plays the rules of Mus beside the engine: a generator per hand yields (who, legal moves) and is
    sent each move made."""

    def __init__(self, s, target=40):
        self.s = s
        self.target = target
        self.score = [0, 0]
        self.dealer = 0
        self.gen = None
        self.expect = None
        self.over = False
        self.winner = None
        self.hands = 0
        self.seen = Counter()
        self.reshuffles = 0
        self.ordagos = 0

    @staticmethod
    def side(p):
        return p % 2

    def add(self, t, pts):
        if self.over:
            return
        self.score[t] += pts
        if self.score[t] >= self.target:
            self.over, self.winner = True, t

    def before(self, s, who, legal):
        assert not self.over
        assert _v(s, "score") == self.score, (_v(s, "score"), self.score)
        every_card_once(s)
        if self.gen is None:
            self.gen = self.hand_flow(s)
            self.expect = next(self.gen)
        p, want = self.expect
        assert who == p, (who, p, want)
        assert sorted(canon(t) for t in legal) == sorted(want), (legal, want)

    def after(self, s, who, text):
        self.seen[text.split()[0]] += 1
        try:
            self.expect = self.gen.send(canon(text))
        except StopIteration:
            self.gen = None
            self.hands += 1
            self.dealer = (self.dealer - 1) % 4
        if self.over:
            assert s.over

    # the rules

    def order_from(self, p):
        return [(p - k) % 4 for k in range(4)]

    def hand_flow(self, s):
        mano = (self.dealer - 1) % 4
        order = self.order_from(mano)
        hands = {p: list(_z(s, "hand", p)) for p in range(4)}
        stock = list(_z(s, "stock"))
        assert all(len(h) == 4 for h in hands.values()) and len(stock) == 24
        assert sorted(sum(hands.values(), []) + stock) == sorted(M_PACK)
        pile = []
        # the mus phase
        while True:
            cut = False
            for p in order:
                t = yield p, ["cut", "mus"]
                if t == "cut":
                    cut = True
                    break
            if cut:
                break
            for p in order:
                ways = [g for k in range(1, 5) for g in combinations(sorted(hands[p]), k)]
                t = yield p, ["discard " + " ".join(g) for g in ways]
                for c in t.split()[1:]:
                    hands[p].remove(c)
                    pile.append(c)
            # the draws have happened by now: follow them
            for p in order:
                while len(hands[p]) < 4:
                    if not stock:
                        # a new stock from the discards: read its order from the game
                        mine = {q: list(_z(self.s, "hand", q)) for q in range(4)}
                        rest = Counter()
                        for q in order[order.index(p):]:
                            rest += Counter(mine[q]) - Counter(hands[q])
                        now = list(_z(self.s, "stock"))
                        assert Counter(pile) == rest + Counter(now), "the new stock is the discards"
                        stock = now + [c for q in reversed(order[order.index(p):])
                                       for c in reversed([x for x in mine[q] if x not in hands[q]])]
                        pile = []
                        self.reshuffles += 1
                    hands[p].append(stock.pop())
            for p in range(4):
                assert sorted(_z(self.s, "hand", p)) == sorted(hands[p]), (p, hands[p])
            assert sorted(_z(self.s, "stock")) == sorted(stock)
        self.h = hands
        self.mano_order = order
        any_juego = any(m_points(h) >= 31 for h in hands.values())

        def takes_part(l, p):
            if l < 2:
                return True
            if l == 2:
                return m_pairs(hands[p]) is not None
            return m_points(hands[p]) >= 31 or not any_juego

        def key(l, p):
            h = hands[p]
            if l == 0:
                return sorted(m_levels(h), reverse=True)
            if l == 1:
                return [-x for x in m_levels(h)]
            if l == 2:
                return m_pairs(h)
            return -M_JUEGO.index(m_points(h)) if any_juego else m_points(h)

        def lance_winner(l):
            parts = [p for p in order if takes_part(l, p)]
            best = max(key(l, p) for p in parts)
            return next(p for p in parts if key(l, p) == best)

        def bonus(l, t):
            mine = [p for p in range(4) if self.side(p) == t]
            if l == 2:
                return sum(m_pairs(hands[p])[0] for p in mine if m_pairs(hands[p]))
            if l == 3 and any_juego:
                return sum(3 if m_points(hands[p]) == 31 else 2 for p in mine if m_points(hands[p]) >= 31)
            return 0

        bet, taken = [0] * 4, [None] * 4
        for l in range(4):
            sides = {self.side(p) for p in range(4) if takes_part(l, p)}
            if len(sides) < 2:
                continue
            parts = [p for p in order if takes_part(l, p)]
            bettor = None
            for p in parts:
                t = yield p, [f"envido {k}" for k in BETS] + ["ordago", "pass"]
                if t != "pass":
                    bettor, all_in = p, t == "ordago"
                    offer, deje = (0 if all_in else int(t.split()[1])), 1
                    break
            if bettor is None:
                continue
            while True:
                answer = None
                for q in self.order_from(bettor):
                    if self.side(q) == self.side(bettor) or not takes_part(l, q):
                        continue
                    t = yield q, ["accept", "refuse"] + ([] if all_in else [f"raise {k}" for k in BETS] + ["ordago"])
                    if t == "refuse":
                        continue
                    answer = t
                    if t != "accept":
                        deje = offer
                        if t == "ordago":
                            all_in = True
                        else:
                            offer += int(t.split()[1])
                        bettor = q
                    break
                if answer is None:
                    self.add(self.side(bettor), deje)
                    taken[l] = self.side(bettor)
                    if self.over:
                        self.shown = False      # won on a refusal: no hand is shown
                        return
                    break
                if answer == "accept":
                    if all_in:
                        self.shown = True
                        self.over, self.winner = True, self.side(lance_winner(l))
                        self.score[self.winner] = self.target
                        self.ordagos += 1
                        return
                    bet[l] = offer
                    break
        # the settlement: every hand is shown first
        self.shown = True
        for l in range(4):
            sides = {self.side(p) for p in range(4) if takes_part(l, p)}
            if taken[l] is not None:
                self.add(taken[l], bonus(l, taken[l]))
            elif len(sides) == 2:
                w = self.side(lance_winner(l))
                paso = 1 if l < 2 or (l == 3 and not any_juego) else 0
                self.add(w, (bet[l] or paso) + bonus(l, w))
            else:
                for t in sides:
                    self.add(t, bonus(l, t))
            if self.over:
                return

    def finish(self, s):
        assert self.over and s.over
        assert _v(s, "score") == self.score, (_v(s, "score"), self.score)
        for p in range(4):
            for q in range(4):
                if q != p:
                    want = sorted(self.h[p]) if self.shown else []
                    assert seen(s, q, "hand", p) == want, (self.shown, q, p, seen(s, q, "hand", p))
        assert G.result(s)["winners"] == [p for p in range(4) if self.side(p) == self.winner]


def mus_policy(rng, mus_rate=0.5, bet_rate=0.3, ordago_rate=0.02, accept_rate=0.5):
    def pick(texts):
        if "mus" in texts:
            return "mus" if rng.random() < mus_rate else "cut"
        if "pass" in texts:
            r = rng.random()
            if r < ordago_rate:
                return "ordago"
            if r < bet_rate:
                return rng.choice([t for t in texts if t.startswith("envido")])
            return "pass"
        if "accept" in texts:
            r = rng.random()
            if "ordago" in texts and r < ordago_rate:
                return "ordago"
            if r < accept_rate:
                return "accept"
            if r < accept_rate + 0.15 and "ordago" in texts:
                return rng.choice([t for t in texts if t.startswith("raise")])
            return "refuse"
        return rng.choice(texts)
    return pick


def _mus(seed, name="mus", **policy):
    rng = random.Random(seed)
    s = G.new_game(_load(name), 4, seed)
    return drive(s, MusReferee(s), mus_policy(rng, **policy))


def test_mus_random_games_follow_the_rules():
    seen = Counter()
    hands = reshuffles = ordagos = 0
    for seed in range(200):
        ref = _mus(seed, mus_rate=[0.3, 0.6, 0.9][seed % 3])
        seen += ref.seen
        hands += ref.hands
        reshuffles += ref.reshuffles
        ordagos += ref.ordagos
    assert hands > 500 and reshuffles > 20 and ordagos > 20, (hands, reshuffles, ordagos)
    assert all(seen[k] > 20 for k in ("discard", "envido", "raise", "accept", "refuse", "ordago")), seen


@pytest.mark.parametrize("name", ["mus-keys", "mus-turns"])
def test_mus_written_other_ways_follows_the_same_rules(name):
    """mus-keys: argmax over list and tuple keys (grande from the highest card down, chica from the
    lowest up, pares as (kind, ranks)) compares them item by item, as the numeric keys of mus.yaml do.
    mus-turns: the rounds of speaking written as turns: blocks (next_player over those taking part)."""
    for seed in range(60):
        _mus(seed, name=name, mus_rate=[0.3, 0.9][seed % 2])


@pytest.mark.soak
def test_mus_soak():
    for seed in range(200, 2000):
        _mus(seed, mus_rate=[0.3, 0.6, 0.85, 0.95][seed % 4], bet_rate=seed % 5 / 8)


# -- fixes ------------------------------------------------------------------------------------------------

def _explained(name):
    from interpreter.authoring.explain import explain
    return explain(_load(name))


def test_explain_an_end_whose_condition_always_holds_says_no_condition(tmp_path):
    """`end_game: {when: true, winners: ...}` in a move (a tute shown, an órdago accepted) read 'The game
    ends at once if yes'; an always-true `when` is now left unsaid, as a left-out one is."""
    for name in ("tute", "mus"):
        text = _explained(name)
        assert "ends at once if yes" not in text
        assert "The game ends at once; it is won by" in text
    from interpreter.authoring.explain import explain
    path = tmp_path / "ends.yaml"
    path.write_text(
        "name: ends\npack: {ranks: ['1', '2']}\nzones: {stock: {}}\nstate: {x: {initial: 0}}\nhand:\n"
        "  - end_hand: {when: 'true'}\n  - end_hand: {when: x > 0}\n  - end_game: {}\n"
        "end: {winners: players}\n")
    from interpreter.ruleset.loader import load_ruleset
    loaded = load_ruleset(str(path))
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    text = explain(loaded.rules)
    assert "The hand ends at once: its steps left are skipped." in text
    assert "The hand ends at once if the *x* is more than 0" in text
    assert "The game ends at once." in text


@pytest.mark.parametrize("name,n", [("mus", 4), ("tute", 4), ("tute", 2), ("tute-under", 3)])
def test_the_deal_goes_to_the_right_from_the_dealers_right(name, n):
    """Seat 0 deals one card at a time from the top of a stacked pack, starting on its right (the highest
    seat) and going right; the next card is turned up for trumps (Tute)."""
    pack = M_PACK if name == "mus" else t_pack(n)
    s = S.stacked_game(_load(name), n, list(pack))
    size = 4 if name == "mus" else (8 if n == 2 else 6)
    order = [(-k) % n for k in range(1, n + 1)]
    for i, p in enumerate(order):
        assert sorted(_z(s, "hand", p)) == sorted(pack[i:n * size:n]), p
    if name == "tute":
        assert _z(s, "trump_card") == [pack[n * size]]
        assert _z(s, "stock")[-1] == pack[n * size + 1]
    elif name == "tute-under":
        assert _z(s, "stock")[0] == pack[n * size] and _z(s, "stock")[-1] == pack[n * size + 1]
        assert _v(s, "trumps") == _suit(pack[n * size])


def test_explain_names_the_cards_of_a_list_shown_or_moved_and_brackets_a_choice(tmp_path):
    """`reveal: "[card('12', s), card('11', s)]"` read 'Show the list the 12 of that suit and the 11 of
    that suit to everyone', and a choice of cards to show ran into 'to everyone' as part of its last
    case; a list names its cards, a choice is bracketed."""
    text = _explained("tute")
    assert "Show the 12 of that suit and the 11 of that suit to everyone." in text
    assert "Show (the cards of the winner's *hand* of rank “12” if" in text
    assert "rank “11”) to everyone." in text
    from interpreter.authoring.explain import explain
    from interpreter.ruleset.loader import load_ruleset
    path = tmp_path / "shows.yaml"
    path.write_text(
        "name: shows\npack: {ranks: ['1', '2']}\nzones: {stock: {}, pile: {}}\nhand:\n"
        "  - move: {cards: '[first(stock), last(stock)]', from: stock, to: pile}\n"
        "  - reveal: {cards: '[first(pile), last(pile)]', to: 0}\n"
        "end: {winners: players}\n")
    loaded = load_ruleset(str(path))
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    text = explain(loaded.rules)
    # (the last card of a pile is said as its top card since review51)
    assert "Move the first card of *stock* and the top card of *stock* from *stock* to *pile*." in text
    assert "Show the first card of *pile* and the top card of *pile* to player 0 alone." in text


def test_explain_reads_a_chain_of_and_in_a_filter_as_one_list_of_conditions():
    """`filter(suits, s => s not in sung and contains(h, card('12', s)) and contains(h, card('11', s)))`
    read 'the suits for which it is not in the *sung* and *h* holds the 12 of it and for which *h* holds
    the 11 of it': a and b and c parses as (a and b) and c, and each half was made a clause of its own."""
    text = _explained("tute")
    # (the clause on the item itself first, then the rest as one list: review59's mixed condition)
    assert ("**pairs_in(h)**: the suits that are not in the *sung* and for which *h* holds the 12 of it and *h* "
            "holds the 11 of it") in text


@pytest.mark.parametrize("old,new", [
    ("direction: -1}\n  - move", "direction: right}\n  - move"),
    ("in: seat_order(winner, -1)", "in: seat_order(winner, counterclockwise)"),
])
def test_a_direction_written_as_a_word_is_told_it_is_a_number(tmp_path, old, new):
    """`direction: right` in a deal (an expression) was told "unknown name 'right'" with the hint to
    declare it under options:, state: or define:; the hint now says a direction is 1 or -1."""
    from interpreter.ruleset.loader import load_ruleset
    text = (HERE / "tute.yaml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "tute.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    [d] = [d for d in load_ruleset(str(path)).diagnostics if d.severity == "error"]
    if "unknown name" in d.message:          # an expression that reads a direction (seat_order)
        assert d.hint.startswith("a direction is a number: 1 goes to the left (clockwise), -1 to the right"), d.hint
    else:                                    # a deal's own setting says it at once (review49)
        assert "a deal's 'direction' is a number, 1 or -1, not 'right'" in d.message, d.message
        assert "-1 to the right" in d.hint, d.hint


BEFORE_TRICK = """
name: current in the hooks of tricks
players: {count: 3}
pack: {ranks: ["7", "8", "9", "10"]}
orders: {plain: ["7", "8", "9", "10"]}
zones: {stock: {}, hand: {per: player, visibility: owner}, trick: {visibility: public}, won: {per: player}}
state: {asked: {type: boolean, initial: false}}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 5}
  - tricks:
      hand: hand
      trick: trick
      lead: left_of(dealer)
      order: plain
      collect: won[winner]
      HOOKS
      before_trick:
        - record: {before: current, leader_then: leader}
        - if: asked
          then:
            - choose: {player: current, moves: {go: {}}}
      after_trick:
        - record: {after: current, last: last(trick_players), won: winner}
end: {winners: players}
"""


@pytest.mark.parametrize("asked", [False, True])
@pytest.mark.parametrize("hooks", ["", "after_play: [{record: {played: current, card_of: last(trick_players)}}]",
                                   "players: players"])
@pytest.mark.parametrize("log", [False, True])
def test_current_in_before_trick_is_the_leader(tmp_path, asked, hooks, log):
    """`current` in before_trick was nothing before the first trick and, later, the last player of the
    trick before (the leader was set as current only after the steps ran): a `choose: {player: current}`
    there asked the wrong seat.  It is now the leader; in after_trick it is the player who played last
    (documented), and in after_play the player who just played."""
    from interpreter.ruleset.loader import load_ruleset
    path = tmp_path / "hooks.yaml"
    path.write_text(BEFORE_TRICK.replace("HOOKS", hooks).replace("initial: false", f"initial: {str(asked).lower()}"))
    loaded = load_ruleset(str(path))
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    for seed in range(3):
        s = G.new_game(loaded.rules, 3, seed, log=log)
        goes = 0
        while not s.over:
            who = G.current_player(s)
            go = [S.describe(s, a) for a in G.legal_actions(s)] == ["go"]
            G.apply(s, G.legal_actions(s)[0])
            if go:
                # the seat asked before the trick is the one that leads it
                goes += 1
                assert G.current_player(s) == who
        assert goes == (5 if asked else 0)
        m = G.result(s)["metrics"]
        assert m["before"] == m["leader_then"] and len(m["before"]) == 5
        assert m["after"] == m["last"]
        if "played" in m:
            assert m["played"] == m["card_of"]


def test_a_type_error_hint_gives_the_schemas_example(tmp_path):
    """`teams: [[0, 2], [1, 3]]` (the partnerships written without their player count) was told only
    'teams: Partnerships by player count: lists of seats playing together.'; the hint now shows the
    shape, from the schema's example."""
    from interpreter.ruleset.loader import load_ruleset
    text = (HERE / "mus.yaml").read_text(encoding="utf-8")
    path = tmp_path / "mus.yaml"
    path.write_text(text.replace('teams: {"4": [[0, 2], [1, 3]]}', "teams: [[0, 2], [1, 3]]"), encoding="utf-8")
    [d] = [d for d in load_ruleset(str(path)).diagnostics if d.severity == "error"]
    assert "got a list" in d.message
    assert d.hint.endswith('e.g. teams: {"4": [[0, 2], [1, 3]]}'), d.hint


def test_a_choice_after_the_trick_asked_of_current_is_warned(tmp_path):
    """A cante chosen by `player: current` in after_trick is asked of the seat that played last, not of
    the trick's winner, and validated silently; it is now warned, with the names to use."""
    from interpreter.ruleset.loader import load_ruleset
    text = (HERE / "tute.yaml").read_text(encoding="utf-8")
    path = tmp_path / "tute.yaml"
    path.write_text(text.replace("                player: winner\n", "                player: current\n"),
                    encoding="utf-8")
    found = [d for d in load_ruleset(str(path)).diagnostics if "played the last card" in d.message]
    assert len(found) == 2 and all(d.severity == "warning" for d in found)
    assert "the trick's winner is 'winner'" in found[0].hint
    assert not [d for d in load_ruleset(str(HERE / "tute.yaml")).diagnostics]
