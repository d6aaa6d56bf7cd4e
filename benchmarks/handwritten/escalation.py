"""Hand-written reference simulator for Escalation (a climbing and shedding game).

Every decision is made by a uniformly random policy over the legal actions of
the turn, as the interpreter's random bot sees them: each distinct set of
equal-valued ordinary cards is one action, each Two or Three one action, and
taking the pile one action.  The code is deliberately plain so that it can
serve as an honest speed baseline for the rules interpreter.

    python -m benchmarks.handwritten.escalation --games 1000 --players 4 --seed 1
"""

from __future__ import annotations

import random
from collections import namedtuple
from itertools import combinations

from benchmarks.handwritten.timing import timed_main

Card = namedtuple("Card", ["rank", "suit"])

SUITS = ["C", "D", "H", "S"]
RANKS = list(range(2, 15))            # 11 = J, 12 = Q, 13 = K, 14 = A
HAND_SIZE = 6


def value(card: Card) -> int:
    """What an ordinary card is worth: 4, 5 and 6 are all 6; Twos and Threes are special (0)."""
    if card.rank <= 3:
        return 0
    return max(6, card.rank)


def make_pack() -> list[Card]:
    return [Card(rank, suit) for suit in SUITS for rank in RANKS]


def sets_in(hand: list[Card]) -> list[tuple[Card, ...]]:
    """Every non-empty set of equal-valued ordinary cards in the hand."""
    by_value: dict[int, list[Card]] = {}
    for card in hand:
        v = value(card)
        if v:
            by_value.setdefault(v, []).append(card)
    out = []
    for cards in by_value.values():
        for size in range(1, len(cards) + 1):
            out.extend(combinations(cards, size))
    return out


def legal_actions(hand: list[Card], pile: list[Card], to_beat: int) -> list:
    """('play', cards), ('special', card) and ('take', None), in no particular order."""
    actions = [("play", cards) for cards in sets_in(hand) if value(cards[0]) * len(cards) > to_beat]
    actions += [("special", card) for card in hand if card.rank <= 3]
    if pile:
        actions.append(("take", None))
    return actions


def play_game(rng: random.Random, players: int = 4, check: bool = False) -> dict:
    """One game (a single hand) with a uniformly random policy for every seat.

    Returns the winner, each player's payment and score, the number of turns,
    decisions and pile takes.  ``check`` verifies that no card is lost."""
    if not 3 <= players <= 8:
        raise ValueError("Escalation is for 3 to 8 players")
    dealer = 0
    stock = make_pack()
    rng.shuffle(stock)
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i in range(HAND_SIZE * players):
        hands[(dealer + 1 + i) % players].append(stock.pop())
    stacks: list[list[Card]] = [[] for _ in range(players)]
    pile: list[Card] = []
    to_beat = 0
    direction = 1
    takes = turns = decisions = 0
    current = (dealer + 1) % players
    winner = None
    while winner is None:
        hand = hands[current]
        turns += 1
        # A turn ends with a card on the pile: after a take the player leads again.
        while True:
            actions = legal_actions(hand, pile, to_beat)
            kind, what = actions[rng.randrange(len(actions))]
            decisions += 1
            if kind == "play":
                for card in what:
                    hand.remove(card)
                pile.extend(what)
                to_beat = value(what[0]) * len(what)
                break
            if kind == "special":
                hand.remove(what)
                pile.append(what)
                if what.rank == 3:
                    direction = -direction
                break
            stacks[current].extend(pile)
            pile = []
            takes += 1
            to_beat = 0
        while len(hand) < HAND_SIZE and stock:
            hand.append(stock.pop())
        if not hand:
            winner = current
        else:
            current = (current + direction) % players
        if check:
            held = len(stock) + len(pile) + sum(map(len, hands)) + sum(map(len, stacks))
            assert held == 52, "cards were lost or duplicated"
    payments = [0] * players
    for p in range(players):
        if p != winner:
            stacks[p].extend(hands[p])
            hands[p] = []
            payments[p] = len(stacks[p])
    scores = [sum(payments) if p == winner else -payments[p] for p in range(players)]
    return {"winners": [winner], "scores": scores, "payments": payments, "pile_takes": takes,
            "turns": turns, "decisions": decisions, "hands": 1}


def main(argv: list[str] | None = None) -> None:
    timed_main("escalation", "Escalation", play_game, argv, games=1000, players=4, count="turns")


if __name__ == "__main__":
    main()
