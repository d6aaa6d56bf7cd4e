"""The hand-written Hearts simulator (benchmarks/handwritten/hearts.py): its rules on worked examples
and scripted deals, complete legal games checked against the ruleset's definitions written out
again, and figures over some hundreds of random games that agree with the interpreter's play of
rulesets/hearts/hearts.yaml."""
import random

from benchmarks.handwritten import hearts as h
from tests.test_handwritten_escalation import agree, interpreter_records, seat_shares

C = h.Card


def suit(s):
    return [C(r, s) for r in h.RANKS]


def test_trick_winner_is_the_highest_of_the_suit_led():
    assert h.trick_winner([C(9, "C"), C(14, "C"), C(14, "H"), C(13, "C")]) == 1
    assert h.trick_winner([C(9, "D"), C(14, "C"), C(12, "S"), C(14, "H")]) == 0
    assert h.trick_winner([C(2, "S"), C(12, "S"), C(3, "S"), C(11, "S")]) == 1


def test_penalties():
    assert [h.penalty(c) for c in (C(12, "S"), C(2, "H"), C(14, "H"), C(13, "S"), C(12, "C"))] == [13, 1, 1, 0, 0]
    assert sum(h.penalty(c) for c in h.make_pack()) == h.MOON == 26


def test_first_trick_two_of_clubs_and_no_penalty_cards():
    hand = [C(2, "C"), C(9, "C"), C(5, "H")]
    assert h.legal_cards(hand, None, 1, False) == [C(2, "C")]
    # Void in clubs on the first trick: neither a heart nor the Queen of spades while a clean card is left.
    void = [C(12, "S"), C(3, "H"), C(4, "D"), C(13, "S")]
    assert h.legal_cards(void, "C", 1, False) == [C(4, "D"), C(13, "S")]
    # Nothing but penalty cards: any of them.
    dirty = [C(12, "S"), C(3, "H"), C(10, "H")]
    assert h.legal_cards(dirty, "C", 1, False) == dirty
    # Holding a club, a club must be played, as on any trick.
    assert h.legal_cards([C(12, "S"), C(7, "C")], "C", 1, False) == [C(7, "C")]
    # From the second trick on, penalty cards may be discarded.
    assert h.legal_cards(void, "C", 2, False) == void


def test_hearts_may_not_be_led_until_broken():
    hand = [C(5, "H"), C(12, "S"), C(9, "D")]
    assert h.legal_cards(hand, None, 2, False) == [C(12, "S"), C(9, "D")]   # the Queen may be led
    assert h.legal_cards(hand, None, 2, True) == hand
    only_hearts = [C(5, "H"), C(11, "H")]
    assert h.legal_cards(only_hearts, None, 5, False) == only_hearts
    # Following is unchanged by the broken flag.
    assert h.legal_cards(hand, "H", 3, False) == [C(5, "H")]


def test_passing_moves_three_cards_to_the_right_seat():
    for shift in (1, -1, 2):
        hands = [suit(s) for s in h.SUITS]
        before = [set(x) for x in hands]
        assert h.pass_cards(random.Random(shift), hands, shift) == 12
        for p in range(4):
            assert len(hands[p]) == 13
            gave = before[p] - set(hands[p])
            assert len(gave) == 3 and gave <= set(hands[(p + shift) % 4])
    assert [h.PASS_SHIFT[n % 4] for n in range(1, 9)] == [1, -1, 2, 0, 1, -1, 2, 0]


def test_a_scripted_moon_shot():
    # Seat 0 holds every club: it leads the Two and wins every trick with the only clubs.  Seat 2
    # holds only hearts and must discard one at once (nothing else can be played): hearts are broken
    # after the first trick; seat 3 may not throw the Queen of spades on the first trick.
    for seed in range(20):
        log = []
        hands = [suit("C"), suit("D"), suit("H"), suit("S")]
        taken, decisions, queen, broken_at = h.play_tricks(random.Random(seed), hands, log)
        assert taken == [26, 0, 0, 0] and queen == 0 and broken_at == 1 and decisions == 52
        first = log[0][3]
        assert first[0] == C(2, "C") and first[2].suit == "H" and first[3] != h.QUEEN_SPADES
        scores = [10, 20, 30, 40]
        assert h.score_hand(taken, scores) and scores == [10, 46, 56, 66]


def test_scoring_without_a_moon():
    scores = [0, 0, 0, 0]
    assert not h.score_hand([13, 5, 0, 8], scores) and scores == [13, 5, 0, 8]


def legal_play(card, hand, led, n, broken):
    """The ruleset's `legal_play` written out again from its definitions."""
    def follows(c):
        return c.suit == led or not any(d.suit == led for d in hand)
    if led is None:
        if n == 1:
            return card == C(2, "C")
        return card.suit != "H" or broken or all(d.suit == "H" for d in hand)
    clean = h.penalty(card) == 0 or all(h.penalty(d) > 0 for d in hand if follows(d))
    return follows(card) and (n > 1 or clean)


def test_complete_games_are_legal():
    for seed in range(40):
        log = []
        r = h.play_game(random.Random(seed), log=log)
        scores, hand_number = [0] * 4, 0
        for entry in log:
            if entry[0] == "hands":
                hands = entry[1]
                hand_number += 1
                assert sorted(c for x in hands for c in x) == sorted(h.make_pack())
                taken, broken = [0] * 4, False
                continue
            n, leader, was_broken, played = entry
            assert was_broken == broken
            led = None
            for i, card in enumerate(played):
                hand = hands[(leader + i) % 4]
                assert legal_play(card, hand, led, n, broken)
                hand.remove(card)
                led = led or card.suit
            winner = (leader + max(range(4), key=lambda i: (played[i].suit == led, played[i].rank))) % 4
            taken[winner] += sum(h.penalty(c) for c in played)
            broken = broken or any(c.suit == "H" for c in played)
            if n == 13:
                assert not any(hands)
                assert taken == r["per_hand"][hand_number - 1]["taken"]
                assert sum(taken) == 26
                moon = 26 in taken
                for p in range(4):
                    scores[p] += (0 if taken[p] == 26 else 26) if moon else taken[p]
        assert scores == r["scores"] and hand_number == r["hands"] and r["tricks"] == 13 * r["hands"]
        assert max(scores) >= 100
        assert r["winners"] == [p for p in range(4) if scores[p] == min(scores)]
        assert r["decisions"] == sum(52 + (12 if n % 4 else 0) for n in range(1, r["hands"] + 1))


def test_same_seed_same_game():
    assert h.play_game(random.Random(7)) == h.play_game(random.Random(7))
    assert len({repr(h.play_game(random.Random(s))) for s in range(10)}) > 1


def interpreter_hands(records):
    """Per hand of every record: the penalty points handed out (78 on a moon shot)."""
    out = []
    for r in records:
        prev = [0] * 4
        for row in r["hand_scores"]:
            out.append(sum(row) - sum(prev))
            prev = row
    return out


def hand_written(games, seed):
    rng = random.Random(seed)
    return [h.play_game(rng) for _ in range(games)]


def test_figures_agree_with_the_interpreter():
    interp = interpreter_records("rulesets/hearts/hearts.yaml", 300, 700)
    hand = hand_written(1500, 11)
    assert agree([r["hands"] for r in interp], [r["hands"] for r in hand])
    points = interpreter_hands(interp)
    mine = [sum(x["taken"]) if not x["moon"] else 78 for r in hand for x in r["per_hand"]]
    assert set(points) <= {26, 78} and set(mine) <= {26, 78}
    assert agree(points, mine)                                   # i.e. the share of moon shots
    queen = [q for r in interp for q in r["metrics"]["queen_of_spades"]]
    mine_q = [x["queen_of_spades"] for r in hand for x in r["per_hand"]]
    for p in range(4):
        assert agree([q == p for q in queen], [q == p for q in mine_q])
        assert agree([r["scores"][p] for r in interp], [r["scores"][p] for r in hand])
    assert agree([min(r["scores"]) for r in interp], [min(r["scores"]) for r in hand])
    assert agree([max(r["scores"]) for r in interp], [max(r["scores"]) for r in hand])
    for a, b in zip(seat_shares(interp, 4), seat_shares(hand, 4)):
        assert agree(a, b)


def test_the_agreement_check_can_fail():
    """The other reading of the moon shot (the shooter takes 26 off their own score) is told apart
    by the points handed out per hand (score rows, as for the interpreter's records)."""
    def points(records):
        return [sum(r["scores"]) / r["hands"] for r in records]
    hand = hand_written(1500, 11)
    original = h.score_hand

    def off_own(taken, scores):
        if h.MOON not in taken:
            return original(taken, scores)
        scores[taken.index(h.MOON)] -= h.MOON
        return True
    h.score_hand = off_own
    try:
        other = hand_written(1500, 12)
    finally:
        h.score_hand = original
    assert not agree(points(hand), points(other))
