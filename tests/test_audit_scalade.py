"""An audit of two bundled games against their rule texts: Scalade (rulesets/scalade/, every
variant) and Scotch Whist (rulesets/scotch-whist.yaml).

Every figure below (legal moves, trick winners, claims, trumps, scores, the end) is worked out by
hand from the rule TEXT (/work/shared/rules/scalade.txt, scotch-whist.txt), not from the rulesets.
The positions are set by exchanging cards between zones (the pack stays whole) with the helpers of
tests/test_scalade.py; the tricks are then played through the engine.

Checklist, rule by rule: where the ruleset says it, and what tests it ("new" = a worked example in
this file; the other names are tests of tests/test_scalade.py (ts), tests/test_scotch_whist.py (tw)
and tests/test_text_audit_tricks.py (ta, an independent referee playing random games move by move)).

Scalade
  pack 44/48/52 and hands 12/10/8/6 by the table ..... pack, hand_size      ts test_packs_and_hands_follow_the_table
  first grounding, dead cards -> next grounding ...... start_game, hand     ts test_first_grounding..., test_dead_cards...
  deal: half, 2 dead, grounding in, half, 2 spoils ... hand                 ts test_first_grounding_is_dealt_in_the_second_half
  trumps: lowest rung by rank, ties C > S > H > D .... choose_trumps        ts test_mobile_example_from_the_text;
                                                                            new test_static_trumps_of_the_next_hand_follow_the_lowest_rung
  follow suit, highest trump / card of suit led ...... tricks               ta (referee), tw
  claim: next rank up; run in any order; gaps ........ find_claims          ts test_a_claim_can_jump..., test_a_gap...
  4 follows the Ace (3 when the 3s are in) ........... cycle                ts test_ranks_wrap...; new test_four_players_wrap_from_the_ace_to_the_three
  spoils join the penultimate trick .................. add_spoils           ts test_the_spoils_join...
  ladder scores, rung values (A = 1) ................. score_hand           ts test_an_ace_rung...
  final-trick bonus from the rungs AFTER the last trick                     new test_the_last_trick_claims_before_its_bonus_is_counted
  holding multipliers 1, 2, 3 / marker passes on ..... score_hand           ts test_multipliers_of_one_two_and_three
  a ladder lost and won back within the hand keeps its multiplier           new test_a_ladder_lost_and_won_back_in_the_hand_keeps_its_multiplier
  escalation: back at (or past) the starting rung .... apply_claims         ts test_ranks_wrap...; new test_the_last_trick_claims... (advance suit)
  advance suit, ties by the hierarchy ................ check_end            ts test_advance_suit_ties_go_by_the_hierarchy
  slow games (hands 7, 14, 21), end after 28 ......... check_end            ts test_slow_escalations..., test_one_early...
  Mobile: trumps again before each trick ............. before_each_trick    ts test_mobile_example_from_the_text;
                                                                            new test_mobile_the_spoils_set_the_trumps_of_the_last_trick
  Retromobile: rungs move, then trumps, then winner .. after_each_play      ts test_retromobile_decides...;
                                                                            new test_retromobile_the_spoils_decide_the_penultimate_trick
  Double: two ladders a suit; blocked / abutting ladders; both in one trick new test_double_two_ladders_of_a_suit_in_one_trick,
                                                                            new test_double_an_abutting_lower_ladder_is_stuck
  Double: trumps from the lowest of eight rungs, 3 low new test_static_trumps_of_the_next_hand_follow_the_lowest_rung
  Double: bonus = two lowest rung values; markers need both ladders         ts test_double_scalade_markers...
  Double: escalation every second pass ............... passes_per_escalation ts test_double_scalade_escalates...
  capped multipliers, cap 1 .......................... holding_cap          ts test_capped_multiplier, test_a_cap_of_one...
  Rubber: one-escalation games, first to two ......... scalade-rubber       ts test_rubber_...
  Rubber: a tied game is won by both, a tied match shared (reading)         new test_rubber_a_tied_game_is_won_by_both...
  variants combined (Mobile/Retromobile Double, Retromobile Rubber, Mobile partnerships): tests/rulesets_review16/
                                                                            new test_combined_variants_refereed_move_by_move,
                                                                            new test_combined_variant_scenarios
  partnerships: individual play, summed scores ....... end                  ts test_partnership_scores_are_combined
  every variant plays the same game every way (autoplay, stops, logged, step by step, rules check)
                                                                            new test_variants_play_the_same_games_every_way

Scotch Whist
  36 cards (35 at 5 and 7, no 6♣), all dealt ......... pack                 tw test_pack_and_deal_sizes
  dealer's last card turned up sets trumps ........... reveal, set          tw, ta
  trumps J A K Q 10 9 8 7 6 .......................... orders.strength      tw test_trump_jack_beats...
  left of dealer leads, follow suit .................. tricks               tw test_player_left_of_dealer...
  trick score: cards beyond the deal (never negative)  score_hand           tw test_trick_score_is_cards_won...
  scoring order 10, tricks, A, K, Q, J; first past 41  score_hand           tw test_race_to_41... (10 before tricks);
                                                                            new test_scotch_honours_are_scored_in_the_texts_order
  seven players: 5 cards each, clubs trumps without the 6♣                  new test_scotch_seven_players_clubs_trumps_without_the_six

Found on the way (fixed, each with its test here): `--option NAME=[a, b]` for a list option was read
as '[a', 'b]' (test_a_list_option_from_the_command_line); a suit_hierarchy option without every suit
failed with a type error inside the trump rule (test_a_suit_hierarchy_without_every_suit_...); a list
under `extends:` (two variants combined) had no hint (test_extending_two_variants_at_once_...).
"""
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as SC

from tests import scripted
from tests.test_review_unseen import _compare, _load
from tests.test_scalade import calm, finish_trick, new, play_to_trick, put, rung, set_rung, trick_events

SUITS = ("clubs", "diamonds", "hearts", "spades")
NO_MARKERS = {su: (None, 0) for su in SUITS}


def position(s, trick, rungs, hands, spoils=(), holders=None, markers=None, trumps=None):
    """Trick `trick` of the first hand about to be led, with these rungs, exactly these hands
    ({seat offset from the leader: [cards]}), spoils, holders ({ladder: seat offset or None}; every
    other ladder unheld), markers ({suit: (seat offset, count)}) and trump suit.  Returns the
    leader's seat."""
    play_to_trick(s, trick)
    lead = G.current_player(s)
    for ladder, card in rungs.items():
        set_rung(s, ladder, card)
    for off, cards in hands.items():
        p = (lead + off) % s.n
        assert len(cards) == len(SC.zone(s, "hand", p)), (p, cards)
        for i, name in enumerate(cards):
            put(s, name, "hand", p, i)
    for i, name in enumerate(spoils):
        put(s, name, "spoils", None, i)
    for ladder in SC.var(s, "holder"):
        off = (holders or {}).get(ladder)
        SC.set_var(s, "holder", None if off is None else (lead + off) % s.n, ladder)
    for su in SUITS:
        off, k = (markers or {}).get(su, (None, 0))
        SC.set_var(s, "marker_holder", None if off is None else (lead + off) % s.n, su)
        SC.set_var(s, "marker_count", k, su)
    if trumps is not None:
        SC.set_var(s, "trumps", trumps)
        SC.set_var(s, "hand_trumps", trumps)
    SC.refresh(s)
    return lead


def legal(s):
    return sorted(SC.describe(s, a) for a in G.legal_actions(s))


# -- Retromobile and Mobile: the spoils in the penultimate trick ------------------------------------

PENULTIMATE = dict(
    rungs={"diamond_ladder": "6♦", "heart_ladder": "7♥", "spade_ladder": "8♠", "club_ladder": "9♣"},
    # The leader leads K♦, the next player must follow with A♦, the third has no diamond and
    # plays 4♥.  The spoils 7♦ 8♦ lift diamonds from 6 to 8, so the lowest rung becomes 7♥.
    hands={0: ["K♦", "5♠"], 1: ["A♦", "6♠"], 2: ["4♥", "Q♠"]},
    spoils=["7♦", "8♦"],
    trumps="diamonds",               # 6♦ is the lowest rung when the trick starts
)


@pytest.mark.parametrize("name,winner,last_trumps", [
    ("scalade", 1, "diamonds"),               # Static: diamonds all hand; A♦ wins
    ("scalade-mobile", 1, "hearts"),          # Mobile: A♦ wins; the new rungs make hearts trumps next
    ("scalade-retromobile", 2, "hearts"),     # Retromobile: hearts are trumps for this very trick
])
def test_retromobile_the_spoils_decide_the_penultimate_trick(name, winner, last_trumps):
    s = new(name, seed=3)
    lead = position(s, 11, **PENULTIMATE)
    seat = [(lead + k) % 3 for k in range(3)]
    assert legal(s) == ["5♠", "K♦"]
    SC.play(s, "K♦")
    assert G.current_player(s) == seat[1] and legal(s) == ["A♦"]          # must follow diamonds
    SC.play(s, "A♦")
    assert G.current_player(s) == seat[2] and legal(s) == ["4♥", "Q♠"]    # no diamond: anything
    SC.play(s, "4♥")
    assert trick_events(s)[-1]["winner"] == seat[winner]
    # Whoever wins takes the diamond ladder at 8 (7♦ 8♦ from the spoils climb from 6).
    assert rung(s, "diamond_ladder") == ["8♦"] and SC.var(s, "holder")["diamond_ladder"] == seat[winner]
    assert not SC.zone(s, "spoils")
    assert SC.var(s, "trumps") == last_trumps
    # Last trick: the winner leads a spade; no one has a trump; Q♠ (third seat) wins.
    assert G.current_player(s) == seat[winner]
    for _ in range(3):
        p = G.current_player(s)
        (card,) = SC.names(s, SC.zone(s, "hand", p))
        SC.play(s, card)
    assert trick_events(s)[-1]["winner"] == seat[2]
    # Scores: the diamond ladder (8) to its holder; the last trick's bonus is the lowest rung
    # value after it, 7 (♥); no other ladder is held.
    score = SC.var(s, "score")
    expected = [0, 0, 0]
    expected[seat[winner]] += 8
    expected[seat[2]] += 7
    assert score == expected


# -- the final trick: its claims come before its bonus --------------------------------------------

def test_the_last_trick_claims_before_its_bonus_is_counted():
    """Rungs A♦ 10♥ Q♠ J♣ before the last trick (bonus would be 1).  The trick holds 4♦ and 5♦:
    diamonds climb A -> 4 -> 5, back at the starting rung (an escalation: diamonds become the
    advance suit), and the lowest value after the trick is 5, the bonus."""
    s = new("scalade", seed=5)
    lead = position(
        s, 12,
        rungs={"diamond_ladder": "A♦", "heart_ladder": "10♥", "spade_ladder": "Q♠", "club_ladder": "J♣"},
        hands={0: ["4♦"], 1: ["5♦"], 2: ["9♣"]},
        holders={"heart_ladder": 2, "spade_ladder": 0, "club_ladder": 1},
        # hearts: held by the third seat last hand (count 1) -> double; clubs' marker is the
        # leader's (count 2) but the clubs ladder is the second seat's -> single.
        markers={"hearts": (2, 1), "clubs": (0, 2)},
        trumps="diamonds")
    seat = [(lead + k) % 3 for k in range(3)]
    assert SC.var(s, "escalations")["diamonds"] == 0 and SC.var(s, "advance") is None
    before = list(SC.var(s, "score"))
    SC.play(s, "4♦", "5♦", "9♣")
    assert trick_events(s)[-1]["winner"] == seat[1]                     # 5♦ the highest trump
    delta = [a - b for a, b in zip(SC.var(s, "score"), before)]
    expected = [0, 0, 0]
    expected[seat[0]] = 15                  # Q♠, single
    expected[seat[1]] = 12 + 5 + 5          # J♣ (single: the marker was someone else's), ♦5, bonus 5
    expected[seat[2]] = 10 * 2              # 10♥ held two hands running
    assert delta == expected
    assert SC.var(s, "escalations")["diamonds"] == 1 and SC.var(s, "advance") == "diamonds"
    assert not G.is_over(s) and SC.var(s, "target") == 4
    # The markers after the hand: diamonds new to the second seat, hearts count 2, spades new
    # to the leader, clubs passed to the second seat and back to a count of 1.
    assert SC.var(s, "marker_holder") == {"diamonds": seat[1], "hearts": seat[2], "spades": seat[0],
                                          "clubs": seat[1]}
    assert SC.var(s, "marker_count") == {"diamonds": 1, "hearts": 2, "spades": 1, "clubs": 1}


def test_a_ladder_lost_and_won_back_in_the_hand_keeps_its_multiplier():
    """The second seat held hearts at the end of last hand (marker, count 1).  Trick 11: the leader
    takes it with 8♥.  Trick 12: the second seat, void in spades, trumps the lead with 10♦ while
    the third seat discards 9♥: hearts come back to the second seat at 9, counted double."""
    s = new("scalade", seed=5)
    lead = position(
        s, 11,
        rungs={"diamond_ladder": "5♦", "heart_ladder": "7♥", "spade_ladder": "J♠", "club_ladder": "Q♣"},
        hands={0: ["8♥", "6♠"], 1: ["4♥", "10♦"], 2: ["5♥", "9♥"]},
        spoils=["4♣", "7♣"],
        holders={"heart_ladder": 1}, markers={"hearts": (1, 1)}, trumps="diamonds")
    seat = [(lead + k) % 3 for k in range(3)]
    before = list(SC.var(s, "score"))
    SC.play(s, "8♥")
    assert legal(s) == ["4♥"]
    SC.play(s, "4♥")
    assert legal(s) == ["5♥", "9♥"]
    SC.play(s, "5♥")
    assert trick_events(s)[-1]["winner"] == seat[0]
    assert rung(s, "heart_ladder") == ["8♥"] and SC.var(s, "holder")["heart_ladder"] == seat[0]
    SC.play(s, "6♠", "10♦", "9♥")
    assert trick_events(s)[-1]["winner"] == seat[1]
    assert rung(s, "heart_ladder") == ["9♥"] and SC.var(s, "holder")["heart_ladder"] == seat[1]
    delta = [a - b for a, b in zip(SC.var(s, "score"), before)]
    expected = [0, 0, 0]
    expected[seat[1]] = 9 * 2 + 5           # hearts doubled, and the bonus: ♦5 is the lowest value
    assert delta == expected
    assert SC.var(s, "marker_holder")["hearts"] == seat[1] and SC.var(s, "marker_count")["hearts"] == 2


# -- the wrap with the 3s in the pack ---------------------------------------------------------------

def test_four_players_wrap_from_the_ace_to_the_three():
    """Four players use a 48-card pack with the 3s: the rank after the Ace is then the 3.  From K♦,
    a trick of A♦ 3♦ 4♦ 5♦ climbs K -> A -> 3 -> 4 -> 5: back at the start, an escalation."""
    s = new("scalade", players=4, seed=2)
    assert SC.var(s, "hand_size") == 10
    lead = position(s, 1, rungs={"diamond_ladder": "K♦"}, hands={}, trumps="diamonds")
    seat = [(lead + k) % 4 for k in range(4)]
    for k, name in ((0, "3♦"), (1, "4♦"), (2, "A♦"), (3, "5♦")):
        put(s, name, "hand", seat[k], 0)
    SC.refresh(s)
    SC.play(s, "3♦", "4♦", "A♦", "5♦")
    assert trick_events(s)[-1]["winner"] == seat[2]           # A♦ the highest trump
    assert rung(s, "diamond_ladder") == ["5♦"] and SC.var(s, "holder")["diamond_ladder"] == seat[2]
    assert SC.var(s, "escalations")["diamonds"] == 1


def test_a_three_rung_is_the_lowest_for_trumps_and_the_bonus():
    """Four players: rungs 3♥ (after a wrap) 5♦ 7♠ 8♣ at the last trick: hearts are the lowest
    rung; the bonus is 3."""
    s = new("scalade", players=4, seed=2)
    size = SC.var(s, "hand_size")
    play_to_trick(s, size)
    for ladder, card in {"heart_ladder": "3♥", "diamond_ladder": "5♦", "spade_ladder": "7♠",
                         "club_ladder": "8♣"}.items():
        set_rung(s, ladder, card)
    calm(s)
    for ladder in SC.var(s, "holder"):
        SC.set_var(s, "holder", None, ladder)
    for su in SUITS:
        SC.set_var(s, "marker_holder", None, su)
        SC.set_var(s, "marker_count", 0, su)
    SC.refresh(s)
    before = list(SC.var(s, "score"))
    last = finish_trick(s)["winner"]
    delta = [a - b for a, b in zip(SC.var(s, "score"), before)]
    assert delta == [3 if p == last else 0 for p in range(4)]
    assert SC.var(s, "trumps") == "hearts"                    # the next hand's trumps: 3♥ lowest


# -- Double Scalade ---------------------------------------------------------------------------------

DOUBLE_RUNGS = {"diamond_ladder_1": "5♦", "diamond_ladder_2": "9♦", "heart_ladder_1": "6♥",
                "heart_ladder_2": "9♥", "spade_ladder_1": "7♠", "spade_ladder_2": "J♠",
                "club_ladder_1": "8♣", "club_ladder_2": "K♣"}


def test_double_two_ladders_of_a_suit_in_one_trick():
    """Diamond rungs 5 and 9: a trick of 6♦ 10♦ 7♦ lifts the lower to 7 (6, 7) and the upper to 10;
    the winner (10♦, trumps) takes both."""
    s = new("scalade-double", seed=4)
    lead = position(s, 1, rungs=DOUBLE_RUNGS, hands={}, trumps="diamonds")
    seat = [(lead + k) % 3 for k in range(3)]
    for k, name in ((0, "6♦"), (1, "10♦"), (2, "7♦")):
        put(s, name, "hand", seat[k], 0)
    SC.refresh(s)
    SC.play(s, "6♦", "10♦", "7♦")
    assert trick_events(s)[-1]["winner"] == seat[1]
    assert rung(s, "diamond_ladder_1") == ["7♦"] and rung(s, "diamond_ladder_2") == ["10♦"]
    holder = SC.var(s, "holder")
    assert holder["diamond_ladder_1"] == holder["diamond_ladder_2"] == seat[1]
    assert SC.var(s, "passes")["diamonds"] == 0


def test_double_an_abutting_lower_ladder_is_stuck():
    """Diamond rungs 6 (lower) and 7 (upper): the next diamond above the lower rung is the upper
    rung itself, so a trick of 8♦ 9♦ moves only the upper ladder, and the lower cannot move again
    this hand (7♦ is in the discard pile)."""
    s = new("scalade-double", seed=4)
    rungs = dict(DOUBLE_RUNGS, diamond_ladder_1="6♦", diamond_ladder_2="7♦")
    void = ["4♠", "5♠", "6♠", "9♠", "10♠", "Q♠", "K♠", "A♠", "3♣", "4♣", "5♣", "6♣"]   # no diamond
    lead = position(s, 1, rungs=rungs, hands={2: void}, holders={"diamond_ladder_1": 2}, trumps="diamonds")
    seat = [(lead + k) % 3 for k in range(3)]
    put(s, "9♦", "hand", seat[0], 0)
    put(s, "8♦", "hand", seat[1], 0)
    SC.refresh(s)
    SC.play(s, "9♦", "8♦", "4♠")
    assert trick_events(s)[-1]["winner"] == seat[0]
    assert rung(s, "diamond_ladder_2") == ["9♦"] and SC.var(s, "holder")["diamond_ladder_2"] == seat[0]
    assert rung(s, "diamond_ladder_1") == ["6♦"] and SC.var(s, "holder")["diamond_ladder_1"] == seat[2]
    assert "7♦" in SC.names(s, SC.zone(s, "discard"))


@pytest.mark.parametrize("low,trumps", [({"diamond_ladder_2": "3♦", "club_ladder_1": "3♣"}, "clubs"),
                                        ({"diamond_ladder_2": "3♦", "club_ladder_1": "4♣"}, "diamonds"),
                                        ({"heart_ladder_2": "3♥", "spade_ladder_2": "3♠"}, "spades")])
def test_static_trumps_of_the_next_hand_follow_the_lowest_rung(low, trumps):
    """Double Scalade, three players: the 3s are in and rank lowest; the trump suit of a hand is the
    suit of the lowest of the eight rungs, ties to clubs, then spades, hearts, diamonds."""
    s = new("scalade-double", seed=6)
    play_to_trick(s, 12)
    rungs = dict(DOUBLE_RUNGS, diamond_ladder_1="Q♦", diamond_ladder_2="A♦", heart_ladder_1="10♥",
                 heart_ladder_2="K♥", spade_ladder_1="9♠", spade_ladder_2="Q♠", club_ladder_1="10♣",
                 club_ladder_2="A♣")
    rungs.update(low)
    for ladder, card in rungs.items():
        set_rung(s, ladder, card)
    calm(s)
    finish_trick(s)
    assert s.hand_no == 2 and SC.var(s, "trumps") == trumps


# -- every variant, every way ----------------------------------------------------------------------

VARIANTS = [("scalade", 3), ("scalade-mobile", 4), ("scalade-retromobile", 3), ("scalade-double", 5),
            ("scalade-capped-2", 6), ("scalade-rubber", 3), ("scalade-partnerships", 4),
            ("scalade-double-partnerships", 6)]
ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("name,players", VARIANTS)
def test_variants_play_the_same_games_every_way(name, players):
    """Autoplay, stops, logged, step by step, the rules check and closures only give one game."""
    path = ROOT / "rulesets" / "scalade" / f"{name}.yaml"
    outcome = _compare(_load(path), _load(path, plain=True), players, 1, name)
    assert outcome[0] != "error" and outcome[0]["hands"] >= 1


@pytest.mark.soak
@pytest.mark.parametrize("name", sorted({n for n, _ in VARIANTS}))
def test_soak_variants_play_the_same_games_every_way(name):
    path = ROOT / "rulesets" / "scalade" / f"{name}.yaml"
    fast, plain = _load(path), _load(path, plain=True)
    for players in fast.data["players"]["count"]:
        for seed in range(2, 5):
            outcome = _compare(fast, plain, players, seed, name)
            assert outcome[0] != "error"


# -- Scotch Whist ---------------------------------------------------------------------------------

def _scotch(players, seed=4):
    return G.new_game(scripted.load_from(ROOT / "rulesets", "scotch-whist"), players, seed, log=True)


def test_scotch_honours_are_scored_in_the_texts_order():
    """Hearts trumps, four players, nine cards each.  Seat 1 (38) won the K♥, seat 2 (40) the J♥,
    seat 3 the 10♥ Q♥ A♥ and 20 cards.  Lines: 10 (seat 3: 10), tricks (seat 3: 20 - 9 = 11; seats
    1 and 2 have 8 cards: nothing, not minus one), A (seat 3: 4), K (seat 1: 41): seat 1 wins
    there; the J line, which would take seat 2 to 51, is never scored."""
    from tests.test_scotch_whist import _last_trick
    s = _scotch(4)
    SC.set_var(s, "trumps", "hearts")
    SC.set_var(s, "dealt", 9)
    SC.set_var(s, "score", [0, 38, 40, 0])
    r = s.rules
    everything = [r.universe.names[c] for c in r.deck(4)]
    last = {1: "A♠", 2: "6♣", 3: "7♣", 0: "8♣"}
    won = {1: ["K♥", "6♦", "7♦", "8♦"],
           2: ["J♥", "9♦", "10♦", "J♦", "Q♦", "K♦", "A♦", "9♣"]}
    used = set(sum(won.values(), [])) | set(last.values())
    won[3] = [c for c in everything if c not in used]
    assert len(won[3]) == 20 and {"10♥", "Q♥", "A♥"} <= set(won[3])
    _last_trick(s, won, last)
    assert G.current_player(s) == 1
    assert scripted.legal_texts(s) == ["A♠"]
    SC.play(s, "A♠", "6♣", "7♣", "8♣")
    assert trick_events_of(s)[-1]["winner"] == 1
    assert G.is_over(s)
    assert SC.var(s, "score") == [0, 41, 40, 25]
    assert G.result(s)["winners"] == [1]


def trick_events_of(s):
    return [e for e in s.events if e.get("event") == "trick"]


SEVEN = {1: ["A♣", "6♦", "7♦", "8♦", "9♦"],
         2: ["J♣", "10♦", "J♦", "Q♦", "K♦"],
         3: ["A♦", "6♥", "7♥", "8♥", "9♥"],
         4: ["7♣", "10♥", "J♥", "Q♥", "K♥"],
         5: ["A♥", "6♠", "7♠", "8♠", "9♠"],
         6: ["8♣", "10♠", "J♠", "Q♠", "K♠"],
         0: ["A♠", "10♣", "Q♣", "K♣", "9♣"]}      # the dealer's last card: clubs are trumps


def test_scotch_seven_players_clubs_trumps_without_the_six():
    """Seven players: 35 cards (no 6♣), five each, dealt one at a time from seat 1; the dealer's
    fifth card, 9♣, makes clubs trumps.  Trick 1: A♣ led, J♣ (the top trump) wins.  Trick 2: K♦
    led by seat 2; seats without diamonds play anything; seat 0 trumps with Q♣ and wins."""
    rules = scripted.load_from(ROOT / "rulesets", "scotch-whist")
    assert "6♣" not in [rules.universe.names[c] for c in rules.deck(7)] and len(rules.deck(7)) == 35
    s = SC.stacked_game(rules, 7, scripted.deal_order(SEVEN, [1, 2, 3, 4, 5, 6, 0]), log=True)
    assert [sorted(SC.names(s, h)) for h in SC.zone(s, "hand")] == [sorted(SEVEN[p]) for p in range(7)]
    assert SC.var(s, "trumps") == "clubs" and SC.var(s, "dealt") == 5
    T = scripted.turn
    T(s, 1, SEVEN[1], "A♣")
    T(s, 2, ["J♣"], "J♣")
    T(s, 3, SEVEN[3], "A♦")
    T(s, 4, ["7♣"], "7♣")
    T(s, 5, SEVEN[5], "6♠")
    T(s, 6, ["8♣"], "8♣")
    T(s, 0, ["10♣", "Q♣", "K♣", "9♣"], "K♣")
    assert trick_events_of(s)[-1]["winner"] == 2
    T(s, 2, ["10♦", "J♦", "Q♦", "K♦"], "K♦")
    T(s, 3, ["6♥", "7♥", "8♥", "9♥"], "6♥")
    T(s, 4, ["10♥", "J♥", "Q♥", "K♥"], "10♥")
    T(s, 5, ["A♥", "7♠", "8♠", "9♠"], "7♠")
    T(s, 6, ["10♠", "J♠", "Q♠", "K♠"], "10♠")
    T(s, 0, ["A♠", "10♣", "Q♣", "9♣"], "Q♣")
    T(s, 1, ["6♦", "7♦", "8♦", "9♦"], "9♦")
    assert trick_events_of(s)[-1]["winner"] == 0
    assert G.current_player(s) == 0


# -- the variants combined, refereed move by move -----------------------------------------------------

# tests/rulesets_review16/ combines the text's variants the way a designer would (extends: plus the
# hooks of the trump variants); the referee of tests/test_text_audit_tricks.py, written from the text,
# checks every legal move, trick winner, rung, holder, marker and score.
COMBOS = [("scalade-mobile-double", 3, {"double": True, "trumps": "mobile"}),
          ("scalade-mobile-double", 5, {"double": True, "trumps": "mobile"}),
          ("scalade-retromobile-double", 4, {"double": True, "trumps": "retro"}),
          ("scalade-retromobile-double", 6, {"double": True, "trumps": "retro"}),
          ("scalade-retromobile-rubber", 3, {"trumps": "retro", "cap": 2, "goal": 1, "rubber": True}),
          ("scalade-mobile-partnerships", 4, {"trumps": "mobile", "teams": [[0, 2], [1, 3]]}),
          ("scalade-mobile-partnerships", 6, {"trumps": "mobile", "teams": [[0, 3], [1, 4], [2, 5]]})]
# the bundled variants at the player counts test_text_audit_tricks.py leaves out
BUNDLED = [("scalade-mobile", 5, {"trumps": "mobile"}), ("scalade-mobile", 6, {"trumps": "mobile"}),
           ("scalade-retromobile", 4, {"trumps": "retro"}), ("scalade-retromobile", 6, {"trumps": "retro"}),
           ("scalade-double", 5, {"double": True}), ("scalade-double", 6, {"double": True}),
           ("scalade-capped-2", 5, {"cap": 2}), ("scalade-rubber", 6, {"goal": 1, "rubber": True}),
           ("scalade-partnerships", 6, {"teams": [[0, 3], [1, 4], [2, 5]]}),
           ("scalade-double-partnerships", 4, {"double": True, "teams": [[0, 2], [1, 3]]})]


def _refereed(path, players, how, seeds):
    from tests.test_text_audit_tricks import Driver, ScaladeReferee
    rules = _load(ROOT / path)
    for seed in seeds:
        Driver(rules, players, seed, ScaladeReferee(players, **how)).run()


@pytest.mark.parametrize("name,players,how", COMBOS)
def test_combined_variants_refereed_move_by_move(name, players, how):
    _refereed(f"tests/rulesets_review16/{name}.yaml", players, how, range(3))


@pytest.mark.parametrize("name,players,how", BUNDLED)
def test_other_player_counts_refereed_move_by_move(name, players, how):
    _refereed(f"rulesets/scalade/{name}.yaml", players, how, range(2))


@pytest.mark.soak
@pytest.mark.parametrize("name,players,how", COMBOS)
def test_soak_combined_variants_refereed(name, players, how):
    _refereed(f"tests/rulesets_review16/{name}.yaml", players, how, range(3, 203))


@pytest.mark.soak
@pytest.mark.parametrize("name,players,how", BUNDLED)
def test_soak_other_player_counts_refereed(name, players, how):
    _refereed(f"rulesets/scalade/{name}.yaml", players, how, range(2, 202))


def _scenarios():
    from interpreter.authoring.runner import run_file
    outcomes, problems = run_file(str(ROOT / "tests" / "rulesets_review16" / "scenarios-combined.yaml"))
    assert not problems
    return [pytest.param(o, id=o.name[:40]) for o in outcomes]


@pytest.mark.parametrize("outcome", _scenarios())
def test_combined_variant_scenarios(outcome):
    """tests/rulesets_review16/scenarios-combined.yaml (`rules test`): Mobile and Retromobile Double."""
    assert not outcome.diagnostics, "\n".join(d.format() for d in outcome.diagnostics)


def test_extending_two_variants_at_once_is_refused_with_a_hint(tmp_path):
    """A designer combining Mobile and Double Scalade may list both files under `extends`: the
    error says where, and the hint says how to combine them instead."""
    from interpreter.ruleset.loader import load_ruleset
    path = tmp_path / "mobile-double.yaml"
    base = ROOT / "rulesets" / "scalade"
    path.write_text(f"name: Mobile Double\nextends: [{base / 'scalade-mobile.yaml'}, {base / 'scalade-double.yaml'}]\n",
                    encoding="utf-8")
    loaded = load_ruleset(str(path))
    [d] = loaded.diagnostics
    assert (d.line, d.col, d.rule) == (2, 10, "extends")
    assert "extends one file" in (d.hint or "") and "combine two variants" in d.hint


# -- Rubber: a tie for a game's highest total --------------------------------------------------------

def _rubber_game_ends_in_a_tie(s, partner):
    """Last trick of a hand with no ladder held: the leader's 9♠, then 10♠ (wins: no trump played),
    then 4♣; the bonus is the lowest rung value, 5 (♦), for the second seat.  The scores before are
    set so that the second seat (15 + 5) ends level with seat `partner` (20; offsets from the
    leader), and a clubs escalation ends the game."""
    lead = position(s, SC.var(s, "hand_size"),
                    rungs={"diamond_ladder": "5♦", "heart_ladder": "6♥", "spade_ladder": "7♠",
                           "club_ladder": "8♣"},
                    hands={0: ["9♠"], 1: ["10♠"], 2: ["4♣"]}, trumps="diamonds")
    seat = [(lead + k) % 3 for k in range(3)]
    score = [3, 3, 3]
    score[seat[1]], score[seat[partner]] = 15, 20
    SC.set_var(s, "score", score)
    SC.set_var(s, "passes", 1, "clubs")
    SC.set_var(s, "escalations", 1, "clubs")
    SC.play(s, "9♠", "10♠", "4♣")
    assert trick_events(s)[-1]["winner"] == seat[1]
    return seat


def test_rubber_a_tied_game_is_won_by_both_and_a_tied_match_shared():
    """Reading (the text is silent): equal highest totals each win the game; two players reaching two
    games in the same game share the match."""
    s = new("scalade-rubber", seed=8)
    seat = _rubber_game_ends_in_a_tie(s, 0)
    assert seat == [0, 1, 2]                        # (the last trick's leader, after random play)
    assert not G.is_over(s)
    assert SC.var(s, "games_won") == [1, 1, 0]      # seats 0 and 1 both on 20
    assert SC.var(s, "score") == [0, 0, 0] and SC.var(s, "advance") is None     # a new game
    seat = _rubber_game_ends_in_a_tie(s, 2)
    assert seat == [2, 0, 1]
    assert G.is_over(s)
    result = G.result(s)
    assert result["scores"] == [2, 2, 0] and result["winners"] == [0, 1]


# -- options from the command line -----------------------------------------------------------------

@pytest.mark.parametrize("text", ["[hearts, clubs, spades, diamonds]", "[hearts,clubs,spades,diamonds]",
                                  "hearts,clubs,spades,diamonds", "['hearts', 'clubs', 'spades', 'diamonds']"])
def test_a_list_option_from_the_command_line(text):
    """`--option suit_hierarchy=[hearts, clubs, spades, diamonds]`, written as in YAML, is that list
    of four suits (it was read as '[hearts', ..., 'diamonds]', and every game then stopped with an
    error in choose_trumps); the comma-separated form stays as it was."""
    from interpreter.ruleset.loader import load_ruleset
    loaded = load_ruleset(str(ROOT / "rulesets" / "scalade" / "scalade.yaml"), {"suit_hierarchy": text})
    assert loaded.ok
    assert loaded.rules.options["suit_hierarchy"] == ["hearts", "clubs", "spades", "diamonds"]
    # Hearts now win ties: with every rung on 7, hearts are trumps (not clubs).
    s = G.new_game(loaded.rules, 3, 1, log=True)
    play_to_trick(s, 12)
    for ladder, card in {"diamond_ladder": "7♦", "heart_ladder": "7♥", "spade_ladder": "7♠",
                         "club_ladder": "7♣"}.items():
        set_rung(s, ladder, card)
    calm(s)
    finish_trick(s)
    assert s.hand_no == 2 and SC.var(s, "trumps") == "hearts"


def test_a_suit_hierarchy_without_every_suit_stops_with_a_clear_error():
    """--option suit_hierarchy=hearts,clubs: the ruleset's own check says what is wrong, at the
    start, instead of a type error deep in the trump rule."""
    from interpreter.ruleset.loader import load_ruleset
    loaded = load_ruleset(str(ROOT / "rulesets" / "scalade" / "scalade.yaml"), {"suit_hierarchy": "hearts,clubs"})
    assert loaded.ok
    with pytest.raises(G.GameError, match="suit_hierarchy must list the four suits"):
        G.new_game(loaded.rules, 3, 1)
