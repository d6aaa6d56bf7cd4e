"""Hand-written reference simulator for three-player Static Scalade.

Every decision is made by a uniformly random policy: the player picks one of
the legal cards with ``rng.choice(legal)``.  The code is deliberately plain so
that it can serve as an honest speed baseline for the rules interpreter.

Run as a script to measure throughput::

    python -m benchmarks.handwritten.static_scalade --games 200 --seed 1
"""

from __future__ import annotations

import random
from collections import namedtuple

from benchmarks.handwritten.timing import timed_main

Card = namedtuple("Card", ["rank", "suit"])

# Suit hierarchy used to break ties, strongest first.
SUIT_ORDER = ["C", "S", "H", "D"]
RANKS = [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]  # 11 = J, 12 = Q, 13 = K, 14 = A
START_RUNGS = {"D": 5, "H": 6, "S": 7, "C": 8}

PLAYERS = 3
HALF_HAND = 6
TRICKS_PER_HAND = 12
DEFAULT_TARGET = 4
LAST_HAND = 28

FULL_PACK = [Card(rank, suit) for suit in SUIT_ORDER for rank in RANKS]


def next_rank(rank: int) -> int:
    """The rank directly above ``rank``; the four follows the ace."""
    if rank == 14:
        return 4
    return rank + 1


def rung_value(rank: int) -> int:
    """Points a ladder is worth when its top rung has this rank."""
    special = {11: 12, 12: 15, 13: 18, 14: 1}
    return special.get(rank, rank)


def trump_suit(rungs: dict[str, Card]) -> str:
    """The suit whose rung is lowest by rank; ties go to the higher suit."""
    return min(SUIT_ORDER, key=lambda suit: (rungs[suit].rank, SUIT_ORDER.index(suit)))


def trick_winner(played: list[Card], trump: str) -> int:
    """Return the index (in play order) of the card that wins the trick."""
    led_suit = played[0].suit
    best = 0
    for i in range(1, len(played)):
        card = played[i]
        current = played[best]
        if card.suit == trump:
            if current.suit != trump or card.rank > current.rank:
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


def climb(old_rank: int, ranks_present: set[int]) -> list[int]:
    """Ranks the ladder climbs through, given the ranks of its suit on offer.

    The result starts with the rank just above ``old_rank`` and follows the
    unbroken upward run (wrapping from ace to four).  It is empty when the
    next rank is not present, i.e. when the ladder cannot be claimed.
    """
    path: list[int] = []
    rank = next_rank(old_rank)
    while rank in ranks_present and rank != old_rank:
        path.append(rank)
        rank = next_rank(rank)
    return path


class StaticScalade:
    """State of one game of Static Scalade for three players."""

    def __init__(self, rng: random.Random, check: bool = False):
        self.rng = rng
        self.check = check
        self.scores = [0] * PLAYERS
        self.rungs = {suit: Card(rank, suit) for suit, rank in START_RUNGS.items()}
        self.holders: dict[str, int | None] = {suit: None for suit in SUIT_ORDER}
        # Holding markers: suit -> [player with the marker, hands held in a row].
        self.markers: dict[str, list] = {suit: [None, 0] for suit in SUIT_ORDER}
        self.escalations = {suit: 0 for suit in SUIT_ORDER}
        self.advance_suit: str | None = None
        self.target = DEFAULT_TARGET
        self.behind = 0  # escalations the advance suit lacked at the last check
        self.dealer = 0
        self.hands_played = 0
        self.tricks_played = 0

        # Before the first deal: everything except the rungs is shuffled and
        # the top two cards are set aside as the grounding.
        rungs = set(self.rungs.values())
        pack = [card for card in FULL_PACK if card not in rungs]
        rng.shuffle(pack)
        self.grounding = [pack.pop(), pack.pop()]
        self.stock = pack  # the 38 cards that get shuffled before a deal

    # ----------------------------------------------------------------- deal
    def deal_round(self, deck: list[Card], hands: list[list[Card]]) -> None:
        """Deal HALF_HAND cards to each player, one at a time from dealer's left."""
        for _ in range(HALF_HAND):
            for offset in range(1, PLAYERS + 1):
                seat = (self.dealer + offset) % PLAYERS
                hands[seat].append(deck.pop())

    def deal(self):
        deck = self.stock
        self.stock = []
        self.rng.shuffle(deck)
        hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
        self.deal_round(deck, hands)
        dead = [deck.pop(), deck.pop()]
        deck.extend(self.grounding)
        self.grounding = []
        self.rng.shuffle(deck)
        self.deal_round(deck, hands)
        spoils = [deck.pop(), deck.pop()]
        assert not deck
        return hands, dead, spoils

    # ------------------------------------------------------------- ladders
    def claim_ladders(self, cards: list[Card], winner: int, discard: list[Card]) -> None:
        """Let the trick winner claim every ladder whose next rung is in ``cards``."""
        new_rungs = []
        for suit in SUIT_ORDER:
            old = self.rungs[suit]
            ranks_present = {card.rank for card in cards if card.suit == suit}
            path = climb(old.rank, ranks_present)
            if not path:
                continue
            if START_RUNGS[suit] in path:
                self.escalations[suit] += 1
            new_rung = Card(path[-1], suit)
            self.rungs[suit] = new_rung
            self.holders[suit] = winner
            discard.append(old)
            new_rungs.append(new_rung)
        for card in cards:
            if card not in new_rungs:
                discard.append(card)

    # ---------------------------------------------------------------- hand
    def play_hand(self) -> None:
        hands, dead, spoils = self.deal()
        trump = trump_suit(self.rungs)
        discard: list[Card] = []

        leader = (self.dealer + 1) % PLAYERS
        last_winner = leader
        for trick_number in range(1, TRICKS_PER_HAND + 1):
            played: list[Card] = []
            led_suit = None
            for offset in range(PLAYERS):
                seat = (leader + offset) % PLAYERS
                choice = self.rng.choice(legal_cards(hands[seat], led_suit))
                hands[seat].remove(choice)
                played.append(choice)
                if led_suit is None:
                    led_suit = choice.suit
            winner = (leader + trick_winner(played, trump)) % PLAYERS

            cards = played
            if trick_number == TRICKS_PER_HAND - 1:
                # The penultimate trick's winner also gets the spoils, which
                # count as part of the trick for claiming ladders.
                cards = played + spoils
            self.claim_ladders(cards, winner, discard)

            leader = winner
            last_winner = winner
            self.tricks_played += 1

        self.score_hand(last_winner)
        if self.check:
            self.check_cards(hands, dead, discard)

        # The discards are the next deal's stock; the dead cards ground it.
        self.stock = discard
        self.grounding = dead
        self.hands_played += 1

    def score_hand(self, last_winner: int) -> None:
        for suit in SUIT_ORDER:
            holder = self.holders[suit]
            if holder is None:
                continue
            marker = self.markers[suit]
            if marker[0] == holder:
                multiplier = 1 + marker[1]
                marker[1] += 1
            else:
                multiplier = 1
                marker[0] = holder
                marker[1] = 1
            self.scores[holder] += rung_value(self.rungs[suit].rank) * multiplier
        # Bonus for the last trick: the cheapest ladder, no multiplier.
        self.scores[last_winner] += min(rung_value(card.rank) for card in self.rungs.values())

    def check_cards(self, hands, dead, discard) -> None:
        """Internal consistency check: all 44 cards accounted for exactly once."""
        if any(hands):
            raise AssertionError("a player still holds cards at the end of the hand")
        everything = list(self.rungs.values()) + dead + discard
        if len(everything) != len(FULL_PACK) or set(everything) != set(FULL_PACK):
            raise AssertionError("cards were lost or duplicated during the hand")
        if len(discard) != 38:
            raise AssertionError("next deal would not have 38 cards")

    # ---------------------------------------------------------------- game
    def game_over(self) -> bool:
        """Update the advance suit and target after a hand; True if the game ends."""
        if self.advance_suit is None:
            for suit in SUIT_ORDER:  # strongest suit first breaks ties
                if self.escalations[suit] >= 1:
                    self.advance_suit = suit
                    break

        done = 0
        if self.advance_suit is not None:
            done = self.escalations[self.advance_suit]

        hand = self.hands_played
        if hand % 7 == 0 and hand <= 21:
            # One escalation late lowers the goal to three; two late at two
            # checks in a row lowers it to two.
            lag = hand // 7 - done
            if lag >= 1:
                self.target = min(self.target, 3)
            if lag >= 2 and self.behind >= 2:
                self.target = min(self.target, 2)
            self.behind = lag

        if self.advance_suit is not None and done >= self.target:
            return True
        return hand >= LAST_HAND

    def play(self) -> dict:
        while True:
            self.play_hand()
            if self.game_over():
                break
            self.dealer = (self.dealer + 1) % PLAYERS
        best = max(self.scores)
        winners = [seat for seat, score in enumerate(self.scores) if score == best]
        return {
            "winners": winners,
            "scores": list(self.scores),
            "hands": self.hands_played,
            "tricks": self.tricks_played,
        }


def play_game(rng: random.Random, players: int = 3, check: bool = False) -> dict:
    """Play a full game with a uniformly random policy for every seat.

    ``check`` turns on a card-conservation check after every hand.
    """
    if players != PLAYERS:
        raise ValueError("this simulator only covers the three-player game")
    return StaticScalade(rng, check=check).play()


def main(argv: list[str] | None = None) -> None:
    timed_main("static_scalade", "Static Scalade", play_game, argv, games=200, players=3)


if __name__ == "__main__":
    main()
