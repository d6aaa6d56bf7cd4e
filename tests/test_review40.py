"""Correctness on two whist games the engine has never seen (tests/rulesets_review40/, each says at its top
which readings it keeps): Solo Whist (an auction of proposal and acceptance, solo, misere, abundance,
royal abundance, open misere and abundance declared, settled between the bidder(s) and the others over a
fixed number of deals) and Knock-Out Whist (a hand fewer each time, trumps named by the taker of most
tricks with a cut on a tie, players knocked out for taking no trick, the dog's life as an option).

Referees written here from the rules (sharing no code with the engine) follow seeded random games move by
move: who is asked, the exact moves offered, the deal, trumps, trick winners, what each seat sees (its own
hand, the turned-up card while the dealer holds it, an open misere hand after the first trick, cut cards),
the settlement and the end of the game.  Scripted deals check known outcomes (rulesets_review40/*.scenario.yaml).

The engine played both games as the referees did.  Defects found and fixed: explain read a test named with a
modal as 'the next player who is may speak' and 'the players for which it can play', a test's value set to a
variable without 'whether', and 'the item at position the *bid* of the list ...'; a variant that changed a
step's setting without the step's kind ($items: {10: {count: ...}} on a tricks: step) was told to write the
whole list; a player whom a tricks block's players: setting gave as taking part with an empty hand got no
hint at that setting.  A dog's life player plays or passes ("knocks") at their turn in each trick
(tricks: may_pass, added since; before, they said before each trick whether they would play to it).
"""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import cached_loader, drive, every_card_once, hand_events, load_from, seen, var as _v

HERE = Path(__file__).resolve().parent / "rulesets_review40"
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SYMBOL = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
SUIT_OF = {v: k for k, v in SYMBOL.items()}


_load = cached_loader(HERE)


def suit(c):
    return SUIT_OF[c[-1]]


def rank(c):
    return RANKS.index(c[:-1])


def trick_winner(cards, players, trumps):
    led = suit(cards[0])
    def key(c):
        return (2 if suit(c) == trumps else 1 if suit(c) == led else 0, rank(c))
    best = max(cards, key=key)
    return players[cards.index(best)]


def follow(hand, trick):
    if not trick:
        return sorted(hand)
    same = [c for c in hand if suit(c) == suit(trick[0])]
    return sorted(same or hand)


# -- Solo Whist ------------------------------------------------------------------------------------------

BIDS = ["propose", "solo", "misere", "abundance", "royal_abundance", "open_misere", "abundance_declared"]
WORTH = {1: 2, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 8}
NEED = {1: 8, 2: 5, 4: 9, 5: 9, 7: 13}


class SoloReferee:
    def __init__(self, s, deals=8, overtricks=True):
        self.n = 4
        self.deals, self.overtricks = deals, overtricks
        self.score = [0] * 4
        self.dealer = 0
        self.hand_no = 0
        self.seen = Counter()
        self.new_hand(s)

    # the deal -----------------------------------------------------------------------------------------
    def new_hand(self, s):
        self.hand_no += 1
        assert s.hand_no == self.hand_no and _v(s, "dealer") == self.dealer
        deals = hand_events(s, self.hand_no, "deal")
        assert [e["count"] for e in deals] == [12, 1]
        eldest = (self.dealer + 1) % 4
        for e in deals:
            assert [p for p, _ in e["each"]] == [(eldest + i) % 4 for i in range(4)]
        self.hands = {p: [] for p in range(4)}
        for e in deals:
            for p, got in e["each"]:
                self.hands[p].extend(got)
        assert all(len(h) == 13 for h in self.hands.values())
        self.turn_card = self.hands[self.dealer][-1]
        self.turned = suit(self.turn_card)
        assert hand_events(s, self.hand_no, "reveal")[0]["cards"] == [self.turn_card]
        # the auction
        self.high, self.holder, self.partner = 0, None, None
        self.passed = set()
        self.eldest_again = False       # the eldest hand's second chance has been used
        self.eldest = eldest
        self.speaker = eldest
        self.phase = "auction"
        self.trumps = None
        self.trick, self.trick_players = [], []
        self.taken = [0] * 4
        self.tricks_done = 0
        self.open_hand = False

    # who may speak, and what they may say ------------------------------------------------------------
    def ordinary(self, p):
        return p not in self.passed and p != self.holder and p != self.partner

    def eldest_chance(self, p):
        return (p == self.eldest and p in self.passed and not self.eldest_again and self.high == 1
                and self.partner is None and self.holder != p)

    def last_word(self, p):
        return (p == self.holder and self.high == 1 and self.partner is None and p not in self.passed
                and not any(self.ordinary(q) or self.eldest_chance(q) for q in range(4) if q != p))

    def can_speak(self, p):
        return self.ordinary(p) or self.eldest_chance(p) or self.last_word(p)

    def auction_moves(self, p):
        moves = ["pass"]
        if self.high == 1 and self.partner is None and p != self.holder:
            moves.append("accept")
        if p not in self.passed:
            moves += BIDS[self.high:]
        return sorted(moves)

    def expected(self):
        if self.phase == "auction":
            return self.speaker, self.auction_moves(self.speaker)
        if self.phase == "trumps":
            return self.holder, sorted(f"name_trumps {x}" for x in SYMBOL)
        p = self.to_play()
        return p, follow(self.hands[p], self.trick)

    def to_play(self):
        return (self.leader + len(self.trick)) % 4

    # checks before each decision -----------------------------------------------------------------------
    def before(self, s, who, legal):
        want_who, want = self.expected()
        assert (who, legal) == (want_who, want), (self.phase, who, legal, want_who, want)
        assert s.hand_no == self.hand_no
        every_card_once(s)
        for viewer in range(4):
            for p in range(4):
                if p == viewer:
                    shown = self.hands[p]
                else:
                    shown = [c for c in self.hands[p] if c == self.turn_card]
                    if self.open_hand and p == self.holder:
                        shown = self.hands[p]
                assert seen(s, viewer, "hand", p) == sorted(shown), (viewer, p)
                assert seen(s, viewer, "won", p) == []
            assert seen(s, viewer, "trick") == sorted(self.trick)
        assert _v(s, "score") == self.score
        if self.phase == "play":
            assert _v(s, "trumps") == self.trumps

    def after(self, s, who, text):
        if self.phase == "auction":
            self.speak(s, who, text)
        elif self.phase == "trumps":
            self.trumps = text.split()[1]
            self.start_play()
        else:
            self.play(s, who, text)

    def speak(self, s, p, text):
        if text == "pass":
            if p in self.passed:
                self.eldest_again = True
            if p == self.holder:
                self.high, self.holder = 0, None
                self.seen["proposer withdrew"] += 1
            self.passed.add(p)
        elif text == "accept":
            self.seen["accepted by eldest again" if p in self.passed else "accepted"] += 1
            self.partner = p
        else:
            if self.last_word(p):
                self.seen["proposer raised"] += 1
            self.high, self.holder, self.partner = BIDS.index(text) + 1, p, None
        for i in range(1, 5):
            q = (p + i) % 4
            if self.can_speak(q):
                self.speaker = q
                return
        # the auction is over
        if self.high == 0:
            self.seen["thrown in"] += 1
            self.end_hand(s)
            return
        self.seen[BIDS[self.high - 1]] += 1
        if self.high == 4:
            self.phase = "trumps"
            return
        self.trumps = self.turned if self.high in (1, 2, 5) else None
        self.start_play()

    def start_play(self):
        self.phase = "play"
        self.leader = self.holder if self.high == 7 else self.eldest

    def side(self, p):
        return p == self.holder or p == self.partner

    def play(self, s, p, card):
        self.hands[p].remove(card)
        self.trick.append(card)
        self.trick_players.append(p)
        if len(self.trick) < 4:
            return
        w = trick_winner(self.trick, self.trick_players, self.trumps)
        t = hand_events(s, self.hand_no, "trick")[self.tricks_done]
        assert t["winner"] == w and t["cards"] == self.trick
        self.taken[w] += 1
        self.tricks_done += 1
        self.trick, self.trick_players = [], []
        self.leader = w
        if self.high == 6 and self.tricks_done == 1:
            self.open_hand = True
        side = sum(self.taken[q] for q in range(4) if self.side(q))
        over = self.tricks_done == 13
        if self.high in (3, 6) and side > 0:
            over = True
            self.seen["misere lost early"] += self.tricks_done < 13
        if self.high == 7 and side < self.tricks_done:
            over = True
        if over:
            self.settle(side)
            self.end_hand(s)

    def settle(self, side):
        if self.high in (3, 6):
            made = side == 0
        else:
            made = side >= NEED[self.high]
        stake = WORTH[self.high]
        if self.overtricks and self.high in (1, 2, 4, 5):
            stake += abs(side - NEED[self.high])
        sign = 1 if made else -1
        self.seen["made" if made else "failed"] += 1
        for q in range(4):
            if self.side(q):
                self.score[q] += sign * stake * (1 if self.partner is not None else 3)
            else:
                self.score[q] -= sign * stake

    def end_hand(self, s):
        self.dealer = (self.dealer + 1) % 4
        if self.hand_no == self.deals:
            self.phase = "over"
            return
        # play goes on by itself to the next decision (the next auction)
        self.new_hand(s)

    def finish(self, s):
        assert self.phase == "over"
        res = G.result(s)
        assert res["scores"] == self.score
        best = max(self.score)
        assert res["winners"] == [p for p in range(4) if self.score[p] == best]
        assert sum(self.score) == 0


def solo_pick(rng):
    def pick(texts):
        weights = [{"pass": 8, "accept": 6, "propose": 3, "solo": 3}.get(t, 1) for t in texts]
        return rng.choices(texts, weights)[0]
    return pick


def test_solo_whist_random_games_follow_the_rules():
    rules = _load("solo-whist")
    totals = Counter()
    for seed in range(20):
        s = G.new_game(rules, 4, seed, log=True)
        ref = drive(s, SoloReferee(s), solo_pick(random.Random(seed)))
        totals.update(ref.seen)
    for k in BIDS + ["accepted", "thrown in", "made", "failed", "misere lost early", "proposer raised",
                     "proposer withdrew", "accepted by eldest again"]:
        assert totals[k] > 0, (k, totals)


def test_solo_whist_without_overtricks_and_a_short_game():
    rules = _load("solo-whist", overtricks=False, deals=4)
    for seed in range(8):
        s = G.new_game(rules, 4, 1000 + seed, log=True)
        drive(s, SoloReferee(s, deals=4, overtricks=False), solo_pick(random.Random(seed)))


@pytest.mark.soak
def test_solo_whist_soak():
    rules = _load("solo-whist")
    for seed in range(400):
        s = G.new_game(rules, 4, 5000 + seed, log=True)
        drive(s, SoloReferee(s), solo_pick(random.Random(seed)))


# -- Knock-Out Whist -------------------------------------------------------------------------------------

class KnockoutReferee:
    def __init__(self, s, dogs_life=False, first_hand=7):
        self.n = s.n
        self.dogs_life = dogs_life
        self.size = first_hand
        self.out, self.dog, self.had_dog = set(), set(), set()
        self.dealer = 0
        self.hand_no = 0
        self.chooser = None
        self.tied = []
        self.seen = Counter()
        self.new_hand(s)

    def seats_from(self, p):
        return [(p + i) % self.n for i in range(1, self.n + 1)]

    def full(self, p):
        return p not in self.out and p not in self.dog

    def new_hand(self, s):
        self.hand_no += 1
        n = self.n
        assert s.hand_no == self.hand_no and _v(s, "dealer") == self.dealer
        # the cut among the players tied for most tricks
        if len(self.tied) > 1:
            self.seen["cut"] += 1
            cuts = [e for e in hand_events(s, self.hand_no, "move") if e["to"].startswith("cut[")]
            tied = [p for p in self.seats_from(self.dealer) if p in self.tied]
            while len(tied) > 1:
                round_, cuts = cuts[:len(tied)], cuts[len(tied):]
                assert [int(e["to"][4:-1]) for e in round_] == tied
                assert all(e["face_up"] for e in round_)
                top = max(rank(e["cards"][0]) for e in round_)
                self.seen["cut again"] += len(tied) > 1 and sum(rank(e["cards"][0]) == top for e in round_) > 1
                tied = [p for p, e in zip(tied, round_) if rank(e["cards"][0]) == top]
            assert cuts == []
            self.chooser = tied[0]
        # the deal
        deals = hand_events(s, self.hand_no, "deal")
        self.hands = {p: [] for p in range(n)}
        for e in deals:
            for p, got in e["each"]:
                self.hands[p].extend(got)
        fulls = [p for p in self.seats_from(self.dealer) if self.full(p)]
        assert [p for p, _ in deals[0]["each"]] == fulls
        for p in range(n):
            want = 0 if p in self.out else 1 if p in self.dog else self.size
            assert len(self.hands[p]) == want, (p, want, self.hands[p])
        self.upcard = None
        if self.chooser is None:
            up = [e for e in hand_events(s, self.hand_no, "move") if e["to"] == "upcard"]
            assert len(up) == 1
            self.upcard = up[0]["cards"][0]
            self.trumps = suit(self.upcard)
            self.leader = next(p for p in self.seats_from(self.dealer) if self.full(p))
            self.phase = "play"
        else:
            self.trumps = None
            self.leader = self.chooser
            self.phase = "trumps"
        self.taken = [0] * n
        self.trick, self.trick_players = [], []
        self.tricks_done = 0
        if self.phase == "play":
            self.begin_trick()

    def begin_trick(self):
        self.phase = "play"
        self.acted = 0                  # players asked in this trick so far (played or knocked)
        # the tricks left, this one included: what a fully-in player holds as it starts
        self.tricks_left = max((len(self.hands[p]) for p in range(self.n) if self.full(p)), default=0)
        self.taking = [p for p in range(self.n) if self.hands[p] and p not in self.out]
        if not self.taking:
            self.phase = "hand over"
            return
        if self.leader not in self.taking:
            self.seen["lead passed on"] += 1
            self.leader = next(p for p in self.seats_from(self.leader) if p in self.taking)
        self.order = [p for p in [self.leader] + self.seats_from(self.leader)[:-1] if p in self.taking]

    def expected(self):
        if self.phase == "trumps":
            return self.chooser, sorted(f"name_trumps {x}" for x in SYMBOL)
        p = self.order[self.acted]
        # a dog may knock (pass) while another trick is to come
        return p, sorted(follow(self.hands[p], self.trick) + (["pass"] if p in self.dog and self.tricks_left > 1
                                                               else []))

    def before(self, s, who, legal):
        want_who, want = self.expected()
        assert (who, legal) == (want_who, want), (self.phase, who, legal, want_who, want)
        every_card_once(s)
        for viewer in range(self.n):
            for p in range(self.n):
                assert seen(s, viewer, "hand", p) == (sorted(self.hands[p]) if p == viewer else [])
            assert seen(s, viewer, "upcard") == ([self.upcard] if self.upcard else [])
            assert seen(s, viewer, "trick") == sorted(self.trick)
        assert _v(s, "out") == [p in self.out for p in range(self.n)]
        assert _v(s, "dog") == [p in self.dog for p in range(self.n)]

    def after(self, s, who, text):
        if self.phase == "trumps":
            self.trumps = text.split()[1]
            self.begin_trick()
            return
        self.acted += 1
        if text == "pass":
            self.seen["knock"] += 1
        else:
            self.hands[who].remove(text)
            self.trick.append(text)
            self.trick_players.append(who)
        if self.acted < len(self.order):
            return
        w = trick_winner(self.trick, self.trick_players, self.trumps)
        t = hand_events(s, self.hand_no, "trick")[self.tricks_done]
        assert t["winner"] == w and t["cards"] == self.trick and t["players"] == self.trick_players
        if w in self.dog:
            self.seen["dog took a trick"] += 1
        self.taken[w] += 1
        self.tricks_done += 1
        self.trick, self.trick_players = [], []
        self.leader = w
        self.begin_trick()
        if self.phase == "hand over":
            self.end_hand(s)

    def end_hand(self, s):
        for p in range(self.n):
            if p in self.out:
                continue
            if p in self.dog:
                self.dog.discard(p)
                if self.taken[p] == 0:
                    self.out.add(p)
                    self.seen["dog out"] += 1
                else:
                    self.seen["dog back"] += 1
            elif self.taken[p] == 0:
                if self.dogs_life and p not in self.had_dog and self.size > 1:
                    self.dog.add(p)
                    self.had_dog.add(p)
                    self.seen["dog"] += 1
                else:
                    self.out.add(p)
        self.size -= 1
        fulls = [p for p in range(self.n) if self.full(p)]
        best = max(self.taken[p] for p in fulls)
        self.tied = [p for p in fulls if self.taken[p] == best]
        self.chooser = self.tied[0] if len(self.tied) == 1 else None
        in_game = [p for p in range(self.n) if p not in self.out]
        if self.size == 0 or len(in_game) == 1:
            self.phase = "over"
            return
        self.dealer = next(p for p in self.seats_from(self.dealer) if p not in self.out)
        self.new_hand(s)

    def finish(self, s):
        assert self.phase == "over"
        res = G.result(s)
        winners = [p for p in range(self.n) if self.full(p)]
        assert len(winners) == 1
        assert res["winners"] == winners
        assert res["scores"] == [int(p in winners) for p in range(self.n)]


def _ko_pick(rng):
    def pick(texts):
        if "pass" in texts and rng.random() < 0.6:
            return "pass"
        return rng.choice(texts)
    return pick


@pytest.mark.parametrize("dogs_life", [False, True])
def test_knockout_whist_random_games_follow_the_rules(dogs_life):
    rules = _load("knockout-whist", dogs_life=dogs_life)
    totals = Counter()
    for seed in range(54):
        n = 2 + seed % 6
        s = G.new_game(rules, n, seed, log=True)
        ref = drive(s, KnockoutReferee(s, dogs_life), _ko_pick(random.Random(seed)))
        totals.update(ref.seen)
    want = ["cut", "cut again"] + (["dog", "dog out", "dog back", "knock", "dog took a trick", "lead passed on"]
                                   if dogs_life else [])
    assert all(totals[k] > 0 for k in want), totals


@pytest.mark.soak
@pytest.mark.parametrize("dogs_life", [False, True])
def test_knockout_whist_soak(dogs_life):
    rules = _load("knockout-whist", dogs_life=dogs_life)
    for seed in range(1000):
        s = G.new_game(rules, 2 + seed % 6, 7000 + seed, log=True)
        drive(s, KnockoutReferee(s, dogs_life), _ko_pick(random.Random(seed)))


# -- explain ---------------------------------------------------------------------------------------------

def _explain(name):
    from interpreter.authoring.explain import explain
    return explain(_load(name))


def test_explain_reads_a_test_named_with_a_modal_as_a_statement(tmp_path):
    # may_speak(p) is what p may do: 'who may speak', not 'who is may speak'
    out = _explain("solo-whist")
    assert "the next player after the last to play who may speak, until no player may speak" in out, out
    assert "is may speak" not in out
    path = tmp_path / "modal.yaml"
    path.write_text("""name: modal probe
players: {count: 3}
pack: {ranks: ["2", "3", "4"], suits: [clubs, hearts]}
zones: {stock: {visibility: hidden}, hand: {per: player, visibility: owner}}
state:
  passed: {per: player, type: boolean, initial: false}
  x: {type: player, initial: none}
define:
  can_play(p): count(hand[p]) > 0
  must_pass(p): passed[p]
  alive(p): not passed[p]
hand:
  - deal: {from: stock, to: hand, count: 2}
  - set: {x: "first(filter(players, p => not can_play(p)))"}
  - set: {x: "first(filter(players, p => alive(p) and not must_pass(p)))"}
  - set: {"passed[0]": "can_play(0)"}
end: {winners: players}
""", encoding="utf-8")
    from interpreter.authoring.explain import explain
    out = explain(load_from(tmp_path, "modal"))
    assert "the first of the players who cannot play" in out, out
    # 'not must pass' is 'need not pass', never 'must not pass'
    assert "the players who are alive and need not pass" in out, out
    assert "to whether player 0 can play" in out, out


# -- worked deals ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, count", [("solo-whist", 7), ("knockout-whist", 2)])
def test_the_worked_deals_pass_as_scenarios(name, count):
    from interpreter.authoring.runner import run_file
    outcomes, problems = run_file(str(HERE / f"{name}.scenario.yaml"))
    assert not problems and len(outcomes) == count, problems


def test_a_variant_changing_a_steps_setting_without_its_kind_is_told_where_it_goes(tmp_path):
    # `$items: {10: {count: null}}` on a `tricks:` step: the settings lie under the step's kind
    from interpreter.ruleset.loader import load_ruleset
    path = tmp_path / "variant.yaml"
    path.write_text(f"extends: {HERE / 'solo-whist.yaml'}\nhand:\n  $items:\n    10:\n      count: null\n",
                    encoding="utf-8")
    loaded = load_ruleset(str(path), {})
    assert not loaded.ok
    text = "\n".join(d.format() for d in loaded.diagnostics)
    assert "write 10: {tricks: {count: ...}}" in text, text
    assert "write the whole list" not in text


@pytest.mark.parametrize("name", ["solo-whist", "solo-whist-stop"])
def test_solo_whist_stopped_early_by_a_count_or_by_end_hand_in_after_trick(name):
    rules = _load(name)
    for seed in range(6):
        s = G.new_game(rules, 4, 300 + seed, log=True)
        drive(s, SoloReferee(s), solo_pick(random.Random(seed)))


def test_the_deal_goes_in_packets_of_three_then_one_card_each():
    deck = [r + x for x in "♣♦♥♠" for r in RANKS]
    s = S.stacked_game(_load("solo-whist"), 4, deck)
    for i, p in enumerate([1, 2, 3, 0]):
        want = [deck[12 * k + 3 * i + j] for k in range(4) for j in range(3)] + [deck[48 + i]]
        assert sorted(S.names(s, S.zone(s, "hand", p))) == sorted(want)
    assert _v(s, "turned") == "spades"          # A♠, the dealer's last card


def test_explain_reads_an_item_at_the_position_a_variable_gives():
    out = _explain("solo-whist")
    assert "**worth**: the item at the position given by the *bid* in the list 0, 2, 2, 3, 4, 5, 6 and 8 " \
           "(counting from 0)" in out, out
    assert "at position the *bid*" not in out


def test_a_player_the_players_setting_gives_with_an_empty_hand_is_told_to_leave_them_out(tmp_path):
    # a dog's life player who played their one card is still given by players: -> a hint at that setting
    path = tmp_path / "ko.yaml"
    path.write_text(f"extends: {HERE / 'knockout-whist.yaml'}\nhand:\n  $items:\n    6:\n      tricks:\n"
                    "        players: filter(players, p => in_game(p))\n", encoding="utf-8")
    rules = load_from(tmp_path, "ko", dogs_life=True)
    messages = set()
    for seed in range(30):
        s = G.new_game(rules, 4, seed)
        rng = random.Random(seed)
        try:
            while not s.over:
                actions = G.legal_actions(s)
                G.apply(s, actions[rng.randrange(len(actions))])
        except Exception as e:          # the game stops with an error naming the tricks step
            messages.add(str(e))
    assert messages
    assert all("their hand is empty, but the block's players: setting gave them as taking part" in m
               and "count(hand[p]) > 0" in m for m in messages), messages


def test_explain_names_the_steps_a_variant_changes(tmp_path):
    # {$items: {10: ...}} changes one step of the hand: say which, as the steps are numbered below
    out = _explain("solo-whist-stop")
    assert "This variant changes: `hand` (step 11)." in out, out
    assert "11. Play tricks from *hand* onto *trick*" in out
    path = tmp_path / "v.yaml"
    path.write_text(f"extends: {HERE / 'solo-whist.yaml'}\nhand:\n  $items:\n    0: {{gather: {{from: [hand, trick, won], "
                    "to: stock}}\n    -1: {call: settle}\n", encoding="utf-8")
    from interpreter.authoring.explain import explain
    out = explain(load_from(tmp_path, "v"))
    assert "This variant changes: `hand` (step 1, the last step)" in out, out
