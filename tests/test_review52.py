"""An independent check of the engine against docs/reference.md: each test names a sentence of the
reference (a section, a construct of the expressions, a built-in function, a step kind) and compares the
engine with what that sentence says, on ordinary and edge inputs (empty lists, none, ties, positions
out of range, negative numbers, identical copies).  The expected values are written here from the
docs, never computed by the engine.  Rulesets are tiny and written inline."""
from __future__ import annotations

import json
import tempfile
from functools import lru_cache
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from interpreter.ruleset.loader import load_ruleset

_DIR = Path(tempfile.mkdtemp(prefix="review52-"))
_count = [0]

# Nine ranks in four suits, two jokers of one kind: `plain` ranks them, `value` gives points.
PACK = """name: Probe
players: {count: [2, 3, 4], default: 3}
pack: {ranks: ["9", "10", J, Q, K, A], jokers: 2}
orders: {plain: ["9", "10", J, Q, K, A]}
points: {value: {values: {A: 11, "10": 10, K: 4}}}
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
  pile: {visibility: public}
  trick: {visibility: public}
  won: {per: player, visibility: hidden}
"""


def _load(text):
    """The load result of a ruleset written out to a file of its own."""
    _count[0] += 1
    path = _DIR / f"game{_count[0]}.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(str(path))


def _rules(text):
    loaded = _load(text)
    assert loaded.ok, "\n".join(d.format() for d in loaded.diagnostics)
    return loaded.rules


def _errors(text):
    """The errors of a ruleset, each as (line, message, hint)."""
    loaded = _load(text)
    return [(d.line, d.message, d.hint or "") for d in loaded.diagnostics if d.severity == "error"]


def _error(text):
    errors = _errors(text)
    assert len(errors) == 1, errors
    return errors[0]


def _names(s, value):
    """Card ids as names (a card, a list of cards, a list of lists of cards); other values as they are."""
    u = s.rules.universe
    if isinstance(value, (list, tuple)):
        return [_names(s, v) for v in value]
    if isinstance(value, int) and not isinstance(value, bool):
        return u.names[value]
    return value


@lru_cache(maxsize=None)
def _value_rules(expr, head, n):
    return _rules(head + "state:\n  out: {type: any, initial: none}\n"
                  "setup:\n  - deal: {from: stock, to: hand, count: 3}\n"
                  f"  - set: {{out: {json.dumps(expr)}}}\n"
                  "hand:\n  - choose: {player: 0, moves: {stop: {}}}\n")


# the hands dealt by _value: seat 1 first (left of the dealer, seat 0), one card at a time
HANDS = {0: ["A♥", "J♠", "A♠"], 1: ["Joker", "K♠", "10♠"], 2: ["9♣", "Q♦", "K♥"]}


def _value(expr, cards=False, head=PACK, n=3, hands=None):
    """The value of `expr` worked out in a setup step, after a deal of three cards each (HANDS, each
    hand listed in the order dealt); card ids as names with cards=True."""
    hands = hands or HANDS
    rules = _value_rules(expr, head, n)
    order = [hands[(1 + i) % n][k] for k in range(3) for i in range(n)]
    s = S.stacked_game(rules, n, order)
    value = S.var(s, "out")
    return _names(s, value) if cards else value


def _run_error(expr, head=PACK):
    """The message of the error that stops a game at `expr`."""
    with pytest.raises(G.GameError) as err:
        _value(expr, head=head)
    return str(err.value)


# -- Kinds of value: a YAML number or boolean is checked as an expression is -------------------------

@pytest.mark.parametrize("step,line_text", [
    ("- if: 3\n    then: []", "if"),
    ("- end_hand: {when: 3}", "end_hand"),
    ("- turns: {until: 3, do: [{shuffle: stock}]}", "turns"),
    ("- repeat: {while: 2, do: [{shuffle: stock}]}", "repeat"),
    ("- choose: {player: 0, moves: {a: {legal: 1}}}", "choose"),
])
def test_a_number_written_where_a_condition_is_needed_is_an_error_when_the_rules_load(step, line_text):
    line, message, hint = _error(PACK + "hand:\n  " + step + "\n")
    assert line == 13 and "must give a boolean, but it gives a number" in message, message


def test_a_number_given_as_the_winners_is_an_error_when_the_rules_load():
    for section in ("hand: [{shuffle: stock}]\nend: {winners: 1}\n",
                    "hand:\n  - end_game: {when: true, winners: 0}\n"):
        line, message, hint = _error(PACK + section)
        assert line == 13 and "must give a list of players, but it gives a number" in message, message


def test_numbers_and_booleans_where_they_belong_still_load():
    _rules(PACK + "state:\n  n: {initial: 0}\n  flag: {type: boolean, initial: false}\n"
           "hand:\n  - deal: {from: stock, to: hand, count: 2}\n  - set: {n: 4, flag: true}\n"
           "  - end_hand: {when: true}\n  - choose: {player: 0, moves: {a: {legal: true}}}\n"
           "end: {winners: '[0]'}\n")


# -- Sections: pack, orders, points ---------------------------------------------------------------

NAMED = PACK.replace("jokers: 2}", "jokers: {Small: 2, Big: 1}}").replace(
    'plain: ["9", "10", J, Q, K, A]}', 'plain: ["9", "10", J, Q, K, A, Small, Big]}').replace(
    'K: 4}}}', 'K: 4, Big: 50}, default: 1}}')


def test_a_jokers_name_is_its_rank_for_an_order_and_a_point_table():
    # pack: jokers: "A joker's name is its rank (c.rank) and its printed name, and orders and point
    # tables may list it"; orders: "order_name(rank) the position of a rank"; points: "table_name(rank)
    # the points given to a rank (the default for a rank not listed)"
    hands = {0: ["Big", "A♠", "9♣"], 1: ["Small", "K♠", "10♠"], 2: ["9♦", "Q♦", "K♥"]}
    assert _value("[plain('Big'), plain('Small'), plain('A')]", head=NAMED, hands=hands) == [7, 6, 5]
    assert _value("[value('Big'), value('Small'), value('A'), value('Q')]", head=NAMED,
                  hands=hands) == [50, 1, 11, 1]
    assert _value("[plain(card('Big', none)), value(card('Big', none))]", head=NAMED, hands=hands) == [7, 50]
    assert _value("map(hand[0] + hand[1], c => plain(c.rank))", head=NAMED, hands=hands) == [7, 5, 0, 6, 4, 1]


def test_a_rank_an_order_does_not_list_is_an_error_naming_the_ranks():
    _, message, hint = _error(NAMED.replace(", Small, Big]", "]") + "hand:\n  - set: {x: \"plain('Big')\"}\n"
                              "state:\n  x: {initial: 0}\n")
    assert "'Big' is not a rank of the order plain" in message and "9, 10, J, Q, K, A" in hint


# -- Messages: common mistakes of a designer, each located and with a hint --------------------------

def test_a_choice_by_nobody_says_none_not_pythons_none():
    # a choose step whose player is none (a variable not set yet): the message speaks the language's word
    for moves in ("{a: {}}", "{a: {options: '[1, 2]'}, b: {}}"):
        rules = _rules(PACK + "state:\n  who: {type: player, initial: none}\n"
                       f"hand:\n  - choose: {{player: who, moves: {moves}}}\n")
        with pytest.raises(G.GameError) as err:
            G.new_game(rules, 3, 0)
        assert "the player who chooses is none, not a seat from 0 to 2" in str(err.value), str(err.value)
        assert "None" not in str(err.value)


def test_a_next_dealer_that_is_no_seat_is_named_in_the_languages_words():
    rules = _rules(PACK + "state:\n  nobody: {type: player, initial: none}\n"
                   "hand:\n  - choose: {player: 0, moves: {a: {}}}\n"
                   "dealer: {next: nobody}\nend: {after_hand: 'hand_number > 2'}\n")
    s = G.new_game(rules, 3, 0)
    with pytest.raises(G.GameError) as err:
        G.apply(s, G.legal_actions(s)[0])
    assert "dealer: next gave none, not a seat" in str(err.value), str(err.value)


def test_reset_of_a_misspelt_variable_or_of_a_zone_has_a_hint():
    _, message, hint = _error(PACK + "state:\n  score: {per: player, initial: 0}\nhand:\n  - reset: [scor]\n")
    assert "unknown state variable 'scor'" in message and "did you mean 'score'?" in hint
    _, message, hint = _error(PACK + "hand:\n  - reset: [pile]\n")
    assert "'pile' is a zone" in hint and "gather" in hint


@pytest.mark.parametrize("step", ["shuffle: [stock]", "cut: {zone: stock}",
                                  "gather: {from: [pile], to: [stock]}",
                                  "deal: {from: [stock], to: pile, count: 1}"])
def test_a_list_or_mapping_where_one_zone_is_named_is_said_plainly(step):
    line, message, hint = _error(PACK + f"hand:\n  - {step}\n")
    assert line == 13 and "one zone is named here" in message and "[" not in message, message
    assert "write the zone's name alone" in hint


@pytest.mark.parametrize("word,meant", [("suits", "suit"), ("Suit", "suit"), ("anything", "any")])
def test_a_misspelt_follow_word_suggests_suit_or_any(word, meant):
    line, message, hint = _error(PACK + "hand:\n  - tricks: {hand: hand, trick: trick, order: plain, "
                                 f"collect: 'won[winner]', follow: {word}}}\n")
    assert line == 13 and f"'follow' is 'suit', 'any' or a condition on card, not '{word}'" in message
    assert hint == f"did you mean '{meant}'?"


def test_a_follow_condition_that_is_one_name_still_loads():
    _rules(PACK + "define: {strict: 'true'}\nhand:\n  - deal: {from: stock, to: hand, count: 2}\n"
           "  - tricks: {hand: hand, trick: trick, order: plain, collect: 'won[winner]', follow: strict}\n")


def _undealt(expr, head, n=3, cards=False):
    """The value of `expr` in a setup step, nothing dealt (the pack in the stock, unshuffled)."""
    rules = _rules(head + "state:\n  out: {type: any, initial: none}\n"
                   f"setup:\n  - set: {{out: {json.dumps(expr)}}}\n"
                   "hand:\n  - choose: {player: 0, moves: {stop: {}}}\n")
    s = G.new_game(rules, n, 0)
    return _names(s, S.var(s, "out")) if cards else S.var(s, "out")


def test_pack_copies_of_remove_and_named_jokers_make_the_pack_size():
    head = PACK.replace('pack: {ranks: ["9", "10", J, Q, K, A], jokers: 2}',
                        'pack:\n  ranks: ["9", "10", J, Q, K, A]\n  suits: [clubs, hearts, moons]\n'
                        '  copies_of: {"9": 3, K/moons: 2}\n  jokers: {Small: 2, Big: 1}\n'
                        '  remove: {ranks: ["10"], cards: [J/moons, Small]}')
    # 6 ranks x 3 suits = 18, less the three 10s and J/moons: 14; the 9s three times: +6; K/moons twice: +1;
    # jokers: Small (both copies) removed, Big kept: +1
    assert _undealt("[pack_size, count(stock)]", head) == [22, 22]
    assert _undealt("[count(of_rank(stock, '9')), count(of_rank(stock, 'K')), count(of_rank(stock, '10'))]",
                    head) == [9, 4, 0]
    assert _undealt("map(filter(stock, c => c.is_joker), c => [c.name, c.rank, c.suit])", head) == [
        ["Big", "Big", None]]


def test_pack_by_players_remove_takes_the_place_of_the_packs_remove():
    # pack: by_players: "At that count its `remove` takes the place of the pack's `remove`"
    head = PACK.replace("jokers: 2}", 'jokers: 2, remove: {ranks: ["10"]}, by_players: {"2": {remove: {ranks: [Q]}}}}')
    assert _undealt("[pack_size, count(of_rank(stock, '10')), count(of_rank(stock, 'Q'))]", head, n=3) == [22, 0, 4]
    assert _undealt("[pack_size, count(of_rank(stock, '10')), count(of_rank(stock, 'Q'))]", head, n=2) == [22, 4, 0]


def test_an_order_by_cases_takes_the_first_case_that_holds_else_otherwise_else_minus_one():
    head = PACK.replace('orders: {plain: ["9", "10", J, Q, K, A]}',
                        'orders:\n  plain: ["9", "10", J, Q, K, A]\n  low: [A, K, Q, J, "10", "9"]\n'
                        '  cased:\n    cases:\n      - {when: "card.suit == hearts", order: low}\n'
                        '      - {when: "card.rank == \'A\'", order: plain}\n    otherwise: plain\n'
                        '  partial:\n    cases:\n      - {when: "card.suit == hearts", order: low}\n')
    assert _undealt("[cased(A♥), cased(9♥), cased(A♣), cased(9♣), partial(9♣), partial(9♥)]", head) == [
        0, 5, 5, 0, -1, 5]
    # the first case wins over a later one that also holds
    assert _undealt("cased(A♥) < cased(K♥)", head) is True


def test_an_order_places_a_card_it_does_not_list_at_minus_one():
    assert _value("[plain(first(hand[1])), first(hand[1]).is_joker]") == [-1, True]
    # so sort by the order puts it first, and total() counts it as -1
    assert _value("sort(hand[1], plain)", cards=True) == ["Joker", "10♠", "K♠"]
    assert _value("total(hand[1], plain)") == -1 + 1 + 4


def test_a_point_table_gives_its_default_to_cards_and_ranks_not_listed():
    head = PACK.replace("K: 4}}}", "K: 4, A♥: 20}, default: 2}}")
    assert _undealt("[value(A♥), value(A♠), value('A'), value(Q♠), value('Q'), value(card('Q', hearts))]",
                    head) == [20, 11, 11, 2, 2, 2]


# -- Step kinds ---------------------------------------------------------------------------------------

def _game(body, n=3, order=None, head=PACK):
    """A game of PACK + body, started (run to its first decision); `order`: the pack's cards by name,
    the first dealt first (the others follow in pack order)."""
    rules = _rules(head + body)
    if order is None:
        return G.new_game(rules, n, 0)
    return S.stacked_game(rules, n, order)


def _zone(s, name, owner=None):
    return S.names(s, S.zone(s, name, owner))


def _hands(s, zone="hand"):
    return [_zone(s, zone, p) for p in range(s.n)]


WAIT = "  - choose: {player: 0, moves: {wait: {}}}\n"
ORDER = ["A♠", "K♠", "Q♠", "J♠", "10♠", "9♠", "A♥", "K♥", "Q♥", "J♥", "10♥", "9♥",
         "A♦", "K♦", "Q♦", "J♦", "10♦", "9♦", "A♣", "K♣", "Q♣", "J♣", "10♣", "9♣", "Joker", "Joker"]


def test_deal_starts_left_of_the_dealer_one_card_at_a_time_to_the_left():
    # deal: "start (the first player dealt to; default left_of(dealer)), direction (1 to the left, the
    # default, or -1)"; the dealer is seat 0 (dealer.first)
    s = _game("hand:\n  - deal: {from: stock, to: hand, count: 2}\n" + WAIT, order=ORDER)
    assert _hands(s) == [["Q♠", "9♠"], ["A♠", "J♠"], ["K♠", "10♠"]]


def test_deal_from_a_start_to_the_right_and_to_some_players_only():
    s = _game("hand:\n  - deal: {from: stock, to: hand, count: 1, start: 0, direction: -1}\n"
              "  - deal: {from: stock, to: hand, count: 1, players: '[2, 0]', start: 1}\n" + WAIT, order=ORDER)
    # seat 0, then 2, then 1; then from seat 1 going left among 2 and 0: seat 2 first
    assert _hands(s) == [["A♠", "10♠"], ["Q♠"], ["K♠", "J♠"]]


def test_deal_without_a_count_deals_the_whole_zone_the_first_seats_getting_the_odd_cards():
    # 26 cards to 4 players: the first two dealt to (seats 1 and 2) get 7, the others 6
    s = _game("hand:\n  - deal: {from: stock, to: hand}\n" + WAIT, n=4)
    assert [len(h) for h in _hands(s)] == [6, 7, 7, 6] and _zone(s, "stock") == []


def test_deal_to_one_zone_takes_the_top_card_first_and_puts_each_on_top():
    # "its top card, the next one dealt, is last(zone)": the first card dealt ends at the bottom
    s = _game("hand:\n  - deal: {from: stock, to: pile, count: 3}\n" + WAIT, order=ORDER)
    assert _zone(s, "pile") == ["A♠", "K♠", "Q♠"] and _zone(s, "stock")[-1] == "J♠"


def test_deal_of_more_cards_than_the_zone_holds_stops_the_game():
    rules = _rules(PACK + "state:\n  k: {initial: 0}\nhand:\n  - set: {k: 9}\n"
                   "  - deal: {from: stock, to: hand, count: k}\n" + WAIT)
    with pytest.raises(G.GameError) as err:
        G.new_game(rules, 3, 0)
    assert "cannot deal 9 cards to each of 3 players: only 26 left in stock" in str(err.value)


def test_deal_of_zero_cards_deals_nothing():
    s = _game("hand:\n  - deal: {from: stock, to: hand, count: 0}\n  - deal: {from: stock, to: pile, count: 0}\n"
              + WAIT)
    assert _hands(s) == [[], [], []] and _zone(s, "pile") == [] and len(_zone(s, "stock")) == 26


TRICKS = """state:
  leaders: {type: list, initial: "[]"}
  winners_: {type: list, initial: "[]"}
hand:
  - deal: {from: stock, to: hand, count: 3}
  - tricks:
      hand: hand
      trick: trick
      order: plain
      collect: "won[winner]"
      before_trick: [{set: {leaders: "leaders + [leader]"}}]
      after_trick: [{set: {winners_: "winners_ + [winner]"}}]
"""
# seat 1 gets 9♥ K♣ Q♦, seat 2 A♥ 9♣ J♦, seat 0 10♥ A♠ J♣
TRICK_DEAL = ["9♥", "A♥", "10♥", "K♣", "9♣", "A♠", "Q♦", "J♦", "J♣"]


def _play_first(s):
    """Play the first card offered at every turn; the seats asked, in order."""
    asked = []
    while not G.is_over(s):
        asked.append(G.current_player(s))
        G.apply(s, G.legal_actions(s)[0])
    return asked


def test_tricks_the_first_lead_is_left_of_the_dealer_and_each_winner_leads_the_next():
    # tricks: "lead (who leads the first trick; default left_of(dealer); the winner of each trick leads
    # the next)", "follow ('suit' ...)", "order (... higher wins)"
    s = _game(TRICKS, order=TRICK_DEAL)
    asked = _play_first(s)
    # trick 1: 9♥ (1), A♥ (2), 10♥ (0): seat 2 wins; trick 2: 9♣ (2), J♣ (0), K♣ (1): seat 1 wins;
    # trick 3: Q♦ (1), J♦ (2), A♠ (0): seat 1 wins
    assert S.var(s, "leaders") == [1, 2, 1] and S.var(s, "winners_") == [2, 1, 1]
    assert asked == [1, 2, 0, 2, 0, 1, 1, 2, 0]


def test_tricks_lead_and_trumps_given():
    s = _game(TRICKS.replace("order: plain", "order: plain\n      lead: 0\n      trumps: spades"),
              order=TRICK_DEAL)
    _play_first(s)
    # trick 1: 10♥ (0), 9♥ (1), A♥ (2): seat 2; trick 2: 9♣ (2), J♣ (0), K♣ (1): seat 1;
    # trick 3: Q♦ (1), J♦ (2), A♠ (0) a trump: seat 0
    assert S.var(s, "leaders") == [0, 2, 1] and S.var(s, "winners_") == [2, 1, 0]


def test_tricks_trumps_none_is_no_trumps():
    s = _game(TRICKS.replace("order: plain", "order: plain\n      trumps: none"), order=TRICK_DEAL)
    _play_first(s)
    assert S.var(s, "winners_") == [2, 1, 1]


def test_tricks_a_joker_led_leads_no_suit_and_wins_when_no_trump_falls():
    # "a card without a suit, such as a joker, leads no suit: any card may follow it, and led_suit stays
    # none"; "such a card wins a trick only as the highest of the suitless cards in a trick one of them
    # led and no trump was played to (... the leader's card when the order does not list them)"
    body = TRICKS.replace("order: plain", "order: plain\n      trumps: hearts").replace(
        "before_trick:", "after_play: [{set: {led: \"led_suit\"}}]\n      before_trick:").replace(
        "state:\n", "state:\n  led: {type: suit, initial: clubs}\n")
    s = _game(body, order=["Joker", "A♠", "10♥", "K♣", "9♣", "A♦", "Q♦", "J♦", "J♣"])
    offered = sorted(S.describe(s, a) for a in G.legal_actions(s))
    assert offered == ["Joker", "K♣", "Q♦"]
    S.play(s, "Joker")
    assert S.var(s, "led") is None
    assert sorted(S.describe(s, a) for a in G.legal_actions(s)) == ["9♣", "A♠", "J♦"]    # any card
    S.play(s, "A♠")
    S.play(s, "A♦")
    assert S.var(s, "winners_") == [1]          # the joker's leader: no trump fell
    s = _game(body, order=["Joker", "A♠", "10♥", "K♣", "9♣", "A♦", "Q♦", "J♦", "J♣"])
    S.play(s, "Joker")
    S.play(s, "A♠")
    S.play(s, "10♥")                            # a trump
    assert S.var(s, "winners_") == [0]


def test_tricks_a_player_with_no_card_to_play_stops_the_game_naming_the_step():
    body = TRICKS.replace("order: plain", "order: plain\n      count: 4")
    rules = _rules(PACK + body)
    s = S.stacked_game(rules, 3, TRICK_DEAL)
    with pytest.raises(G.GameError) as err:
        _play_first(s)
    assert "has no card to play: their hand is empty" in str(err.value) and ".yaml:18:" in str(err.value)


def test_turns_start_left_of_the_dealer_go_left_and_until_is_checked_after_each_turn():
    # turns: "`first` defaults to left_of(dealer) and `next` ... to left_of(current)"; "`until` is checked
    # after each turn (the first turn is always played)"; turn_number counts from 1
    s = _game("state:\n  seen: {type: list, initial: '[]'}\nhand:\n"
              "  - turns: {until: true, do: [{set: {seen: 'seen + [[current, turn_number]]'}}]}\n"
              "  - turns: {until: 'turn_number == 4', do: [{set: {seen: 'seen + [[current, turn_number]]'}}]}\n"
              "  - turns: {first: 2, next: 'right_of(current)', until: 'turn_number == 3',\n"
              "            do: [{set: {seen: 'seen + [[current, turn_number]]'}}]}\n" + WAIT)
    assert S.var(s, "seen") == [[1, 1], [1, 1], [2, 2], [0, 3], [1, 4], [2, 1], [1, 2], [0, 3]]


def test_turns_without_until_go_on_until_a_step_ends_the_hand():
    s = _game("state:\n  seen: {type: list, initial: '[]'}\nhand:\n"
              "  - turns: {do: [{set: {seen: 'seen + [current]'}}, {end_hand: {when: 'count(seen) == 5'}}]}\n"
              "  - set: {seen: '[]'}\nend: {after_hand: true, winners: '[0]'}\n")
    assert G.is_over(s) and S.var(s, "seen") == [1, 2, 0, 1, 2]


def test_turns_beyond_the_limit_stop_the_game():
    rules = _rules(PACK + "hand:\n  - turns: {limit: 5, do: [{shuffle: stock}]}\n")
    with pytest.raises(G.GameError) as err:
        G.new_game(rules, 3, 0)
    assert "no end after 5 turns" in str(err.value)


@pytest.mark.parametrize("loop,rounds", [
    ("{while: 'n < 3', do: [{add: {n: 1}}]}", 3),
    ("{while: false, do: [{add: {n: 1}}]}", 0),           # checked before each round
    ("{until: true, do: [{add: {n: 1}}]}", 1),            # checked after each round
    ("{until: 'n >= 3', do: [{add: {n: 1}}]}", 3),
    ("{times: 4, do: [{add: {n: 1}}]}", 4),
    ("{times: 0, do: [{add: {n: 1}}]}", 0),
    ("{times: -2, do: [{add: {n: 1}}]}", 0),
    ("{do: [{add: {n: 1}}, {end_hand: {when: 'n == 6'}}]}", 6),  # none of the three: until the hand ends
])
def test_repeat_runs_its_rounds_as_documented(loop, rounds):
    s = _game(f"state:\n  n: {{initial: 0}}\n  out: {{initial: -1}}\nhand:\n  - repeat: {loop}\n"
              "  - set: {out: n}\n  - end_hand: {}\nend: {after_hand: true, winners: '[0]'}\n")
    assert G.is_over(s) and S.var(s, "n") == rounds


def test_repeat_beyond_its_limit_stops_the_game():
    rules = _rules(PACK + "hand:\n  - repeat: {while: true, limit: 7, do: [{shuffle: stock}]}\n")
    with pytest.raises(G.GameError) as err:
        G.new_game(rules, 3, 0)
    assert "a loop ran 7 times without ending" in str(err.value)


def test_end_game_without_when_ends_the_game_where_it_is_reached_with_the_end_sections_winners():
    s = _game("state:\n  n: {initial: 0}\nhand:\n  - add: {n: 1}\n  - end_game: {}\n  - add: {n: 10}\n"
              + WAIT + "end: {after_hand: false, winners: '[2]'}\n")
    assert G.is_over(s) and S.var(s, "n") == 1 and G.result(s)["winners"] == [2]


def test_end_game_winners_given_and_steps_left_in_loops_and_procedures_not_run():
    s = _game("state:\n  n: {initial: 0}\nprocedures:\n  p:\n"
              "    - for_each: {in: players, as: q, do: [{add: {n: 1}}, {end_game: {when: 'q == 1', winners: '[q]'}},"
              " {add: {n: 10}}]}\n    - add: {n: 100}\nhand:\n  - call: p\n  - add: {n: 1000}\n"
              "end: {after_hand: true, winners: '[0]'}\n")
    assert G.is_over(s) and S.var(s, "n") == 12 and G.result(s)["winners"] == [1]


def test_end_hand_skips_the_hands_steps_checks_after_hand_and_the_next_dealer_sees_the_hand():
    # end_hand: "The hand's steps left, in any block or procedure, are skipped; `end: after_hand` is
    # checked and the next hand follows"; How play runs: "dealer: next ... still sees the finished
    # hand's values, before the variables kept per hand are reset"
    s = _game("state:\n  n: {initial: 0}\n  hands: {type: list, initial: '[]'}\n  dealers: {type: list, initial: '[]'}\n"
              "  h: {initial: 0, scope: hand}\nhand:\n"
              "  - set: {hands: 'hands + [hand_number]', dealers: 'dealers + [dealer]', h: 'h + 5'}\n"
              "  - repeat: {times: 3, do: [{add: {n: 1}}, {end_hand: {when: 'n % 2 == 1'}}, {add: {n: 10}}]}\n"
              "  - add: {n: 100}\ndealer: {next: 'left_of(dealer, h)'}\n"
              "end: {after_hand: 'hand_number >= 3', winners: '[0]'}\n")
    # hand 1: 0+1 odd, ends; hand 2: 1+1, +10, +1 = 13 odd, ends; hand 3: 13+1, +10, +1 = 25, ends
    assert S.var(s, "n") == 25 and S.var(s, "hands") == [1, 2, 3]
    # h is 5 at the end of each hand (reset at the start of the next): the dealer moves 5 seats left
    assert S.var(s, "dealers") == [0, 2, 1]


# -- Built-in functions ----------------------------------------------------------------------------
# HANDS: seat 0 A♥ J♠ A♠, seat 1 Joker K♠ 10♠, seat 2 9♣ Q♦ K♥ (each in the order dealt, bottom first)

@pytest.mark.parametrize("expr,expected", [
    # cards: card, of_rank, of_suit, suits_in, same_key, total
    ("card('10', hearts)", "10♥"),
    ("of_rank(hand[0], 'A')", ["A♥", "A♠"]),
    ("of_rank(hand[0], '9')", []),
    ("of_suit(hand[0] + hand[2], hearts)", ["A♥", "K♥"]),
    ("of_suit([], hearts)", []),
    # first / last: "none if there are none; with n ... all of them if there are fewer"
    ("first(hand[0])", "A♥"),
    ("last(hand[0])", "A♠"),
    ("first(hand[0], 2)", ["A♥", "J♠"]),
    ("last(hand[0], 2)", ["J♠", "A♠"]),
    ("first(hand[0], 5)", ["A♥", "J♠", "A♠"]),
    ("last(hand[0], 0)", []),
    # max / min with a key: "the item whose key is largest (the first such item)"
    ("max(hand[0], plain)", "A♥"),
    ("min(hand[0] + hand[2], plain)", "9♣"),
    ("max(hand[0], c => 0)", "A♥"),
    ("min(hand[2], value)", "9♣"),
    # argmax / argmin: "All items whose key is the largest (several on a tie), in order"
    ("argmax(hand[0], plain)", ["A♥", "A♠"]),
    ("argmin(hand[0] + hand[1], plain)", ["Joker"]),
    ("filter(hand[0] + hand[2], c => c.suit == hearts)", ["A♥", "K♥"]),
    ("reverse(hand[0])", ["A♠", "J♠", "A♥"]),
    ("sort(hand[2], plain)", ["9♣", "Q♦", "K♥"]),
    ("sort(hand[0], c => -plain(c))", ["A♥", "A♠", "J♠"]),
    # sum: "Lists are joined, as + joins two"
    ("sum(players, p => hand[p])", ["A♥", "J♠", "A♠", "Joker", "K♠", "10♠", "9♣", "Q♦", "K♥"]),
    ("sum(filter(players, p => false), p => hand[p])", []),
    ("unique(map(hand[0] + hand[2], c => c.suit))", ["hearts", "spades", "clubs", "diamonds"]),
    ("card('A', spades) in hand[0]", True),
    ("9♣ not in hand[0]", True),
])
def test_card_and_collection_functions_give_the_documented_cards(expr, expected):
    assert _value(expr, cards=True) == expected


@pytest.mark.parametrize("expr,expected", [
    ("suits_in(hand[0] + hand[2])", ["hearts", "spades", "clubs", "diamonds"]),   # without repeats
    ("suits_in(hand[1])", ["spades"]),                                            # a joker has no suit
    ("suits_in([])", []),
    # same_key: "True if there is at least one card and every card has the same key"
    ("same_key([], plain)", False),
    ("same_key([A♥], plain)", True),
    ("same_key(of_rank(hand[0], 'A'), plain)", True),
    ("same_key(hand[0], c => c.suit)", False),
    # total: "a card whose key is none counts 0"
    ("total(hand[0], value)", 22),
    ("total([], value)", 0),
    ("total(hand[1], c => none if c.is_joker else 1)", 2),
    # all / any: "true for no items"; any with one argument: "(or is true)"
    ("all([], x => false)", True),
    ("any([], x => true)", False),
    ("any([false, false])", False),
    ("any([false, true])", True),
    ("all([true, false])", False),
    ("argmax([], x => x)", []),
    ("argmin([3, 1, 1, 2], x => x)", [1, 1]),
    ("argmax([2, 3, 3], x => -x)", [2]),
    ("contains([], 1)", False),
    ("contains(hand[0], A♥)", True),
    ("count([])", 0),
    ("count([1, 2, none])", 3),
    ("count([1, 2, 3], x => x > 1)", 2),
    ("filter([], x => true)", []),
    ("first([])", None),
    ("last([])", None),
    ("first([], 2)", []),
    ("first([1, 2, 3], 5)", [1, 2, 3]),
    ("last([1, 2, 3], 2)", [2, 3]),
    ("map([], x => x)", []),
    ("map([1, 2], x => x * 10)", [10, 20]),
    # max / min: "none for no items"; several numbers: the largest
    ("max([])", None),
    ("min([])", None),
    ("max([], x => x)", None),
    ("max(3, -1, 7, 7)", 7),
    ("min(3, -1, 7)", -1),
    ("max([3, 9, 2])", 9),
    ("max([3, 7, 1], x => -x)", 1),
    ("min([3, 7, 1], x => -x)", 7),
    ("reverse([])", []),
    ("sort([])", []),
    ("sort([3, -1, 2])", [-1, 2, 3]),
    ("sort([3, 1, 2], x => -x)", [3, 2, 1]),
    ("sum([])", 0),
    ("sum([1, 2, 3], x => x * x)", 14),
    ("sum([[1], [2, 3]])", [1, 2, 3]),
    ("unique([])", []),
    ("unique([2, 1, 2, 3, 1])", [2, 1, 3]),
    ("unique(map([3, 1, 3], x => [x, 1]))", [[3, 1], [1, 1]]),
    ("unique(map(players, p => [p % 2]))", [[0], [1]]),
])
def test_functions_on_ordinary_and_edge_inputs(expr, expected):
    assert _value(expr) == expected


@pytest.mark.parametrize("expr,expected", [
    # left_of / right_of: "that many seats (1 by default; negative goes right)"; seats 0 to 2
    ("left_of(0)", 1), ("left_of(2)", 0), ("left_of(0, -1)", 2), ("left_of(0, 4)", 1), ("left_of(1, -7)", 0),
    ("left_of(1, 0)", 1), ("right_of(0)", 2), ("right_of(0, 2)", 1), ("right_of(2, 3)", 2),
    # next_player: "The first player after `from` ...; `from` itself comes last. none if nobody does"
    ("next_player(0, p => true)", 1), ("next_player(0, p => p == 0)", 0), ("next_player(0, p => false)", None),
    ("next_player(0, p => p != 1, -1)", 2), ("next_player(1, p => true, -1)", 0),
    ("next_player(2, p => count(hand[p]) > 0)", 0),
    # seat_order: "All players in turn order beginning with start"
    ("seat_order(1)", [1, 2, 0]), ("seat_order(1, -1)", [1, 0, 2]), ("seat_order(0)", [0, 1, 2]),
    # without teams: "the seat", "just the player", one team per seat
    ("team_of(2)", 2), ("teammates(1)", [1]), ("team_members(2)", [2]), ("teams", [0, 1, 2]),
    ("owner(hand, K♠)", 1), ("owner(hand, 10♥)", None), ("owner(won, K♠)", None),
    ("players", [0, 1, 2]), ("player_count", 3), ("pack_size", 26),
    ("suits", ["clubs", "diamonds", "hearts", "spades"]), ("ranks", ["9", "10", "J", "Q", "K", "A"]),
])
def test_player_functions_and_built_in_names(expr, expected):
    assert _value(expr) == expected


TEAMS = PACK.replace("players: {count: [2, 3, 4], default: 3}",
                     'players: {count: [4], teams: {"4": [[0, 2], [1, 3]]}}')


@pytest.mark.parametrize("expr,expected", [
    ("team_of(2)", 0), ("team_of(3)", 1), ("teammates(3)", [1, 3]), ("teammates(0)", [0, 2]),
    ("team_members(1)", [1, 3]), ("teams", [0, 1]), ("map(players, p => team_of(p))", [0, 1, 0, 1]),
])
def test_team_functions_follow_players_teams(expr, expected):
    hands = {p: [] for p in range(4)}
    hands.update({0: ["A♥", "J♠", "A♠"], 1: ["Joker", "K♠", "10♠"], 2: ["9♣", "Q♦", "K♥"], 3: ["9♦", "9♥", "9♠"]})
    assert _value(expr, head=TEAMS, n=4, hands=hands) == expected


def test_team_members_of_a_team_that_does_not_exist_stops_the_game():
    assert "there is no team 3 (teams are numbered 0 to 2)" in _run_error("team_members(3)")


@pytest.mark.parametrize("expr,expected", [
    # cyclic_distance: "How many steps forward (0 up to the length less one)"
    ("cyclic_distance(ranks, 'A', '9')", 1), ("cyclic_distance(ranks, '9', '9')", 0),
    ("cyclic_distance(ranks, '10', '9')", 5), ("cyclic_distance([hearts, spades], spades, hearts)", 1),
    # cyclic_next: "cyclic_next(ranks, "A") is the lowest rank. A negative number of steps goes back."
    ("cyclic_next(ranks, 'A')", "9"), ("cyclic_next(ranks, '9', -1)", "A"), ("cyclic_next(ranks, '9', 7)", "10"),
    ("cyclic_next(ranks, '10', 0)", "10"), ("cyclic_next(ranks, 'J', -8)", "9"),
    # cyclic_passes: "x lies after `from` (not counting `from` itself) and no later than `to`. A move from
    # an item to itself passes nothing."
    ("cyclic_passes(ranks, 'K', '10', 'A')", True), ("cyclic_passes(ranks, 'K', '10', '10')", True),
    ("cyclic_passes(ranks, 'K', '10', 'K')", False), ("cyclic_passes(ranks, 'K', '10', 'J')", False),
    ("cyclic_passes(ranks, 'K', 'K', 'A')", False), ("cyclic_passes(ranks, 'K', 'K', 'K')", False),
    ("cyclic_passes(ranks, '9', 'A', 'A')", True),
    # cyclic_run: "stopping before start comes round again. Empty if the item right after start is missing"
    ("cyclic_run(ranks, 'K', ['A', '9', 'J'])", ["A", "9"]),
    ("cyclic_run(ranks, 'K', ranks)", ["A", "9", "10", "J", "Q"]),
    ("cyclic_run(ranks, 'K', [])", []), ("cyclic_run(ranks, 'K', ['9'])", []),
    # position: "counting from 0 (none if it is not there)"
    ("position([clubs, spades, hearts, diamonds], hearts)", 2), ("position([1, 2, 3], 4)", None),
    ("position([], 4)", None), ("position([5, 2, 5], 5)", 0), ("position(hand[0], A♠)", 2),
    # smallest: "fewer if the list is shorter"
    ("smallest([3, 1, 2], 2)", [1, 2]), ("smallest([3, 1, 2], 5)", [1, 2, 3]), ("smallest([3, 1, 2], 0)", []),
    ("smallest([], 2)", []), ("smallest([2, -4, 2], 2)", [-4, 2]),
    # numbers
    ("abs(-3)", 3), ("abs(0)", 0), ("abs(4)", 4), ("abs(-7 / 2)", 3.5),
    ("range(2, 10, 4)", [2, 6, 10]), ("range(5, 1, -2)", [5, 3, 1]), ("range(2, 1)", []), ("range(3, 3)", [3]),
    ("range(2, 9, 4)", [2, 6]), ("range(5, 1, 2)", []), ("range(-2, 1)", [-2, -1, 0, 1]),
    # arithmetic: "6 / 3 is 2, else a fraction, 7 / 2 is 3.5; // divides and rounds down, % is the remainder"
    ("6 / 3", 2), ("7 / 2", 3.5), ("7 // 2", 3), ("-7 // 2", -4), ("7 % 3", 1), ("-7 % 3", 2),
    ("[1] + [2, 3]", [1, 2, 3]), ("'claims ' + 'A'", "claims A"), ("0 < 3 <= 3", True), ("1 < 2 > 1", True),
    ("true + true", 2), ("none == none", True), ("1 if none else 2", 2), ("[3, 1][1]", 1),
])
def test_sequence_and_number_functions(expr, expected):
    assert _value(expr) == expected


def test_range_with_a_step_of_zero_stops_the_game():
    assert "the step of range must be a whole number other than 0" in _run_error("range(1, 5, 0)")


def test_cyclic_functions_on_an_item_not_in_the_sequence_stop_the_game_naming_it():
    assert "'Z' is not in the sequence" in _run_error("cyclic_next(ranks, 'Z')")


def test_a_position_past_the_end_of_a_list_stops_the_game_naming_the_positions():
    message = _run_error("[3, 1][2]")
    assert "no item 2" in message and "positions 0 to 1" in message


def test_a_count_of_none_is_said_as_none():
    _, message, _ = _error(PACK + "state:\n  x: {initial: 0}\nhand:\n  - set: {x: count(none)}\n")
    assert "the first argument must be a list, but this is none" in message


def test_end_without_winners_or_score_every_player_wins_with_zero():
    # end: winners "(default: every player)", score "(default 0)"; "Without it [after_hand] the game is
    # one hand"
    s = _game("hand:\n  - shuffle: stock\n")
    assert G.is_over(s) and G.result(s)["winners"] == [0, 1, 2] and G.result(s)["scores"] == [0, 0, 0]
    assert G.result(s)["hands"] == 1


def test_add_and_set_lines_apply_in_order():
    s = _game("state:\n  x: {initial: 1}\n  y: {initial: 0}\n  z: {initial: 0}\nhand:\n"
              "  - add: {x: 2, y: x}\n  - set: {x: 10, z: 'x + y'}\n" + WAIT)
    assert [S.var(s, "x"), S.var(s, "y"), S.var(s, "z")] == [10, 3, 13]


def test_add_and_set_of_entries_kept_per_player_team_and_suit():
    s = _game("state:\n  score: {per: player, initial: 'player * 2'}\n  t: {per: team, initial: '10 + team', as: team}\n"
              "  su: {per: suit, initial: 0}\nhand:\n"
              "  - add: {'score[2]': 1, 't[team_of(1)]': 100}\n  - set: {'su[hearts]': 3}\n" + WAIT,
              head=TEAMS, n=4)
    assert S.var(s, "score") == [0, 2, 5, 6] and S.var(s, "t") == [10, 111]
    assert S.var(s, "su")["hearts"] == 3 and S.var(s, "su")["clubs"] == 0


def test_reset_gives_the_initial_values_again_and_hand_scope_resets_each_hand():
    s = _game("state:\n  a: {initial: 5}\n  b: {type: list, initial: '[player_count]'}\n  h: {initial: 7, scope: hand}\n"
              "  seen: {type: list, initial: '[]'}\nhand:\n"
              "  - set: {seen: 'seen + [h]'}\n  - set: {a: 1, b: '[9]', h: 0}\n  - reset: [a, b]\n"
              "  - set: {seen: 'seen + [a, b]'}\nend: {after_hand: 'hand_number == 2', winners: '[0]'}\n")
    assert S.var(s, "seen") == [7, 5, [3], 7, 5, [3]]


def test_choose_offers_each_option_in_list_order_and_leaves_out_a_move_with_no_options():
    s = _game("state:\n  out: {initial: 0}\nhand:\n  - choose:\n      player: 1\n      moves:\n"
              "        zeta: {}\n        alpha: {options: '[3, 1, 2]', as: n, legal: 'n != 1', do: [{set: {out: n}}]}\n"
              "        empty: {options: '[]'}\n        nope: {legal: false}\n")
    assert G.current_player(s) == 1
    assert [S.describe(s, a) for a in G.legal_actions(s)] == ["zeta", "alpha 3", "alpha 2"]
    S.play(s, ("alpha", 2))
    assert G.is_over(s) and S.var(s, "out") == 2


def test_choose_with_no_move_allowed_stops_the_game_naming_the_moves():
    rules = _rules(PACK + "hand:\n  - choose: {player: 1, moves: {empty: {options: '[]'}, nope: {legal: false}}}\n")
    with pytest.raises(G.GameError) as err:
        G.new_game(rules, 3, 0)
    assert "player 1 has no legal move" in str(err.value) and "empty and nope" in str(err.value)


def test_cut_moves_at_least_one_card_and_leaves_an_empty_or_one_card_zone_as_it_is():
    for seed in range(5):
        s = G.new_game(_rules(PACK + "hand:\n  - cut: pile\n  - move: {cards: 'first(stock, 2)', to: pile}\n"
                              "  - cut: pile\n  - move: {cards: 'first(stock)', to: trick}\n  - cut: trick\n" + WAIT),
                       3, seed)
        assert _zone(s, "pile") == ["10♣", "9♣"] and _zone(s, "trick") == ["J♣"]


def test_move_takes_cards_from_wherever_they_are_and_bottom_puts_them_under():
    s = _game("hand:\n  - deal: {from: stock, to: hand, count: 2}\n  - move: {cards: 'hand[1]', to: pile}\n"
              "  - move: {cards: 'first(hand[2])', to: pile, position: bottom}\n  - move: {cards: '[]', to: pile}\n"
              + WAIT, order=ORDER)
    # seat 1 holds A♠ J♠, seat 2 K♠ 10♠
    assert _zone(s, "pile") == ["K♠", "A♠", "J♠"] and _hands(s)[1] == [] and _hands(s)[2] == ["10♠"]


def test_move_from_a_zone_that_does_not_hold_the_card_stops_the_game():
    rules = _rules(PACK + "hand:\n  - deal: {from: stock, to: hand, count: 2}\n"
                   "  - move: {cards: 'first(hand[1])', from: stock, to: pile}\n" + WAIT)
    with pytest.raises(G.GameError) as err:
        G.new_game(rules, 3, 0)
    assert "is not in the zone it is moved from" in str(err.value) and ".yaml:14:" in str(err.value)


def test_move_of_no_card_stops_the_game_with_a_hint():
    rules = _rules(PACK + "hand:\n  - move: {cards: 'last(pile)', to: trick}\n" + WAIT)
    with pytest.raises(G.GameError) as err:
        G.new_game(rules, 3, 0)
    assert "there is no card to move" in str(err.value) and "if: count(" in str(err.value)


def test_gather_puts_every_card_of_the_zones_in_one():
    s = _game("hand:\n  - deal: {from: stock, to: hand, count: 2}\n  - deal: {from: stock, to: pile, count: 2}\n"
              "  - gather: {from: [hand, pile, won], to: trick}\n" + WAIT)
    assert len(_zone(s, "trick")) == 8 and _hands(s) == [[], [], []] and _zone(s, "pile") == []


def test_for_each_works_out_its_items_once():
    s = _game("state:\n  out: {type: list, initial: '[]'}\nhand:\n  - deal: {from: stock, to: pile, count: 3}\n"
              "  - for_each: {in: pile, as: c, do: [{move: {cards: 'last(pile)', to: trick}},"
              " {set: {out: 'out + [c.name]'}}]}\n  - for_each: {in: '[]', as: c, do: [{set: {out: \"out + ['x']\"}}]}\n"
              + WAIT, order=ORDER)
    assert S.var(s, "out") == ["A♠", "K♠", "Q♠"] and _zone(s, "trick") == ["Q♠", "K♠", "A♠"]


def test_if_then_else():
    s = _game("state:\n  out: {type: list, initial: '[]'}\nhand:\n"
              "  - if: 'count(stock) > 0'\n    then: [{set: {out: \"out + ['a']\"}}]\n    else: [{set: {out: \"out + ['b']\"}}]\n"
              "  - if: false\n    then: [{set: {out: \"out + ['c']\"}}]\n    else: [{set: {out: \"out + ['d']\"}}]\n"
              "  - if: false\n    then: [{set: {out: \"out + ['e']\"}}]\n" + WAIT)
    assert S.var(s, "out") == ["a", "d"]


def test_call_gives_each_parameter_its_value_from_the_place_called():
    s = _game("state:\n  score: {per: player, initial: 0}\nprocedures:\n  pay(payer, amount):\n"
              "    - add: {'score[payer]': amount}\nhand:\n  - for_each: {in: players, as: p, do: [{call: 'pay(p, p + 10)'}]}\n"
              "  - call: pay(0, -1)\n" + WAIT)
    assert S.var(s, "score") == [9, 11, 12]


def test_fail_stops_the_game_with_its_message_only_when_its_condition_holds():
    rules = _rules(PACK + "hand:\n  - fail: {when: false, message: never}\n"
                   "  - fail: {when: 'count(stock) > 3', message: 'too many cards'}\n" + WAIT)
    with pytest.raises(G.GameError) as err:
        G.new_game(rules, 3, 0)
    assert "too many cards" in str(err.value) and ".yaml:14:" in str(err.value)


def test_record_adds_a_value_to_a_list_per_name():
    s = _game("hand:\n  - record: {size: count(stock), top: last(stock)}\n  - deal: {from: stock, to: pile, count: 1}\n"
              "  - record: {size: count(stock)}\nend: {winners: '[0]'}\n", order=ORDER)
    assert G.result(s)["metrics"]["size"] == [26, 25]
    assert G.result(s)["metrics"]["top"] == ["A♠"]


def test_reveal_shows_cards_to_everyone_or_some_players_until_they_move():
    s = _game("hand:\n  - deal: {from: stock, to: hand, count: 2}\n  - reveal: {cards: 'hand[1]', to: 2}\n"
              "  - reveal: first(hand[0])\n" + WAIT + "  - move: {cards: 'first(hand[0])', to: 'hand[2]'}\n" + WAIT,
              order=ORDER)

    def seen(viewer, owner):
        return sorted(S.names(s, G.observation(s, viewer)["zones"]["hand"][owner]))
    # seat 0 holds Q♠ 9♠, seat 1 A♠ J♠, seat 2 K♠ 10♠
    assert seen(1, 0) == ["Q♠"] and seen(2, 0) == ["Q♠"] and seen(0, 1) == [] and seen(2, 1) == ["A♠", "J♠"]
    assert seen(0, 2) == []
    S.play(s, ("wait", None))
    # the card moved: it is no longer shown (seat 1 does not see it in seat 2's hand)
    assert seen(1, 0) == [] and seen(1, 2) == [] and "Q♠" in seen(2, 2)


def test_select_of_a_value_asks_in_order_and_keeps_the_old_value_for_the_others_until_all_picked():
    s = _game("state:\n  bid: {per: player, initial: -1}\n  seen: {type: list, initial: '[]'}\nhand:\n"
              "  - select: {players: '[2, 0]', options: 'range(0, 2)', set: bid, legal: 'option != 1 or player == 0'}\n"
              "  - set: {seen: 'map(players, p => bid[p])'}\n")
    assert G.current_player(s) == 2 and [S.describe(s, a) for a in G.legal_actions(s)] == ["select 0", "select 2"]
    S.play(s, ("select", 2))
    assert G.current_player(s) == 0 and [S.describe(s, a) for a in G.legal_actions(s)] == [
        "select 0", "select 1", "select 2"]
    assert G.observation(s, 0)["state"]["bid"] == [-1, -1, -1]      # seat 2's pick is not seen yet
    S.play(s, ("select", 1))
    assert G.is_over(s) and S.var(s, "seen") == [1, -1, 2]


def test_select_of_cards_puts_each_pick_in_the_players_own_zone_unseen_by_the_others():
    head = PACK.replace("  won: {per: player, visibility: hidden}\n",
                        "  won: {per: player, visibility: hidden}\n  passing: {per: player, visibility: owner}\n")
    s = _game("hand:\n  - deal: {from: stock, to: hand, count: 2}\n"
              "  - select: {from: hand, to: passing, count: 1}\n" + WAIT, order=ORDER, head=head)
    # every player by default, in seat order; seat 0 holds Q♠ 9♠
    assert G.current_player(s) == 0 and sorted(S.describe(s, a) for a in G.legal_actions(s)) == [
        "select 9♠", "select Q♠"]
    S.play(s, ("select", "9♠"))
    assert G.current_player(s) == 1
    assert S.names(s, G.observation(s, 1)["zones"]["passing"][0]) == []
    assert S.names(s, G.observation(s, 0)["zones"]["passing"][0]) == ["9♠"]


def test_shuffle_keeps_the_cards_of_the_zone():
    s = _game("hand:\n  - shuffle: stock\n  - shuffle: pile\n" + WAIT)
    assert sorted(_zone(s, "stock")) == sorted(S.names(s, s.rules.deck(3))) and _zone(s, "pile") == []


def _with(*settings):
    return TRICKS.replace("order: plain", "order: plain\n      " + "\n      ".join(settings))


@pytest.mark.parametrize("count,tricks", [("2", 2), ("0", 0), ("3", 3)])
def test_tricks_count_is_how_many_tricks(count, tricks):
    s = _game(_with(f"count: {count}"), order=TRICK_DEAL)
    assert len(_play_first(s)) == 3 * tricks and len(S.var(s, "winners_")) == tricks


def test_tricks_count_worked_out_before_each_trick_ends_the_block_after_the_trick_that_changed_it():
    body = _with("count: 'trick_number if claimed else 3'").replace(
        "state:\n", "state:\n  claimed: {type: boolean, initial: false}\n").replace(
        'after_trick: [{set: {winners_: "winners_ + [winner]"}}]',
        'after_trick: [{set: {winners_: "winners_ + [winner]", claimed: "trick_number == 2"}}]')
    s = _game(body, order=TRICK_DEAL)
    assert len(_play_first(s)) == 6 and S.var(s, "winners_") == [2, 1]


def test_tricks_direction_minus_one_plays_to_the_right():
    s = _game(_with("direction: -1"), order=TRICK_DEAL)
    # trick 1: 9♥ (1), 10♥ (0), A♥ (2): seat 2; then 9♣ (2), K♣ (1), J♣ (0): seat 1; Q♦ (1), A♠ (0), J♦ (2)
    assert _play_first(s) == [1, 0, 2, 2, 1, 0, 1, 0, 2] and S.var(s, "winners_") == [2, 1, 1]


def test_tricks_players_leave_out_a_player_and_a_leader_left_out_passes_the_lead_on():
    s = _game(_with("lead: 0", "players: '[1, 2]'", "count: 1"), order=TRICK_DEAL)
    assert _play_first(s) == [1, 2] and S.var(s, "leaders") == [1] and S.var(s, "winners_") == [2]


def test_tricks_order_as_an_expression_of_card_and_a_winner_expression():
    s = _game(TRICKS.replace("order: plain", "order: '-plain(card)'"), order=TRICK_DEAL)
    _play_first(s)
    # lowest of the led suit wins: 9♥ (1); then 10... seat 1 leads K♣, seat 2 9♣ (follows), seat 0 J♣: seat 2
    assert S.var(s, "winners_")[:2] == [1, 2]
    s = _game(TRICKS.replace("order: plain", "winner: 'trick_players[2]'"), order=TRICK_DEAL)
    _play_first(s)
    # the third player of each trick wins (and leads next): seat 0, then 2, then 1
    assert S.var(s, "leaders") == [1, 0, 2] and S.var(s, "winners_") == [0, 2, 1]


def test_tricks_after_play_sees_each_card_and_after_plays_the_full_trick():
    body = _with("count: 1", "after_play: [{set: {played: 'played + [card_played.name]'}}]",
                 "after_plays: [{set: {full: 'count(trick)'}}]").replace(
        "state:\n", "state:\n  played: {type: list, initial: '[]'}\n  full: {initial: 0}\n")
    s = _game(body, order=TRICK_DEAL)
    _play_first(s)
    assert S.var(s, "played") == ["9♥", "A♥", "10♥"] and S.var(s, "full") == 3


# -- Expressions: cards of suits without a symbol, objects, zones kept per suit or per entry -----------

COINS = """name: Probe
players: {count: [2, 3], default: 2}
pack: {ranks: ["1", "2", "3", K], suits: [coins, cups]}
orders: {plain: ["1", "2", "3", K]}
objects:
  piles: [{name: left, suit: coins, start: 1/coins, size: 2}, {name: right, suit: cups, start: K/cups, size: 3}]
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: others}
  col: {per: suit, visibility: public}
  heap: {per: piles, visibility: public}
"""


@pytest.mark.parametrize("expr,expected", [
    # "`7/coins`, `K/cups`: a card of a suit without a symbol: rank, slash, the suit's name"
    ("K/cups == card('K', cups)", True), ("1/coins != 1/cups", True),
    ("(K/cups).suit", "cups"),
    # an attribute read on such a card, as on 10♥.suit
    ("K/cups.suit", "cups"), ("3/cups.rank", "3"), ("1/coins.name", "1/coins"), ("[K/cups.suit, 6 / 3]", ["cups", 2]),
    ("[coins, cups]", ["coins", "cups"]), ("suits", ["coins", "cups"]), ("count(stock)", 8),
    # objects: "a field of an object entry"; the collection lists its entries
    ("map(piles, k => k.size)", [2, 3]), ("left.suit", "coins"), ("right.start.name", "K/cups"),
    ("first(filter(piles, k => k.suit == cups))", "right"),
])
def test_cards_of_named_suits_and_object_fields(expr, expected):
    assert _undealt(expr, COINS, n=2) == expected


def test_owner_of_a_card_in_a_zone_kept_per_suit_or_per_entry():
    # owner: "for a zone kept per suit or per entry of an object collection, the suit or entry"
    s = _game("state:\n  t: {initial: none}\nhand:\n  - move: {cards: '[1/coins, 2/coins]', to: 'col[coins]'}\n"
              "  - move: {cards: '3/cups', to: 'heap[right]'}\n"
              "  - set: {t: '[owner(col, 2/coins), owner(heap, 3/cups), owner(col, K/cups), owner(hand, K/cups)]'}\n"
              + WAIT, head=COINS, n=2)
    assert S.var(s, "t") == ["coins", "right", None, None]


def test_the_first_dealer_is_the_initial_value_of_dealer_and_players_default_is_the_count():
    # dealer.first: "default: the whole-number initial value of the state variable dealer, else 0";
    # players.default: "The number of players when none is given"; deal starts left of the dealer
    rules = _rules(COINS + "state:\n  dealer: {type: player, initial: 1}\n"
                   "hand:\n  - deal: {from: stock, to: hand, count: 1}\n" + WAIT)
    assert G.new_game(rules, None, 0).n == 2
    s = S.stacked_game(rules, 2, ["K/cups", "2/cups"])
    assert S.var(s, "dealer") == 1
    assert _zone(s, "hand", 0) == ["K/cups"] and _zone(s, "hand", 1) == ["2/cups"]


def test_others_visibility_and_state_cards_show_only_what_a_player_has_seen():
    # zones: "others: every player but the one it belongs to"; state: "a variable of kind card or cards
    # shows only the cards the player has seen"
    rules = _rules(COINS + "state:\n  c: {type: card, initial: none}\n  marked: {type: cards, initial: '[]'}\n"
                   "hand:\n  - deal: {from: stock, to: hand, count: 1}\n"
                   "  - set: {c: 'first(hand[0])', marked: 'hand[1]'}\n" + WAIT)
    s = S.stacked_game(rules, 2, ["K/cups", "2/cups"])      # seat 0 deals: seat 1 first
    seen = {v: G.observation(s, v) for v in (0, 1)}
    assert S.names(s, seen[0]["zones"]["hand"][0]) == [] and S.names(s, seen[0]["zones"]["hand"][1]) == ["K/cups"]
    assert S.names(s, seen[1]["zones"]["hand"][0]) == ["2/cups"] and S.names(s, seen[1]["zones"]["hand"][1]) == []
    # c is seat 0's card 2/cups, marked seat 1's K/cups
    assert seen[0]["state"]["c"] is None and _names(s, seen[1]["state"]["c"]) == "2/cups"
    assert _names(s, seen[0]["state"]["marked"]) == ["K/cups"] and seen[1]["state"]["marked"] == [None]


# -- Identical copies (copies: 2) ----------------------------------------------------------------------

DOUBLE = PACK.replace("jokers: 2}", "jokers: 2, copies: 2}")


@pytest.mark.parametrize("expr,expected", [
    # the deal takes one copy of A♥ J♠ A♠ Joker K♠ 10♠ 9♣ Q♦ K♥: the stock holds one of each of these and
    # two of every other card (the two jokers are of one kind: one face)
    # ==: "identical cards (the two copies of a card in a double pack ...) are equal, and so are two lists
    # of cards that hold identical cards in the same order"
    ("count(filter(stock, c => c == 9♦))", 2),
    ("count(filter(stock, c => c == 9♣))", 1),
    ("first(filter(stock, c => c.rank == '9' and c.suit == diamonds)) == card('9', diamonds)", True),
    ("filter(stock, c => c == 9♦) == [9♦, 9♦]", True),
    ("[9♣, 9♦] == [9♦, 9♣]", False),
    # in: "a card is in a list that holds a card identical to it"
    ("K♠ in hand[1] + hand[2]", True),
    # unique: "Of identical cards ... the first is kept": 24 faces and the joker
    ("count(unique(stock))", 25),
    ("count(unique(of_rank(stock, '9')))", 4),
    # groups with a card key: "groups identical cards (two packs): groups(hand[p], c => c, 2, 2) is every
    # pair": 9♦ 9♥ 9♠ have both copies in the stock, 9♣ one
    ("count(groups(of_rank(stock, '9'), c => c, 2, 2))", 3),
    # every two of the seven nines: 21 sets; "sets of cards ... that hold the same identical cards" count
    # once in unique: two different suits (6 ways) or both copies of one suit (3)
    ("count(groups(of_rank(stock, '9'), plain, 2, 2))", 21),
    ("count(unique(groups(of_rank(stock, '9'), plain, 2, 2)))", 9),
    # owner: "a card that lies in none of the zone's parts (made with card(), say) is found by an identical
    # copy"
    ("owner(hand, card('K', spades))", 1),
    ("owner(hand, 9♦)", None),
])
def test_identical_copies(expr, expected):
    hands = {0: ["A♥", "J♠", "A♠"], 1: ["Joker", "K♠", "10♠"], 2: ["9♣", "Q♦", "K♥"]}
    # the cards named are dealt: the stock keeps the other copy of each, and both copies of the rest
    value = _value(expr, head=DOUBLE, hands=hands)
    assert value == expected


# -- How play runs ----------------------------------------------------------------------------------

def test_a_turn_is_a_card_played_or_a_turn_of_a_turns_block_and_choices_are_not_turns():
    # "A trick ... is one completed trick of a tricks: block. A turn is one card played to a trick, or one
    # turn of a turns: block; choices made in choose: or select: steps are not turns."
    body = TRICKS.replace("hand:\n  - deal", "hand:\n  - choose: {player: 0, moves: {a: {}, b: {}}}\n"
                          "  - turns: {until: 'turn_number == 2', do: [{choose: {player: current, moves: {go: {}}}}]}\n"
                          "  - deal") + "end: {winners: '[0]'}\n"
    s = _game(body, order=TRICK_DEAL)
    while not G.is_over(s):
        G.apply(s, G.legal_actions(s)[0])
    result = G.result(s)
    assert result["tricks"] == 3 and result["turns"] == 9 + 2


def test_a_trick_whose_led_card_a_rule_took_away_is_led_by_the_first_card_left_with_a_suit():
    # "when the rule took the led card itself away ..., the first card left that has a suit sets that suit
    # (the leader wins when no card of it is left)"; "a card a rule put in does not count"
    body = _with("count: 1", "after_plays: [{move: {cards: 'first(trick)', to: pile}}, "
                 "{move: {cards: 'K♠', to: trick}}]")
    # seat 1 leads 9♥, seat 2 A♥, seat 0 10♥: 9♥ is taken away and K♠ put in: A♥ (seat 2) sets hearts
    # and wins
    s = _game(body, order=TRICK_DEAL)
    _play_first(s)
    assert S.var(s, "winners_") == [2] and _zone(s, "pile") == ["9♥"]
    assert sorted(_zone(s, "won", 2)) == ["10♥", "A♥", "K♠"]


def test_a_definition_does_not_see_local_names_and_says_how_to_give_them():
    _, message, hint = _error(PACK + "define:\n  lead_is_heart: led_suit == hearts\nhand:\n"
                              "  - tricks: {hand: hand, trick: trick, order: plain, collect: 'won[winner]', "
                              "follow: 'lead_is_heart or true'}\n")
    assert "unknown name 'led_suit'" in message and "parameter" in hint


def test_a_definition_reads_the_game_as_it_is_when_used_and_takes_parameters():
    s = _game("define:\n  top: last(pile)\n  worth(c): value(c) + 1\nstate:\n  seen: {type: list, initial: '[]'}\n"
              "hand:\n  - move: {cards: 'A♠', to: pile}\n  - set: {seen: 'seen + [top.name, worth(top)]'}\n"
              "  - move: {cards: 'K♥', to: pile}\n  - set: {seen: 'seen + [top.name, worth(top)]'}\n" + WAIT)
    assert S.var(s, "seen") == ["A♠", 12, "K♥", 5]


def test_a_definition_in_a_circle_or_with_a_mistake_is_reported_at_the_definition_even_unused():
    line, message, _ = _error(PACK + "define:\n  a: b + 1\n  b: a + 1\nstate:\n  x: {initial: 0}\n"
                              "hand:\n  - set: {x: a}\n")
    assert line in (13, 14) and "used inside its own definition" in message
    line, message, _ = _error(PACK + "define:\n  bad(c): c.suit + 1\nhand:\n  - shuffle: stock\n")
    assert line == 13 and "must be a number, but this is a suit" in message


# -- Sections: options -------------------------------------------------------------------------------

OPTIONS = PACK + """options:
  target: {default: 3, description: "hands to play"}
  strict: {default: true}
  trump: {default: hearts}
state:
  out: {type: list, initial: "[]"}
hand:
  - set: {out: "[target, strict, trump]"}
end: {after_hand: "hand_number >= target", winners: "[0]"}
"""


def _with_options(**options):
    _count[0] += 1
    path = _DIR / f"options{_count[0]}.yaml"
    path.write_text(OPTIONS, encoding="utf-8")
    return load_ruleset(str(path), {k: str(v) for k, v in options.items()})


@pytest.mark.parametrize("given,expected", [
    ({}, [3, True, "hearts"]),
    ({"target": 5, "strict": "false", "trump": "spades"}, [5, False, "spades"]),
    # a suit by name in any case or by its symbol, as expressions write suits
    ({"trump": "Spades"}, [3, True, "spades"]), ({"trump": "♠"}, [3, True, "spades"]),
    ({"trump": "none"}, [3, True, None]),
])
def test_options_given_on_the_command_line_change_the_defaults(given, expected):
    loaded = _with_options(**given)
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    s = G.new_game(loaded.rules, 3, 0)
    assert S.var(s, "out") == expected and G.result(s)["hands"] == expected[0]


@pytest.mark.parametrize("given,words,hint", [
    ({"target": "abc"}, "option 'target' needs a whole number, got 'abc'", ""),
    ({"target": "2.5"}, "option 'target' needs a whole number, got '2.5'", ""),
    ({"strict": "3"}, "option 'strict' needs a boolean, got '3'", ""),
    ({"trump": "bogus"}, "option 'trump' needs a suit, got 'bogus'", "the suits are clubs, diamonds, hearts, spades"),
    ({"trump": "spade"}, "option 'trump' needs a suit, got 'spade'", "did you mean 'spades'?"),
    ({"nosuch": "1"}, "unknown option 'nosuch'", "options: target, strict, trump"),
])
def test_a_wrong_option_value_is_an_error_with_a_hint(given, words, hint):
    loaded = _with_options(**given)
    [d] = [d for d in loaded.diagnostics if d.severity == "error"]
    assert words in d.message and hint in (d.hint or ""), (d.message, d.hint)


# -- Sections: state -----------------------------------------------------------------------------------

def test_a_state_variable_without_type_takes_the_kind_of_its_initial_value_and_says_so():
    # state: type "Without it, the kind of the initial value (a number when there is none; any kind with
    # initial: none)"
    line, message, hint = _error(PACK + "state:\n  x: {}\nhand:\n  - set: {x: 'first(stock)'}\n")
    assert "'x' holds a number, but this gives a card" in message
    assert "declare it with type: card" in hint and "initial: none" in hint
    line, message, hint = _error(PACK + "state:\n  x: {initial: hearts}\nhand:\n  - set: {x: 3}\n")
    assert "'x' holds a suit, but this gives a number" in message and "type: number" in hint
    s = _game("state:\n  x: {initial: none}\n  y: {}\nhand:\n  - set: {x: 'last(stock)'}\n  - set: {x: 3}\n" + WAIT)
    assert S.var(s, "x") == 3 and S.var(s, "y") == 0


def test_values_kept_per_team_suit_player_or_entry_start_from_their_initial_expression():
    s = _game("objects:\n  heaps: [{name: a, size: 1}, {name: b, size: 2}]\n"
              "state:\n  t: {per: team, initial: 'team * 10'}\n  u: {per: suit, initial: 'suit'}\n"
              "  p: {per: player, initial: 'player + 1'}\n  k: {per: heaps, initial: 'e.size', as: e}\nhand:\n" + WAIT)
    # without players.teams each seat is a team of its own
    assert S.var(s, "t") == [0, 10, 20] and S.var(s, "p") == [1, 2, 3] and S.var(s, "k") == {"a": 1, "b": 2}
    assert S.var(s, "u") == {"clubs": "clubs", "diamonds": "diamonds", "hearts": "hearts", "spades": "spades"}


def test_max_hands_and_max_turns_stop_the_game_naming_their_place():
    # end: max_hands "Stop with an error after this many hands"; max_turns "after this many turns in one loop"
    rules = _rules(PACK + "hand:\n  - shuffle: stock\nend: {after_hand: false, max_hands: 4}\n")
    with pytest.raises(G.GameError) as err:
        G.new_game(rules, 3, 0)
    assert "did not end within 4 hands" in str(err.value) and ".yaml:14:" in str(err.value)
    rules = _rules(PACK + "hand:\n  - turns: {do: [{shuffle: stock}]}\nend: {max_turns: 6}\n")
    with pytest.raises(G.GameError) as err:
        G.new_game(rules, 3, 0)
    assert "no end after 6 turns" in str(err.value) and ".yaml:13:" in str(err.value)


def test_winners_that_are_no_seat_stop_the_game_naming_end_winners():
    rules = _rules(PACK + "hand:\n  - shuffle: stock\nend: {winners: '[5]'}\n")
    s = G.new_game(rules, 3, 0)
    with pytest.raises(G.GameError) as err:
        G.result(s)
    assert "the winners include 5, which is not a seat from 0 to 2" in str(err.value) and ".yaml:14:" in str(err.value)


def test_none_where_a_seat_or_number_is_needed_is_said_so():
    message = _run_error("left_of(none)")
    # (review51's message for the seat functions, merged with this one: it names the argument)
    assert "'none' is none, not a player, so 'left_of(none)' has no value" in message and "NoneType" not in message
    assert "a value is none where a number or a player is needed" in _run_error("1 < none")


PASSING = PACK.replace("  won: {per: player, visibility: hidden}\n",
                       "  won: {per: player, visibility: hidden}\n  passing: {per: player, visibility: owner}\n")


def _asked(s):
    """Play the first offer at every decision; the (seat, offers) asked, in order."""
    asked = []
    while not G.is_over(s):
        actions = G.legal_actions(s)
        asked.append((G.current_player(s), [S.describe(s, a) for a in actions]))
        G.apply(s, actions[0])
    return asked


def test_select_asks_one_card_at_a_time_and_a_player_with_fewer_allowed_cards_picks_just_those():
    # seat 0 holds Q♠ 9♠ Q♥, seat 1 A♠ J♠ A♥, seat 2 K♠ 10♠ K♥
    s = _game("hand:\n  - deal: {from: stock, to: hand, count: 3}\n"
              "  - select: {players: '[1, 2, 0]', from: hand, to: passing, count: 2, as: who, move: give,\n"
              "             legal: 'card.rank != \"A\" and (who != 0 or card.suit == hearts)'}\n",
              order=ORDER, head=PASSING)
    assert _asked(s) == [(1, ["give J♠"]), (2, ["give K♠", "give 10♠", "give K♥"]), (2, ["give 10♠", "give K♥"]),
                         (0, ["give Q♥"])]
    assert [_zone(s, "passing", p) for p in range(3)] == [["Q♥"], ["J♠"], ["K♠", "10♠"]]


def test_select_of_a_value_with_no_option_skips_the_player_who_keeps_the_old_value():
    s = _game("state:\n  bid: {per: player, initial: -1}\nhand:\n"
              "  - select: {options: 'range(0, player - 1)', set: bid}\n")
    # seat 0: range(0, -1) is empty; seat 1: [0]; seat 2: [0, 1]
    assert _asked(s) == [(1, ["select 0"]), (2, ["select 0", "select 1"])]
    assert S.var(s, "bid") == [-1, 0, 0]


def test_for_each_without_as_names_each_item_item():
    s = _game("state:\n  n: {initial: 0}\nhand:\n  - for_each: {in: '[1, 2, 3]', do: [{add: {n: item}}]}\n" + WAIT)
    assert S.var(s, "n") == 6


def test_metrics_record_once_per_game_by_default_or_after_every_hand():
    s = _game("state:\n  n: {initial: 0}\nmetrics:\n  per_hand: {value: n, each: hand}\n"
              "  at_end: {value: 'n * 10', each: game}\n  plain: n\n"
              "hand:\n  - add: {n: 1}\nend: {after_hand: 'hand_number == 3', winners: '[0]'}\n")
    assert G.result(s)["metrics"] == {"per_hand": [1, 2, 3], "at_end": 30, "plain": 3}


def test_the_pack_starts_in_its_zone_and_a_missing_zone_is_named_with_a_hint():
    # pack: zone "The zone the pack starts in (default stock)"
    s = _game("hand:\n" + WAIT, head=PACK.replace("jokers: 2}", "jokers: 2, zone: pile}"))
    assert len(_zone(s, "pile")) == 26 and _zone(s, "stock") == []
    _, message, hint = _error(PACK.replace("  stock: {visibility: hidden}\n", "  deck: {visibility: hidden}\n")
                              + "hand:\n  - shuffle: deck\n")
    assert "the pack starts in zone 'stock'" in message and "pack: {zone: deck}" in hint
    _, message, hint = _error(PACK.replace("jokers: 2}", "jokers: 2, zone: pil}") + "hand:\n  - shuffle: stock\n")
    assert "the pack starts in zone 'pil'" in message and hint == "did you mean 'pile'?"


def _expr_error(expr):
    """(message, hint) of the one error of `expr` used in a set step."""
    _, message, hint = _error(PACK + "state:\n  x: {type: any, initial: none}\n  score: {per: player, initial: 0}\n"
                              f"hand:\n  - set: {{x: {json.dumps(expr)}}}\n")
    return message, hint


@pytest.mark.parametrize("expr,kind,hint", [
    # "a player is no condition: seat 0 would count as false, so compare it"; an if: condition is checked
    # so, and so is the condition given to count, any, all, filter and next_player
    ("next_player(0, p => p)", "a player", "compares it"),
    ("all(players, p => score[p])", "a number", "a condition"),
    ("any(hand[0], c => c)", "a card", "a condition"),
    ("filter(hand[0], c => c.suit)", "a suit", "a condition"),
    ("count(players, p => hand[p])", "a list of cards", "a condition"),
])
def test_the_condition_of_a_built_in_must_give_true_or_false(expr, kind, hint):
    message, got = _expr_error(expr)
    assert f"the condition must give true or false, but it gives {kind}" in message and hint in got


@pytest.mark.parametrize("expr,hint", [
    ("groups(hand[0], plian)", "did you mean 'plain'?"),
    ("same_key(hand[0], c.rank)", "c => c.rank"),
    ("argmax(players, score)", "p => score[p]"),
    ("map(hand[0], value)", "c => value(c)"),
    ("filter(hand[0], c.suit == hearts)", "c => c.suit == hearts"),
])
def test_a_value_given_where_a_function_is_needed_has_a_hint_to_write_it(expr, hint):
    message, got = _expr_error(expr)
    assert "function" in message and hint in got, (message, got)


def test_left_of_and_right_of_need_a_number_of_seats():
    for expr in ("left_of(0, 'x')", "right_of(0, hearts)"):
        message, _ = _expr_error(expr)
        assert "the number of seats must be a number" in message


@pytest.mark.parametrize("expr,kind", [
    ("sort(hand[0], c => c.rank)", "a rank"), ("sort(hand[0], c => c.suit)", "a suit"),
    ("max(hand[0], c => c.suit)", "a suit"), ("argmax(hand[0], c => c)", "a card"),
    ("sort(players, p => hand[p])", "a list of cards"),
])
def test_a_sort_key_that_gives_cards_suits_or_ranks_is_an_error(expr, kind):
    # sort: "A key gives numbers, text or tuples of them, never cards, suits or ranks"
    message, hint = _expr_error(expr)
    assert f"the key must give a number, text or a tuple of them, but it gives {kind}" in message and hint


def test_sort_keeps_the_order_of_items_with_equal_keys():
    assert _value("sort([3, 1, 2], x => 0)") == [3, 1, 2]
    assert _value("sort(hand[0] + hand[2], c => value(c))", cards=True) == ["J♠", "9♣", "Q♦", "K♥", "A♥", "A♠"]
    assert _value("sort(hand[0], c => (-plain(c), c.name))", cards=True) == ["A♠", "A♥", "J♠"]


def test_ranks_compare_only_for_equality():
    # "Cards, suits and ranks compare only with == and !="
    message, hint = _expr_error("first(hand[0]).rank < '9'")
    assert "a rank has no size to compare with '<'" in message and "plain(c) < plain(\"9\")" in hint
    assert _value("[first(hand[0]).rank == 'A', 'a' < 'b', plain(first(hand[0])) > plain('9')]") == [True, True, True]


@pytest.mark.parametrize("expr,words,hint", [
    # "Values of kinds that are never equal are an error": so is looking for one among the other's
    ("hearts in hand[0]", "'in' looks for a suit among a list of cards: it is never there", "c.suit == trumps"),
    ("3 not in hand[0]", "'not in' looks for a number among a list of cards: it is always missing", ""),
    ("'K' in hand[0]", "'in' looks for a text among a list of cards", 'c.rank == "K"'),
    ("contains(hand[0], hearts)", "'contains' looks for a suit among a list of cards", "c.suit"),
    ("'Z' in ranks", 'there is no rank "Z" in this pack', "known: 9, 10, J, Q, K, A"),
    # "a rank is text": card() and of_rank() take the rank's name
    ("card(10, hearts)", "the rank must be a rank, but this is a number", 'card("10", hearts)'),
    ("card('10', 3)", "the suit must be a suit, but this is a number", ""),
    ("of_rank(hand[0], 10)", "the rank must be a rank, but this is a number", '"10"'),
    ("of_rank(hand[0], 'Z')", 'there is no rank "Z" in this pack', "known"),
    # total: "The sum of the key over the cards"
    ("total(hand[0], c => c.rank)", "total() adds up numbers, but this key gives a rank", "c => value(c)"),
])
def test_values_of_a_kind_that_can_never_fit_are_errors_when_the_rules_load(expr, words, hint):
    message, got = _expr_error(expr)
    assert words in message and hint in got, (message, got)


def test_membership_of_values_of_the_right_kind_still_works():
    assert _value("[hearts in suits, 'hearts' in suits, 'A' in ranks, 0 in players, A♥ in hand[0], "
                  "contains(hand[0], A♠), of_rank(hand[0], first(hand[0]).rank) == of_rank(hand[0], 'A')]") == [
        True, True, True, True, True, True, True]


def test_add_to_a_variable_that_is_no_number_is_an_error_when_the_rules_load():
    # add: "Add to number variables"
    line, message, hint = _error(PACK + "state:\n  trumps: {type: suit, initial: none}\n  played: {type: list, initial: '[]'}\n"
                                 "hand:\n  - add: {trumps: 1}\n")
    assert line == 16 and "'trumps' holds a suit: 'add' adds to numbers" in message and "set:" in hint
    _, message, _ = _error(PACK + "state:\n  played: {type: list, initial: '[]'}\nhand:\n  - add: {played: 1}\n")
    assert "'played' holds a list" in message and "'add' adds to numbers" in message


def test_deal_count_all_is_written_in_lower_case():
    _, message, hint = _error(PACK + "hand:\n  - deal: {from: stock, to: hand, count: All}\n")
    assert "'All' is not a count" in message and hint == "did you mean 'all'?"


@pytest.mark.parametrize("expr,expected", [
    ("[3, 1, 4][0]", 3), ("[3, 1, 4][2]", 4), ("[3, 1, 4][-1]", 4), ("[3, 1, 4][-3]", 3),
])
def test_a_position_in_a_list_counts_from_0_or_from_the_end_when_negative(expr, expected):
    assert _value(expr) == expected


def test_a_position_past_the_start_of_a_list_stops_the_game():
    assert "no item -4" in _run_error("[3, 1, 4][-4]")


def test_plus_joins_text_with_text_a_rank_a_suit_or_a_number():
    assert _value("['bid ' + 3, 'led ' + hearts, 'rank ' + first(hand[0]).rank, 3 + ' tricks']") == [
        "bid 3", "led hearts", "rank A", "3 tricks"]
    message, hint = _expr_error("'top ' + first(hand[0])")
    assert "'+' joins text with text, a rank, a suit or a number" in message and ".name" in hint


def test_log_writes_a_line_in_the_game_log():
    rules = _rules(PACK + "hand:\n  - log: \"'claims ' + count(stock)\"\n" + WAIT)
    s = G.new_game(rules, 3, 0, log=True)
    assert [e["text"] for e in s.events if e.get("event") == "note"] == ["claims 26"]


def test_tricks_decided_by_asks_the_chooser_for_the_card_of_the_player_whose_turn_it_is():
    # decided_by: "who chooses the card of the player whose turn it is"; "The card comes from current's hand
    # and counts as current's play (trick_players)"
    body = _with("count: 1", "decided_by: '0 if current == 2 else current'",
                 "after_plays: [{set: {seen: 'trick_players'}}]").replace(
        "state:\n", "state:\n  seen: {type: list, initial: '[]'}\n")
    s = _game(body, order=TRICK_DEAL)
    asked = []
    while not G.is_over(s):
        asked.append((G.current_player(s), sorted(S.describe(s, a) for a in G.legal_actions(s))))
        G.apply(s, G.legal_actions(s)[0])
    # seat 1 leads 9♥; seat 2's turn is chosen by seat 0, from seat 2's hand (A♥ 9♣ J♦: must follow with A♥)
    assert asked == [(1, ["9♥", "K♣", "Q♦"]), (0, ["A♥"]), (0, ["10♥"])]
    assert S.var(s, "seen") == [1, 2, 0] and S.var(s, "winners_") == [2]


def test_tricks_card_suit_is_read_by_following_led_suit_and_the_trumps():
    # card_suit: "the suit a card counts as in this block ... following, led_suit and the trumps read it"
    body = _with("count: 1", "trumps: hearts", "card_suit: 'hearts if card == J♦ else card.suit'")
    s = _game(body, order=["9♥", "J♦", "10♥", "K♣", "9♣", "A♠", "Q♦", "A♦", "J♣"])
    asked = _asked(s)
    # seat 2 holds J♦ 9♣ A♦ and no heart: J♦ counts as one and must follow; it is the highest trump
    assert asked == [(1, ["9♥", "K♣", "Q♦"]), (2, ["J♦"]), (0, ["10♥"])]
    assert S.var(s, "winners_") == [2]


def test_deal_in_packets_gives_each_player_that_many_cards_at_a_time():
    # packet: "how many cards a player gets at a time"
    s = _game("hand:\n  - deal: {from: stock, to: hand, count: 5, packet: 3}\n" + WAIT, order=ORDER)
    assert _hands(s) == [["A♥", "K♥", "Q♥", "K♦", "Q♦"], ["A♠", "K♠", "Q♠", "J♥", "10♥"],
                         ["J♠", "10♠", "9♠", "9♥", "A♦"]]
    s = _game("hand:\n  - deal: {from: stock, to: hand, packet: 4}\n" + WAIT, order=ORDER)
    assert [len(h) for h in _hands(s)] == [8, 9, 9]


def test_pack_remove_cards_joker_takes_out_every_joker():
    head = PACK.replace("jokers: 2}", "jokers: 2, remove: {cards: [joker, 9♣]}}")
    assert _undealt("[pack_size, count(filter(stock, c => c.is_joker)), 9♣ in stock]", head) == [23, 0, False]


@pytest.mark.parametrize("expr,words", [
    ("seat_order(0, 2)", "the direction is 1 (to the left) or -1 (to the right), not 2"),
    ("seat_order(0, 0)", "not 0"),
    ("next_player(0, p => p == 2, 2)", "not 2"),
    ("seat_order(0, 'x')", "the direction must be a number"),
])
def test_a_direction_is_1_or_minus_1(expr, words):
    # seat_order: "direction 1 = to the left, -1 = to the right"; next_player: "going left, or right with -1"
    message, _ = _expr_error(expr)
    assert words in message


def test_deal_direction_other_than_one_or_minus_one_is_refused():
    # deal: "direction (1 to the left, the default, or -1)"
    for value in ("0", "2"):
        line, message, hint = _error(PACK + f"hand:\n  - deal: {{from: stock, to: hand, count: 1, direction: {value}}}\n"
                                     + WAIT)
        assert line == 13 and f"'direction' must be 1 or -1, not {value}" in message
    rules = _rules(PACK + "state:\n  d: {initial: 1}\nhand:\n  - set: {d: 0}\n"
                   "  - deal: {from: stock, to: hand, count: 1, direction: d}\n" + WAIT)
    with pytest.raises(G.GameError) as err:
        G.new_game(rules, 3, 0)
    assert "the deal's direction is 0, not 1 or -1" in str(err.value)


def test_tricks_follow_any_and_a_follow_condition_replace_the_follow_suit_rule():
    # follow: "'any' allows any card; a condition on card replaces the follow-suit rule entirely: exactly the
    # cards for which it holds may be played"
    s = _game(_with("count: 1", "follow: any"), order=TRICK_DEAL)
    assert _asked(s)[:2] == [(1, ["9♥", "K♣", "Q♦"]), (2, ["A♥", "9♣", "J♦"])]
    s = _game(_with("count: 1", "follow: \"card.rank != 'A' and (led_suit == none or card.suit != led_suit)\""),
              order=TRICK_DEAL)
    # seat 1 leads 9♥; seat 2 (A♥ 9♣ J♦) may not play the ace nor a heart; seat 0 (10♥ A♠ J♣) only J♣
    assert _asked(s) == [(1, ["9♥", "K♣", "Q♦"]), (2, ["9♣", "J♦"]), (0, ["J♣"])]


def test_team_score_is_given_to_the_records_as_team_scores():
    # end: team_score "Each team's final score, with t the team number ... given to records as team_scores"
    rules = _rules(TEAMS + "state:\n  score: {per: team, initial: 0}\nhand:\n  - add: {'score[1]': 7, 'score[0]': 2}\n"
                   "end:\n  winners: 'team_members(first(argmax(teams, t => score[t])))'\n  score: 'score[team_of(p)]'\n"
                   "  team_score: 'score[t]'\n")
    s = G.new_game(rules, 4, 0)
    result = G.result(s)
    assert result["team_scores"] == [2, 7] and result["winners"] == [1, 3] and result["scores"] == [2, 7, 2, 7]
    assert result["teams"] == [0, 1, 0, 1]


def test_end_game_in_the_setup_ends_the_game_before_any_hand_and_end_hand_there_is_refused():
    s = _game("state:\n  n: {initial: 0}\nsetup:\n  - end_game: {winners: '[1]'}\n  - add: {n: 1}\n"
              "hand:\n  - add: {n: 10}\n" + WAIT)
    assert G.is_over(s) and S.var(s, "n") == 0 and G.result(s)["hands"] == 0 and G.result(s)["winners"] == [1]
    _, message, hint = _error(PACK + "setup:\n  - end_hand: {}\nhand:\n  - shuffle: stock\n")
    assert "the setup steps run before the first hand" in message and "end_game" in hint
