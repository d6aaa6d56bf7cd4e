"""Hand-written reference simulator for Scotch Whist (Catch the Ten).

Every decision is made by a uniformly random policy: the player picks one of
the legal cards with ``rng.choice(legal)``.  The code is deliberately plain so
that it can serve as an honest speed baseline for the rules interpreter.

Run as a script to measure throughput::

    python -m benchmarks.handwritten.scotch_whist --games 1000 --players 4 --seed 1
"""

from __future__ import annotations

import random
from collections import namedtuple

from benchmarks.handwritten.timing import timed_main

Card = namedtuple("Card", ["rank", "suit"])

SUITS = ["C", "D", "H", "S"]
RANKS = [6, 7, 8, 9, 10, 11, 12, 13, 14]  # 11 = J, 12 = Q, 13 = K, 14 = A
JACK, QUEEN, KING, ACE = 11, 12, 13, 14

TARGET = 41

# Honour points for trump cards, in the order they are scored after the
# trick score.
HONOURS_AFTER_TRICKS = [(ACE, 4), (KING, 3), (QUEEN, 2), (JACK, 11)]


def make_pack(players: int) -> list[Card]:
    """36 cards from 6 to ace; the six of clubs is dropped for 5 or 7 players."""
    pack = [Card(rank, suit) for suit in SUITS for rank in RANKS]
    if players in (5, 7):
        pack.remove(Card(6, "C"))
    return pack


def trump_strength(card: Card) -> int:
    """Order of a card inside the trump suit: the jack sits above the ace."""
    if card.rank == JACK:
        return 15
    return card.rank


def trick_winner(played: list[Card], trump: str) -> int:
    """Return the index (in play order) of the card that wins the trick."""
    led_suit = played[0].suit
    best = 0
    for i in range(1, len(played)):
        card = played[i]
        current = played[best]
        if card.suit == trump:
            if current.suit != trump or trump_strength(card) > trump_strength(current):
                best = i
        elif card.suit == led_suit and current.suit == led_suit:
            if card.rank > current.rank:
                best = i
    return best


def legal_cards(hand: list[Card], led_suit: str | None) -> list[Card]:
    """Cards that may be played: must follow the led suit when possible."""
    if led_suit is None:
        return list(hand)
    same_suit = [card for card in hand if card.suit == led_suit]
    if same_suit:
        return same_suit
    return list(hand)


def deal(rng: random.Random, players: int, dealer: int) -> tuple[list[list[Card]], str]:
    """Shuffle and deal the whole pack one card at a time from dealer's left.

    Returns the hands and the trump suit (suit of the dealer's last card).
    """
    pack = make_pack(players)
    rng.shuffle(pack)
    hands: list[list[Card]] = [[] for _ in range(players)]
    seat = dealer
    last_card = None
    for card in pack:
        seat = (seat + 1) % players
        hands[seat].append(card)
        last_card = card
    # The pack divides evenly, so the final card always lands with the dealer.
    assert seat == dealer
    return hands, last_card.suit


def check_cards(won: list[list[Card]], hands: list[list[Card]], players: int) -> None:
    """Internal consistency check: every card of the pack is accounted for once."""
    everything = [card for pile in won for card in pile]
    everything += [card for hand in hands for card in hand]
    expected = make_pack(players)
    if len(everything) != len(expected) or set(everything) != set(expected):
        raise AssertionError("cards were lost or duplicated during the hand")
    for hand in hands:
        if hand:
            raise AssertionError("a player still holds cards at the end of the hand")


def play_hand(rng: random.Random, players: int, dealer: int):
    """Play one hand.

    Returns (won piles, trump suit, cards dealt per player, tricks played,
    the players' hands afterwards, which should all be empty).
    """
    hands, trump = deal(rng, players, dealer)
    cards_each = len(hands[0])
    won: list[list[Card]] = [[] for _ in range(players)]

    leader = (dealer + 1) % players
    tricks = 0
    for _ in range(cards_each):
        played: list[Card] = []
        led_suit = None
        for offset in range(players):
            seat = (leader + offset) % players
            choice = rng.choice(legal_cards(hands[seat], led_suit))
            hands[seat].remove(choice)
            played.append(choice)
            if led_suit is None:
                led_suit = choice.suit
        winner = (leader + trick_winner(played, trump)) % players
        won[winner].extend(played)
        leader = winner
        tricks += 1
    return won, trump, cards_each, tricks, hands


def score_hand(scores: list[int], won: list[list[Card]], trump: str, cards_each: int) -> list[int] | None:
    """Apply the hand's scoring step by step.

    Returns the list of winners as soon as someone reaches the target,
    or None if the game continues.
    """
    def owner_of(card: Card) -> int:
        for seat, pile in enumerate(won):
            if card in pile:
                return seat
        raise AssertionError(f"{card} was not won by anybody")

    def winners_if_over() -> list[int] | None:
        over = [seat for seat, score in enumerate(scores) if score >= TARGET]
        if not over:
            return None
        best = max(scores[seat] for seat in over)
        return [seat for seat in over if scores[seat] == best]

    # Step 1: the ten of trumps.
    scores[owner_of(Card(10, trump))] += 10
    result = winners_if_over()
    if result:
        return result

    # Step 2: cards taken beyond the number each player was dealt.
    for seat, pile in enumerate(won):
        scores[seat] += max(0, len(pile) - cards_each)
    result = winners_if_over()
    if result:
        return result

    # Steps 3-6: the trump honours.
    for rank, points in HONOURS_AFTER_TRICKS:
        scores[owner_of(Card(rank, trump))] += points
        result = winners_if_over()
        if result:
            return result
    return None


def play_game(rng: random.Random, players: int, check: bool = False) -> dict:
    """Play a full game with a uniformly random policy for every seat.

    ``check`` turns on a card-conservation check after every hand.
    """
    if not 2 <= players <= 7:
        raise ValueError("Scotch Whist is for 2 to 7 players")
    scores = [0] * players
    dealer = 0
    hands_played = 0
    total_tricks = 0
    while True:
        won, trump, cards_each, tricks, leftover = play_hand(rng, players, dealer)
        if check:
            check_cards(won, leftover, players)
        hands_played += 1
        total_tricks += tricks
        winners = score_hand(scores, won, trump, cards_each)
        if winners:
            return {
                "winners": winners,
                "scores": scores,
                "hands": hands_played,
                "tricks": total_tricks,
            }
        dealer = (dealer + 1) % players


def main(argv: list[str] | None = None) -> None:
    timed_main("scotch_whist", "Scotch Whist", play_game, argv, games=1000, players=4)


if __name__ == "__main__":
    main()
