"""The hand-written Spades simulator (benchmarks/handwritten/spades.py): its rules on worked examples
and scripted deals, complete legal games checked against the ruleset's definitions written out
again, and figures over some hundreds of random games that agree with the interpreter's play of
rulesets/spades/spades.yaml."""
import random

from benchmarks.handwritten import spades as sp
from tests.test_handwritten_escalation import agree, interpreter_records, seat_shares

C = sp.Card


def suit(s):
    return [C(r, s) for r in sp.RANKS]


def test_trick_winner_spades_are_trumps():
    assert sp.trick_winner([C(9, "C"), C(14, "C"), C(14, "H"), C(13, "C")]) == 1
    assert sp.trick_winner([C(9, "C"), C(14, "C"), C(2, "S"), C(13, "C")]) == 2
    assert sp.trick_winner([C(9, "D"), C(3, "S"), C(2, "S"), C(14, "D")]) == 1
    assert sp.trick_winner([C(9, "H"), C(10, "D"), C(8, "C"), C(14, "C")]) == 0


def test_spades_may_not_be_led_until_broken():
    hand = [C(5, "S"), C(12, "H"), C(9, "D")]
    assert sp.legal_cards(hand, None, False) == [C(12, "H"), C(9, "D")]
    assert sp.legal_cards(hand, None, True) == hand
    assert sp.legal_cards([C(5, "S"), C(11, "S")], None, False) == [C(5, "S"), C(11, "S")]
    # Following: the suit led if held (a spade may always be played when following), else anything.
    assert sp.legal_cards(hand, "D", False) == [C(9, "D")]
    assert sp.legal_cards(hand, "C", False) == hand


def score(bids, taken, scores=None, bags=None):
    scores, bags = scores or [0, 0], bags or [0, 0]
    sp.score_hand(bids, taken, scores, bags)
    return scores, bags


def test_contracts_bags_and_nil():
    # Side 0 bids 3 + 4, takes 5 + 4: 70 and two bags.  Side 1 bids 2 + 4, takes 2 + 2: set, -60.
    assert score([3, 2, 4, 4], [5, 2, 4, 2]) == ([72, -60], [2, 0])
    # Side 0 makes 10 exactly.  Seat 1 bids nil and takes nothing: +100, and its side makes its
    # contract of 3 exactly (30).
    assert score([5, 0, 5, 3], [6, 0, 4, 3]) == ([100, 130], [0, 0])
    # A failed nil costs 100, and its tricks count for the partner's contract and as bags.
    assert score([0, 3, 4, 3], [2, 3, 4, 4]) == ([42 - 100, 61], [2, 1])
    # Both partners nil: a contract of 0, each nil scored on its own, every trick a bag.
    assert score([0, 6, 0, 6], [1, 6, 0, 6]) == ([1 + 100 - 100, 120], [1, 0])
    # The tenth bag costs 100 and ten bags are taken off.
    assert score([3, 3, 3, 3], [5, 0, 4, 4], [200, 0], [7, 0]) == ([200 + 63 - 100, -60], [0, 0])


def test_a_scripted_hand():
    # Dealer 3: seat 0 leads.  Seat 0 holds every spade: it may lead them (nothing else), and wins
    # every trick; the spades are broken after the first.  It bid 13, its partner and both opponents
    # nil: 130 + 100 for side 0, 200 for side 1.
    for seed in range(20):
        log = []
        hands = [suit("S"), suit("C"), suit("D"), suit("H")]
        taken, decisions = sp.play_tricks(random.Random(seed), hands, 0, log)
        assert taken == [13, 0, 0, 0] and decisions == 52
        assert [entry[1] for entry in log] == [False] + [True] * 12
        assert score([13, 0, 0, 0], taken) == ([230, 200], [0, 0])


def legal_play(card, hand, led, broken):
    """The ruleset's `legal_play` written out again from its definitions."""
    if led is None:
        return card.suit != "S" or broken or all(d.suit == "S" for d in hand)
    return card.suit == led or not any(d.suit == led for d in hand)


def test_complete_games_are_legal():
    for seed in range(200):
        log = []
        r = sp.play_game(random.Random(seed), log=log)
        scores, bags, number = [0, 0], [0, 0], 0
        trick = 0
        for entry in log:
            if entry[0] == "hands":
                _, hands, bids = entry
                assert sorted(c for x in hands for c in x) == sorted(sp.make_pack())
                assert all(0 <= b <= 13 for b in bids)
                taken, broken, trick = [0] * 4, False, 0
                continue
            leader, was_broken, played = entry
            trick += 1
            assert was_broken == broken
            if trick == 1:
                assert leader == (number + 1) % 4           # the dealer's left (dealer = hand number)
            led = None
            for i, card in enumerate(played):
                hand = hands[(leader + i) % 4]
                assert legal_play(card, hand, led, broken)
                hand.remove(card)
                led = led or card.suit
            trumped = any(c.suit == "S" for c in played)
            best = max(range(4), key=lambda i: (played[i].suit == ("S" if trumped else led), played[i].rank))
            taken[(leader + best) % 4] += 1
            broken = broken or trumped
            if trick == 13:
                assert not any(hands)
                assert taken == r["per_hand"][number]["taken"] and bids == r["per_hand"][number]["bids"]
                sp.score_hand(bids, taken, scores, bags)
                assert scores == r["per_hand"][number]["scores"]
                number += 1
                over = scores[0] != scores[1] and any(s >= 500 or s <= -200 for s in scores)
                assert over == (number == r["hands"])
        assert r["team_scores"] == scores and r["bags"] == bags and r["tricks"] == 13 * number
        assert r["winners"] == ([0, 2] if scores[0] > scores[1] else [1, 3])
        assert r["decisions"] == 56 * number


def test_same_seed_same_game():
    assert sp.play_game(random.Random(7)) == sp.play_game(random.Random(7))
    assert len({repr(sp.play_game(random.Random(s))) for s in range(10)}) > 1


def per_hand_changes(rows):
    """Each hand's change of side 0's score, from running scores."""
    out, prev = [], 0
    for row in rows:
        out.append(row - prev)
        prev = row
    return out


def hand_written(games, seed):
    rng = random.Random(seed)
    return [sp.play_game(rng) for _ in range(games)]


def test_figures_agree_with_the_interpreter():
    interp = interpreter_records("rulesets/spades/spades.yaml", 500, 300)
    hand = hand_written(3000, 13)
    assert agree([r["hands"] for r in interp], [r["hands"] for r in hand])
    assert agree([n for r in interp for n in r["metrics"]["nil_bids"]],
                 [x["nil_bids"] for r in hand for x in r["per_hand"]])
    for t in range(2):
        assert agree([c[t] for r in interp for c in r["metrics"]["contracts"]],
                     [x["contracts"][t] for r in hand for x in r["per_hand"]])
        assert agree([r["team_scores"][t] for r in interp], [r["team_scores"][t] for r in hand])
        assert agree([d for r in interp for d in per_hand_changes([row[t] for row in r["hand_scores"]])],
                     [d for r in hand for d in per_hand_changes([x["scores"][t] for x in r["per_hand"]])])
    for a, b in zip(seat_shares(interp, 4), seat_shares(hand, 4)):
        assert agree(a, b)


def test_the_agreement_check_can_fail():
    """Bids of 0 to 12 (reading `range(0, 13)` as Python's) are told apart by the contracts."""
    hand = hand_written(3000, 13)
    original = sp.BIDS
    sp.BIDS = 13
    try:
        other = hand_written(3000, 14)
    finally:
        sp.BIDS = original
    assert not agree([x["contracts"][0] for r in hand for x in r["per_hand"]],
                     [x["contracts"][0] for r in other for x in r["per_hand"]])
