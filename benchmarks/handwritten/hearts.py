"""Hand-written reference simulator for four-player Hearts (rulesets/hearts/hearts.yaml).

52 cards, all dealt one at a time from the dealer's left.  Before hands 1, 2
and 3 of every four, each player picks three cards in secret (one at a time),
then all are passed at once: left, right, across; hand 4 has no passing.  The
holder of the Two of clubs leads it; follow suit if you can.  On the first
trick nobody may play a heart or the Queen of spades unless every card they
could play is one.  A heart may not be led until a trick has held a heart,
unless the leader holds only hearts.  The highest card of the suit led wins;
no trumps.  Each heart taken costs 1, the Queen of spades 13; a player who
takes all 26 gives each of the others 26 instead ("shooting the moon").
After the hand in which someone reaches 100 the lowest score wins (ties
share the win).

Every decision is made by a uniformly random policy over the legal actions
the interpreter's random bot sees: each card of the hand is one action at
each of a player's three passing picks (seats 0 to 3 in turn), each legal
card one in a trick.

    python -m benchmarks.handwritten.hearts --games 300 --seed 1
"""

from __future__ import annotations

import random
from collections import namedtuple

from benchmarks.handwritten.timing import timed_main

Card = namedtuple("Card", ["rank", "suit"])

SUITS = ["C", "D", "H", "S"]
RANKS = list(range(2, 15))              # 11 = J, 12 = Q, 13 = K, 14 = A
PLAYERS = 4
TWO_CLUBS = Card(2, "C")
QUEEN_SPADES = Card(12, "S")
MOON = 26                               # every penalty point of a hand
TARGET = 100
MAX_HANDS = 200                         # the ruleset's guard against endless games
PASS_SHIFT = [0, 1, -1, 2]              # by hand number % 4: none, left, right, across


def make_pack() -> list[Card]:
    return [Card(rank, suit) for suit in SUITS for rank in RANKS]


def penalty(card: Card) -> int:
    if card.suit == "H":
        return 1
    return 13 if card == QUEEN_SPADES else 0


def trick_winner(played: list[Card]) -> int:
    """Index (in play order) of the highest card of the suit led."""
    led = played[0].suit
    best = 0
    for i in range(1, len(played)):
        if played[i].suit == led and played[i].rank > played[best].rank:
            best = i
    return best


def legal_cards(hand: list[Card], led: str | None, trick_number: int, broken: bool) -> list[Card]:
    if led is None:
        if trick_number == 1:
            return [TWO_CLUBS]
        if broken:
            return hand
        return [c for c in hand if c.suit != "H"] or hand
    follow = [c for c in hand if c.suit == led] or hand
    if trick_number == 1:
        return [c for c in follow if penalty(c) == 0] or follow
    return follow


def pass_cards(rng: random.Random, hands: list[list[Card]], shift: int) -> int:
    """Each player picks three cards one at a time; then all go `shift` seats to the left."""
    passing = []
    for p in range(PLAYERS):
        hand = hands[p]
        picked = []
        for _ in range(3):
            picked.append(hand.pop(rng.randrange(len(hand))))
        passing.append(picked)
    for p in range(PLAYERS):
        hands[(p + shift) % PLAYERS].extend(passing[p])
    return 3 * PLAYERS


def play_tricks(rng: random.Random, hands: list[list[Card]], log: list | None = None):
    """The thirteen tricks of a hand; returns (penalty points taken by each player, decisions,
    who took the Queen of spades, the trick after which hearts were broken or None).  ``log``, if
    given, receives (trick number, leader, hearts broken before it, the cards played) per trick."""
    leader = next(p for p in range(PLAYERS) if TWO_CLUBS in hands[p])
    taken = [0] * PLAYERS
    broken_at = None
    queen = None
    decisions = 0
    for n in range(1, 14):
        broken = broken_at is not None
        played = []
        led = None
        for offset in range(PLAYERS):
            hand = hands[(leader + offset) % PLAYERS]
            legal = legal_cards(hand, led, n, broken)
            card = legal[rng.randrange(len(legal))]
            decisions += 1
            hand.remove(card)
            played.append(card)
            if led is None:
                led = card.suit
        if log is not None:
            log.append((n, leader, broken, played))
        leader = (leader + trick_winner(played)) % PLAYERS
        for card in played:
            if card.suit == "H":
                taken[leader] += 1
                if broken_at is None:
                    broken_at = n
            elif card == QUEEN_SPADES:
                taken[leader] += 13
                queen = leader
    return taken, decisions, queen, broken_at


def score_hand(taken: list[int], scores: list[int]) -> bool:
    """Add a hand's penalty points; True if someone shot the moon (the others take 26 each)."""
    moon = MOON in taken
    for p in range(PLAYERS):
        if moon:
            scores[p] += 0 if taken[p] == MOON else MOON
        else:
            scores[p] += taken[p]
    return moon


def deal(rng: random.Random, dealer: int) -> list[list[Card]]:
    pack = make_pack()
    rng.shuffle(pack)
    hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
    for i in range(len(pack)):
        hands[(dealer + 1 + i) % PLAYERS].append(pack[i])
    return hands


def play_hand(rng: random.Random, hand_number: int, dealer: int, scores: list[int],
              log: list | None = None) -> dict:
    hands = deal(rng, dealer)
    decisions = 0
    shift = PASS_SHIFT[hand_number % 4]
    if shift:
        decisions += pass_cards(rng, hands, shift)
    if log is not None:
        log.append(("hands", [list(h) for h in hands]))
    taken, plays, queen, broken_at = play_tricks(rng, hands, log)
    moon = score_hand(taken, scores)
    return {"taken": taken, "moon": moon, "queen_of_spades": queen, "broken_at": broken_at,
            "passed": shift != 0, "decisions": decisions + plays, "tricks": 13}


def play_game(rng: random.Random, players: int = PLAYERS, log: list | None = None) -> dict:
    """Hands until someone reaches 100, with a uniformly random policy for every seat.  ``log``, if
    given, receives each hand's hands after passing and then its tricks (see play_tricks)."""
    if players != PLAYERS:
        raise ValueError("Hearts here is for four players")
    scores = [0] * PLAYERS
    dealer = 0
    hands = []
    while True:
        hands.append(play_hand(rng, len(hands) + 1, dealer, scores, log))
        dealer = (dealer + 1) % PLAYERS
        if max(scores) >= TARGET:
            break
        if len(hands) >= MAX_HANDS:
            raise RuntimeError(f"no end after {MAX_HANDS} hands")
    low = min(scores)
    return {"winners": [p for p in range(PLAYERS) if scores[p] == low], "scores": scores,
            "hands": len(hands), "tricks": sum(h["tricks"] for h in hands),
            "decisions": sum(h["decisions"] for h in hands), "per_hand": hands}


def main(argv: list[str] | None = None) -> None:
    timed_main("hearts", "Hearts", play_game, argv, games=300)


if __name__ == "__main__":
    main()
