"""An independent audit of three trick-taking rulesets against their rule texts.

Each game here is refereed move by move by a small, separate implementation of
the text written for this file (it shares nothing with the rulesets): before
every move the set of legal moves the engine offers must be the set the text
allows; every trick must go to the player the text names; the scores after
every hand must be the text's.  Random play explores the positions; a few
scripted deals pin single rules down with figures worked out by hand.

Games: Scotch Whist (rulesets/scotch-whist.yaml), Escalative Scoring
(rulesets/escalative/), Scalade (rulesets/scalade/).
"""
import random

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as SC

from tests.helpers import rules_of

SUITS = ["clubs", "diamonds", "hearts", "spades"]


def names_of(s, ids):
    return [s.rules.universe.names[c] for c in ids]


def suit(name):
    return {"♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades"}[name[-1]]


def rank(name):
    return name[:-1]


def action_names(s, actions):
    """Actions as (move, value) with cards as names, for comparing with a referee."""
    u = s.rules.universe
    out = set()
    for move, value in actions:
        out.add((move, u.names[value] if move == "play" else value))
    return out


class Driver:
    """Plays a game with random legal moves, showing a referee every position and every event."""

    def __init__(self, rules, players, seed, referee):
        self.s = G.new_game(rules, players, seed, log=True)
        self.ref = referee
        self.rng = random.Random(seed)
        self.seen = 0

    def run(self, max_actions=20000):
        s = self.s
        self.ref.new_hand(s)
        self.feed()
        for _ in range(max_actions):
            if G.is_over(s):
                break
            legal = G.legal_actions(s)
            assert action_names(s, legal) == self.ref.legal(s), (s.hand_no, self.ref.legal(s))
            G.apply(s, legal[self.rng.randrange(len(legal))])
            self.feed()
        assert G.is_over(s)
        self.ref.game_over(s, G.result(s))
        return s

    def feed(self):
        s = self.s
        new = s.events[self.seen:]
        self.seen = len(s.events)
        for e in new:
            if e.get("event") == "hand" and e.get("hand", 1) > 1:
                # the state already shows the new deal (one action ends a hand and deals the next)
                self.ref.hand_over(s)
                self.ref.new_hand(s)
            self.ref.event(s, e)


# ---------------------------------------------------------------------------------------------
# Scotch Whist
# ---------------------------------------------------------------------------------------------

PLAIN = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
TRUMP = ["6", "7", "8", "9", "10", "Q", "K", "A", "J"]


def whist_winner(cards, players, trumps, plain, trump_order=None):
    """The text's trick winner: the highest trump, else the highest card of the led suit."""
    trump_order = trump_order or plain
    if any(suit(c) == trumps for c in cards):
        best = max((c for c in cards if suit(c) == trumps), key=lambda c: trump_order.index(rank(c)))
    else:
        led = suit(cards[0])
        best = max((c for c in cards if suit(c) == led), key=lambda c: plain.index(rank(c)))
    return players[cards.index(best)]


def follow_suit(hand, trick):
    if not trick:
        return set(hand)
    same = {c for c in hand if suit(c) == suit(trick[0])}
    return same or set(hand)


class FollowSuitReferee:
    """What the two plain-trick texts share: the turn goes left from the leader, and a player must
    follow suit if able."""

    def legal(self, s):
        p = G.current_player(s)
        expected = (self.players[-1] + 1) % self.n if self.players else self.leader
        assert p == expected
        return {("play", c) for c in follow_suit(self.hands[p], self.trick)}


class ScotchReferee(FollowSuitReferee):
    def __init__(self, n, target=41):
        self.n, self.target = n, target
        self.score = [0] * n
        self.winner_now = None          # set when the text's race is won during a hand's scoring

    def new_hand(self, s):
        self.hands = [names_of(s, h) for h in SC.zone(s, "hand")]
        self.dealt = len(self.hands[0])
        assert all(len(h) == self.dealt for h in self.hands)
        assert sum(map(len, self.hands)) == (35 if self.n in (5, 7) else 36)
        self.dealer = SC.var(s, "dealer")
        assert self.dealer == (s.hand_no - 1) % self.n      # seat 0 deals first, then the deal passes left
        self.trumps = None
        self.trick, self.players = [], []
        self.won = [[] for _ in range(self.n)]
        self.leader = (self.dealer + 1) % self.n

    def event(self, s, e):
        kind = e.get("event")
        if kind == "reveal":
            (card,) = e["cards"]
            assert card in self.hands[self.dealer]
            self.trumps = suit(card)
        elif kind == "choice":
            card = e["action"][1]
            self.hands[e["player"]].remove(card)
            self.trick.append(card)
            self.players.append(e["player"])
        elif kind == "trick":
            assert e["cards"] == self.trick and e["players"] == self.players
            w = whist_winner(self.trick, self.players, self.trumps, PLAIN, TRUMP)
            assert e["winner"] == w
            self.won[w] += self.trick
            self.leader = w
            self.trick, self.players = [], []
            if not any(self.hands):
                self.score_hand()

    def score_hand(self):
        """Lines in the text's order; after each, the first to reach the target wins."""
        lines = ["10", "tricks", "A", "K", "Q", "J"]
        worth = {"10": 10, "A": 4, "K": 3, "Q": 2, "J": 11}
        for line in lines:
            if line == "tricks":
                for p in range(self.n):
                    self.score[p] += max(0, len(self.won[p]) - self.dealt)
            else:
                card = line + {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}[self.trumps]
                for p in range(self.n):
                    if card in self.won[p]:
                        self.score[p] += worth[line]
            over = [p for p in range(self.n) if self.score[p] >= self.target]
            if over:
                best = max(self.score[p] for p in over)
                self.winner_now = [p for p in over if self.score[p] == best]
                return

    def hand_over(self, s):
        assert self.winner_now is None, "the game should have ended in that hand's scoring"
        assert SC.var(s, "score") == self.score

    def game_over(self, s, result):
        assert self.winner_now is not None
        assert result["winners"] == self.winner_now
        assert SC.var(s, "score") == self.score


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_scotch_whist_refereed_move_by_move(players):
    rules = rules_of("rulesets/scotch-whist.yaml")
    for seed in range(3):
        Driver(rules, players, seed, ScotchReferee(players)).run()


def test_scotch_whist_the_last_card_dealt_goes_to_the_dealer_and_sets_trumps():
    # A stacked pack for four players: one card at a time from the dealer's left, so the
    # 36th card, the 10 of hearts here, is the dealer's (seat 0) and makes hearts trumps.
    rules = rules_of("rulesets/scotch-whist.yaml")
    first = ["A♠", "K♠", "Q♠", "J♠"]
    rest = [r + s for s in "♣♦♥♠" for r in PLAIN if r + s not in first + ["10♥"]]
    deal = first + rest + ["10♥"]
    s = SC.stacked_game(rules, 4, deal)
    hands = [SC.names(s, h) for h in SC.zone(s, "hand")]
    assert "A♠" in hands[1] and "K♠" in hands[2] and "Q♠" in hands[3] and "J♠" in hands[0]
    assert "10♥" in hands[0] and SC.var(s, "trumps") == "hearts"


@pytest.mark.parametrize("start,winners", [(38, [1]), (37, [1, 2])])
def test_scotch_whist_two_players_passing_41_on_the_trick_line(start, winners):
    """Reading: when two players pass 41 on the same scoring line (only the trick line allows it),
    the higher score wins and equal scores share; the lines after it are not scored.

    Four players, nine cards each, hearts trumps.  Seat 1 wins the last trick (A♠ led) and ends
    with 15 cards (+6); seat 2 has 12 cards (+3) and the A♥, which would add 4 on a later line."""
    from tests.test_scotch_whist import _last_trick
    s = G.new_game(rules_of("rulesets/scotch-whist.yaml"), 4, seed=2)
    SC.set_var(s, "trumps", "hearts")
    SC.set_var(s, "dealt", 9)
    SC.set_var(s, "score", [0, start, 40, 0])
    diamonds = [r + "♦" for r in PLAIN]
    won = {1: diamonds + ["9♣", "10♣"],
           2: ["A♥", "J♣", "Q♣", "K♣", "A♣"] + [r + "♠" for r in PLAIN[:7]],
           3: ["K♠"] + [r + "♥" for r in PLAIN if r != "A"]}
    _last_trick(s, won, {1: "A♠", 2: "6♣", 3: "7♣", 0: "8♣"})
    assert G.current_player(s) == 1
    SC.play(s, "A♠", "6♣", "7♣", "8♣")
    assert G.is_over(s)
    assert SC.var(s, "score")[1:3] == [start + 6, 43]      # the A♥ line was never reached
    assert G.result(s)["winners"] == winners


# ---------------------------------------------------------------------------------------------
# Escalative Scoring (the sample game of section 2 and the variations of sections 3 and 4)
# ---------------------------------------------------------------------------------------------

ESC_ORDER = ["8", "9", "10", "J", "Q", "K", "A"]
CARD_POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}


class EscalativeReferee:
    """Auction (pass is for good; an Ace holder must bid while nobody has; over after three passes in
    a row once someone has bid), declarer names trumps and leads, tricks worth the schedule (times the
    card points in the point form), declarer gains or loses the bid."""

    def __init__(self, n, values, points=False):
        self.n, self.values, self.points = n, values, points
        self.score = [0] * n
        self.hands_played = 0

    def new_hand(self, s):
        self.hands = [names_of(s, h) for h in SC.zone(s, "hand")]
        assert all(len(h) == len(self.values) for h in self.hands)
        self.dealer = SC.var(s, "dealer")
        assert self.dealer == (s.hand_no - 1) % self.n      # seat 0 deals first, then the deal passes left
        self.speaker = (self.dealer + 1) % self.n
        self.passed = [False] * self.n
        self.bid, self.declarer, self.run_of_passes = 0, None, 0
        self.max_bid = sum(self.values) if not self.points else SC.var(s, "max_bid")
        self.phase = "auction"
        self.trumps, self.trick, self.players, self.tricks_done = None, [], [], 0
        self.raw = [0] * self.n

    def _skip_passed(self):
        # a player who has passed must pass again: that pass is automatic
        while self.phase == "auction" and self.passed[self.speaker]:
            self._pass(self.speaker)

    def _pass(self, p):
        self.passed[p] = True
        self.run_of_passes += 1
        self.speaker = (p + 1) % self.n
        if (self.declarer is not None and self.run_of_passes >= 3) or all(self.passed):
            self.phase = "trumps" if self.declarer is not None else "thrown in"

    def legal(self, s):
        p = G.current_player(s)
        if self.phase == "auction":
            assert p == self.speaker
            moves = {("bid", b) for b in range(self.bid + 1, self.max_bid + 1)}
            has_ace = any(rank(c) == "A" for c in self.hands[p])
            if self.bid > 0 or not has_ace:
                moves.add(("pass", None))
            return moves
        if self.phase == "trumps":
            assert p == self.declarer
            return {("name_trumps", su) for su in SUITS}
        expected = (self.players[-1] + 1) % self.n if self.players else self.leader
        assert p == expected
        return {("play", c) for c in follow_suit(self.hands[p], self.trick)}

    def event(self, s, e):
        kind = e.get("event")
        if kind != "choice":
            if kind == "trick":
                assert e["cards"] == self.trick
                w = whist_winner(self.trick, self.players, self.trumps, ESC_ORDER)
                assert e["winner"] == w
                worth = self.values[self.tricks_done]
                if self.points:
                    worth *= sum(CARD_POINTS.get(rank(c), 0) for c in self.trick)
                self.raw[w] += worth
                self.tricks_done += 1
                self.leader, self.trick, self.players = w, [], []
            return
        p, (move, value) = e["player"], e["action"]
        if move == "bid":
            self.bid, self.declarer, self.run_of_passes = value, p, 0
            self.speaker = (p + 1) % self.n
            self._skip_passed()
        elif move == "pass":
            self._pass(p)
            self._skip_passed()
        elif move == "name_trumps":
            self.trumps, self.phase, self.leader = value, "play", self.declarer
        else:
            self.hands[p].remove(value)
            self.trick.append(value)
            self.players.append(p)

    def hand_over(self, s):
        self.finish_hand()
        assert SC.var(s, "score") == self.score

    def finish_hand(self):
        self.hands_played += 1
        if self.declarer is None:
            assert self.phase == "thrown in"
            return
        assert self.tricks_done == len(self.values)
        for p in range(self.n):
            if p == self.declarer:
                self.score[p] += self.raw[p] + self.bid if self.raw[p] >= self.bid else self.raw[p] - self.bid
            else:
                self.score[p] += self.raw[p]

    def game_over(self, s, result):
        self.finish_hand()
        assert self.hands_played == 1                  # the text's game is one deal
        assert result["scores"] == self.score
        best = max(self.score)
        assert result["winners"] == [p for p in range(self.n) if self.score[p] == best]


@pytest.mark.parametrize("name,values,points", [
    ("escalative", [1, 2, 3, 4, 5, 6, 7], False),
    ("escalative-equal", [1] * 7, False),
    ("escalative-list", [1, 1, 2, 3, 5, 8, 13], False),
    ("escalative-undealt", [1, 2, 3, 4, 5, 6], False),
    ("escalative-points", [1, 2, 3, 4, 5, 6, 7], True),
])
def test_escalative_refereed_move_by_move(name, values, points):
    rules = rules_of(f"rulesets/escalative/{name}.yaml")
    for seed in range(4):
        Driver(rules, 4, seed, EscalativeReferee(4, values, points)).run()


# ---------------------------------------------------------------------------------------------
# Scalade (Static, Mobile, Retromobile, Double, capped, Rubber, partnerships)
# ---------------------------------------------------------------------------------------------

NATURAL = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
RUNG_VALUE = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
              "J": 12, "Q": 15, "K": 18, "A": 1}
HIERARCHY = ["clubs", "spades", "hearts", "diamonds"]            # strongest first
SINGLE = [("diamond_ladder", "5♦"), ("heart_ladder", "6♥"), ("spade_ladder", "7♠"), ("club_ladder", "8♣")]
DOUBLE = [("diamond_ladder_1", "5♦"), ("diamond_ladder_2", "7♦"), ("heart_ladder_1", "6♥"),
          ("heart_ladder_2", "9♥"), ("spade_ladder_1", "7♠"), ("spade_ladder_2", "J♠"),
          ("club_ladder_1", "8♣"), ("club_ladder_2", "K♣")]


class ScaladeReferee(FollowSuitReferee):
    def __init__(self, n, trumps="static", double=False, cap=0, goal=4, rubber=False, teams=None):
        self.n, self.mode, self.double, self.cap, self.goal = n, trumps, double, cap, goal
        self.rubber, self.teams = rubber, teams
        self.ladders = DOUBLE if double else SINGLE
        self.escalation_rank = {}
        for _, start in self.ladders:        # the suit's lowest starting rung
            su = suit(start)
            if su not in self.escalation_rank:
                self.escalation_rank[su] = rank(start)
        self.games_won = [0] * n
        self.finished = False
        self.start_game()

    def start_game(self):
        self.rung = {name: start for name, start in self.ladders}
        self.holder = {name: None for name, _ in self.ladders}
        self.marker = {su: (None, 0) for su in SUITS}
        self.passes = {su: 0 for su in SUITS}
        self.score = [0] * self.n
        self.advance, self.target, self.game_hand = None, self.goal, 0
        self.behind_at = {}              # escalations of the advance suit at hands 7, 14, 21

    # -- the text's rules ----------------------------------------------------------------------

    def escalations(self, su):
        return self.passes[su] // (2 if self.double else 1)

    def trumps_from(self, rungs):
        """The lowest rung by rank, ties to the suit highest in the hierarchy."""
        return HIERARCHY[min((self.cycle.index(rank(c)), HIERARCHY.index(suit(c))) for c in rungs.values())[1]]

    def claims(self, cards):
        """{ladder: climbed ranks} for the ladders this set of cards claims."""
        out = {}
        for name, card in self.rung.items():
            su, r, run = suit(card), rank(card), []
            while True:
                r = self.cycle[(self.cycle.index(r) + 1) % len(self.cycle)]
                if r + card[-1] not in cards:
                    break
                run.append(r)
            if run:
                out[name] = run
        return out

    def new_hand(self, s):
        if self.finished:
            return
        self.game_hand += 1
        self.hands = [names_of(s, h) for h in SC.zone(s, "hand")]
        self.size = len(self.hands[0])
        assert all(len(h) == self.size for h in self.hands)
        self.spoils = names_of(s, SC.zone(s, "spoils"))
        dead = names_of(s, SC.zone(s, "dead"))
        pack = names_of(s, s.rules.deck(self.n))
        self.cycle = [r for r in NATURAL if any(rank(c) == r for c in pack)]
        assert sorted(sum(self.hands, []) + self.spoils + dead + list(self.rung.values())) == sorted(pack)
        assert len(dead) == len(self.spoils) == 2
        self.dealer = SC.var(s, "dealer")
        assert self.dealer == (s.hand_no - 1) % self.n      # seat 0 deals first, then the deal passes left
        self.leader = (self.dealer + 1) % self.n
        self.trick, self.players, self.tricks_done = [], [], 0
        self.hand_trumps = self.trumps_from(self.rung)

    def event(self, s, e):
        kind = e.get("event")
        if kind == "choice":
            card = e["action"][1]
            self.hands[e["player"]].remove(card)
            self.trick.append(card)
            self.players.append(e["player"])
        elif kind == "trick" and not self.finished:
            self.resolve_trick(e)

    def resolve_trick(self, e):
        self.tricks_done += 1
        cards = list(self.trick)
        if self.tricks_done == self.size - 1:           # the spoils join the penultimate trick
            cards += self.spoils
        found = self.claims(cards)
        if self.mode == "static":
            trumps = self.hand_trumps
        elif self.mode == "mobile":
            trumps = self.trumps_from(self.rung)
        else:                                           # retromobile: the rungs move first
            moved = dict(self.rung)
            for name, run in found.items():
                moved[name] = run[-1] + self.rung[name][-1]
            trumps = self.trumps_from(moved)
        w = whist_winner(self.trick, self.players, trumps, NATURAL)
        assert e["cards"][:len(self.trick)] == self.trick and e["winner"] == w, (e, trumps)
        for name, run in found.items():
            su = suit(self.rung[name])
            if self.escalation_rank[su] in run:
                self.passes[su] += 1
            self.rung[name] = run[-1] + self.rung[name][-1]
            self.holder[name] = w
        self.leader, self.trick, self.players = w, [], []
        if self.tricks_done == self.size:
            self.score_hand(w)

    def score_hand(self, last):
        for name, p in self.holder.items():
            if p is None:
                continue
            su = suit(self.rung[name])
            mult = 1
            if self.marker[su][0] == p:
                mult = 1 + self.marker[su][1]
                if self.cap:
                    mult = min(mult, self.cap)
            self.score[p] += RUNG_VALUE[rank(self.rung[name])] * mult
        values = sorted(RUNG_VALUE[rank(c)] for c in self.rung.values())
        self.score[last] += sum(values[:2 if self.double else 1])
        for su in SUITS:
            held = {self.holder[name] for name, card in self.rung.items() if suit(card) == su}
            if len(held) == 1 and None not in held:
                (p,) = held
                self.marker[su] = (p, self.marker[su][1] + 1 if self.marker[su][0] == p else 1)
            else:
                self.marker[su] = (None, 0)
        self.check_end()

    def check_end(self):
        h = self.game_hand
        if self.advance is None:
            done = [su for su in HIERARCHY if self.escalations(su) > 0]
            if done:
                self.advance = done[0]
        esc = self.escalations(self.advance) if self.advance else 0
        if self.goal == 4:
            if h in (7, 14, 21):
                self.behind_at[h] = esc
                if esc < h // 7:
                    self.target = min(self.target, 3)
            if h == 21 and self.behind_at[14] < 1 and self.behind_at[21] < 2:
                self.target = min(self.target, 2)
        over = (self.advance is not None and esc >= self.target) or h >= 7 * self.goal
        if over:
            self.conclude()

    def team_score(self, p):
        team = next((t for t in self.teams or [] if p in t), [p])
        return sum(self.score[q] for q in team)

    def conclude(self):
        if not self.rubber:
            self.finished = True
            return
        best = max(self.team_score(p) for p in range(self.n))
        for p in range(self.n):
            if self.team_score(p) == best:
                self.games_won[p] += 1
        if max(self.games_won) >= 2:
            self.finished = True
        else:
            self.start_game()

    def check_state(self, s):
        assert SC.var(s, "score") == self.score
        assert {k: SC.names(s, v)[0] for k, v in SC.zone(s, "rung").items()} == self.rung
        assert SC.var(s, "holder") == self.holder
        assert {su: (SC.var(s, "marker_holder")[su], SC.var(s, "marker_count")[su]) for su in SUITS} == self.marker

    def hand_over(self, s):
        assert not self.finished
        self.check_state(s)

    def game_over(self, s, result):
        assert self.finished
        if self.rubber:
            assert result["scores"] == self.games_won
            best = max(self.games_won)
            assert result["winners"] == [p for p in range(self.n) if self.games_won[p] == best]
            return
        self.check_state(s)
        totals = [self.team_score(p) for p in range(self.n)]
        assert result["scores"] == totals
        assert result["winners"] == [p for p in range(self.n) if totals[p] == max(totals)]
        assert result["metrics"]["target"] == self.target and result["metrics"]["advance"] == self.advance


SCALADE_CASES = [
    ("scalade", 3, {}), ("scalade", 4, {}), ("scalade", 5, {}), ("scalade", 6, {}),
    ("scalade-mobile", 3, {"trumps": "mobile"}), ("scalade-mobile", 4, {"trumps": "mobile"}),
    ("scalade-retromobile", 3, {"trumps": "retro"}), ("scalade-retromobile", 5, {"trumps": "retro"}),
    ("scalade-double", 3, {"double": True}), ("scalade-double", 4, {"double": True}),
    ("scalade-capped-2", 3, {"cap": 2}),
    ("scalade-rubber", 3, {"goal": 1, "rubber": True}),
    ("scalade-partnerships", 4, {"teams": [[0, 2], [1, 3]]}),
    ("scalade-double-partnerships", 6, {"double": True, "teams": [[0, 3], [1, 4], [2, 5]]}),
]


@pytest.mark.parametrize("name,players,how", SCALADE_CASES)
def test_scalade_refereed_move_by_move(name, players, how):
    rules = rules_of(f"rulesets/scalade/{name}.yaml")
    for seed in (1, 2):
        Driver(rules, players, seed, ScaladeReferee(players, **how)).run()


def test_escalative_three_passes_before_any_bid_leave_the_fourth_player_to_speak():
    """Reading: the dealer (seat 0) holds all four Aces; seats 1-3 pass.  Taken literally, three
    passes in a row would end the auction with nobody bidding, the passed-out hand the Ace rule
    exists to prevent: the dealer still speaks, and must bid."""
    rules = rules_of("rulesets/escalative/escalative.yaml")
    others = [r + s for s in "♣♠♥♦" for r in ESC_ORDER if r != "A"]
    order = []
    for i, ace in enumerate(["A♣", "A♠", "A♥", "A♦"]):       # one card at a time from seat 1: every 4th is seat 0's
        order += others[3 * i:3 * i + 3] + [ace]
    s = SC.stacked_game(rules, 4, order)
    assert sorted(rank(c) for c in SC.names(s, SC.zone(s, "hand", 0))).count("A") == 4
    SC.play(s, ("pass", None), ("pass", None), ("pass", None))
    assert G.current_player(s) == 0 and SC.var(s, "declarer") is None
    assert ("pass", None) not in G.legal_actions(s)
    SC.play(s, ("bid", 1))
    assert SC.var(s, "declarer") == 0 and G.legal_actions(s)[0][0] == "name_trumps"
