"""Scalade and its variants (rulesets/scalade/): scripted positions from the rule text, and invariants.

Positions are set up by exchanging cards between zones (so the pack stays
whole) and by setting state variables through the scenario helpers; the
tricks themselves are then played through the engine.
"""
import random

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as SC

from tests.helpers import play_checked, rules_of

VALUE = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
         "J": 12, "Q": 15, "K": 18, "A": 1}
SINGLE_LADDERS = ["diamond_ladder", "heart_ladder", "spade_ladder", "club_ladder"]


def rules(name="scalade", **options):
    return rules_of(f"rulesets/scalade/{name}.yaml", **options)


def new(name="scalade", players=3, seed=1, **options):
    return G.new_game(rules(name, **options), players, seed, log=True)


# -- positions ------------------------------------------------------------------------

def _parts(s):
    for zone in s.z:
        if isinstance(zone, dict):
            yield from zone.values()
        elif zone and isinstance(zone[0], list):
            yield from zone
        else:
            yield zone


def _locate(s, cid):
    for part in _parts(s):
        if cid in part:
            return part, part.index(cid)
    raise AssertionError(f"card {cid} is nowhere")


def cid(s, name):
    return SC.cards(s.rules, [name])[0]


def swap(s, a, b):
    """Exchange two cards wherever they are (the pack stays whole)."""
    pa, ia = _locate(s, a)
    pb, ib = _locate(s, b)
    pa[ia], pb[ib] = b, a


def put(s, name, zone, owner=None, index=0):
    """Make `name` the card at `index` of a zone, sending the card there to where `name` was."""
    part = SC.zone(s, zone, owner)
    swap(s, part[index], cid(s, name))


def give_hands(s, hands):
    """Set the first cards of players' hands: {player: [names]}."""
    for p, cards in hands.items():
        for i, name in enumerate(cards):
            put(s, name, "hand", p, i)
    SC.refresh(s)


def rung(s, ladder):
    return SC.names(s, SC.zone(s, "rung", ladder))


def set_rung(s, ladder, name):
    swap(s, SC.zone(s, "rung", ladder)[0], cid(s, name))


def trick_events(s):
    return [e for e in s.events if e.get("event") == "trick"]


def play_to_trick(s, k):
    """Play the first legal card until trick k (of this hand) is about to be led."""
    while not (SC.var(s, "trick_no") == k and not SC.zone(s, "trick")):
        G.apply_index(s, 0)


def next_ranks(s):
    """(suit, rank) pairs that would claim a ladder now."""
    u = s.rules.universe
    cycle = SC.var(s, "cycle")
    out = set()
    for cards in SC.zone(s, "rung").values():
        r = u.rank_of[cards[0]]
        out.add((u.suit_of[cards[0]], cycle[(cycle.index(r) + 1) % len(cycle)]))
    return out


def calm(s):
    """Swap every card in the hands (and spoils) that would claim a ladder for a discarded one that would not."""
    u = s.rules.universe
    claiming = next_ranks(s)
    quiet = [c for c in SC.zone(s, "discard") if (u.suit_of[c], u.rank_of[c]) not in claiming]
    for part in list(SC.zone(s, "hand")) + [SC.zone(s, "spoils")]:
        for c in list(part):
            if (u.suit_of[c], u.rank_of[c]) in claiming:
                swap(s, c, quiet.pop())
    SC.refresh(s)


def finish_trick(s):
    """Play the current trick out with the first legal cards; return its trick event."""
    played = len(SC.zone(s, "trick"))
    for _ in range(s.n - played):
        G.apply_index(s, 0)
    return trick_events(s)[-1]


# -- the deal ---------------------------------------------------------------------------

TABLE = {  # (players, double) -> (tricks, pack size), from the text's table
    (3, False): (12, 44), (4, False): (10, 48), (5, False): (8, 48), (6, False): (6, 44),
    (3, True): (12, 48), (4, True): (10, 52), (5, True): (8, 52), (6, True): (6, 48),
}


@pytest.mark.parametrize("players,double", sorted(TABLE))
def test_packs_and_hands_follow_the_table(players, double):
    tricks, size = TABLE[(players, double)]
    s = new("scalade-double" if double else "scalade", players)
    assert len(s.rules.deck(players)) == size
    assert [len(h) for h in SC.zone(s, "hand")] == [tricks] * players
    assert len(SC.zone(s, "dead")) == 2 and len(SC.zone(s, "spoils")) == 2
    assert not SC.zone(s, "stock") and not SC.zone(s, "grounding")
    starts = {"diamond_ladder": "5♦", "heart_ladder": "6♥", "spade_ladder": "7♠", "club_ladder": "8♣"}
    if double:
        starts = {"diamond_ladder_1": "5♦", "diamond_ladder_2": "7♦", "heart_ladder_1": "6♥",
                  "heart_ladder_2": "9♥", "spade_ladder_1": "7♠", "spade_ladder_2": "J♠",
                  "club_ladder_1": "8♣", "club_ladder_2": "K♣"}
    assert {k: rung(s, k) for k in starts} == {k: [v] for k, v in starts.items()}
    assert G.current_player(s) == 1           # the player left of the dealer (seat 0) leads
    assert SC.var(s, "trumps") == "diamonds"  # 5♦ is the lowest rung


def test_first_grounding_is_dealt_in_the_second_half():
    # A stacked pack: the first two cards that are not rungs become the grounding,
    # are shuffled in after the dead cards and so reach the players' hands.
    order = ["4♠", "5♠", "4♦", "6♦", "7♦", "8♦", "9♦", "10♦", "J♦", "Q♦", "K♦", "A♦",
             "4♥", "5♥", "7♥", "8♥", "9♥", "10♥", "J♥", "Q♥", "K♥", "A♥", "4♣"]
    s = SC.stacked_game(rules(), 3, order)
    hands = [SC.names(s, h) for h in SC.zone(s, "hand")]
    assert SC.names(s, SC.zone(s, "dead")) == ["K♥", "A♥"]   # cards 19 and 20 after the grounding
    assert "4♠" in hands[2] and "5♠" in hands[1]            # the grounding, now in hands
    assert hands[1][:7] == ["4♦", "8♦", "J♦", "A♦", "7♥", "10♥", "5♠"]
    assert hands[2][:7] == ["6♦", "9♦", "Q♦", "4♥", "8♥", "J♥", "4♠"]


def test_dead_cards_are_never_dead_two_hands_running():
    s = new(seed=7)
    previous = set()
    for _ in range(6):
        dead = set(SC.zone(s, "dead"))
        assert not dead & previous
        previous = dead
        hand = s.hand_no
        while s.hand_no == hand:
            G.apply_index(s, 0)


# -- trumps: Mobile and Retromobile -------------------------------------------------------

def test_mobile_example_from_the_text():
    s = new("scalade-mobile")
    give_hands(s, {0: ["9♦", "7♥"], 1: ["6♦", "5♥"], 2: ["7♦", "10♥"]})
    assert SC.var(s, "trumps") == "diamonds"
    SC.play(s, "6♦", "7♦", "9♦")
    assert trick_events(s)[-1]["winner"] == 0
    assert rung(s, "diamond_ladder") == ["7♦"] and SC.var(s, "holder")["diamond_ladder"] == 0
    assert SC.var(s, "trumps") == "hearts"          # 6♥ is now the lowest rung
    SC.play(s, "7♥", "5♥", "10♥")
    assert trick_events(s)[-1]["winner"] == 2
    assert rung(s, "heart_ladder") == ["7♥"]
    assert SC.var(s, "trumps") == "spades"          # ♦, ♥ and ♠ on 7: spades rank highest
    finish_trick(s)
    assert SC.var(s, "trick_trumps")[:3] == ["diamonds", "hearts", "spades"]


def test_static_trumps_stay_for_the_hand():
    s = new("scalade")
    give_hands(s, {0: ["9♦", "7♥"], 1: ["6♦", "5♥"], 2: ["7♦", "10♥"]})
    SC.play(s, "6♦", "7♦", "9♦", "7♥", "5♥", "10♥")
    assert rung(s, "diamond_ladder") == ["7♦"] and rung(s, "heart_ladder") == ["7♥"]
    assert SC.var(s, "trumps") == "diamonds"


RETRO_HANDS = {
    0: ["4♥", "7♥", "5♥", "8♥", "9♥", "10♥", "J♥", "K♥", "A♥", "4♣", "5♣", "6♣"],            # no diamonds
    1: ["6♦", "Q♥", "4♦", "8♦", "9♦", "10♦", "J♦", "Q♦", "K♦", "A♦", "7♣", "9♣"],            # one heart
    2: ["7♦", "4♠", "5♠", "6♠", "8♠", "9♠", "10♠", "J♠", "Q♠", "K♠", "A♠", "10♣"],           # no hearts
}


def test_retromobile_decides_the_trick_with_the_new_trumps():
    s = new("scalade-retromobile")
    give_hands(s, RETRO_HANDS)
    # Trick 1: 6♦ 7♦ lift diamonds to 7, so hearts (6♥) are trumps for this very trick.
    SC.play(s, "6♦", "7♦", "4♥")
    event = trick_events(s)[-1]
    assert event["winner"] == 0                     # 4♥ trumps the diamonds
    assert rung(s, "diamond_ladder") == ["7♦"] and SC.var(s, "holder")["diamond_ladder"] == 0
    # Trick 2: 7♥ lifts hearts to 7; ♦ ♥ ♠ all on 7, so spades are trumps for it.
    SC.play(s, "7♥", "Q♥", "4♠")
    assert trick_events(s)[-1]["winner"] == 2
    assert rung(s, "heart_ladder") == ["7♥"] and SC.var(s, "holder")["heart_ladder"] == 2
    assert SC.var(s, "trick_trumps") == ["hearts", "spades"]


@pytest.mark.parametrize("name", ["scalade", "scalade-mobile"])
def test_the_same_first_trick_without_retromobile(name):
    s = new(name)
    give_hands(s, RETRO_HANDS)
    SC.play(s, "6♦", "7♦", "4♥")
    assert trick_events(s)[-1]["winner"] == 2       # diamonds were trumps: 7♦ wins
    assert SC.var(s, "holder")["diamond_ladder"] == 2


# -- claims --------------------------------------------------------------------------------

def test_a_claim_can_jump_several_rungs():
    s = new()
    give_hands(s, {0: ["7♦"], 1: ["6♦"], 2: ["8♦"]})
    SC.play(s, "6♦", "8♦", "7♦")                     # 6 7 8 after the 5♦ rung, in any order
    assert trick_events(s)[-1]["winner"] == 2
    assert rung(s, "diamond_ladder") == ["8♦"] and SC.var(s, "holder")["diamond_ladder"] == 2
    assert {"5♦", "6♦", "7♦"} <= set(SC.names(s, SC.zone(s, "discard")))


def test_a_gap_stops_the_climb():
    s = new()
    give_hands(s, {0: ["8♦"], 1: ["6♦"], 2: ["9♦"]})
    SC.play(s, "6♦", "9♦", "8♦")                     # 7♦ missing: only 6♦ climbs
    assert rung(s, "diamond_ladder") == ["6♦"] and SC.var(s, "holder")["diamond_ladder"] == 2


def test_several_ladders_in_one_trick():
    s = new()
    hands = {0: ["4♣", "5♣", "6♣", "7♣", "9♣", "10♣", "J♣", "Q♣", "K♣", "A♣", "4♦", "6♦"],
             1: ["7♥", "4♥", "5♥", "8♥", "9♥", "10♥", "J♥", "Q♥", "K♥", "A♥", "7♦", "8♦"],
             2: ["8♠", "4♠", "5♠", "6♠", "9♠", "10♠", "J♠", "Q♠", "K♠", "A♠", "9♦", "10♦"]}
    give_hands(s, hands)
    SC.play(s, "7♥", "8♠", "4♣")                     # seats 2 and 0 have no hearts
    event = trick_events(s)[-1]
    assert event["winner"] == 1                      # no diamond (trumps): the led 7♥ wins
    assert rung(s, "heart_ladder") == ["7♥"] and rung(s, "spade_ladder") == ["8♠"]
    assert SC.var(s, "holder")["heart_ladder"] == SC.var(s, "holder")["spade_ladder"] == 1
    assert rung(s, "club_ladder") == ["8♣"] and SC.var(s, "holder")["club_ladder"] is None


def test_ranks_wrap_from_the_ace_to_the_lowest_rank():
    s = new()
    set_rung(s, "diamond_ladder", "K♦")
    give_hands(s, {0: ["5♦"], 1: ["A♦"], 2: ["4♦"]})
    SC.play(s, "A♦", "4♦", "5♦")                     # K -> A -> 4 -> 5
    assert rung(s, "diamond_ladder") == ["5♦"]
    assert SC.var(s, "holder")["diamond_ladder"] == 1   # A♦ wins the trick
    # Reaching the starting rank 5 again is an escalation of diamonds.
    assert SC.var(s, "passes")["diamonds"] == 1 and SC.var(s, "escalations")["diamonds"] == 1


def only_diamond(s, keep):
    """Swap every diamond in the hands but `keep` for a discarded card that claims nothing."""
    u = s.rules.universe
    quiet = [c for c in SC.zone(s, "discard") if u.suit_of[c] != "diamonds" and (u.suit_of[c], u.rank_of[c])
             not in next_ranks(s)]
    for p in range(s.n):
        for c in list(SC.zone(s, "hand", p)):
            if u.suit_of[c] == "diamonds" and u.names[c] != keep:
                swap(s, c, quiet.pop())
    SC.refresh(s)


def test_the_spoils_join_the_penultimate_trick():
    s = new(seed=3)
    play_to_trick(s, 11)
    calm(s)
    set_rung(s, "diamond_ladder", "9♦")
    leader = G.current_player(s)
    put(s, "10♦", "hand", leader, 0)
    put(s, "J♦", "spoils", None, 0)
    put(s, "Q♦", "spoils", None, 1)
    only_diamond(s, "10♦")
    SC.play(s, "10♦")
    event = finish_trick(s)
    assert rung(s, "diamond_ladder") == ["Q♦"]       # 10♦ from the trick, J♦ Q♦ from the spoils
    assert SC.var(s, "holder")["diamond_ladder"] == event["winner"]
    assert not SC.zone(s, "spoils")
    assert {"9♦", "10♦", "J♦"} <= set(SC.names(s, SC.zone(s, "discard")))


def test_the_spoils_do_not_count_before_the_penultimate_trick():
    s = new(seed=3)
    play_to_trick(s, 10)
    calm(s)
    set_rung(s, "diamond_ladder", "9♦")
    leader = G.current_player(s)
    put(s, "10♦", "hand", leader, 0)
    put(s, "J♦", "spoils", None, 0)
    only_diamond(s, "10♦")
    SC.play(s, "10♦")
    finish_trick(s)
    assert rung(s, "diamond_ladder") == ["10♦"]
    assert "J♦" in SC.names(s, SC.zone(s, "spoils"))


# -- scoring ----------------------------------------------------------------------------------

def score_last_trick(s, rungs, holders, markers):
    """At the last trick: set rungs, holders and markers, calm the trick, play it; return score changes."""
    play_to_trick(s, SC.var(s, "hand_size"))
    for ladder, card in rungs.items():
        set_rung(s, ladder, card)
    calm(s)
    for ladder, p in holders.items():
        SC.set_var(s, "holder", p, ladder)
    for suit, (p, k) in markers.items():
        SC.set_var(s, "marker_holder", p, suit)
        SC.set_var(s, "marker_count", k, suit)
    before = list(SC.var(s, "score"))
    event = finish_trick(s)
    assert s.hand_no == 2                             # the hand was scored and the next one dealt
    return [a - b for a, b in zip(SC.var(s, "score"), before)], event["winner"]


def test_multipliers_of_one_two_and_three():
    s = new(seed=5)
    delta, last = score_last_trick(
        s, {"diamond_ladder": "9♦", "heart_ladder": "10♥", "spade_ladder": "Q♠", "club_ladder": "4♣"},
        {"diamond_ladder": 0, "heart_ladder": 1, "spade_ladder": 2, "club_ladder": 0},
        {"diamonds": (1, 3), "hearts": (1, 1), "spades": (2, 2), "clubs": (None, 0)})
    bonus = [4 if p == last else 0 for p in range(3)]           # 4♣ is the lowest rung value
    assert delta == [9 + 4 + bonus[0], 10 * 2 + bonus[1], 15 * 3 + bonus[2]]
    assert SC.var(s, "marker_holder") == {"diamonds": 0, "hearts": 1, "spades": 2, "clubs": 0}
    assert SC.var(s, "marker_count") == {"diamonds": 1, "hearts": 2, "spades": 3, "clubs": 1}


def test_capped_multiplier():
    s = new("scalade-capped-2", seed=5)
    delta, last = score_last_trick(
        s, {"diamond_ladder": "9♦", "heart_ladder": "10♥", "spade_ladder": "Q♠", "club_ladder": "4♣"},
        {"diamond_ladder": 0, "heart_ladder": 1, "spade_ladder": 2, "club_ladder": 0},
        {"diamonds": (1, 3), "hearts": (1, 1), "spades": (2, 2), "clubs": (None, 0)})
    bonus = [4 if p == last else 0 for p in range(3)]
    assert delta == [9 + 4 + bonus[0], 10 * 2 + bonus[1], 15 * 2 + bonus[2]]
    assert SC.var(s, "marker_count")["spades"] == 3    # the count still grows; only the multiplier is capped


def test_a_cap_of_one_removes_the_holding_bonus():
    s = new(seed=5, holding_cap=1)
    delta, last = score_last_trick(
        s, {"diamond_ladder": "9♦", "heart_ladder": "10♥", "spade_ladder": "Q♠", "club_ladder": "4♣"},
        {"diamond_ladder": 0, "heart_ladder": 1, "spade_ladder": 2, "club_ladder": 0},
        {"diamonds": (1, 3), "hearts": (1, 1), "spades": (2, 2), "clubs": (None, 0)})
    bonus = [4 if p == last else 0 for p in range(3)]
    assert delta == [13 + bonus[0], 10 + bonus[1], 15 + bonus[2]]


def test_an_ace_rung_makes_the_final_trick_worth_one():
    s = new(seed=9)
    delta, last = score_last_trick(
        s, {"diamond_ladder": "A♦", "heart_ladder": "K♥", "spade_ladder": "Q♠", "club_ladder": "J♣"},
        {"diamond_ladder": 0, "heart_ladder": 1, "spade_ladder": 2, "club_ladder": 2},
        {su: (None, 0) for su in ("diamonds", "hearts", "spades", "clubs")})
    base = [1, 18, 15 + 12]
    assert delta == [base[p] + (1 if p == last else 0) for p in range(3)]


def test_double_scalade_markers_need_both_ladders_and_the_bonus_adds_two_rungs():
    s = new("scalade-double", seed=5)
    rungs = {"diamond_ladder_1": "9♦", "diamond_ladder_2": "Q♦", "heart_ladder_1": "10♥", "heart_ladder_2": "K♥",
             "spade_ladder_1": "4♠", "spade_ladder_2": "8♠", "club_ladder_1": "3♣", "club_ladder_2": "6♣"}
    holders = {"diamond_ladder_1": 0, "diamond_ladder_2": 2, "heart_ladder_1": 1, "heart_ladder_2": 1,
               "spade_ladder_1": 2, "spade_ladder_2": 2, "club_ladder_1": None, "club_ladder_2": 0}
    markers = {"diamonds": (0, 2), "hearts": (None, 0), "spades": (2, 1), "clubs": (None, 0)}
    delta, last = score_last_trick(s, rungs, holders, markers)
    bonus = 3 + 4                                       # the two lowest rungs, 3♣ and 4♠
    expected = [9 * 3 + 6, 10 + 18, 15 + (4 + 8) * 2]   # seat 0's diamond ladder has the marker (count 2)
    assert delta == [expected[p] + (bonus if p == last else 0) for p in range(3)]
    # Diamonds are split: the marker goes; hearts both held by seat 1: a new marker; spades: one more.
    assert SC.var(s, "marker_holder") == {"diamonds": None, "hearts": 1, "spades": 2, "clubs": None}
    assert SC.var(s, "marker_count") == {"diamonds": 0, "hearts": 1, "spades": 2, "clubs": 0}


def test_double_scalade_escalates_on_every_second_pass():
    s = new("scalade-double", seed=2)
    set_rung(s, "diamond_ladder_1", "6♦")
    set_rung(s, "diamond_ladder_2", "A♦")
    give_hands(s, {1: ["3♦"], 2: ["4♦"], 0: ["5♦"]})
    SC.play(s, "3♦", "4♦", "5♦")                       # the upper ladder goes A -> 3 -> 4 -> 5
    assert rung(s, "diamond_ladder_2") == ["5♦"]
    assert SC.var(s, "passes")["diamonds"] == 1 and SC.var(s, "escalations")["diamonds"] == 0
    # The lower ladder comes round too: the second pass is the escalation.
    set_rung(s, "diamond_ladder_2", "8♦")
    set_rung(s, "diamond_ladder_1", "K♦")
    leader = G.current_player(s)
    give_hands(s, {leader: ["A♦"], (leader + 1) % 3: ["3♦"], (leader + 2) % 3: ["4♦"]})
    u = s.rules.universe
    for p in range(3):                                 # keep 5♦ out of the trick: it is not needed
        for c in list(SC.zone(s, "hand", p)):
            if u.names[c] == "5♦":
                swap(s, c, next(d for d in SC.zone(s, "discard") if u.suit_of[d] != "diamonds"))
    SC.refresh(s)
    SC.play(s, "A♦", "3♦", "4♦")                       # K -> A -> 3 -> 4 ... 5♦ sits in the discard
    assert SC.var(s, "passes")["diamonds"] == 1
    set_rung(s, "diamond_ladder_1", "4♦")
    leader = G.current_player(s)
    give_hands(s, {leader: ["5♦"]})
    SC.play(s, "5♦")
    finish_trick(s)
    assert SC.var(s, "passes")["diamonds"] == 2 and SC.var(s, "escalations")["diamonds"] == 1


# -- the end of the game -----------------------------------------------------------------------

def end_hand_with(s, **values):
    """Go to the last trick, set state variables ({name: value} or {name: {key: value}}), finish the hand."""
    play_to_trick(s, SC.var(s, "hand_size"))
    calm(s)
    for name, value in values.items():
        if isinstance(value, dict):
            for key, v in value.items():
                SC.set_var(s, name, v, key)
        else:
            SC.set_var(s, name, value)
    hand = s.hand_no
    while s.hand_no == hand and not G.is_over(s):
        G.apply_index(s, 0)


def test_advance_suit_ties_go_by_the_hierarchy():
    s = new(seed=4)
    end_hand_with(s, passes={"hearts": 1, "spades": 1, "diamonds": 1},
                  escalations={"hearts": 1, "spades": 1, "diamonds": 1})
    assert SC.var(s, "advance") == "spades"
    end_hand_with(s, passes={"clubs": 3}, escalations={"clubs": 3})
    assert SC.var(s, "advance") == "spades"            # decided once, for good
    s = new(seed=4)
    end_hand_with(s, passes={"hearts": 1, "diamonds": 1}, escalations={"hearts": 1, "diamonds": 1})
    assert SC.var(s, "advance") == "hearts"


def test_slow_escalations_shorten_the_game():
    s = new(seed=6)
    end_hand_with(s, game_hand=7)
    assert SC.var(s, "advance") is None and SC.var(s, "target") == 3      # no escalation after hand 7
    end_hand_with(s, game_hand=14)
    assert SC.var(s, "target") == 3                                      # the first is late, the second not yet
    end_hand_with(s, game_hand=21)
    assert SC.var(s, "target") == 2 and not G.is_over(s)                 # first missing after 14, second after 21
    end_hand_with(s, game_hand=28)
    assert G.is_over(s)                                                  # the game always ends after hand 28


def test_one_early_escalation_keeps_the_target_at_three():
    """The first escalation came before hand 14, the second not by hand 21: three, not two."""
    s = new(seed=6)
    end_hand_with(s, game_hand=7)
    assert SC.var(s, "target") == 3
    end_hand_with(s, game_hand=10, advance="clubs", passes={"clubs": 1}, escalations={"clubs": 1})
    end_hand_with(s, game_hand=14)
    end_hand_with(s, game_hand=21)
    assert SC.var(s, "target") == 3 and not G.is_over(s)


def test_target_reached_ends_the_game():
    s = new(seed=6)
    end_hand_with(s, game_hand=14, advance="clubs", passes={"clubs": 1}, escalations={"clubs": 1})
    assert SC.var(s, "target") == 3 and not G.is_over(s)                 # 1 of 2 after hand 14
    end_hand_with(s, passes={"clubs": 3}, escalations={"clubs": 3})
    assert G.is_over(s)
    result = G.result(s)
    assert result["metrics"]["advance"] == "clubs" and result["metrics"]["escalations"]["clubs"] == 3
    assert len(result["metrics"]["trumps"]) == result["hands"] == 2


@pytest.mark.parametrize("goal,after,expected", [(2, 7, 1), (3, 7, 2), (3, 14, 2), (4, 21, 2)])
def test_shorter_games_shorten_the_same_way(goal, after, expected):
    s = new(seed=6, escalation_goal=goal)
    for hand in range(7, after + 1, 7):
        end_hand_with(s, game_hand=hand)
    assert SC.var(s, "target") == expected
    end_hand_with(s, game_hand=7 * goal)
    assert G.is_over(s)


def test_one_escalation_game_ends_when_it_comes():
    s = new(seed=6, escalation_goal=1)
    end_hand_with(s, passes={"hearts": 1}, escalations={"hearts": 1})
    assert G.is_over(s) and G.result(s)["metrics"]["advance"] == "hearts"


# -- rubber and partnerships --------------------------------------------------------------------

def test_rubber_starts_a_new_game_after_each_game():
    s = new("scalade-rubber", seed=8)
    end_hand_with(s, passes={"clubs": 1}, escalations={"clubs": 1})
    assert not G.is_over(s)
    won = SC.var(s, "games_won")
    assert sum(won) >= 1 and max(won) == 1
    # Everything of a game starts again: the ladders, scores, escalations, markers.
    assert {k: rung(s, k)[0] for k in SINGLE_LADDERS} == {
        "diamond_ladder": "5♦", "heart_ladder": "6♥", "spade_ladder": "7♠", "club_ladder": "8♣"}
    assert SC.var(s, "score") == [0, 0, 0] and SC.var(s, "advance") is None
    assert set(SC.var(s, "holder").values()) == {None}
    assert SC.var(s, "game_hand") == 1 and s.hand_no == 2


def test_rubber_match_is_won_by_the_first_to_two_games():
    r = rules("scalade-rubber")
    for seed in range(4):
        s, result = play_checked(r, 3, seed)
        won = result["metrics"]["games_won"]
        assert max(won) == 2 and result["scores"] == won
        assert result["winners"] == [p for p in range(3) if won[p] == 2]
        assert all(h <= 7 for h in result["metrics"]["game_hands"])
        assert sum(result["metrics"]["game_hands"]) == result["hands"]


@pytest.mark.parametrize("players,teams", [(4, [[0, 2], [1, 3]]), (6, [[0, 3], [1, 4], [2, 5]])])
def test_partnership_scores_are_combined(players, teams):
    r = rules("scalade-partnerships")
    s, result = play_checked(r, players, 11)
    individual = SC.var(s, "score")
    for team in teams:
        total = sum(individual[p] for p in team)
        assert all(result["scores"][p] == total for p in team)
    best = max(sum(individual[p] for p in team) for team in teams)
    assert result["winners"] == sorted(p for team in teams if sum(individual[q] for q in team) == best
                                       for p in team)


# -- invariants -----------------------------------------------------------------------------------

RULESETS = {
    "scalade": [3, 4, 5, 6], "scalade-mobile": [3, 4, 5, 6], "scalade-retromobile": [3, 4, 5, 6],
    "scalade-double": [3, 4, 5, 6], "scalade-capped-2": [3, 4, 5, 6], "scalade-rubber": [3, 4, 5, 6],
    "scalade-partnerships": [4, 6], "scalade-double-partnerships": [4, 6],
}
CASES = [(name, n) for name, counts in RULESETS.items() for n in counts]


def test_every_player_count_is_covered():
    for name, counts in RULESETS.items():
        assert rules(name).player_counts == counts


def _check_games(name, players, games, seed0):
    r = rules(name)
    goal = r.options["escalation_goal"]
    for seed in range(seed0, seed0 + games):
        s, result = play_checked(r, players, seed)      # the pack is checked after every action
        metrics = result["metrics"]
        assert len(metrics["trumps"]) == result["hands"]
        assert set(metrics["escalations"]) == {"clubs", "diamonds", "hearts", "spades"}
        adv, target = metrics["advance"], metrics["target"]
        if "games_won" in metrics:                      # a rubber: several games of at most 7 * goal hands
            assert max(metrics["games_won"]) == r.options["games_to_win"]
            assert sum(metrics["game_hands"]) == result["hands"]
            assert all(h <= 7 * goal for h in metrics["game_hands"])
        else:
            assert result["hands"] <= 7 * goal
            assert result["hands"] == 7 * goal or (adv is not None and metrics["escalations"][adv] >= target)


@pytest.mark.parametrize("name,players", CASES)
def test_random_games_keep_the_pack_whole_and_end(name, players):
    _check_games(name, players, 10, 100)


@pytest.mark.soak
@pytest.mark.parametrize("name,players", CASES)
def test_soak_random_games(name, players):
    _check_games(name, players, 300, 1000)


def test_many_quick_games_without_per_action_checks():
    # More games of the base game, checking the pack at the end only.
    r = rules()
    rng = random.Random(0)
    for seed in range(40):
        s = G.new_game(r, 3, seed)
        while not G.is_over(s):
            G.apply_index(s, rng.randrange(len(G.legal_actions(s))))
        assert G.all_cards(s) == sorted(r.deck(3))
        assert 1 <= G.result(s)["hands"] <= 28
