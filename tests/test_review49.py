"""Correctness on two games the engine has never seen (tests/rulesets_review49/, each says at its top which
readings it keeps): Thousand (Tysiacha, three players or four with the dealer sitting out: the forehand bound at 100, bids in tens capped at 120 plus the
marriages held, the widow shown and taken, one card given to each opponent, the contract raised or conceded,
marriages announced with the lead of their King or Queen setting trumps, follow suit else trump, the declarer
making or losing the contract, opponents rounded to tens) and Reversis (four players to the right, the
48-card pack, penalty points for aces and court cards, the Quinola paid by whoever takes it when discarded
or by its player when forced, a reversis taking 40 off; option: the duty to discard the Quinola).

Referees written here from the rules (sharing no code with the engine) follow seeded random games move by
move: who is asked, the exact moves offered, the deal, trick winners, what each seat sees of every hand,
trick and pile, card conservation, the trumps and marriages, the scores and the end of the game.  Scripted
deals check known outcomes (rulesets_review49/*.scenario.yaml).

The engine played both games as the referees did.  Found and fixed: explain read 'Show the list K♥ and
Q♥' for cards written as a list and ': ; any other card: 0' for a point table without values; the YAML hint
to quote a cut expression gave invalid YAML ("card("K", s)") and never offered to quote the whole list; an
order or point table nothing used was not warned about; 'direction: right' on a deal was 'unknown name';
a point table written without 'values:' gave one error per rank; round() was told 'did you mean rounded'
(the definition being written); 'card' in after_play was said to be given with 'as:'.
"""
from __future__ import annotations

import pytest


# -- messages and wording ----------------------------------------------------------------------------------

def test_cards_written_out_as_a_list_are_shown_and_moved_by_name_not_as_the_list():
    from interpreter.authoring.phrasing import Lexicon
    from interpreter.authoring.wording import Say, describe_steps
    say = Say(Lexicon(zones={"hand": "player", "pile": None}))
    lines = describe_steps([{"reveal": "[card('K', hearts), card('Q', hearts)]"},
                            {"move": {"cards": "[first(pile), last(pile)]", "to": "hand[0]"}}], 0, say)
    assert lines[0] == "1. Show K♥ and Q♥ to everyone.", lines
    # (the last card of a pile reads as its top card since review51)
    assert lines[1].startswith("2. Move the first card of *pile* and the top card of *pile* to"), lines


def test_the_hint_to_quote_a_cut_expression_gives_valid_yaml_and_offers_to_quote_the_whole_list():
    """`reveal: [card("K", s), card("Q", s)]`: YAML cuts each card(...) at its comma.  The hint quoted
    the text with the double quotes it holds ("card("K", s)", not valid YAML), and quoting each item
    made a list of texts, which reveal refuses: the whole list is one expression."""
    import yaml
    from interpreter.diagnostics import RulesetError
    from interpreter.ruleset.yamlsource import load_yaml_text
    with pytest.raises(RulesetError) as info:
        load_yaml_text('x:\n  - reveal: [card("K", s), card("Q", s)]\n')
    first = info.value.diagnostics[0]
    assert "put the text in quotes: 'card(\"K\", s)'" in first.hint, first.format()
    assert "the whole list" in first.hint and "\"[card('K', s), card('Q', s)]\"" in first.hint, first.format()
    whole = first.hint.split(": ")[-1]
    assert yaml.safe_load("reveal: " + whole) == {"reveal": "[card('K', s), card('Q', s)]"}
    with pytest.raises(RulesetError) as info:
        load_yaml_text("x: {when: all(players, p => p != 'a'), y: 1}\n")
    [d] = info.value.diagnostics
    assert d.hint.endswith("put the text in quotes: \"all(players, p => p != 'a')\""), d.format()


# -- Thousand --------------------------------------------------------------------------------------------

import random  # noqa: E402
from collections import Counter  # noqa: E402
from pathlib import Path  # noqa: E402

from interpreter.engine import game as G  # noqa: E402
from interpreter.engine import scenario as S  # noqa: E402
from tests.scripted import cached_loader, drive, every_card_once, hand_events, seen, var as _v  # noqa: E402

HERE = Path(__file__).resolve().parent / "rulesets_review49"
_load = cached_loader(HERE)
SYMBOL = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
SUIT_OF = {v: k for k, v in SYMBOL.items()}

TH_RANKS = ["9", "J", "Q", "K", "10", "A"]
TH_VALUE = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
TH_MARRIAGE = {"hearts": 100, "diamonds": 80, "clubs": 60, "spades": 40}
TH_PACK = sorted(r + SYMBOL[x] for r in TH_RANKS for x in SYMBOL)


def suit(c):
    return SUIT_OF[c[-1]]


def rank(c):
    return c[:-1]


def th_marriages(hand):
    return sorted(x for x in SYMBOL if "K" + SYMBOL[x] in hand and "Q" + SYMBOL[x] in hand)


def th_limit(hand):
    return 120 + sum(TH_MARRIAGE[x] for x in th_marriages(hand))


def th_round(x):
    """To the nearest ten, a five rounding up (negative numbers do not occur)."""
    return (x + 5) // 10 * 10


def th_partner(c):
    return ("Q" if rank(c) == "K" else "K") + c[-1]


def th_follow(hand, trick, trumps):
    if not trick:
        return sorted(hand)
    same = [c for c in hand if suit(c) == suit(trick[0])]
    if same:
        return sorted(same)
    trump = [c for c in hand if suit(c) == trumps]
    return sorted(trump or hand)


def th_winner(cards, players, trumps):
    led = suit(cards[0])
    best = max(cards, key=lambda c: (2 if suit(c) == trumps else 1 if suit(c) == led else 0,
                                     TH_RANKS.index(rank(c))))
    return players[cards.index(best)]


class ThousandReferee:
    """Thousand from the rules at the top of thousand.yaml, written apart from the engine: three players,
    or four with the dealer sitting out."""

    def __init__(self, s, target=1000, concede=True):
        self.target, self.concede = target, concede
        self.n = s.n
        self.score = [0] * self.n
        self.dealer = 0
        self.hand_no = 0
        self.seen = Counter()
        self.new_hand(s)

    def new_hand(self, s):
        self.hand_no += 1
        assert s.hand_no == self.hand_no and _v(s, "dealer") == self.dealer
        deals = hand_events(s, self.hand_no, "deal")
        assert [(e["to"], e["count"]) for e in deals] == [("hand", 7), ("widow", 3)]
        n = self.n
        self.seated = [p for p in range(n) if n == 3 or p != self.dealer]
        self.eldest = (self.dealer + 1) % n
        assert [p for p, _ in deals[0]["each"]] == [(self.eldest + i) % n for i in range(n)
                                                     if (self.eldest + i) % n in self.seated]
        self.hands = {p: [] for p in range(n)}
        self.hands.update({p: list(got) for p, got in deals[0]["each"]})
        self.widow = S.names(s, S.zone(s, "widow"))
        assert sorted(sum(self.hands.values(), []) + self.widow) == TH_PACK
        self.bid, self.declarer = 100, self.eldest
        self.passed = set()
        self.speaker = self.after_seat(self.eldest, self.may_speak)
        self.phase = "auction"
        self.public = set()           # cards shown to all, still where they were shown
        # cards of `public` a seat no longer sees: shown in the declarer's hand when the declarer gave a
        # card face down to another player (the seat could not tell which card went)
        self.blind = {p: set() for p in range(n)}
        self.known = set()            # cards the declarer gave, known to the declarer
        self.to_give = []
        self.trumps = None
        self.married = [0] * n
        self.won = {p: [] for p in range(n)}
        self.trick, self.trick_players = [], []
        self.tricks_done = 0

    def may_speak(self, p):
        return p in self.seated and p not in self.passed and p != self.declarer

    def after_seat(self, p, ok=lambda q: True):
        """The first seat to the left of p (p itself last) that is dealt in and meets ok, or None."""
        return next((q for q in ((p + i) % self.n for i in range(1, self.n + 1)) if q in self.seated and ok(q)),
                    None)

    def to_play(self):
        p = self.leader
        for _ in self.trick:
            p = self.after_seat(p)
        return p

    def expected(self):
        if self.phase == "auction":
            p = self.speaker
            return p, sorted(["pass"] + [f"bid {k}" for k in range(self.bid + 10, th_limit(self.hands[p]) + 1, 10)])
        d = self.declarer
        if self.phase == "give":
            return d, sorted(f"give {c}" for c in self.hands[d])
        if self.phase == "contract":
            top = max(self.bid, th_limit(self.hands[d]))
            return d, sorted([f"contract {k}" for k in range(self.bid, top + 1, 10)] + ["concede"] * self.concede)
        if self.phase == "marriage":
            held = th_partner(self.trick[0]) in self.hands[self.leader]
            return self.leader, ["marriage"] * held + ["no_marriage"]
        p = self.to_play()
        return p, th_follow(self.hands[p], self.trick, self.trumps)

    def before(self, s, who, legal):
        want_who, want = self.expected()
        assert (who, legal) == (want_who, want), (self.phase, who, legal, want_who, want)
        assert s.hand_no == self.hand_no
        every_card_once(s)
        for viewer in range(self.n):
            for p in range(self.n):
                shown = [c for c in self.hands[p] if p == viewer or (c in self.public and c not in self.blind[viewer])
                         or (viewer == self.declarer and c in self.known)]
                assert seen(s, viewer, "hand", p) == sorted(shown), (viewer, p, self.phase)
                assert seen(s, viewer, "won", p) == []
            assert seen(s, viewer, "trick") == sorted(self.trick)
            assert seen(s, viewer, "widow") == []
        assert _v(s, "score") == self.score
        assert (_v(s, "bid"), _v(s, "high")) == (self.bid, self.declarer)
        # the sides of the hand (bots: sides) are known once the auction is over
        assert _v(s, "declarer") == (None if self.phase == "auction" else self.declarer)
        if self.phase in ("marriage", "play"):
            assert _v(s, "trumps") == self.trumps and _v(s, "married") == self.married

    def after(self, s, who, text):
        getattr(self, "after_" + self.phase)(s, who, text)

    def after_auction(self, s, p, text):
        if text == "pass":
            self.passed.add(p)
        else:
            k = int(text.split()[1])
            self.seen["over 120"] += k > 120
            self.bid, self.declarer = k, p
        q = self.after_seat(p, self.may_speak)
        if q is not None:
            self.speaker = q
            return
        d = self.declarer
        self.seen["forehand plays 100" if self.bid == 100 else "auction"] += 1
        self.hands[d] += self.widow
        self.public |= set(self.widow)
        self.to_give = [q for q in ((d + i) % self.n for i in range(1, self.n)) if q in self.seated]
        assert len(self.to_give) == 2
        self.phase = "give"

    def after_give(self, s, d, text):
        c = text.split()[1]
        self.hands[d].remove(c)
        to = self.to_give.pop(0)
        self.hands[to].append(c)
        self.public.discard(c)
        for v in range(self.n):
            if v not in (d, to):
                self.blind[v] |= self.public & set(self.hands[d])
        self.known.add(c)
        self.seen["widow card given"] += c in self.widow
        if not self.to_give:
            self.phase = "contract"

    def after_contract(self, s, d, text):
        if text == "concede":
            self.seen["conceded"] += 1
            for p in self.seated:
                self.score[p] += -self.bid if p == d else th_round(self.bid // 2)
            self.end_hand(s)
            return
        k = int(text.split()[1])
        self.seen["raised"] += k > self.bid
        self.bid = k
        self.leader = d
        self.phase = "play"

    def after_marriage(self, s, p, text):
        self.phase = "play"
        lead = self.trick[0]
        if text == "no_marriage":
            self.seen["marriage kept" if th_partner(lead) in self.hands[p] else "asked without a marriage"] += 1
            return
        x = suit(lead)
        self.seen["marriage " + ("changes trumps" if self.trumps not in (None, x) else "announced")] += 1
        self.trumps = x
        self.married[p] += TH_MARRIAGE[x]
        self.public.add(th_partner(lead))
        for v in range(self.n):
            self.blind[v].discard(th_partner(lead))

    def after_play(self, s, who, card):
        p = self.to_play()
        self.hands[p].remove(card)
        self.public.discard(card)
        self.known.discard(card)
        self.trick.append(card)
        self.trick_players.append(p)
        if len(self.trick) == 1 and self.tricks_done > 0 and rank(card) in ("K", "Q"):
            self.phase = "marriage"
        if len(self.trick) < 3:
            return
        w = th_winner(self.trick, self.trick_players, self.trumps)
        t = hand_events(s, self.hand_no, "trick")[self.tricks_done]
        assert t["winner"] == w and t["cards"] == self.trick and t["players"] == self.trick_players
        self.seen["trumped"] += self.trumps is not None and suit(self.trick[0]) != self.trumps and any(
            suit(c) == self.trumps for c in self.trick)
        self.won[w] += self.trick
        self.tricks_done += 1
        self.trick, self.trick_players = [], []
        self.leader = w
        if self.tricks_done < 8:
            return
        assert not any(self.hands.values())
        self.settle()
        self.end_hand(s)

    def end_hand(self, s):
        self.seen[f"hands at {self.n}"] += 1
        self.dealer = (self.dealer + 1) % self.n
        if max(self.score) >= self.target:
            self.phase = "over"
        else:
            self.new_hand(s)

    def points(self, p):
        return sum(TH_VALUE[rank(c)] for c in self.won[p]) + self.married[p]

    def settle(self):
        assert sum(self.points(p) - self.married[p] for p in range(self.n)) == 120
        d = self.declarer
        made = self.points(d) >= self.bid
        self.seen["made" if made else "failed"] += 1
        self.score[d] += self.bid if made else -self.bid
        for p in self.seated:
            if p != d:
                self.seen["rounded up"] += th_round(self.points(p)) > self.points(p)
                self.seen["five rounds up"] += self.points(p) % 10 == 5
                self.score[p] += th_round(self.points(p))

    def finish(self, s):
        assert self.phase == "over" and s.over
        res = G.result(s)
        assert res["scores"] == self.score
        assert res["winners"] == [p for p in range(self.n) if self.score[p] == max(self.score)]


def th_pick(rng, ref):
    def pick(texts):
        def weight(t):
            if t.startswith("bid "):
                return 3.0 / (int(t.split()[1]) - 90)
            if t.startswith("contract "):
                return 1.0 if t == f"contract {ref.bid}" else 0.05
            if t == "pass":
                return 0.7
            if t == "concede":
                return 0.1
            return 1.0
        return rng.choices(texts, [weight(t) for t in texts])[0]
    return pick


def th_game(rules, seed, target, hands=None, concede=True, players=3):
    """One seeded game against the referee, to its end or for `hands` hands."""
    s = G.new_game(rules, players, seed, log=True)
    ref = ThousandReferee(s, target, concede)
    pick = th_pick(random.Random(seed), ref)
    while not s.over and (hands is None or s.hand_no <= hands):
        actions = G.legal_actions(s)
        texts = [S.describe(s, a) for a in actions]
        who = G.current_player(s)
        ref.before(s, who, sorted(texts))
        text = pick(texts)
        G.apply(s, actions[texts.index(text)])
        ref.after(s, who, text)
    if s.over:
        ref.finish(s)
    return ref


def test_thousand_random_games_follow_the_rules():
    rules = _load("thousand", target=150)
    totals = Counter()
    for seed in range(60):
        totals.update(th_game(rules, seed, 150, hands=6).seen)
    totals["games ended"] = 0
    for k in ["forehand plays 100", "auction", "over 120", "widow card given", "raised", "marriage announced",
              "marriage changes trumps", "marriage kept", "asked without a marriage", "trumped", "made", "failed", "rounded up", "five rounds up", "conceded"]:
        assert totals[k] > 0, (k, totals)


def test_thousand_at_four_the_dealer_sits_out():
    rules = _load("thousand", target=150)
    totals = Counter()
    for seed in range(12):
        ref = th_game(rules, 700 + seed, 150, hands=8, players=4)
        totals.update(ref.seen)
    assert totals["hands at 4"] > 40 and totals["made"] > 0 and totals["conceded"] > 0, totals


def test_thousand_games_end_at_the_target():
    rules = _load("thousand", target=150, concede=False)
    ended = 0
    for seed in range(100, 130):
        ref = th_game(rules, seed, 150, hands=40, concede=False)
        ended += ref.phase == "over"
    assert ended > 10


@pytest.mark.soak
def test_thousand_soak():
    rules = _load("thousand")
    for seed in range(120):
        th_game(rules, 5000 + seed, 1000, hands=20, players=3 if seed % 4 else 4)


# -- Reversis --------------------------------------------------------------------------------------------

RV_RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "J", "Q", "K", "A"]
RV_PENALTY = {"A": 4, "K": 3, "Q": 2, "J": 1}
RV_PACK = sorted(r + SYMBOL[x] for r in RV_RANKS for x in SYMBOL)
QUINOLA = "J♥"


class ReversisReferee:
    """Reversis from the rules at the top of reversis.yaml: play and deal go to the right."""

    def __init__(self, s, target=60, duty=False):
        self.target, self.duty = target, duty
        self.score = [0] * 4
        self.dealer = 0
        self.hand_no = 0
        self.seen = Counter()
        self.new_hand(s)

    def new_hand(self, s):
        self.hand_no += 1
        assert s.hand_no == self.hand_no and _v(s, "dealer") == self.dealer
        [deal] = hand_events(s, self.hand_no, "deal")
        assert (deal["to"], deal["count"]) == ("hand", 12)
        assert [p for p, _ in deal["each"]] == [(self.dealer - i) % 4 for i in range(1, 5)]
        self.hands = {p: list(got) for p, got in deal["each"]}
        assert sorted(sum(self.hands.values(), [])) == RV_PACK
        self.won = {p: [] for p in range(4)}
        self.taken = [0] * 4
        self.quinola = [0] * 4
        self.leader = (self.dealer - 1) % 4
        self.trick, self.trick_players = [], []
        self.tricks_done = 0

    def before(self, s, who, legal):
        p = (self.leader - len(self.trick)) % 4
        if self.trick:
            same = [c for c in self.hands[p] if suit(c) == suit(self.trick[0])]
            if not same and self.duty and QUINOLA in self.hands[p]:
                same = [QUINOLA]
            want = sorted(same or self.hands[p])
        else:
            want = sorted(self.hands[p])
        assert (who, legal) == (p, want), (who, legal, p, want)
        every_card_once(s)
        for viewer in range(4):
            for q in range(4):
                assert seen(s, viewer, "hand", q) == (sorted(self.hands[q]) if q == viewer else [])
                assert seen(s, viewer, "won", q) == sorted(self.won[q])
            assert seen(s, viewer, "trick") == sorted(self.trick)
        assert _v(s, "score") == self.score and _v(s, "quinola") == self.quinola

    def after(self, s, who, card):
        p = (self.leader - len(self.trick)) % 4
        if self.trick and QUINOLA in self.hands[p] and card != QUINOLA:
            led = suit(self.trick[0])
            self.seen["quinola kept while void"] += led != "hearts" and all(suit(c) != led for c in self.hands[p])
        self.hands[p].remove(card)
        self.trick.append(card)
        self.trick_players.append(p)
        if len(self.trick) < 4:
            return
        led = suit(self.trick[0])
        best = max((c for c in self.trick if suit(c) == led), key=lambda c: RV_RANKS.index(rank(c)))
        w = self.trick_players[self.trick.index(best)]
        t = hand_events(s, self.hand_no, "trick")[self.tricks_done]
        assert t["winner"] == w and t["cards"] == self.trick and t["players"] == self.trick_players
        if QUINOLA in self.trick:
            q = self.trick_players[self.trick.index(QUINOLA)]
            if led == "hearts":
                self.seen["quinola forced"] += 1
                self.quinola[q] += 5
            else:
                self.seen["quinola discarded"] += 1
                self.quinola[w] += 5
                self.quinola[q] -= 5
        self.won[w] += self.trick
        self.taken[w] += 1
        self.tricks_done += 1
        self.trick, self.trick_players = [], []
        self.leader = w
        if self.tricks_done < 12:
            return
        assert not any(self.hands.values())
        if 12 in self.taken:
            self.seen["reversis"] += 1
            self.score[self.taken.index(12)] -= 40
        else:
            for q in range(4):
                self.score[q] += sum(RV_PENALTY.get(rank(c), 0) for c in self.won[q]) + self.quinola[q]
        self.dealer = (self.dealer - 1) % 4
        if max(self.score) >= self.target:
            self.phase = "over"
        else:
            self.new_hand(s)

    def finish(self, s):
        res = G.result(s)
        assert res["scores"] == self.score
        assert res["winners"] == [p for p in range(4) if self.score[p] == min(self.score)]
        self.seen["ties"] += len(res["winners"]) > 1


def test_reversis_random_games_follow_the_rules():
    rules = _load("reversis")
    totals = Counter()
    for seed in range(25):
        s = G.new_game(rules, 4, seed, log=True)
        rng = random.Random(seed)
        totals.update(drive(s, ReversisReferee(s), rng.choice).seen)
    for k in ["quinola forced", "quinola discarded", "quinola kept while void"]:
        assert totals[k] > 0, (k, totals)


def test_reversis_with_the_duty_to_discard_the_quinola():
    rules = _load("reversis", quinola_duty=True)
    totals = Counter()
    for seed in range(8):
        s = G.new_game(rules, 4, 300 + seed, log=True)
        totals.update(drive(s, ReversisReferee(s, duty=True), random.Random(seed).choice).seen)
    assert totals["quinola discarded"] > 0 and totals["quinola kept while void"] == 0, totals


@pytest.mark.soak
def test_reversis_soak():
    rules = _load("reversis")
    for seed in range(300):
        s = G.new_game(rules, 4, 9000 + seed, log=True)
        drive(s, ReversisReferee(s), random.Random(seed).choice)


# -- worked deals ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, count", [("thousand", 2), ("reversis", 3)])
def test_the_worked_deals_pass_as_scenarios(name, count):
    from interpreter.authoring.runner import run_file
    outcomes, problems = run_file(str(HERE / f"{name}.scenario.yaml"))
    assert not problems and len(outcomes) == count and all(o.passed for o in outcomes), (problems, outcomes)


def test_an_order_or_point_table_nothing_uses_is_warned_about(tmp_path):
    """A point table left over (Thousand's first draft kept an empty `marriage` table) was never
    reported, as an unused definition or option is; a table named by a step (order: plain), by an
    expression or by another order is used."""
    from interpreter.ruleset.loader import load_ruleset
    path = tmp_path / "t.yaml"
    path.write_text("""name: t
players: {count: 2}
pack: {ranks: ["7", "8", "9"]}
orders:
  plain: ["7", "8", "9"]
  spare: ["9", "8", "7"]
  by_case: {cases: [{when: card.suit == hearts, order: spare2}], otherwise: plain}
  spare2: ["8", "7", "9"]
points:
  value: {values: {"9": 1}}
  extra: {values: {"7": 2}}
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
  trick: {visibility: public}
  won: {per: player, visibility: public}
state:
  score: {per: player, initial: 0}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 6}
  - tricks: {hand: hand, trick: trick, order: by_case, collect: "won[winner]"}
  - for_each: {in: players, as: p, do: [{add: {"score[p]": "total(won[p], value)"}}]}
end:
  winners: argmax(players, p => score[p])
""")
    loaded = load_ruleset(str(path))
    unused = sorted(d.message.split("'")[1] for d in loaded.diagnostics if d.rule == "unused")
    assert unused == ["extra", "spare"], [d.format() for d in loaded.diagnostics]


def test_a_point_table_without_values_reads_every_card():
    from interpreter.authoring.explain import _points
    lines = _points({"points": {"bonus": {"values": {}, "default": 2}, "value": {"values": {"A": 11}}}})
    assert "- **bonus**: every card: 2" in lines and "- **value**: A: 11; any other card: 0" in lines, lines


def test_a_deal_to_the_right_written_as_a_word_says_the_direction_is_a_number(tmp_path):
    """`direction: right` on a deal was read as an expression: 'unknown name right', with a hint to declare
    it under options or state.  The tricks block said 'must be 1 or -1'; the deal now says it too."""
    from interpreter.ruleset.loader import load_ruleset
    text = (HERE / "reversis.yaml").read_text().replace("start: right_of(dealer), direction: -1}",
                                                         "start: right_of(dealer), direction: right}")
    assert "direction: right}" in text
    path = tmp_path / "reversis.yaml"
    path.write_text(text)
    loaded = load_ruleset(str(path))
    [d] = [d for d in loaded.diagnostics if d.severity == "error"]
    assert "'direction' is a number, 1 or -1, not 'right'" in d.message and "-1 to the right" in d.hint, d.format()


def test_a_point_table_written_without_values_is_one_error_that_says_where_the_entries_go(tmp_path):
    """`value: {A: 11, "10": 10, ...}` (no `values:`) gave seven errors: 'needs a values entry' and an
    unknown key for each rank."""
    from interpreter.ruleset.loader import load_ruleset
    text = (HERE / "thousand.yaml").read_text().replace(
        'value: {values: {A: 11, "10": 10, K: 4, Q: 3, J: 2, "9": 0}}', 'value: {A: 11, "10": 10, K: 4, Q: 3, J: 2, "9": 0}')
    path = tmp_path / "thousand.yaml"
    path.write_text(text)
    errors = [d for d in load_ruleset(str(path)).diagnostics if d.severity == "error"]
    assert len(errors) == 1, [d.format() for d in errors]
    assert "'value' needs a 'values' entry: its entries (A, 10, K, Q, ...) belong under it" in errors[0].message
    assert errors[0].hint == "write value: {values: {A: 11, 10: 10, K: 4, Q: 3, ...}}", errors[0].hint


def test_round_written_as_in_other_languages_says_how_to_round_with_integer_division():
    """`rounded(x): round(x / 10) * 10` was told 'did you mean rounded?', the definition being written."""
    from interpreter.ruleset.loader import load_ruleset
    import tempfile
    text = (HERE / "thousand.yaml").read_text().replace("rounded(x): (x + 5) // 10 * 10", "rounded(x): round(x / 10) * 10")
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "thousand.yaml"
        path.write_text(text)
        [err] = [x for x in load_ruleset(str(path)).diagnostics if x.severity == "error"]
    assert "unknown function 'round'" in err.message and "(x + 5) // 10 * 10" in err.hint, err.format()
    assert "rounded" not in err.hint


def test_card_written_for_the_card_just_played_names_card_played_not_an_as_name(tmp_path):
    from interpreter.ruleset.loader import load_ruleset
    text = (HERE / "thousand.yaml").read_text().replace(
        '(card_played.rank == "K" or card_played.rank == "Q")', '(card.rank == "K" or card.rank == "Q")')
    path = tmp_path / "thousand.yaml"
    path.write_text(text)
    [err] = [x for x in load_ruleset(str(path)).diagnostics if x.severity == "error"]
    assert err.hint.startswith("the card just played is called 'card_played' here"), err.format()
