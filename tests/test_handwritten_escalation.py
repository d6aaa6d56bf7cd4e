"""The hand-written Escalation and escalative-scoring simulators (benchmarks/handwritten):
their rules on worked examples, complete legal games, and figures over some hundreds of random
games that agree with the interpreter's play of the same rulesets."""
import math
import random
import statistics

import pytest

from benchmarks.handwritten import escalation as esc
from benchmarks.handwritten import escalative as ev
from interpreter.sim.play import play_game
from tests.helpers import rules_of

C = esc.Card


def agree(a, b, sigmas=4.5):
    """Means of two samples equal within `sigmas` standard errors of their difference."""
    se = math.sqrt(statistics.pvariance(a) / len(a) + statistics.pvariance(b) / len(b))
    return abs(statistics.mean(a) - statistics.mean(b)) <= sigmas * max(se, 1e-9)


def seat_shares(records, players):
    """Per seat, the 0/1 (or shared fraction) of each game that seat won."""
    out = [[] for _ in range(players)]
    for r in records:
        for p in range(players):
            out[p].append(1 / len(r["winners"]) if p in r["winners"] else 0.0)
    return out


def interpreter_records(path, games, seed):
    rules = rules_of(path)
    return [play_game(rules, rules.default_players, seed + i, ["random"]) for i in range(games)]


# ------------------------------------------------------------------ Escalation

def test_escalation_values_and_sets():
    assert [esc.value(C(r, "C")) for r in range(2, 15)] == [0, 0, 6, 6, 6, 7, 8, 9, 10, 11, 12, 13, 14]
    hand = [C(4, "C"), C(6, "H"), C(5, "S"), C(9, "D"), C(2, "C"), C(3, "H")]
    sets = {frozenset(s) for s in esc.sets_in(hand)}
    # 4, 5 and 6 are all worth 6: every non-empty subset of them, and the nine alone.
    assert len(sets) == 7 + 1
    assert frozenset([C(4, "C"), C(6, "H"), C(5, "S")]) in sets
    assert not any(C(2, "C") in s or C(3, "H") in s for s in sets)


def test_escalation_legal_actions():
    hand = [C(4, "C"), C(6, "H"), C(9, "D"), C(2, "C")]
    # Nothing on the pile: any set or special card, no take.
    first = esc.legal_actions(hand, [], 0)
    assert ("take", None) not in first and ("special", C(2, "C")) in first
    assert len(first) == 3 + 1 + 1
    # 11 to beat: only the pair of sixes (12) climbs; the Two passes it on; taking is allowed.
    later = esc.legal_actions(hand, [C(11, "S")], 11)
    assert sorted(a[0] for a in later) == ["play", "special", "take"]
    assert [a[1] for a in later if a[0] == "play"] == [(C(4, "C"), C(6, "H"))]


@pytest.mark.parametrize("players", [3, 4, 8])
def test_escalation_games_end_legally(players):
    for seed in range(100):
        r = esc.play_game(random.Random(seed), players, check=True)
        (w,) = r["winners"]
        assert r["payments"][w] == 0 and all(r["payments"][p] >= 0 for p in range(players))
        assert sum(r["scores"]) == 0 and r["scores"][w] == sum(r["payments"])
        assert r["decisions"] == r["turns"] + r["pile_takes"]


def test_escalation_same_seed_same_game():
    assert esc.play_game(random.Random(7), 5) == esc.play_game(random.Random(7), 5)
    assert len({repr(esc.play_game(random.Random(s), 4)) for s in range(10)}) > 1


def test_escalation_figures_agree_with_the_interpreter():
    interp = interpreter_records("rulesets/escalation/escalation.yaml", 250, 500)
    rng = random.Random(3)
    hand = [esc.play_game(rng, 4) for _ in range(2000)]
    assert agree([r["turns"] for r in interp], [r["turns"] for r in hand])
    assert agree([r["metrics"]["pile_takes"] for r in interp], [r["pile_takes"] for r in hand])
    assert agree([sum(r["metrics"]["payments"]) for r in interp], [sum(r["payments"]) for r in hand])
    for a, b in zip(seat_shares(interp, 4), seat_shares(hand, 4)):
        assert agree(a, b)


def test_the_agreement_check_can_fail():
    """A simulator with a different rule (no take while a special card can be played) is told apart."""
    rng = random.Random(3)
    hand = [esc.play_game(rng, 4) for _ in range(2000)]
    original = esc.legal_actions

    def keen(hand_, pile, to_beat):
        actions = original(hand_, pile, to_beat)
        playable = [a for a in actions if a[0] != "take"]
        return playable or actions
    esc.legal_actions = keen
    try:
        rng = random.Random(4)
        other = [esc.play_game(rng, 4) for _ in range(2000)]
    finally:
        esc.legal_actions = original
    assert not agree([r["pile_takes"] for r in hand], [r["pile_takes"] for r in other])


# ------------------------------------------------------ escalative scoring

def test_escalative_trick_winner():
    D = ev.Card
    assert ev.trick_winner([D(9, "C"), D(14, "C"), D(8, "H"), D(13, "C")], "S") == 1
    assert ev.trick_winner([D(9, "C"), D(14, "C"), D(8, "S"), D(13, "C")], "S") == 2
    assert ev.trick_winner([D(9, "C"), D(10, "S"), D(8, "S"), D(14, "H")], "S") == 1
    assert ev.trick_winner([D(9, "C"), D(10, "D"), D(8, "H"), D(11, "H")], "S") == 0


def test_escalative_ace_holder_must_bid_first():
    D = ev.Card
    hands = [[D(8, "C")] * 7, [D(14, "C")] + [D(9, "H")] * 6, [D(8, "S")] * 7, [D(9, "S")] * 7]
    for seed in range(50):
        declarer, contract, decisions = ev.auction(random.Random(seed), hands, dealer=0)
        # Seat 1 speaks first and holds an Ace: it cannot pass before a bid, so somebody bids.
        assert declarer is not None and 1 <= contract <= ev.MAX_BID
        assert decisions >= 4


def test_escalative_games_are_one_deal_as_the_ruleset_plays_them():
    for seed in range(100):
        r = ev.play_game(random.Random(seed))
        assert r["hands"] == ev.DEALS == 1 and r["tricks"] == 7
        # Raw points: every deal hands out 1 + 2 + ... + 7; the declarer's bid moves it.
        raw_total = sum(r["scores"])
        bids = sum((h["contract"] if h["made"] else -h["contract"]) for h in r["per_hand"])
        assert raw_total == ev.DEALS * ev.MAX_BID + bids
        assert r["winners"] == [p for p in range(4) if r["scores"][p] == max(r["scores"])]


def test_escalative_figures_agree_with_the_interpreter():
    interp = interpreter_records("rulesets/escalative/escalative.yaml", 250, 900)
    rng = random.Random(5)
    hand = [ev.play_game(rng) for _ in range(2000)]
    # the interpreter's turns leave out the declarer's naming of trumps, one a deal
    assert agree([r["turns"] for r in interp], [r["decisions"] - ev.DEALS for r in hand])
    assert agree([c for r in interp for c in r["metrics"]["contract"]],
                 [h["contract"] for r in hand for h in r["per_hand"]])
    assert agree([c for r in interp for c in r["metrics"]["declarer_raw"]],
                 [h["declarer_raw"] for r in hand for h in r["per_hand"]])
    for p in range(4):
        assert agree([r["scores"][p] for r in interp], [r["scores"][p] for r in hand])
    for a, b in zip(seat_shares(interp, 4), seat_shares(hand, 4)):
        assert agree(a, b)
