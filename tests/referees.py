"""Small independent referees of the three games of review12 (tests/test_review_lockstep.py), written
from the rule texts and sharing no code with the engine: each deals from the same canonical shuffle
as tests/lockstep.CanonRandom, says at every decision who moves and which moves are legal (as the
lockstep normalised text: 'play 10♥', 'bid 5', 'pass', 'name_trumps clubs', 'take', 'special 2♣'),
takes the chosen move, and gives the winners and scores at the end."""
from __future__ import annotations

import random
from itertools import combinations

SYM = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
NAME = {v: k for k, v in SYM.items()}


def canon_deck(names, seed, k):
    """The pack after the k-th shuffle of the game (k from 1): sorted by name, then shuffled."""
    deck = sorted(names)
    random.Random(f"{seed}/{k}").shuffle(deck)
    return deck


def canon_cut(deck, seed, k):
    cut = 1 + random.Random(f"{seed}/{k}").randrange(len(deck) - 1)
    return deck[cut:] + deck[:cut]


def rank(c):
    return c[:-1]


def suit(c):
    return NAME[c[-1]]


class ScotchWhist:
    """Scotch Whist: the rule text of /work/shared/rules/scotch-whist.txt."""
    PLAIN = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    TRUMP = ["6", "7", "8", "9", "10", "Q", "K", "A", "J"]

    def __init__(self, n, seed, target=41):
        self.n, self.seed, self.target = n, seed, target
        self.shuffles, self.dealer, self.hands_played = 0, 0, 0
        self.score = [0] * n
        self.winners = None
        self.pack = [r + SYM[s] for s in SYM for r in self.PLAIN if not (n in (5, 7) and r + SYM[s] == "6♣")]
        self.tricks_log = []
        self._new_hand()

    def _new_hand(self):
        self.shuffles += 1
        deck = canon_deck(self.pack, self.seed, self.shuffles)
        self.hand = [[] for _ in range(self.n)]
        p = (self.dealer + 1) % self.n
        while deck:
            self.hand[p].append(deck.pop())
            p = (p + 1) % self.n
        self.share = len(self.pack) // self.n
        assert all(len(h) == self.share for h in self.hand)
        self.trumps = suit(self.hand[self.dealer][-1])   # the last card dealt is the dealer's
        self.won = [[] for _ in range(self.n)]
        self.trick, self.to_move = [], (self.dealer + 1) % self.n

    def decision(self):
        if self.winners is not None:
            return None
        h = self.hand[self.to_move]
        if self.trick:
            led = suit(self.trick[0][1])
            follow = [c for c in h if suit(c) == led]
            h = follow or h
        return self.to_move, {f"play {c}" for c in h}

    def _power(self, c, led):
        if suit(c) == self.trumps:
            return 100 + self.TRUMP.index(rank(c))
        return 50 + self.PLAIN.index(rank(c)) if suit(c) == led else 0

    def apply(self, key):
        card = key.split()[1]
        self.hand[self.to_move].remove(card)
        self.trick.append((self.to_move, card))
        if len(self.trick) < self.n:
            self.to_move = (self.to_move + 1) % self.n
            return
        led = suit(self.trick[0][1])
        winner = max(self.trick, key=lambda pc: self._power(pc[1], led))[0]
        self.tricks_log.append((self.hands_played, [c for _, c in self.trick], winner))
        self.won[winner] += [c for _, c in self.trick]
        self.trick, self.to_move = [], winner
        if not self.hand[winner]:
            self._score_hand()

    def _score_hand(self):
        self.hands_played += 1
        honours = {"10": 10, "A": 4, "K": 3, "Q": 2, "J": 11}
        for line in ["10", "cards", "A", "K", "Q", "J"]:
            if line == "cards":
                for p in range(self.n):
                    self.score[p] += max(0, len(self.won[p]) - self.share)
            else:
                card = line + SYM[self.trumps]
                for p in range(self.n):
                    if card in self.won[p]:
                        self.score[p] += honours[line]
            over = [p for p in range(self.n) if self.score[p] >= self.target]
            if over:
                best = max(self.score[p] for p in over)
                self.winners = [p for p in over if self.score[p] == best]
                return
        self.dealer = (self.dealer + 1) % self.n
        self._new_hand()

    def result(self):
        return sorted(self.winners), self.score


class Escalative:
    """Dave Barber's sample game (section 2 of escalative-scoring.txt), four players, the whole game
    one deal ("played as 7 tricks")."""
    DEALS = 1
    ORDER = ["8", "9", "10", "J", "Q", "K", "A"]

    CARD_POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}

    def __init__(self, n, seed, point_tricks=False):
        assert n == 4
        self.n, self.seed, self.k, self.dealer, self.deals = n, seed, 0, 0, 0
        self.point_tricks, self.max_bid = point_tricks, 240 if point_tricks else 28
        self.total = [0] * n
        self.pack = [r + SYM[s] for s in SYM for r in self.ORDER]
        self.over = False
        self._new_hand()

    def _new_hand(self):
        self.k += 1
        deck = canon_deck(self.pack, self.seed, self.k)
        self.k += 1
        deck = canon_cut(deck, self.seed, self.k)
        self.hand = [[] for _ in range(4)]
        p = (self.dealer + 1) % 4
        for _ in range(28):
            self.hand[p].append(deck.pop())
            p = (p + 1) % 4
        self.phase, self.to_move = "auction", (self.dealer + 1) % 4
        self.bid, self.bidder, self.passed, self.passes_in_row = 0, None, [False] * 4, 0
        self.raw, self.tricks_won = [0] * 4, 0
        self.trick = []

    def decision(self):
        if self.over:
            return None
        p = self.to_move
        if self.phase == "auction":
            moves = {f"bid {b}" for b in range(self.bid + 1, self.max_bid + 1)}
            if self.bidder is not None or not any(rank(c) == "A" for c in self.hand[p]):
                moves.add("pass")
            return p, moves
        if self.phase == "trumps":
            return p, {f"name_trumps {s}" for s in SYM}
        h = self.hand[p]
        if self.trick:
            h = [c for c in h if suit(c) == suit(self.trick[0][1])] or h
        return p, {f"play {c}" for c in h}

    def _next_bidder(self):
        # a player who passed passes again at once: their turn is skipped, counted as a pass
        while True:
            if self.passes_in_row >= 4 or (self.bidder is not None and self.passes_in_row >= 3):
                self.phase, self.to_move = "trumps", self.bidder
                return
            self.to_move = (self.to_move + 1) % 4
            if not self.passed[self.to_move]:
                return
            self.passes_in_row += 1

    def apply(self, key):
        p = self.to_move
        if self.phase == "auction":
            if key == "pass":
                self.passed[p], self.passes_in_row = True, self.passes_in_row + 1
            else:
                self.bid, self.bidder, self.passes_in_row = int(key.split()[1]), p, 0
            self._next_bidder()
            assert self.bidder is not None or self.phase == "auction", "a passed-out deal cannot happen"
            return
        if self.phase == "trumps":
            self.trumps, self.phase = key.split()[1], "play"
            return
        card = key.split()[1]
        self.hand[p].remove(card)
        self.trick.append((p, card))
        if len(self.trick) < 4:
            self.to_move = (p + 1) % 4
            return
        led = suit(self.trick[0][1])
        winner = max(self.trick, key=lambda pc: (suit(pc[1]) == self.trumps, suit(pc[1]) == led,
                                                 self.ORDER.index(rank(pc[1]))))[0]
        self.tricks_won += 1
        points = sum(self.CARD_POINTS.get(rank(c), 0) for _, c in self.trick) if self.point_tricks else 1
        self.raw[winner] += self.tricks_won * points          # the lowest token left
        self.trick, self.to_move = [], winner
        if self.tricks_won == 7:
            for q in range(4):
                self.total[q] += self.raw[q]
            d = self.bidder
            self.total[d] += self.bid if self.raw[d] >= self.bid else -self.bid
            self.deals += 1
            if self.deals == self.DEALS:
                self.over = True
                return
            self.dealer = (self.dealer + 1) % 4
            self._new_hand()

    def result(self):
        best = max(self.total)
        return [p for p in range(4) if self.total[p] == best], self.total


class Escalation:
    """Escalation (Charles Pierce), one deal: the first player out of cards wins."""
    RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]

    def __init__(self, n, seed):
        self.n = n
        deck = canon_deck([r + SYM[s] for s in SYM for r in self.RANKS], seed, 1)
        self.hand = [[] for _ in range(n)]
        p = 1 % n
        for _ in range(6 * n):
            self.hand[p].append(deck.pop())
            p = (p + 1) % n
        self.deck, self.stack, self.pile = deck, [0] * n, []
        self.to_move, self.step, self.value, self.winner = 1 % n, 1, 0, None
        self.after_take = False

    @staticmethod
    def value_of(c):
        r = rank(c)
        return 0 if r in ("2", "3") else 6 if r in ("4", "5", "6") else Escalation.RANKS.index(r) + 2

    def decision(self):
        if self.winner is not None:
            return None
        h, moves = self.hand[self.to_move], set()
        ordinary = [c for c in h if self.value_of(c)]
        for size in range(1, len(ordinary) + 1):
            for cs in combinations(ordinary, size):
                if len({self.value_of(c) for c in cs}) == 1 and sum(map(self.value_of, cs)) > self.value:
                    moves.add("play " + " ".join(sorted(cs)))
        moves |= {f"special {c}" for c in h if not self.value_of(c)}
        if self.pile:
            moves.add("take")
        return self.to_move, moves

    def apply(self, key):
        p = self.to_move
        if key == "take":
            self.stack[p] += len(self.pile)
            self.pile, self.value = [], 0
            return                      # the same player opens the new round
        cards = key.split()[1:]
        for c in cards:
            self.hand[p].remove(c)
        self.pile += cards
        if key.startswith("play"):
            self.value = sum(map(self.value_of, cards))
        elif rank(cards[0]) == "3":
            self.step = -self.step
        while len(self.hand[p]) < 6 and self.deck:
            self.hand[p].append(self.deck.pop())
        if not self.hand[p]:
            self.winner = p
        self.to_move = (p + self.step) % self.n

    def result(self):
        pay = [len(self.hand[q]) + self.stack[q] for q in range(self.n)]
        return [self.winner], [sum(pay) - pay[q] if q == self.winner else -pay[q] for q in range(self.n)]
