"""Hand-written reference simulator for Dave Barber's escalative-scoring sample game.

Four players, a 28-card pack (eight to Ace), seven cards each.  An auction
(a player holding an Ace must bid while nobody has bid; a player who passed
stays out), the high bidder names trumps and leads, trick k is worth k, and
the high bidder gains the bid on reaching it and loses it otherwise.  A game
is one deal, as in the text (DEALS, like the ruleset's option `deals`, plays
more, the deal passing left); the highest total wins.

Every decision is made by a uniformly random policy over the legal actions
the interpreter's random bot sees: each bid amount is one action, passing
one, each suit one when naming trumps, each legal card one in a trick.

    python -m benchmarks.handwritten.escalative --games 1000 --seed 1
"""

from __future__ import annotations

import random
from collections import namedtuple

from benchmarks.handwritten.timing import timed_main

Card = namedtuple("Card", ["rank", "suit"])

SUITS = ["C", "S", "H", "D"]
RANKS = [8, 9, 10, 11, 12, 13, 14]     # 11 = J, 12 = Q, 13 = K, 14 = A
ACE = 14
PLAYERS = 4
CARDS_EACH = 7
MAX_BID = sum(range(1, CARDS_EACH + 1))   # 28: every trick's value
DEALS = 1                # the text's game is one deal (the ruleset's option deals)


def make_pack() -> list[Card]:
    return [Card(rank, suit) for suit in SUITS for rank in RANKS]


def trick_winner(played: list[Card], trump: str) -> int:
    """Index (in play order) of the winning card: highest trump, else highest of the suit led."""
    led = played[0].suit
    best = 0
    for i in range(1, len(played)):
        card, top = played[i], played[best]
        if card.suit == top.suit:
            if card.rank > top.rank:
                best = i
        elif card.suit == trump:
            best = i
    return best


def legal_cards(hand: list[Card], led: str | None) -> list[Card]:
    if led is None:
        return hand
    same = [c for c in hand if c.suit == led]
    return same or hand


def auction(rng: random.Random, hands: list[list[Card]], dealer: int):
    """Return (declarer or None, contract, decisions taken)."""
    passed = [False] * PLAYERS
    high_bid = 0
    declarer = None
    current = (dealer + 1) % PLAYERS
    decisions = 0
    while True:
        must_bid = high_bid == 0 and any(c.rank == ACE for c in hands[current])
        bids = MAX_BID - high_bid                 # one action per amount high_bid+1 .. MAX_BID
        options = bids + (0 if must_bid else 1)
        pick = rng.randrange(options)
        decisions += 1
        if pick < bids:
            high_bid = high_bid + 1 + pick
            declarer = current
        else:
            passed[current] = True
        still_in = [p for p in range(PLAYERS) if not passed[p]]
        if not still_in or (declarer is not None and len(still_in) == 1):
            return declarer, high_bid, decisions
        # The next player to the left who has not passed.
        p = (current + 1) % PLAYERS
        while passed[p]:
            p = (p + 1) % PLAYERS
        current = p


def play_hand(rng: random.Random, dealer: int, scores: list[int]) -> dict:
    pack = make_pack()
    rng.shuffle(pack)
    hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
    for i in range(CARDS_EACH * PLAYERS):
        hands[(dealer + 1 + i) % PLAYERS].append(pack[i])
    declarer, contract, decisions = auction(rng, hands, dealer)
    if declarer is None:
        return {"declarer": None, "contract": 0, "made": None, "decisions": decisions, "tricks": 0}
    trump = SUITS[rng.randrange(len(SUITS))]
    decisions += 1
    raw = [0] * PLAYERS
    leader = declarer
    for k in range(1, CARDS_EACH + 1):
        played = []
        led = None
        for offset in range(PLAYERS):
            hand = hands[(leader + offset) % PLAYERS]
            legal = legal_cards(hand, led)
            card = legal[rng.randrange(len(legal))]
            decisions += 1
            hand.remove(card)
            played.append(card)
            if led is None:
                led = card.suit
        leader = (leader + trick_winner(played, trump)) % PLAYERS
        raw[leader] += k
    made = raw[declarer] >= contract
    for p in range(PLAYERS):
        if p == declarer:
            scores[p] += raw[p] + contract if made else raw[p] - contract
        else:
            scores[p] += raw[p]
    return {"declarer": declarer, "contract": contract, "made": made, "trumps": trump,
            "declarer_raw": raw[declarer], "decisions": decisions, "tricks": CARDS_EACH}


def play_game(rng: random.Random, players: int = PLAYERS) -> dict:
    """A game of DEALS deals with a uniformly random policy for every seat."""
    if players != PLAYERS:
        raise ValueError("the escalative sample game is for four players")
    scores = [0] * PLAYERS
    dealer = 0
    hands = []
    for _ in range(DEALS):
        hands.append(play_hand(rng, dealer, scores))
        dealer = (dealer + 1) % PLAYERS
    top = max(scores)
    return {"winners": [p for p in range(PLAYERS) if scores[p] == top], "scores": scores,
            "hands": len(hands), "tricks": sum(h["tricks"] for h in hands),
            "decisions": sum(h["decisions"] for h in hands), "per_hand": hands}


def main(argv: list[str] | None = None) -> None:
    timed_main("escalative", "escalative-scoring", play_game, argv, games=1000)


if __name__ == "__main__":
    main()
