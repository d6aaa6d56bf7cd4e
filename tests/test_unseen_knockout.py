"""Knockout Whist, a trick game the engine was not written for, written from the docs alone
(tests/rulesets_unseen/knockout-whist.yaml): a scripted game worked out by hand from the game's rules,
and random games checked by a referee of their own.

What it exercises that the bundled games do not: a deal and a tricks block among the players still in
(`deal: players`, `tricks: players`), the lead going to the player who names trumps, a dealer passing
over the players who are out, and hands that shrink by a card each time."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from interpreter.sim.play import play_game
from tests.scripted import deal_order, legal_texts, load_from, turn, var

HERE = Path(__file__).parent / "rulesets_unseen"


def _rules(**options):
    return load_from(HERE, "knockout-whist", **options)


def test_a_scripted_game_knocks_out_the_players_without_a_trick_and_the_trick_winner_names_trumps():
    rules = _rules(first_hand=2)
    # Dealer 0 deals two cards each from seat 1; the next card is turned up: 5♥, hearts are trumps.
    order = deal_order({1: ["A♠", "2♣"], 2: ["K♠", "5♣"], 0: ["Q♥", "4♣"]}, [1, 2, 0], ["5♥"])
    s = S.stacked_game(rules, 3, order)
    assert var(s, "trumps") == "hearts" and var(s, "size") == 2
    # Seat 1 leads; seat 2 must follow spades; seat 0, void, may trump.
    turn(s, 1, ["A♠", "2♣"], ("play", "A♠"))
    turn(s, 2, ["K♠"], ("play", "K♠"))
    turn(s, 0, ["Q♥", "4♣"], ("play", "Q♥"))
    # Seat 0 trumped and leads the clubs; seat 2's five beats the four.
    turn(s, 0, ["4♣"], ("play", "4♣"))
    turn(s, 1, ["2♣"], ("play", "2♣"))
    turn(s, 2, ["5♣"], ("play", "5♣"))
    # Seat 1 took nothing: out.  Seats 0 and 2 took one trick each; the first of them from the
    # dealer's left (1, 2, 0) is seat 2, who names trumps.  The deal passes over seat 1 to seat 2.
    assert var(s, "out") == [False, True, False]
    assert var(s, "size") == 1 and var(s, "dealer") == 2 and var(s, "chooser") == 2
    assert G.current_player(s) == 2
    assert sorted(legal_texts(s)) == ["name_trumps clubs", "name_trumps diamonds", "name_trumps hearts",
                                      "name_trumps spades"]
    assert [len(h) for h in S.zone(s, "hand")] == [1, 0, 1]   # nothing for the player who is out
    for seat in (0, 2):                                       # the dealt cards back, these instead
        S.place(s, "stock", S.names(s, S.zone(s, "hand", seat)))
    S.place(s, "hand", ["7♦"], owner=2)
    S.place(s, "hand", ["9♦"], owner=0)
    S.play(s, ("name_trumps", "clubs"))
    # The chooser leads; seat 1 sits out; seat 0 follows and wins with the nine.
    turn(s, 2, ["7♦"], ("play", "7♦"))
    turn(s, 0, ["9♦"], ("play", "9♦"))
    assert s.over and G.result(s)["winners"] == [0]


RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def _referee(events, players, first_hand=7):
    """Replays a logged game by the game's rules, sharing no code with the engine, and returns the
    winner it works out: each trick goes to the highest trump, else the highest card of the suit led;
    a player who took no trick in a hand plays in no later hand; the hands shrink by one card; the
    player who took most tricks (the first from the dealer's left on a tie) leads the next hand."""
    still_in, size, trumps, dealer = list(range(players)), first_hand, None, 0
    taken, leader_due, last_winner, tricks = {}, None, None, 0
    for e in events:
        kind = e.get("event")
        if kind == "hand":
            dealer, taken, tricks = e["dealer"], {}, 0
        elif kind == "set" and e["var"] == "trumps":
            trumps = e["value"]
        elif kind == "trick":
            cards, order = e["cards"], e["players"]
            assert sorted(order) == sorted(still_in), (order, still_in)
            if tricks == 0 and leader_due is not None:
                assert order[0] == leader_due, (order, leader_due)
            tricks += 1
            suit = [c[-1] for c in cards]
            trump_suit = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}[trumps]
            pool = [i for i in range(len(cards)) if suit[i] == trump_suit] or \
                [i for i in range(len(cards)) if suit[i] == suit[0]]
            best = max(pool, key=lambda i: RANKS.index(cards[i][:-1]))
            assert e["winner"] == order[best], e
            taken[order[best]] = taken.get(order[best], 0) + 1
            last_winner = order[best]
            if tricks == size:                                # the hand is over
                seats = [(dealer + k) % players for k in range(1, players + 1)]
                most = max(taken.values())
                leader_due = next(p for p in seats if taken.get(p, 0) == most)
                still_in = [p for p in still_in if taken.get(p, 0) > 0]
                size -= 1
        elif kind == "result":
            return still_in[0] if len(still_in) == 1 else last_winner
    raise AssertionError("the log has no result")


@pytest.mark.parametrize("players", [2, 3, 5, 7])
def test_random_games_agree_with_a_referee_of_their_own(players):
    rules = _rules()
    for seed in range(25):
        record = play_game(rules, players, seed, ["random"], log=True)
        assert record["winners"] == [_referee(record["events"], players)], seed
        assert record["hands"] <= 7
