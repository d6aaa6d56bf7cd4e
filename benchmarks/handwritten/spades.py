"""Hand-written reference simulator for partnership Spades (rulesets/spades/spades.yaml).

Four players, partners opposite (seats 0 and 2 against 1 and 3); 52 cards, all
dealt one at a time from the dealer's left.  Each player bids 0 to 13 once,
from the dealer's left (0 is nil); partners' bids add up to the side's
contract.  The dealer's left leads the first trick; follow suit if you can;
spades are trumps and may not be led until a trick has held a spade, unless
the leader holds only spades.  A side with at least its contract scores 10 a
trick bid and 1 a trick over (a bag, kept); short of it, it loses 10 a trick
bid.  A nil bidder's side gains 100 if they took no trick, else loses 100.
Ten bags cost 100 (and ten are taken off).  After a hand in which a side has
500 or more, or -200 or less, the game ends if one side is ahead; that side
wins.

Every decision is made by a uniformly random policy over the legal actions
the interpreter's random bot sees: each bid 0..13 is one action, each legal
card one in a trick.

    python -m benchmarks.handwritten.spades --games 1000 --seed 1
"""

from __future__ import annotations

import random
from collections import namedtuple

from benchmarks.handwritten.timing import timed_main

Card = namedtuple("Card", ["rank", "suit"])

SUITS = ["C", "D", "H", "S"]
RANKS = list(range(2, 15))              # 11 = J, 12 = Q, 13 = K, 14 = A
TRUMPS = "S"
PLAYERS = 4
TEAMS = [(0, 2), (1, 3)]
TEAM_OF = [0, 1, 0, 1]
BIDS = 14                               # 0 (nil) to 13
TARGET = 500
LOSE_AT = -200
MAX_HANDS = 300                         # the ruleset's guard against endless games


def make_pack() -> list[Card]:
    return [Card(rank, suit) for suit in SUITS for rank in RANKS]


def trick_winner(played: list[Card]) -> int:
    """Index (in play order) of the winning card: highest spade, else highest of the suit led."""
    best = 0
    for i in range(1, len(played)):
        card, top = played[i], played[best]
        if card.suit == top.suit:
            if card.rank > top.rank:
                best = i
        elif card.suit == TRUMPS:
            best = i
    return best


def legal_cards(hand: list[Card], led: str | None, broken: bool) -> list[Card]:
    if led is None:
        if broken:
            return hand
        return [c for c in hand if c.suit != TRUMPS] or hand
    return [c for c in hand if c.suit == led] or hand


def deal(rng: random.Random, dealer: int) -> list[list[Card]]:
    pack = make_pack()
    rng.shuffle(pack)
    hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
    for i in range(len(pack)):
        hands[(dealer + 1 + i) % PLAYERS].append(pack[i])
    return hands


def play_tricks(rng: random.Random, hands: list[list[Card]], leader: int, log: list | None = None):
    """The thirteen tricks of a hand; returns (tricks taken by each player, decisions).  ``log``, if
    given, receives (leader, spades broken before the trick, the cards played) per trick."""
    taken = [0] * PLAYERS
    broken = False
    decisions = 0
    for _ in range(13):
        played = []
        led = None
        for offset in range(PLAYERS):
            hand = hands[(leader + offset) % PLAYERS]
            legal = legal_cards(hand, led, broken)
            card = legal[rng.randrange(len(legal))]
            decisions += 1
            hand.remove(card)
            played.append(card)
            if led is None:
                led = card.suit
        if log is not None:
            log.append((leader, broken, played))
        leader = (leader + trick_winner(played)) % PLAYERS
        taken[leader] += 1
        if not broken:
            broken = any(c.suit == TRUMPS for c in played)
    return taken, decisions


def score_hand(bids: list[int], taken: list[int], scores: list[int], bags: list[int]) -> None:
    """Each side's contract, nils and bags, side 0 then side 1."""
    for t, members in enumerate(TEAMS):
        contract = sum(bids[p] for p in members)
        tricks = sum(taken[p] for p in members)
        if tricks >= contract:
            scores[t] += 10 * contract + tricks - contract
            bags[t] += tricks - contract
        else:
            scores[t] -= 10 * contract
        for p in members:
            if bids[p] == 0:
                scores[t] += 100 if taken[p] == 0 else -100
        if bags[t] >= 10:
            scores[t] -= 100
            bags[t] -= 10


def play_hand(rng: random.Random, dealer: int, scores: list[int], bags: list[int],
              log: list | None = None) -> dict:
    hands = deal(rng, dealer)
    bids = [0] * PLAYERS
    for i in range(PLAYERS):                       # from the dealer's left
        bids[(dealer + 1 + i) % PLAYERS] = rng.randrange(BIDS)
    if log is not None:
        log.append(("hands", [list(h) for h in hands], list(bids)))
    taken, plays = play_tricks(rng, hands, (dealer + 1) % PLAYERS, log)
    score_hand(bids, taken, scores, bags)
    return {"bids": bids, "taken": taken, "contracts": [bids[a] + bids[b] for a, b in TEAMS],
            "nil_bids": bids.count(0), "scores": list(scores), "decisions": PLAYERS + plays, "tricks": 13}


def play_game(rng: random.Random, players: int = PLAYERS, log: list | None = None) -> dict:
    """Hands until a side reaches 500 or falls to -200 with one side ahead, with a uniformly
    random policy for every seat.  ``log``, if given, receives each hand's deal and bids and then
    its tricks (see play_tricks)."""
    if players != PLAYERS:
        raise ValueError("partnership Spades is for four players")
    scores = [0, 0]
    bags = [0, 0]
    dealer = 0
    hands = []
    while True:
        hands.append(play_hand(rng, dealer, scores, bags, log))
        dealer = (dealer + 1) % PLAYERS
        if scores[0] != scores[1] and any(s >= TARGET or s <= LOSE_AT for s in scores):
            break
        if len(hands) >= MAX_HANDS:
            raise RuntimeError(f"no end after {MAX_HANDS} hands")
    side = 0 if scores[0] > scores[1] else 1
    return {"winners": list(TEAMS[side]), "scores": [scores[TEAM_OF[p]] for p in range(PLAYERS)],
            "team_scores": scores, "bags": bags, "hands": len(hands),
            "tricks": sum(h["tricks"] for h in hands),
            "decisions": sum(h["decisions"] for h in hands), "per_hand": hands}


def main(argv: list[str] | None = None) -> None:
    timed_main("spades", "Spades", play_game, argv, games=1000)


if __name__ == "__main__":
    main()
