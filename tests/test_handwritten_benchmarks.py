"""Tests for the hand-written benchmark simulators (Scotch Whist, Static Scalade)."""

import random

import pytest

from benchmarks.handwritten import scotch_whist as sw
from benchmarks.handwritten import static_scalade as sc


# --------------------------------------------------------------- Scotch Whist

def test_scotch_trump_jack_beats_trump_ace():
    C = sw.Card
    # Trumps are hearts: the jack of trumps outranks the ace of trumps.
    assert sw.trick_winner([C(14, "H"), C(11, "H")], "H") == 1
    assert sw.trick_winner([C(11, "H"), C(14, "H"), C(13, "H")], "H") == 0
    # Outside trumps the jack ranks normally, below queen/king/ace.
    assert sw.trick_winner([C(11, "S"), C(12, "S")], "H") == 1
    # A low trump beats the led suit; an off-suit card never wins.
    assert sw.trick_winner([C(14, "S"), C(6, "H"), C(13, "S")], "H") == 1
    assert sw.trick_winner([C(9, "S"), C(14, "C"), C(10, "S")], "H") == 2


def test_scotch_full_trump_order():
    C = sw.Card
    order_low_to_high = [6, 7, 8, 9, 10, 12, 13, 14, 11]
    for lower, higher in zip(order_low_to_high, order_low_to_high[1:]):
        assert sw.trick_winner([C(lower, "D"), C(higher, "D")], "D") == 1
        assert sw.trick_winner([C(higher, "D"), C(lower, "D")], "D") == 0


def test_scotch_pack_sizes():
    for players in range(2, 8):
        pack = sw.make_pack(players)
        assert len(pack) % players == 0
        assert len(set(pack)) == len(pack)
        assert (sw.Card(6, "C") in pack) == (players not in (5, 7))


def test_scotch_deal_gives_trump_from_dealers_last_card():
    for players in range(2, 8):
        rng = random.Random(players)
        hands, trump = sw.deal(rng, players, dealer=players - 1)
        sizes = {len(h) for h in hands}
        assert sizes == {len(sw.make_pack(players)) // players}
        assert hands[players - 1][-1].suit == trump


def test_scotch_scoring_stops_at_first_step_reaching_target():
    C = sw.Card
    trump = "H"
    # Seat 0 holds the ten of trumps; seat 1 holds every other honour.
    won = [[C(10, "H")], [C(14, "H"), C(13, "H"), C(12, "H"), C(11, "H")]]
    scores = [35, 40]
    winners = sw.score_hand(scores, won, trump, cards_each=18)
    assert winners == [0]
    assert scores == [45, 40]  # nothing after the first step was applied


def test_scotch_scoring_trick_score_and_honours():
    C = sw.Card
    trump = "S"
    # Two players dealt 4 cards each; seat 0 took 6 cards, seat 1 took 2.
    won = [[C(10, "S"), C(14, "S"), C(13, "S"), C(12, "S"), C(6, "D"), C(7, "D")],
           [C(11, "S"), C(8, "D")]]
    scores = [0, 0]
    assert sw.score_hand(scores, won, trump, cards_each=4) is None
    assert scores == [10 + 2 + 4 + 3 + 2, 11]


def test_scotch_scoring_exact_tie_shares_win():
    C = sw.Card
    trump = "C"
    won = [[C(10, "C"), C(6, "D")], [C(7, "D"), C(8, "D")],
           [C(14, "C"), C(13, "C"), C(12, "C"), C(11, "C")]]
    # Step 1 lifts seat 0 to 41; nobody else is there, so seat 0 wins alone.
    scores = [31, 39, 0]
    assert sw.score_hand(scores, won, trump, cards_each=2) == [0]
    assert scores == [41, 39, 0]
    # With seat 1 already on 41 too, the tie is shared.
    scores = [31, 41, 0]
    assert sw.score_hand(scores, won, trump, cards_each=2) == [0, 1]
    # Seat 1 on 42 beats seat 0's 41.
    scores = [31, 42, 0]
    assert sw.score_hand(scores, won, trump, cards_each=2) == [1]


@pytest.mark.parametrize("players", range(2, 8))
def test_scotch_games_end_and_conserve_cards(players):
    for seed in range(300):
        result = sw.play_game(random.Random(seed), players, check=True)
        assert result["hands"] >= 1
        assert len(result["scores"]) == players
        assert result["winners"]
        top = max(result["scores"])
        assert top >= sw.TARGET
        assert all(result["scores"][w] == top for w in result["winners"])
        cards_per_hand = len(sw.make_pack(players)) // players
        assert result["tricks"] == result["hands"] * cards_per_hand


def test_scotch_same_seed_same_result():
    for players in (2, 4, 7):
        a = sw.play_game(random.Random(1234), players)
        b = sw.play_game(random.Random(1234), players)
        assert a == b
    results = {repr(sw.play_game(random.Random(s), 4)) for s in range(20)}
    assert len(results) > 1


# ------------------------------------------------------------- Static Scalade

def test_scalade_rank_wrap_and_values():
    assert sc.next_rank(14) == 4
    assert sc.next_rank(10) == 11
    assert [sc.rung_value(r) for r in sc.RANKS] == [4, 5, 6, 7, 8, 9, 10, 12, 15, 18, 1]


def test_scalade_trump_suit():
    C = sc.Card
    start = {s: C(r, s) for s, r in sc.START_RUNGS.items()}
    assert sc.trump_suit(start) == "D"
    tied = {"C": C(7, "C"), "S": C(7, "S"), "H": C(9, "H"), "D": C(8, "D")}
    assert sc.trump_suit(tied) == "C"
    # Ranks run 4 low .. ace high, so an ace rung is never low.
    wrapped = {"C": C(14, "C"), "S": C(9, "S"), "H": C(4, "H"), "D": C(4, "D")}
    assert sc.trump_suit(wrapped) == "H"


def test_scalade_trick_winner():
    C = sc.Card
    assert sc.trick_winner([C(10, "S"), C(4, "D"), C(14, "S")], "D") == 1
    assert sc.trick_winner([C(10, "S"), C(13, "S"), C(14, "C")], "D") == 1
    assert sc.trick_winner([C(10, "S"), C(5, "D"), C(9, "D")], "D") == 2


def test_scalade_claims_and_escalations():
    C = sc.Card
    game = sc.StaticScalade(random.Random(0))
    discard = []
    # 6 and 7 of diamonds climb the 5 ladder to 7; the 9 does not join the run.
    game.claim_ladders([C(7, "D"), C(9, "D"), C(6, "D")], winner=2, discard=discard)
    assert game.rungs["D"] == C(7, "D")
    assert game.holders["D"] == 2
    assert game.escalations["D"] == 0
    assert sorted(discard) == sorted([C(5, "D"), C(6, "D"), C(9, "D")])

    # Two ladders claimed in one trick (e.g. the spoils trick with five cards).
    discard = []
    game.rungs["H"] = C(13, "H")
    game.claim_ladders([C(14, "H"), C(4, "H"), C(5, "H"), C(9, "C"), C(10, "C")],
                       winner=1, discard=discard)
    assert game.rungs["H"] == C(5, "H")   # wrapped past the ace
    assert game.rungs["C"] == C(10, "C")  # 8 -> 9 -> 10
    assert game.holders["H"] == 1 and game.holders["C"] == 1
    assert game.escalations["H"] == 0     # 6 of hearts not yet reached
    assert game.escalations["C"] == 0
    assert len(discard) == 2 + 3  # two old rungs + the three non-rung cards

    # Reaching the starting rank exactly counts as an escalation.
    discard = []
    game.claim_ladders([C(6, "H")], winner=0, discard=discard)
    assert game.rungs["H"] == C(6, "H")
    assert game.escalations["H"] == 1

    # Passing through the starting rank counts too.
    discard = []
    game.rungs["S"] = C(5, "S")
    game.claim_ladders([C(6, "S"), C(7, "S"), C(8, "S")], winner=0, discard=discard)
    assert game.rungs["S"] == C(8, "S")
    assert game.escalations["S"] == 1

    # A trick without the next rank claims nothing.
    discard = []
    game.claim_ladders([C(12, "S"), C(13, "D"), C(4, "C")], winner=1, discard=discard)
    assert game.rungs["S"] == C(8, "S") and game.holders["S"] == 0
    assert len(discard) == 3


def test_scalade_holding_multiplier():
    C = sc.Card
    game = sc.StaticScalade(random.Random(0))
    game.rungs = {"C": C(10, "C"), "S": C(11, "S"), "H": C(6, "H"), "D": C(5, "D")}
    game.holders = {"C": 0, "S": 1, "H": None, "D": None}
    game.score_hand(last_winner=2)
    assert game.scores == [10, 12, 5]          # last trick: lowest value = 5
    game.score_hand(last_winner=2)
    assert game.scores == [30, 36, 10]         # doubled
    game.holders["S"] = 0
    game.score_hand(last_winner=0)
    # clubs tripled for seat 0, spades restarts at single for seat 0.
    assert game.scores == [30 + 30 + 12 + 5, 36, 10]
    assert game.markers["C"] == [0, 3]
    assert game.markers["S"] == [0, 1]
    assert game.markers["H"] == [None, 0]


def test_scalade_slow_game_target():
    game = sc.StaticScalade(random.Random(0))
    game.hands_played = 7
    assert not game.game_over()
    assert game.target == 3
    game.hands_played = 14
    assert not game.game_over()
    assert game.target == 3          # two behind, but only at one check so far
    game.hands_played = 21
    assert not game.game_over()
    assert game.target == 2          # first missing after 14, second after 21
    game.hands_played = 15
    game.escalations["D"] = 1
    game.escalations["S"] = 1
    assert not game.game_over()
    assert game.advance_suit == "S"  # tie broken by the suit hierarchy
    game.escalations["S"] = 2
    assert game.game_over()
    game2 = sc.StaticScalade(random.Random(0))
    game2.hands_played = 28
    assert game2.game_over()


def test_scalade_games_end_and_conserve_cards():
    for seed in range(40):
        result = sc.play_game(random.Random(seed), 3, check=True)
        assert 1 <= result["hands"] <= sc.LAST_HAND
        assert result["tricks"] == result["hands"] * sc.TRICKS_PER_HAND
        top = max(result["scores"])
        assert result["winners"] == [s for s in range(3) if result["scores"][s] == top]


def test_scalade_same_seed_same_result():
    a = sc.play_game(random.Random(99), 3)
    b = sc.play_game(random.Random(99), 3)
    assert a == b
    assert sc.play_game(random.Random(100), 3) != a


def test_scalade_rejects_other_player_counts():
    with pytest.raises(ValueError):
        sc.play_game(random.Random(0), 4)
