"""An audit of Escalation and Scala Quaranta against their rule texts, rule by rule.

Each test checks a rule of a text that the games' own test files (tests/test_escalation.py,
tests/test_scala40.py) did not check, with a scripted deal and the outcome worked out by hand."""
import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as SC
from tests import test_escalation as E
from tests import test_scala40 as Q
from tests.test_scala40 import (HEARTS, JUNK, NO_SPADES, act, cards_of, deal, names, options,
                                rules, set_var, stands, to_table, total)


# ================================================================ Scala Quaranta

def _opened_after_draw(name, hand, draw, table=(), **opts):
    """Seat 1 (first to play of two) holds `hand`, has opened, and has drawn `draw`; `table` melds lie out."""
    r = rules(name, **opts)
    s = deal(r, 2, {1: (hand + NO_SPADES + ["6♥", "9♥"])[:13], 0: HEARTS}, draws=[draw])
    set_var(s, "opened", True, 1)
    for meld in table:
        to_table(s, *meld)
    act(s, "draw")
    return s


def test_a_joker_before_seven_eight_is_the_six_and_fixes_what_may_be_added():
    # Joker-7-8 of spades laid with the joker low: it is the six; the five or the nine may be
    # added, the ten may not (it would leave a gap) and the six only takes the joker's place.
    r = rules()
    s = _opened_after_draw("scala40", ["joker", "7♠", "8♠", "5♠", "6♠", "10♠"], "9♠")
    low = [m for m in options(s, "meld") if names(s, m.cards) == sorted(["Joker", "7♠", "8♠"])
           and stands(r, m) == ["6♠", "7♠", "8♠"]]
    high = [m for m in options(s, "meld") if names(s, m.cards) == sorted(["Joker", "7♠", "8♠"])
            and stands(r, m) == ["7♠", "8♠", "9♠"]]
    assert low and high                                  # the player says which by the position
    act(s, "meld", lambda m: m in low)
    added = sorted(names(s, ch.added)[0] for ch in options(s, "add") if len(ch.added) == 1)
    assert "5♠" in added and "9♠" in added
    assert "6♠" not in added and "10♠" not in added
    assert [names(s, ch.added) for ch in options(s, "swap")] == [["6♠"]]


def test_a_joker_next_to_the_ace_and_two_is_the_three_never_the_king():
    r = rules()
    assert [stands(r, m) for m in r.meld_rules.readings(cards_of(r, "joker", "A♠", "2♠"))] == \
        [["A♠", "2♠", "3♠"]]
    # after Q-K the joker can only be the Ace, which counts 11 at the top: 10 + 10 + 11
    tops = r.meld_rules.readings(cards_of(r, "Q♠", "K♠", "joker"))
    assert {tuple(stands(r, m)) for m in tops} == {("J♠", "Q♠", "K♠"), ("Q♠", "K♠", "A♠")}
    assert sorted(r.meld_rules.value(m) for m in tops) == [30, 31]


def test_a_set_needs_different_suits_and_at_most_four_cards():
    r = rules()
    readings = r.meld_rules.readings
    assert readings(cards_of(r, "9♥", "9♣", "9♣")) == []               # the text's bad example
    assert readings(cards_of(r, "3♦", "3♥", "3♠"))
    assert readings(cards_of(r, "K♣", "K♦", "K♥", "K♠"))
    assert readings(cards_of(r, "K♣", "K♦", "K♥", "K♠", "joker")) == []


def test_the_opening_needs_forty_and_the_ace_counts_one_below_the_two():
    # 7-8-9 of clubs and three fives: 24 + 15 = 39, one short.
    short = ["7♣", "8♣", "9♣", "5♦", "5♥", "5♠", "2♦", "J♦", "3♠", "K♣", "A♥", "Q♠", "10♥"]
    s = deal(rules(), 2, {1: short, 0: HEARTS}, draws=["6♥"])
    act(s, "draw")
    assert options(s, "open") == []
    # Three tens and A-2-3-4 of spades: 30 + (1 + 2 + 3 + 4) = 40, exactly enough.
    exact = ["10♣", "10♦", "10♥", "A♠", "2♠", "3♠", "4♠", "7♣", "2♦", "5♦", "J♦", "K♣", "8♥"]
    s = deal(rules(), 2, {1: exact, 0: HEARTS}, draws=["6♥"])
    act(s, "draw")
    opens = options(s, "open")
    assert opens and all(total(s.rules, p) >= 40 for p in opens)
    assert {total(s.rules, p) for p in opens} == {40}


def test_a_player_who_has_not_opened_may_not_add_to_or_take_jokers_from_the_table():
    r = rules()
    s = deal(r, 2, {1: ["8♠", "6♥"] + NO_SPADES, 0: HEARTS}, draws=["2♥"])
    to_table(s, "5♠", "6♠", "7♠")
    SC.zone(s, "table").append(list(cards_of(r, "joker", "7♥", "8♥")))
    act(s, "draw")
    assert options(s, "add") == [] and options(s, "swap") == [] and options(s, "meld") == []


def test_an_opened_player_may_add_a_joker_to_a_meld_without_one():
    s = _opened_after_draw("scala40", ["joker"], "2♥", table=[("5♠", "6♠", "7♠")])
    joker_adds = [ch for ch in options(s, "add") if names(s, ch.added) == ["Joker"]]
    assert {tuple(stands(s.rules, ch.pieces[0])) for ch in joker_adds} == \
        {("4♠", "5♠", "6♠", "7♠"), ("5♠", "6♠", "7♠", "8♠")}
    # once the run holds a joker, a second one may not join it
    s = _opened_after_draw("scala40", ["joker", "joker"], "2♥", table=[("5♠", "6♠", "7♠")])
    act(s, "add", lambda ch: names(s, ch.added) == ["Joker"])
    assert not any("Joker" in names(s, ch.added) for ch in options(s, "add"))


def test_a_set_of_three_with_a_joker_takes_the_fourth_suit():
    r = rules()
    s = _opened_after_draw("scala40", ["10♦"], "2♥")
    SC.zone(s, "table").append(list(cards_of(r, "10♥", "10♠", "joker")))
    Q.refresh(s)
    adds = [ch for ch in options(s, "add") if names(s, ch.added) == ["10♦"]]
    assert adds
    # whichever suit the joker was declared as, only the other missing suit can be added
    for ch in adds:
        assert len(ch.pieces[0].cards) == 4
        assert sorted(stands(r, ch.pieces[0])) == sorted(["10♣", "10♦", "10♥", "10♠"])


def _late_turn(name, hand, draw, table=()):
    """Two players, after the first round: seat 1 has opened, holds `hand`, and draws `draw`."""
    r = rules(name)
    s = deal(r, 2, {1: JUNK, 0: HEARTS}, draws=["2♠", "3♥"])
    for _ in range(2):                          # the first round: both draw and discard
        act(s, "draw")
        act(s, "discard")
    hand_zone, stock = SC.zone(s, "hand", 1), SC.zone(s, "stock")
    stock[:0] = hand_zone[:]                    # set the hand aside at the bottom of the stock
    hand_zone[:] = []
    for name_ in hand:
        card = next(c for c in stock if r.universe.names[c] == name_)
        stock.remove(card)
        hand_zone.append(card)
    card = next(c for c in stock if r.universe.names[c] == draw)
    stock.remove(card)
    stock.append(card)                          # the next card drawn
    for meld in table:
        to_table(s, *meld)
    set_var(s, "opened", True, 1)
    Q.refresh(s)
    act(s, "draw")
    return s


def test_three_sixes_cannot_be_melded_when_no_card_would_be_left_to_discard():
    # The text's example: holding two sixes of different suits and drawing a third.
    s = _late_turn("scala40", ["6♣", "6♦"], "6♥")
    assert names(s, SC.zone(s, "hand", 1)) == sorted(["6♣", "6♦", "6♥"])
    assert options(s, "meld") == []
    assert names(s, options(s, "discard")) == sorted(["6♣", "6♦", "6♥"])
    # ... in the variant without a closing discard, the three sixes close the hand
    s = _late_turn("scala40-close-without-discard", ["6♣", "6♦"], "6♥")
    act(s, "meld")
    assert s.hand_no == 2 and SC.var(s, "score")[1] == 0


def test_the_player_who_closes_scores_nothing_and_the_deal_passes_to_the_left():
    s = Q._close_first_hand("scala40", [0, 0, 0])
    assert SC.var(s, "score") == [Q.JUNK_PENALTY, 0, Q.JUNK_PENALTY]
    # second hand: seat 1 deals, seat 2 (to its left) plays first; all three are dealt 13
    assert SC.var(s, "dealer") == 1
    assert G.current_player(s) == 2
    assert [len(SC.zone(s, "hand", p)) for p in range(3)] == [13, 13, 13]
    assert len(SC.zone(s, "discard")) == 1


def test_the_closing_discard_may_be_a_card_that_fits_a_table_meld():
    # An opened player melds three twos and keeps the 8♠, which fits 5-6-7♠ on the table:
    # discarding it closes (only players who have not opened are barred from playable discards).
    s = _late_turn("scala40", ["8♠", "2♥", "2♦"], "2♣", table=[("5♠", "6♠", "7♠")])
    act(s, "meld", lambda m: names(s, m.cards) == sorted(["2♥", "2♦", "2♣"]))
    assert names(s, options(s, "discard")) == ["8♠"]
    act(s, "discard")
    assert s.hand_no == 2
    assert SC.var(s, "score")[0] > 0 and SC.var(s, "score")[1] == 0


def test_players_out_of_the_game_are_dealt_nothing_and_skipped():
    # Seat 0 reaches 101 in the first hand and retires: seat 1 deals next, seat 2 plays first,
    # then the turn goes from seat 2 straight to seat 1.
    s = Q._close_first_hand("scala40", [10, 0, 0])
    assert SC.var(s, "out") == [True, False, False]
    assert SC.var(s, "dealer") == 1 and G.current_player(s) == 2
    assert [len(SC.zone(s, "hand", p)) for p in range(3)] == [0, 13, 13]
    act(s, "draw")
    act(s, "discard")
    assert G.current_player(s) == 1


def test_the_fixed_penalty_is_only_for_players_who_have_not_opened():
    r = rules("scala40-unopened-100", close_first_turn=True)
    s = deal(r, 3, {1: HEARTS, 0: JUNK, 2: JUNK}, draws=["2♥"])
    set_var(s, "opened", True, 2)                # seat 2 has opened: it counts its cards
    act(s, "draw")
    act(s, "open", lambda p: sum(len(m.cards) for m in p) == 13)
    act(s, "discard")
    assert SC.var(s, "score") == [100, 0, Q.JUNK_PENALTY]


def test_card_values_variant_charges_eleven_to_fourteen_and_a_joker_as_an_ace():
    # JUNK holds A♣ J♦ Q♠ K♣: 95 - 11 - 30 + 14 + 11 + 12 + 13 = 104; a joker in place of the 3♠
    # costs 14 instead of 3 (25 in the base game).
    with_joker = [c if c != "3♠" else "joker" for c in JUNK]
    for name, expected in (("scala40", [Q.JUNK_PENALTY - 3 + 25, 0, Q.JUNK_PENALTY]),
                           ("scala40-card-values", [104 - 3 + 14, 0, 104])):
        r = rules(name, close_first_turn=True)
        s = deal(r, 3, {1: HEARTS, 0: with_joker, 2: JUNK}, draws=["2♥"])
        act(s, "draw")
        act(s, "open", lambda p: sum(len(m.cards) for m in p) == 13)
        act(s, "discard")
        assert SC.var(s, "score") == expected


def test_opening_and_closing_in_one_later_turn_doubles_the_others_scores():
    # Not in the first round: seat 1 has drawn and discarded once and still holds 13 cards.
    for name, factor in (("scala40", 1), ("scala40-double-penalty", 2)):
        r = rules(name)
        hand = HEARTS[:12] + ["2♠"]
        s = deal(r, 2, {1: hand, 0: JUNK}, draws=["3♠", "4♠", "K♥"])
        act(s, "draw")                           # 3♠
        act(s, "discard", lambda c: names(s, [c]) == ["3♠"])
        act(s, "draw")                           # seat 0: 4♠
        act(s, "discard", lambda c: names(s, [c]) == ["4♠"])
        act(s, "draw")                           # K♥: all thirteen hearts and the 2♠
        act(s, "open", lambda p: sum(len(m.cards) for m in p) == 13)
        assert names(s, options(s, "discard")) == ["2♠"]
        act(s, "discard")
        assert SC.var(s, "score") == [factor * Q.JUNK_PENALTY, 0]


# ================================================================ Escalation

def test_escalation_three_players_a_three_hands_the_turn_back():
    hands = {1: ["K♠", "8♣", "9♥", "10♥", "J♣", "Q♣"], 2: ["3♥", "4♦", "5♣", "7♦", "9♣", "K♦"],
             0: ["A♦", "A♣", "Q♦", "Q♥", "K♥", "4♥"]}
    order = [hands[(1 + i) % 3][r] for r in range(6) for i in range(3)]
    s = SC.stacked_game(E.rules(), 3, order + ["6♦", "7♣", "7♥"])
    E.act(s, E.P("K♠"))
    E.act(s, E.SP("3♥"))
    # reversed: back to seat 1, which must beat its own 13
    assert G.current_player(s) == 1 and SC.var(s, "to_beat") == 13
    assert E.legal(s) == {E.TAKE}
    E.act(s, E.TAKE)
    E.act(s, E.P("8♣"))                          # leads anew; play still goes to the right
    assert G.current_player(s) == 0


def test_escalation_a_player_may_go_out_with_a_special_card():
    s = E.deal(4, E.EXAMPLE_HANDS)
    stock = SC.zone(s, "stock")
    SC.zone(s, "stack", 0).extend(stock)
    del stock[:]
    SC.place(s, "stack", ["K♠", "4♣", "9♦", "10♦", "J♦"], owner=0)    # seat 1 keeps only the 3♣
    assert E.hand(s, 1) == ["3♣"]
    E.act(s, E.SP("3♣"))
    assert G.is_over(s) and G.result(s)["winners"] == [1]
    assert G.result(s)["metrics"]["payments"][1] == 0


def test_two_identical_runs_and_two_sets_of_one_rank_may_be_laid():
    # Two packs: 10-J-Q of spades twice (60) opens; so do two sets of kings (60).
    for pair in (["10♠", "J♠", "Q♠"] * 2, ["K♣", "K♦", "K♥", "K♣", "K♦", "K♠"]):
        hand = pair + ["A♣", "4♣", "7♣", "2♦", "5♦", "8♦", "3♥"]
        s = deal(rules(), 2, {1: hand, 0: HEARTS}, up="2♠", draws=["6♥"])
        act(s, "draw")
        act(s, "open", lambda p: len(p) == 2 and sum(len(m.cards) for m in p) == 6)
        assert sorted(names(s, g) for g in SC.zone(s, "table")) == \
            sorted([sorted(pair[:3]), sorted(pair[3:])])


def test_a_discard_taken_must_make_or_extend_a_meld_not_replace_a_joker():
    # The 6♠ on the discard pile makes a set with 6♣ 6♦, so an opened player may take it; but it
    # must then go into a new meld (or extend one), not take the place of the joker in 5-Joker-7♠.
    r = rules()
    s = deal(r, 2, {1: ["6♣", "6♦"] + NO_SPADES, 0: HEARTS}, up="6♠", draws=["2♥"])
    set_var(s, "opened", True, 1)
    to_table(s, "5♠", "joker", "7♠")
    Q.refresh(s)
    act(s, "take_discard")
    assert options(s, "swap") == []
    assert [names(s, m.cards) for m in options(s, "meld")] == [sorted(["6♣", "6♦", "6♠"])]
    act(s, "meld")
    # once it is melded the turn goes on as usual
    assert options(s, "swap") == [] and options(s, "discard")


def test_a_discard_that_can_only_replace_a_joker_cannot_be_taken():
    r = rules()
    s = deal(r, 2, {1: ["6♣"] + NO_SPADES + ["9♥"], 0: HEARTS}, up="6♠", draws=["2♥"])
    set_var(s, "opened", True, 1)
    to_table(s, "5♠", "joker", "7♠")
    Q.refresh(s)
    assert options(s, "take_discard") == []


def test_an_unopened_player_keeps_the_card_that_would_complete_a_set_on_the_table():
    # 10♣ fits the set 10♥ 10♠ 10♦ (the fourth suit): a player who has not opened may not throw it.
    r = rules()
    s = deal(r, 2, {1: ["6♥", "9♥"] + NO_SPADES, 0: HEARTS}, draws=["2♥"])
    to_table(s, "10♥", "10♠", "10♦")
    act(s, "draw")
    assert "10♣" in names(s, SC.zone(s, "hand", 1)) and "10♣" not in names(s, options(s, "discard"))
    assert len(options(s, "discard")) == 14 - 1             # every other card may go


def test_four_of_a_kind_made_by_adding_the_fourth_card_also_goes_under_the_pile():
    s = _opened_after_draw("scala40-four-discarded", ["J♠"], "2♥", table=[("J♣", "J♦", "J♥")])
    act(s, "add", lambda ch: names(s, ch.added) == ["J♠"])
    assert SC.zone(s, "table") == [] or all(g == [] for g in SC.zone(s, "table"))
    assert names(s, SC.zone(s, "discard")[:4]) == sorted(["J♣", "J♦", "J♥", "J♠"])
    assert SC.var(s, "buried") == 4


def test_runs_laid_from_hand_are_at_most_five_long_in_the_old_rule():
    hand = ["4♠", "5♠", "6♠", "7♠", "8♠", "9♠"]
    for name, longest in (("scala40-split-runs", 5), ("scala40", 6)):
        s = _opened_after_draw(name, hand, "2♥")
        assert max(len(m.cards) for m in options(s, "meld")) == longest


def test_the_unopened_may_throw_playable_cards_when_the_option_allows_it():
    for allowed in (False, True):
        r = rules("scala40", discard_playable_unopened=allowed)
        s = deal(r, 2, {1: ["joker", "8♠"] + NO_SPADES, 0: HEARTS}, draws=["2♥"])
        to_table(s, "5♠", "6♠", "7♠")
        act(s, "draw")
        assert ("8♠" in names(s, options(s, "discard"))) == allowed
        assert "Joker" not in names(s, options(s, "discard"))        # a joker never, before opening
