"""Correctness on games the engine has never seen, judged against the rules as a designer means them.

The rulesets of tests/rulesets_review2/ (each says what it is) are played from scripted deals; the legal
moves offered and the state after each move (trick winners, who leads, scores) are the values worked
out by hand from the rules, written in the comments.  Random games check the invariants (every card
in exactly one zone, every move one the rules offered, the game ends); mistaken versions of the
rulesets must be reported at file:line:column with a hint and a non-zero exit code.

Where a rule is ambiguous the test says which reading it takes.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from interpreter.ruleset.loader import load_ruleset
from tests.scripted import legal_texts as _legal, load_from, var as _v, zone_names as _z
from tests.helpers import run_cli

HERE = Path(__file__).resolve().parent / "rulesets_review2"


def _load(name, **options):
    return load_from(HERE, name, **options)


def _load_text(tmp_path, text, name="r.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_ruleset(str(path))


def _deck(hands, seats, stock_top=(), packet=1):
    """The pack order (first dealt first) for a deal of `packet` cards at a time to `seats` in turn:
    hands[seat] lists that seat's cards in the order dealt; then `stock_top`, the first of them the
    next card drawn from the stock (the stock's top)."""
    size = len(hands[seats[0]])
    order = [c for i in range(0, size, packet) for p in seats for c in hands[p][i:i + packet]]
    return order + list(stock_top)


# -- a variable without a type whose initial value is none ------------------------------------

MINI = """name: Mini
players: {count: 2}
pack: {ranks: ["9", "10"], suits: [clubs, hearts]}
zones: {stock: {visibility: hidden}, hand: {per: player, visibility: owner}}
state:
  dealer: {type: player, initial: 0}
  guess: {per: player, initial: none, scope: hand}
  best: {initial: none}
hand:
  - set: {"guess[0]": 3, best: "guess[0] + 1"}
end: {after_hand: true, winners: "[0]", score: "best"}
"""


def test_a_variable_without_type_starting_at_none_may_hold_a_number(tmp_path):
    # The reference: a state variable's type is "number by default"; `initial: none` says only that
    # there is no value yet (as `initial: null` does).  It was read as a text variable, so setting a
    # number into it was refused ("'guess' holds a text, but this gives a number").
    loaded = _load_text(tmp_path, MINI)
    assert loaded.ok, "\n".join(d.format() for d in loaded.diagnostics)
    s = G.new_game(loaded.rules, 2, 0)
    assert G.is_over(s) and G.result(s)["scores"] == [4, 4]


# -- Oh Hell: bids with the dealer's hook, trumps turned up, shrinking hands --------------------

OH_HELL_HANDS = {
    1: ["A♠", "K♠", "2♥", "3♣", "4♦"],
    2: ["Q♠", "5♥", "6♥", "7♣", "8♦"],
    3: ["9♥", "10♥", "J♥", "Q♥", "3♦"],
    0: ["2♠", "9♣", "10♣", "J♣", "K♥"],
}


def _oh_hell_game():
    rules = _load("oh-hell")
    # dealer 0 deals five each from seat 1; the next card, 5♦, is turned up: diamonds are trumps
    s = S.stacked_game(rules, 4, _deck(OH_HELL_HANDS, [1, 2, 3, 0], ["5♦"]))
    return rules, s


def test_oh_hell_the_dealer_may_not_make_the_bids_add_up():
    _, s = _oh_hell_game()
    assert _v(s, "trumps") == "diamonds" and _v(s, "size") == 5
    assert S.names(s, s.revealed) == ["5♦"]
    assert G.current_player(s) == 1 and _legal(s) == [f"bid {n}" for n in range(6)]
    S.play(s, ("bid", 2))
    assert G.current_player(s) == 2
    S.play(s, ("bid", 1))
    S.play(s, ("bid", 1))
    # the dealer bids last; 2 + 1 + 1 = 4, so 1 would make five: refused (the hook)
    assert G.current_player(s) == 0 and _legal(s) == ["bid 0", "bid 2", "bid 3", "bid 4", "bid 5"]


def test_oh_hell_a_scripted_hand():
    _, s = _oh_hell_game()
    S.play(s, ("bid", 2), ("bid", 1), ("bid", 1), ("bid", 0))
    # trick 1: seat 1 leads A♠; seat 2 must follow with its only spade; seat 3 has none and trumps
    # with 3♦; seat 0 follows with 2♠.  The lowest trump beats the Ace of the suit led: seat 3 wins.
    assert G.current_player(s) == 1 and _legal(s) == OH_HELL_HANDS[1]
    S.play(s, "A♠")
    assert G.current_player(s) == 2 and _legal(s) == ["Q♠"]
    S.play(s, "Q♠")
    assert G.current_player(s) == 3 and _legal(s) == OH_HELL_HANDS[3]
    S.play(s, "3♦")
    assert _legal(s) == ["2♠"]
    S.play(s, "2♠")
    assert _v(s, "taken") == [0, 0, 0, 1] and _z(s, "won", 3) == ["A♠", "Q♠", "3♦", "2♠"]
    # trick 2: the winner leads 9♥; seat 0 follows with K♥ and wins (no trump played)
    assert G.current_player(s) == 3
    S.play(s, "9♥")
    assert G.current_player(s) == 0 and _legal(s) == ["K♥"]
    S.play(s, "K♥")
    assert _legal(s) == ["2♥"]
    S.play(s, "2♥")
    assert _legal(s) == ["5♥", "6♥"]
    S.play(s, "5♥")
    assert _v(s, "taken") == [1, 0, 0, 1]
    # trick 3: seat 0 leads 9♣: 3♣, 7♣ follow, seat 3 (void) throws 10♥: seat 0 wins
    assert G.current_player(s) == 0
    S.play(s, "9♣", "3♣", "7♣")
    assert _legal(s) == ["10♥", "J♥", "Q♥"]
    S.play(s, "10♥")
    assert _v(s, "taken") == [2, 0, 0, 1]
    # trick 4: seat 0 leads 10♣; seat 1 (void) throws K♠, seat 2 (void) trumps with 8♦, seat 3 J♥
    S.play(s, "10♣")
    assert _legal(s) == ["K♠", "4♦"]
    S.play(s, "K♠")
    assert _legal(s) == ["6♥", "8♦"]
    S.play(s, "8♦", "J♥")
    assert _v(s, "taken") == [2, 0, 1, 1] and G.current_player(s) == 2
    # trick 5: seat 2 leads 6♥, seat 3 Q♥, seat 0 its last club, seat 1 its last card, the 4♦: trumped
    S.play(s, "6♥", "Q♥", "J♣")
    assert _legal(s) == ["4♦"]
    S.play(s, "4♦")
    # taken 2, 1, 1, 1 against bids 0, 2, 1, 1: seats 2 and 3 made theirs, 10 + 1 each
    assert _v(s, "score") == [0, 0, 11, 11]
    # hand 2: seat 1 deals four cards each, seat 2 bids first, from 0 to 4
    assert s.hand_no == 2 and _v(s, "dealer") == 1 and _v(s, "size") == 4
    assert [len(h) for h in S.zone(s, "hand")] == [4, 4, 4, 4]
    assert G.current_player(s) == 2 and _legal(s) == [f"bid {n}" for n in range(5)]


# -- an auction for a contract, partnerships, a hand played without trumps -----------------------

AUCTION_HANDS = {
    1: ["A♠", "K♠", "Q♠", "9♥", "10♥", "J♣"],
    2: ["A♥", "K♥", "Q♥", "9♠", "10♠", "J♦"],
    3: ["A♣", "K♣", "Q♣", "9♦", "10♦", "J♠"],
    0: ["A♦", "K♦", "Q♦", "9♣", "10♣", "J♥"],
}


def _auction_game():
    rules = _load("auction-contract")
    return S.stacked_game(rules, 4, _deck(AUCTION_HANDS, [1, 2, 3, 0], packet=3))


def test_auction_bids_climb_and_three_passes_end_it():
    s = _auction_game()
    assert [S.names(s, h) for h in S.zone(s, "hand")] == [AUCTION_HANDS[p] for p in range(4)]
    assert G.current_player(s) == 1 and _legal(s) == [f"bid {n}" for n in range(1, 7)] + ["pass"]
    S.play(s, ("bid", 2))
    assert G.current_player(s) == 2 and _legal(s) == ["bid 3", "bid 4", "bid 5", "bid 6", "pass"]
    S.play(s, ("pass",), ("bid", 3), ("pass",), ("pass",))
    # seat 2 passed before; it may bid again (bid 4 and up), or pass a third time in a row
    assert G.current_player(s) == 2 and _legal(s) == ["bid 4", "bid 5", "bid 6", "pass"]
    S.play(s, ("pass",))
    # three passes after seat 3's bid of 3: seat 3 declares and names trumps
    assert _v(s, "declarer") == 3 and _v(s, "high") == 3
    assert G.current_player(s) == 3
    assert _legal(s) == ["trumps clubs", "trumps diamonds", "trumps hearts", "trumps spades", "no_trumps"]


def test_auction_a_contract_played_without_trumps():
    s = _auction_game()
    S.play(s, ("bid", 2), ("pass",), ("bid", 3), ("pass",), ("pass",), ("pass",), ("no_trumps",))
    assert _v(s, "trumps") is None
    # the declarer's left (seat 0) leads A♦; seat 1 has no diamond and throws A♠: without trumps the
    # Ace of spades is only a discard, A♦ wins
    assert G.current_player(s) == 0
    S.play(s, "A♦")
    assert _legal(s) == AUCTION_HANDS[1]
    S.play(s, "A♠")
    assert _legal(s) == ["J♦"]
    S.play(s, "J♦")
    assert _legal(s) == ["9♦", "10♦"]
    S.play(s, "9♦")
    assert _v(s, "side_tricks") == [1, 0] and G.current_player(s) == 0
    S.play(s, "9♣", "J♣", "9♠", "A♣")          # seat 3 wins with A♣
    S.play(s, "K♣", "10♣", "K♠", "10♠")         # K♣ holds
    S.play(s, "Q♣", "Q♦", "Q♠", "A♥")           # Q♣ holds: nobody else has a club
    assert _v(s, "side_tricks") == [1, 3] and G.current_player(s) == 3
    S.play(s, "10♦")
    assert _legal(s) == ["K♦"]
    S.play(s, "K♦", "9♥", "K♥")                 # K♦ beats 10♦: seat 0
    S.play(s, "J♥", "10♥", "Q♥", "J♠")          # Q♥: seat 2
    # 3 tricks each: the declarer's side (seats 1 and 3) made its 3: 30 points
    assert _v(s, "score") == [0, 30]
    assert s.hand_no == 2 and _v(s, "dealer") == 1 and G.current_player(s) == 2


def test_auction_four_passes_throw_the_hand_in():
    s = _auction_game()
    S.play(s, ("pass",), ("pass",), ("pass",))
    assert G.current_player(s) == 0 and "pass" in _legal(s)
    S.play(s, ("pass",))
    # no tricks, no score; the next dealer deals again
    assert s.hand_no == 2 and _v(s, "score") == [0, 0] and s.tricks == 0
    assert _v(s, "dealer") == 1 and G.current_player(s) == 2 and [len(h) for h in S.zone(s, "hand")] == [6] * 4


# -- the dealer sits out, play to the right, a double pack, a winner given as an expression -------

SIT_OUT_HANDS = {
    1: ["A♠", "9♠", "K♥", "10♣", "J♦", "Q♦"],
    2: ["A♠", "10♠", "9♥", "J♣", "K♦", "9♦"],
    3: ["K♠", "Q♠", "A♥", "A♣", "10♦", "9♣"],
}


def _sit_out_game(name):
    rules = _load(name)
    # dealer 0 deals to seats 1, 2, 3 only; the first A♠ named goes to seat 1, the other copy to seat 2
    return S.stacked_game(rules, 4, _deck(SIT_OUT_HANDS, [1, 2, 3]))


def _trick_players(s, count):
    """(player, card) of the last `count` plays, in order."""
    u = s.rules.universe
    return [(p, u.names[a[1]]) for p, a in s.history[-count:]]


def test_sit_out_the_dealer_is_skipped_and_play_goes_right():
    s = _sit_out_game("sit-out-reverse")
    assert S.zone(s, "hand", 0) == [] and len(S.zone(s, "stock")) == 48 - 18
    # seat 1 leads; to its right is the dealer (seat 0), who sits out: seat 3, then seat 2
    assert G.current_player(s) == 1
    S.play(s, "A♠")
    assert G.current_player(s) == 3 and _legal(s) == ["K♠", "Q♠"]
    S.play(s, "K♠")
    assert G.current_player(s) == 2 and _legal(s) == ["A♠", "10♠"]
    S.play(s, "A♠")
    # two identical Aces: the first played wins (the ruleset's rule; also the engine's documented one)
    assert _trick_players(s, 3) == [(1, "A♠"), (3, "K♠"), (2, "A♠")]
    assert len(S.zone(s, "won", 1)) == 3 and G.current_player(s) == 1
    S.play(s, "10♣")
    assert _legal(s) == ["A♣", "9♣"]
    S.play(s, "9♣", "J♣")                     # J♣: seat 2
    assert G.current_player(s) == 2
    S.play(s, "9♦")
    assert G.current_player(s) == 1 and _legal(s) == ["J♦", "Q♦"]
    S.play(s, "J♦")
    assert G.current_player(s) == 3
    S.play(s, "10♦")                          # J♦: seat 1
    S.play(s, "Q♦")
    assert G.current_player(s) == 3 and _legal(s) == ["Q♠", "A♥", "A♣"]
    S.play(s, "A♥", "K♦")                     # a trump: seat 3
    assert G.current_player(s) == 3
    S.play(s, "A♣")
    assert _legal(s) == ["10♠", "9♥"]
    S.play(s, "9♥")
    assert _legal(s) == ["9♠", "K♥"]
    S.play(s, "K♥")                           # the higher trump: seat 1
    assert G.current_player(s) == 1
    S.play(s, "9♠", "Q♠", "10♠")              # Q♠: seat 3
    assert _v(s, "score") == [0, 3, 1, 2]
    # hand 2: seat 1 deals and sits out; seat 2 (its left) leads, then seat 0 (to the right of 2... no:
    # to the right of seat 2 is seat 1, the dealer, skipped), so seat 0
    assert s.hand_no == 2 and _v(s, "dealer") == 1 and S.zone(s, "hand", 1) == []
    assert G.current_player(s) == 2
    S.play(s, S.describe(s, G.legal_actions(s)[0]))
    assert G.current_player(s) == 0


def test_sit_out_a_winner_expression_the_later_of_equal_cards():
    s = _sit_out_game("sit-out-highest")
    # the highest rank of any suit wins; of the two A♠ the later (seat 2's) wins
    S.play(s, "A♠", "K♠", "A♠")
    assert len(S.zone(s, "won", 2)) == 3 and G.current_player(s) == 2
    S.play(s, "J♣")
    assert _legal(s) == ["10♣"]
    S.play(s, "10♣")
    assert _legal(s) == ["A♣", "9♣"]
    S.play(s, "9♣")                           # J is the highest rank: seat 2
    S.play(s, "9♥", "K♥", "A♥")               # A♥: seat 3
    assert G.current_player(s) == 3
    S.play(s, "10♦")
    assert _legal(s) == ["K♦", "9♦"]
    S.play(s, "9♦", "Q♦")                     # Q♦: seat 1 (no trumps: suits only matter for following)
    assert G.current_player(s) == 1
    S.play(s, "9♠", "Q♠", "10♠")              # Q♠: seat 3
    S.play(s, "A♣", "K♦", "J♦")               # A♣: seat 3
    assert _v(s, "score") == [0, 1, 2, 3]


# -- a climbing game: sets and runs, passes, who leads after everyone passes, finishing order -----

CLIMB_HANDS = {
    1: ["3♣", "3♦", "5♠", "9♥"],
    2: ["4♠", "7♦", "8♦", "9♦"],
    3: ["4♥", "4♣", "K♠", "2♠"],
    0: ["6♠", "7♠", "8♠", "3♥"],
}


def _cards_of(s, value):
    """The card names of an action's value: a card, a list of cards or a meld, sorted."""
    if value is None:
        return []
    value = getattr(value, "cards", value)
    return sorted(S.names(s, [value] if isinstance(value, int) else value))


def _climb_legal(s):
    return sorted(" ".join([a[0]] + _cards_of(s, a[1])) for a in G.legal_actions(s))


def _climb(s, *moves):
    """Play moves given as 'pass', 'set A B' or 'run A B C' (the cards in any order)."""
    for move in moves:
        name, *cards = move.split()
        if name == "pass":
            S.play(s, ("pass",))
        elif name == "set":
            S.play(s, ("set", cards))
        else:
            want = sorted(cards)
            action = next(a for a in G.legal_actions(s) if a[0] == "run" and _cards_of(s, a[1]) == want)
            G.apply(s, action)


def test_climbing_a_scripted_hand():
    rules = _load("climbing-runs", hand_size=4)
    s = S.stacked_game(rules, 4, _deck(CLIMB_HANDS, [1, 2, 3, 0]))
    # the holder of 3♣ opens, and its play must hold 3♣: alone or with 3♦
    assert G.current_player(s) == 1
    assert _climb_legal(s) == ["set 3♣", "set 3♣ 3♦"]
    _climb(s, "set 3♣ 3♦")
    # seat 2 has no pair (its run is not a pair): it can only pass
    assert G.current_player(s) == 2 and _legal(s) == ["pass"]
    _climb(s, "pass")
    assert G.current_player(s) == 3 and _climb_legal(s) == ["pass", "set 4♣ 4♥"]
    _climb(s, "set 4♣ 4♥", "pass", "pass")
    # seats 0 and 1 passed after seat 2: nobody else can answer, the table is cleared and seat 3,
    # the last to play, leads; a lone King
    assert S.zone(s, "pile") == [] and G.current_player(s) == 3
    assert _climb_legal(s) == ["set 2♠", "set K♠"]
    _climb(s, "set K♠")
    assert G.current_player(s) == 0 and _legal(s) == ["pass"]
    _climb(s, "pass", "pass")
    assert G.current_player(s) == 2 and _legal(s) == ["pass"]
    _climb(s, "pass")
    assert G.current_player(s) == 3
    _climb(s, "set 2♠")                       # seat 3 goes out first
    assert _v(s, "finished") == [0, 0, 0, 1]
    _climb(s, "pass", "pass", "pass")
    # everyone passed the card of a player who has gone out: the next player holding cards leads,
    # seat 0 (our reading of "the last player to play leads")
    assert G.current_player(s) == 0
    assert _climb_legal(s) == ["run 6♠ 7♠ 8♠", "set 3♥", "set 6♠", "set 7♠", "set 8♠"]
    _climb(s, "run 6♠ 7♠ 8♠")
    assert G.current_player(s) == 1 and _legal(s) == ["pass"]
    _climb(s, "pass")
    # seat 2's run of three tops 9 > 8; seat 3 has gone out and is skipped
    assert G.current_player(s) == 2 and _climb_legal(s) == ["pass", "run 7♦ 8♦ 9♦"]
    _climb(s, "run 7♦ 8♦ 9♦")
    assert G.current_player(s) == 0
    _climb(s, "pass")                        # seat 1 passed already this round: the table clears
    assert G.current_player(s) == 2 and S.zone(s, "pile") == []
    _climb(s, "set 4♠")                       # seat 2 out, second
    assert G.current_player(s) == 0 and _legal(s) == ["pass"]
    _climb(s, "pass")
    assert G.current_player(s) == 1 and _climb_legal(s) == ["pass", "set 5♠", "set 9♥"]
    _climb(s, "set 9♥")
    # seat 0 passed this round: seat 1 leads again at once and goes out third; seat 0 is last
    assert G.current_player(s) == 1
    _climb(s, "set 5♠")
    assert _v(s, "score") == [0, 1, 2, 3]
    assert s.hand_no == 2 and G.current_player(s) == 2


# -- rummy: a table zone per player, jokers, laying off onto another player's melds ----------------

RUMMY_HANDS = {
    1: ["7♥", "8♥", "9♥", "K♣", "K♦", "Joker", "2♠"],
    0: ["10♥", "5♣", "5♦", "5♠", "J♠", "Q♦", "3♣"],
}


def _rummy_game():
    rules = _load("rummy-layoff")
    # after the deal the A♠ is turned up; then the stock gives 4♣, 6♣, 5♥
    return S.stacked_game(rules, 2, _deck(RUMMY_HANDS, [1, 0], ["A♠", "4♣", "6♣", "5♥"]))


def _meld(s, move, cards):
    """Apply the action of `move` whose cards are `cards` (a joker written 'Joker=K♥' for its reading)."""
    from interpreter.authoring.expectations import describe_action
    want = sorted(cards)
    for a in G.legal_actions(s):
        if a[0] == move and sorted(describe_action(s, a).split()[1:]) == want:
            return G.apply(s, a)
    raise AssertionError(f"{move} {cards}: not among {[describe_action(s, a) for a in G.legal_actions(s)]}")


def _tables(s):
    u = s.rules.universe
    return [[sorted(u.names[c] for c in g) for g in t if g] for t in S.zone(s, "table")]


def test_rummy_laying_off_onto_another_players_meld():
    s = _rummy_game()
    assert _z(s, "discard") == ["A♠"] and G.current_player(s) == 1
    S.play(s, ("draw",))
    assert _z(s, "hand", 1)[-1] == "4♣"
    _meld(s, "meld", ["7♥", "8♥", "9♥"])
    _meld(s, "meld", ["K♣", "K♦", "Joker=K♥"])
    assert _tables(s) == [[], [["7♥", "8♥", "9♥"], ["Joker", "K♣", "K♦"]]]
    # nothing of seat 1's fits a meld: no lay_off; it discards 2♠
    assert {a[0] for a in G.legal_actions(s)} == {"discard", "meld"} - ({"meld"} if not any(
        a[0] == "meld" for a in G.legal_actions(s)) else set())
    S.play(s, ("discard", "2♠"))
    # seat 0 may not lay off before it has melded, though 10♥ fits seat 1's run
    assert G.current_player(s) == 0
    S.play(s, ("draw",))
    assert not any(a[0] == "lay_off" for a in G.legal_actions(s))
    _meld(s, "meld", ["5♣", "5♦", "5♠"])
    # now it may: onto seat 1's melds only (nothing fits its own set of Fives)
    assert [a for a in G.legal_actions(s) if a[0] == "lay_off"] == [("lay_off", 1)]
    S.play(s, ("lay_off", 1))
    assert len(G.legal_actions(s)) == 1          # the one addition: 10♥ after 9♥
    G.apply(s, G.legal_actions(s)[0])
    assert _tables(s) == [[["5♠", "5♣", "5♦"]], [["10♥", "7♥", "8♥", "9♥"], ["Joker", "K♣", "K♦"]]]
    S.play(s, ("discard", "J♠"))
    # seat 1 draws 5♥, lays it off on seat 0's Fives, and goes out by discarding 4♣
    S.play(s, ("draw",))
    S.play(s, ("lay_off", 0))
    G.apply(s, G.legal_actions(s)[0])
    S.play(s, ("discard", "4♣"))
    # seat 1 scores what seat 0 still holds: Q♦ 3♣ 6♣ = 10 + 3 + 6
    assert _v(s, "score") == [0, 19]
    assert s.hand_no == 2 and G.all_cards(s) == sorted(s.rules.deck(2))


def test_rummy_gather_from_a_table_kept_per_player_takes_the_cards():
    # After a hand, `gather: {from: [.., table]}` with `table` kept per player must put the cards
    # of its melds into the stock, not the melds' lists of cards (which were then dealt as "cards").
    rules = _load("rummy-layoff")
    for seed in range(6):
        s = G.new_game(rules, 2, seed)
        rng = random.Random(seed)
        while not G.is_over(s) and s.hand_no < 3:
            G.apply_index(s, rng.randrange(len(s.pending.actions)))
            assert all(c.__class__ is int for c in S.zone(s, "stock")), seed
        assert G.all_cards(s) == sorted(rules.deck(2))


@pytest.mark.parametrize("stands,seat0,adds", [
    ("7♥", ["5♣", "5♦", "5♠", "10♥", "J♥", "3♣", "4♣"], ["add 10♥ -> [Joker=7♥ 8♥ 9♥ 10♥]"]),
    ("10♥", ["5♣", "5♦", "5♠", "7♥", "J♥", "3♣", "4♣"],
     ["add 7♥ -> [7♥ 8♥ 9♥ Joker=10♥]", "add J♥ -> [8♥ 9♥ Joker=10♥ J♥]"]),
])
def test_rummy_a_joker_keeps_its_reading_when_another_players_table_changes(stands, seat0, adds):
    # Seat 1 lays 8♥ 9♥ and a joker standing for 7♥ (or 10♥) in front of it.  When seat 0 then lays
    # its own meld in front of itself, the joker of seat 1's run must still stand for that card: the
    # cards seat 0 may lay off on the run are those next to the run as declared.
    rules = _load("rummy-layoff")
    hands = {1: ["8♥", "9♥", "Joker", "K♣", "K♦", "2♠", "3♠"], 0: seat0}
    s = S.stacked_game(rules, 2, _deck(hands, [1, 0], ["A♠", "6♣", "7♣"]))
    S.play(s, ("draw",))
    _meld(s, "meld", ["8♥", "9♥", f"Joker={stands}"])
    S.play(s, ("discard", "2♠"))
    S.play(s, ("draw",))
    _meld(s, "meld", ["5♣", "5♦", "5♠"])
    assert ("lay_off", 1) in G.legal_actions(s)
    S.play(s, ("lay_off", 1))
    from interpreter.authoring.expectations import describe_action
    assert sorted(describe_action(s, a) for a in G.legal_actions(s)) == adds


TABLES_MOVE = """name: Tables Move
players: {count: 2}
pack: {ranks: ["5", "6", "7", "8"], suits: [clubs, diamonds, hearts, spades]}
melds: {sets: {min: 3}, runs: {order: ["5", "6", "7", "8"], min: 3}}
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
  table: {per: player, visibility: public}
  discard: {visibility: public}
state:
  dealer: {type: player, initial: 0}
hand:
  - deal: {from: stock, to: hand, count: 4}
  - choose:
      player: 0
      moves:
        meld:
          options: melds_in(hand[0])
          do:
            - lay_melds: {melds: option, from: "hand[0]", to: "table[0]"}
  # a meld of three goes to the discard pile again, taken from wherever it lies
  - move: {cards: "meld_cards(first(table_melds(table[0])))", to: discard}
end: {after_hand: true, winners: "[0]", score: "count(discard)"}
"""


def test_a_card_moved_from_wherever_it_is_is_found_in_a_table_kept_per_player(tmp_path):
    # `move` without `from` takes each card "from wherever it is": also from a meld lying in a
    # player's own table zone.  It stopped the game: "card 5♣ is nowhere to be moved from".
    loaded = _load_text(tmp_path, TABLES_MOVE)
    assert loaded.ok, "\n".join(d.format() for d in loaded.diagnostics)
    rules = loaded.rules
    s = S.stacked_game(rules, 2, ["6♣", "5♣", "7♣", "5♦", "8♣", "5♥", "8♥", "8♦"])   # seat 1 is dealt first
    assert _z(s, "hand", 0) == ["5♣", "5♦", "5♥", "8♦"]
    _meld(s, "meld", ["5♣", "5♦", "5♥"])
    assert G.is_over(s) and sorted(_z(s, "discard")) == ["5♣", "5♥", "5♦"]
    assert G.all_cards(s) == sorted(rules.deck(2))


# -- Belote duties: follow, overtrump, trump unless the partner is winning -------------------------

BELOTE_HANDS = {
    1: ["K♠", "7♥", "8♣"],
    2: ["A♠", "7♦", "9♥"],
    3: ["7♠", "10♥", "J♥"],
    0: ["8♦", "A♥", "Q♥"],           # the dealer's last card, Q♥: hearts are trumps
}


def test_must_trump_unless_the_partner_is_winning():
    rules = _load("must-trump-partner", cards=3)
    s = S.stacked_game(rules, 4, _deck(BELOTE_HANDS, [1, 2, 3, 0]))
    assert _v(s, "trumps") == "hearts" and S.names(s, s.revealed) == ["Q♥"]
    assert G.current_player(s) == 1 and _legal(s) == BELOTE_HANDS[1]
    S.play(s, "K♠")
    assert _legal(s) == ["A♠"]
    S.play(s, "A♠")
    assert _legal(s) == ["7♠"]
    S.play(s, "7♠")
    # seat 0 has no spade, but its partner (seat 2, A♠) is winning: any card
    assert G.current_player(s) == 0 and _legal(s) == ["8♦", "A♥", "Q♥"]
    S.play(s, "8♦")
    assert G.current_player(s) == 2
    S.play(s, "7♦")
    # seat 3 has no diamond and an opponent is winning: it must trump, with either trump
    assert G.current_player(s) == 3 and _legal(s) == ["10♥", "J♥"]
    S.play(s, "10♥")
    # seat 0, void, opponent winning with 10♥: it must overtrump, A♥ (Q♥ ranks below the 10 in trumps)
    assert _legal(s) == ["A♥"]
    S.play(s, "A♥")
    # seat 1, void, opponent (seat 0) winning: it must trump though it cannot overtrump
    assert _legal(s) == ["7♥"]
    S.play(s, "7♥")
    assert _v(s, "score") == [2, 0] and G.current_player(s) == 0
    S.play(s, "Q♥")
    assert _legal(s) == ["8♣"]                  # no trump: anything
    S.play(s, "8♣")
    assert _legal(s) == ["9♥"]                  # trumps led: 9♥ (it beats Q♥)
    S.play(s, "9♥", "J♥")                       # the Jack is the highest trump: seat 3
    assert _v(s, "score") == [2, 1]


# -- a joker led, with the default follow rule (engine/tricks.py: for the lead) --------------------

JOKER_DEAL = ["Joker", "Joker", "9♣", "A♥", "K♣", "10♣", "A♠", "10♥", "J♣"]   # seat 1 dealt first


def test_after_a_joker_is_led_any_card_may_follow():
    # Our reading: a joker's suit is none, so a joker lead leads no suit and nobody must follow it
    # (led_suit is none, as for the leader).  Seat 2 holds Joker, K♣, 10♥: all three may be played.
    rules = _load("joker-lead")
    s = S.stacked_game(rules, 3, JOKER_DEAL)
    assert _legal(s) == ["Joker", "A♥", "A♠"]
    S.play(s, "Joker")
    assert G.current_player(s) == 2 and _legal(s) == ["Joker", "K♣", "10♥"]


def test_a_joker_led_wins_when_nothing_beats_it():
    # Two jokers and a club, no trump: the joker led wins (the first of equal cards; with no suit led
    # and no trump, nothing else can win): seat 1.
    rules = _load("joker-lead")
    s = S.stacked_game(rules, 3, JOKER_DEAL)
    S.play(s, "Joker", "Joker", "9♣")
    assert G.result(s)["scores"] == [0, 3, 0]


# -- mistaken versions: located errors with hints, a non-zero exit code, never a traceback ---------

MISTAKES = [
    # (ruleset, text replaced, mistaken text, what the error says)
    ("oh-hell", "bids_total + n != size", "bids_totl + n != size", "did you mean 'bids_total'?"),
    ("auction-contract", "until: passes >= 4", 'until: passes >= "four"', "cannot compare a number with a text"),
    ("climbing-runs", "(size == 0 or", "(size == 0 or or", "unexpected 'or'"),
    ("must-trump-partner", "any(h, c => c.suit == x)", "any(h, c => c.siut == x)", "did you mean 'suit'?"),
    ("rummy-layoff", 'to: "table[q]"', 'to: "tabel[q]"', "did you mean 'table'?"),
    ("sit-out-reverse", "direction: -1", "direction: 2", "'direction' must be 1 or -1"),
    ("sit-out-reverse", "      order: plain", "      order: plian", "did you mean 'plain'?"),
    ("oh-hell", "      trick: trick", "      trik: trick", "unknown key 'trik'"),
    ("oh-hell", '"10 + bid[p]"', "10 + bid[p]", "put the text in quotes"),
    ("auction-contract", "options: range(high + 1, 6)", "options: range(high + 1, trumps)", "must be a number"),
    ("auction-contract", 'teams: {"4": [[0, 2], [1, 3]]}', 'teams: {"4": [[0, 1], [1, 2]]}', "every seat 0 to 3"),
    ("must-trump-partner", "order: trumporder", "order: trumpordr", "did you mean 'trumporder'?"),
    ("oh-hell", "lead: left_of(dealer)", "lead: hearts", "a player is a seat"),
    ("climbing-runs", "    order: plain", '    order: ["3", "4", "5", "6", "7", "8", "9", "10", J, Q, K, A, "X"]',
     "the ranks are 3, 4"),
    ("oh-hell", "  bids_total: {initial: 0, scope: hand}", "  bids_total: {per: teem, initial: 0, scope: hand}",
     "did you mean 'team'?"),
    ("rummy-layoff", "      options: hand[current]", "      options: hand", "take one entry"),
    ("oh-hell", "in: seat_order(left_of(dealer))", "in: seat_order(trumps)", "usage: seat_order(start)"),
]


def test_mistaken_rulesets_are_reported_where_they_are(tmp_path):
    paths = []
    for i, (name, old, new, _) in enumerate(MISTAKES):
        text = (HERE / f"{name}.yaml").read_text(encoding="utf-8")
        assert text.count(old) >= 1, (name, old)
        path = tmp_path / f"m{i}-{name}.yaml"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        paths.append(path)
    out = run_cli("validate", *map(str, paths))
    text = out.stdout + out.stderr
    assert out.returncode != 0 and "Traceback" not in text
    stdout = out.stdout.splitlines()
    for path, (name, old, new, says) in zip(paths, MISTAKES):
        starts = [i for i, line in enumerate(stdout) if line.startswith(f"{path}:")]
        assert starts, (name, new, text)
        blocks = ["\n".join(stdout[i:(starts + [len(stdout)])[k + 1]]) for k, i in enumerate(starts)]
        [block] = [b for b in blocks if says in b] or [None]
        assert block is not None, (says, blocks)
        where, _, message = block.splitlines()[0].partition(": error: ")
        line, col = map(int, where.rsplit(":", 2)[1:])
        # the reported line holds the mistake, and the problem comes with a hint
        source = path.read_text(encoding="utf-8").splitlines()[line - 1]
        assert new.strip().split()[0] in source, (block, source)
        assert message and col >= 1 and "hint:" in block, block


# -- invariants over random games --------------------------------------------------------------------

RULESETS = sorted(p.stem for p in HERE.glob("*.yaml"))


def _random_games(name, seeds):
    """Random games at every player count: after every move every card of the pack is in exactly one
    zone, every move is one of those offered (the rules check of `simulate --check` finds no
    violation), and every game ends with winners among the players."""
    from interpreter.sim.rulecheck import RuleCheck
    rules = _load(name)
    count = rules.data["players"]["count"]
    played = 0
    for n in count if isinstance(count, list) else [count]:
        pack = sorted(rules.deck(n))
        for seed in seeds:
            rng = random.Random(seed)
            check = RuleCheck(seed)
            s = G.new_game(rules, n, seed)
            assert G.all_cards(s) == pack
            while not G.is_over(s):
                check.apply(s, rng.randrange(len(G.legal_actions(s))))
                assert G.all_cards(s) == pack, (name, n, seed, len(s.history))
            report = check.report()
            assert not report["violations"], (name, n, seed, report["violations"][:2])
            result = G.result(s)
            assert result["winners"] and set(result["winners"]) <= set(range(n)), (name, n, seed, result)
            assert s.hand_no >= 1 and len(s.history) > 0
            played += 1
    return played


@pytest.mark.parametrize("name", RULESETS)
def test_random_games_keep_the_invariants(name):
    assert _random_games(name, range(12)) >= 12


@pytest.mark.soak
@pytest.mark.parametrize("name", RULESETS)
def test_random_games_keep_the_invariants_soak(name):
    _random_games(name, range(12, 312))


def test_the_rules_check_lets_a_leader_holding_a_joker_lead_anything():
    # `simulate --check` recomputes the cards a player may play.  With `follow: suit` a leader may lead
    # any card; the check took the leader's "suit led" as none, which a joker has, and reported a
    # leader holding a joker who was offered its whole hand as a violation.
    from interpreter.sim.rulecheck import RuleCheck
    rules = _load("joker-lead")
    s = S.stacked_game(rules, 3, JOKER_DEAL)
    check = RuleCheck(0)
    assert _legal(s) == ["Joker", "A♥", "A♠"]
    check.apply(s, 1)                              # seat 1 leads A♥
    assert _legal(s) == ["10♥"]
    check.apply(s, 0)
    assert not check.report()["violations"]


def test_auction_the_side_reaching_the_target_wins_the_game():
    rules = _load("auction-contract", target=30)
    s = S.stacked_game(rules, 4, _deck(AUCTION_HANDS, [1, 2, 3, 0], packet=3))
    S.play(s, ("bid", 2), ("pass",), ("bid", 3), ("pass",), ("pass",), ("pass",), ("no_trumps",))
    S.play(s, "A♦", "A♠", "J♦", "9♦", "9♣", "J♣", "9♠", "A♣", "K♣", "10♣", "K♠", "10♠",
           "Q♣", "Q♦", "Q♠", "A♥", "10♦", "K♦", "9♥", "K♥", "J♥", "10♥", "Q♥", "J♠")
    assert G.is_over(s)
    result = G.result(s)
    assert result["winners"] == [1, 3] and result["scores"] == [0, 30, 0, 30]
    # six auction turns and 24 cards are 30 turns (naming trumps is a choice, not a turn)
    assert result["team_scores"] == [0, 30] and (result["hands"], result["tricks"], result["turns"]) == (1, 6, 30)


def test_explain_says_that_tricks_go_round_to_the_right():
    # `rules explain` is how a designer checks that the YAML says what they meant: a trick block
    # with `direction: -1` was explained with no word of the direction of play.
    from interpreter.authoring.explain import explain
    rules = _load("sit-out-reverse")
    text = explain(rules)
    [tricks] = [line for line in text.splitlines() if "Play tricks" in line]
    assert "to the right" in tricks


def test_explain_does_not_speak_of_a_sum_as_an_owner():
    # `score[1 - makers]` (the other side's score) was explained as "1 minus *makers*'s *score*", which
    # reads as one minus a score.
    from interpreter.authoring.explain import explain
    text = explain(_load("auction-contract"))
    assert "to the *score* of (1 minus *makers*)" in text and "1 minus *makers*'s *score*" not in text


RUMMY_SCENARIO = """ruleset: {ruleset}
players: 2
scenarios:
  - name: lay off onto the other player's run
    zones:
      hand: {{0: [10♥, 3♣, 4♣, 9♠], 1: [2♠, 6♦, 7♦, 8♣]}}
      table: {{0: [[5♣, 5♦, 5♠]], 1: [[7♥, 8♥, Joker=9♥]]}}
    state: {{melded: [true, true]}}
    moves:
      - {{player: 1, move: draw}}
      - {{move: discard, value: 2♠}}
      - {{player: 0, move: draw}}
      - {{move: lay_off, value: 1}}
      - {{move: add, value: [10♥]}}
      - expect:
          zones: {{table: {{1: [[7♥, 8♥, Joker=9♥, {top}]], 0: [[5♣, 5♦, 5♠]]}}}}
          sizes: {{hand: [4, 4]}}
"""


@pytest.mark.parametrize("top,fails", [("10♥", False), ("J♥", True)])
def test_a_scenario_sets_and_checks_a_table_kept_per_player(tmp_path, top, fails):
    # Scenario files (`rules test`) write a table of melds as a list of lists; for a table kept per
    # player, one such list per seat.  Setting one failed ("'[...]' is not a card"), and expecting one
    # stopped the tool with an internal error.
    from interpreter.authoring.runner import run_file
    path = tmp_path / "s.yaml"
    path.write_text(RUMMY_SCENARIO.format(ruleset=HERE / "rummy-layoff.yaml", top=top), encoding="utf-8")
    outcomes, problems = run_file(str(path))
    assert not problems
    [outcome] = outcomes
    messages = [d.message for d in outcome.diagnostics]
    if not fails:
        assert messages == []
    else:
        assert messages == ["scenario 'lay off onto the other player's run': after move 5: table[1]: expected "
                            "[[7♥ 8♥ Joker=9♥ J♥]], got [[7♥ 8♥ Joker=9♥ 10♥]]"]


def test_a_scenario_that_lists_a_card_in_a_hand_and_in_a_table_meld_is_told_so(tmp_path):
    # Noticed by the second review: the meld silently took the card out of the hand it was listed in.
    from interpreter.authoring.runner import run_file
    path = tmp_path / "s.yaml"
    text = RUMMY_SCENARIO.format(ruleset=HERE / "rummy-layoff.yaml", top="10♥")
    path.write_text(text.replace("0: [10♥, 3♣, 4♣, 9♠]", "0: [10♥, 3♣, 4♣, 8♥]"), encoding="utf-8")
    outcomes, problems = run_file(str(path))
    found = [d.message for d in problems] + [d.message for o in outcomes for d in o.diagnostics]
    assert any("'8♥' is also listed in hand[0]: a card lies in one place only" in m for m in found), found


# -- the moves offered in random games, recomputed from the rules as written ---------------------

def _climb_expected(s, rules):
    """The climbing game's legal moves for the player to move, worked out here from the rules text:
    every set of 1-4 cards of one rank, every run of 3+ cards of one suit in sequence, each of the same
    kind and size as the table's play and higher; the first play of the game holds 3♣; pass when
    something lies on the table."""
    from itertools import combinations
    u = rules.universe
    p = G.current_player(s)
    hand = S.zone(s, "hand", p)
    kind, size, top = _v(s, "kind"), _v(s, "size"), _v(s, "top")
    three = S.cards(rules, ["3♣"])[0]
    must_open = _v(s, "opening") and s.hand_no == 1 and any(three in h for h in S.zone(s, "hand"))
    rank = lambda c: u.rank_index[c]
    out = []
    for r in set(map(rank, hand)):
        same = [c for c in hand if rank(c) == r]
        for k in range(1, min(4, len(same)) + 1):
            for cs in combinations(same, k):
                if must_open and three not in cs:
                    continue
                if size == 0 or (kind == "set" and k == size and r > top):
                    out.append("set " + " ".join(sorted(u.names[c] for c in cs)))
    by_suit = {}
    for c in hand:
        by_suit.setdefault(u.suit_of[c], {})[rank(c)] = c
    for cards in by_suit.values():
        for lo in cards:
            hi = lo
            while hi + 1 in cards:
                hi += 1
                if hi - lo + 1 >= 3:
                    cs = [cards[i] for i in range(lo, hi + 1)]
                    if must_open and three not in cs:
                        continue
                    if size == 0 or (kind == "run" and len(cs) == size and hi > top):
                        out.append("run " + " ".join(sorted(u.names[c] for c in cs)))
    if size > 0:
        out.append("pass")
    return sorted(out)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_climbing_offers_exactly_the_plays_the_rules_allow(players):
    rules = _load("climbing-runs", hand_size=7)
    for seed in range(4):
        rng = random.Random(seed)
        s = G.new_game(rules, players, seed)
        while not G.is_over(s):
            assert _climb_legal(s) == _climb_expected(s, rules), (players, seed, len(s.history))
            p, hand_no = G.current_player(s), s.hand_no
            G.apply_index(s, rng.randrange(len(G.legal_actions(s))))
            if G.is_over(s) or s.hand_no != hand_no:
                continue
            # who moves next: after the table is cleared, the last to play (or the next player holding
            # cards after them); else the next player to the left still holding cards who has not passed
            holding = [len(h) > 0 for h in S.zone(s, "hand")]
            if not S.zone(s, "pile"):
                last = _v(s, "last")
                want = last if holding[last] else next(q % players for q in range(last + 1, last + players)
                                                       if holding[q % players])
            else:
                passed = _v(s, "passed")
                want = next(q % players for q in range(p + 1, p + players + 1)
                            if holding[q % players] and not passed[q % players])
            assert G.current_player(s) == want, (players, seed, len(s.history))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_oh_hell_offers_the_dealer_every_bid_but_the_hook(players):
    rules = _load("oh-hell")
    dealer_bids = 0
    for seed in range(6):
        rng = random.Random(seed)
        s = G.new_game(rules, players, seed)
        while not G.is_over(s):
            acts = G.legal_actions(s)
            if acts[0][0] == "bid":
                size, p = _v(s, "size"), G.current_player(s)
                bids = [b for b in _v(s, "bid") if b is not None]
                want = list(range(size + 1))
                if p == _v(s, "dealer"):
                    assert len(bids) == players - 1
                    want.remove(size - sum(bids)) if 0 <= size - sum(bids) <= size else None
                    dealer_bids += 1
                assert [a[1] for a in acts] == want, (players, seed, p, bids)
            G.apply_index(s, rng.randrange(len(acts)))
    assert dealer_bids == 6 * 5


def _belote_expected(s, rules):
    """The cards the Belote duties allow the player to move, worked out here."""
    u = rules.universe
    plain = ["7", "8", "9", "J", "Q", "K", "10", "A"]
    trump = ["7", "8", "Q", "K", "10", "A", "9", "J"]
    trumps = _v(s, "trumps")
    p = G.current_player(s)
    hand = S.zone(s, "hand", p)
    trick = S.zone(s, "trick")
    if not trick:
        return sorted(u.names[c] for c in hand)
    led = u.suit_of[trick[0]]
    players = [q for q, a in s.history[-len(trick):]]
    rank = lambda c: u.names[c][:-1]

    def strength(c):
        if u.suit_of[c] == trumps:
            return 100 + trump.index(rank(c))
        return plain.index(rank(c)) if u.suit_of[c] == led else -1
    best = max(range(len(trick)), key=lambda i: (strength(trick[i]), -i))
    top = strength(trick[best])
    of = lambda suit: [c for c in hand if u.suit_of[c] == suit]

    def trumping():
        higher = [c for c in of(trumps) if strength(c) > top]
        return higher or of(trumps)
    if of(led):
        allowed = trumping() if led == trumps else of(led)
    elif players[best] % 2 == p % 2:        # the partner is winning (teams 0-2, 1-3)
        allowed = hand
    else:
        allowed = trumping() or hand
    return sorted(u.names[c] for c in allowed)


def test_belote_offers_exactly_the_duties_in_random_games():
    rules = _load("must-trump-partner")
    checked = 0
    for seed in range(10):
        rng = random.Random(seed)
        s = G.new_game(rules, 4, seed)
        while not G.is_over(s) and s.hand_no <= 3:
            assert sorted(_legal(s)) == _belote_expected(s, rules), (seed, len(s.history))
            G.apply_index(s, rng.randrange(len(G.legal_actions(s))))
            checked += 1
    assert checked > 900


@pytest.mark.parametrize("name", ["sit-out-reverse", "sit-out-highest"])
@pytest.mark.parametrize("players", [4, 5])
def test_sit_out_order_of_play_and_winners_in_random_games(name, players):
    # Every trick: the leader, then each player to the right, the dealer skipped; the winner leads the
    # next trick.  Highest variant: the highest rank of any suit wins, the later of equal ranks.
    rules = _load(name)
    u = rules.universe
    plain = ["9", "10", "J", "Q", "K", "A"]
    tricks = 0
    for seed in range(5):
        rng = random.Random(seed)
        s = G.new_game(rules, players, seed)
        plays = []
        while not G.is_over(s):
            dealer, p = _v(s, "dealer"), G.current_player(s)
            if plays:
                want = (plays[-1][0] - 1) % players
                want = (want - 1) % players if want == dealer else want
                assert p == want, (seed, plays)
            else:
                assert p != dealer
            action = G.legal_actions(s)[rng.randrange(len(G.legal_actions(s)))]
            plays.append((p, action[1]))
            hand = s.hand_no
            G.apply(s, action)
            if len(plays) == players - 1:
                if name == "sit-out-reverse":
                    led = u.suit_of[plays[0][1]]
                    key = lambda c: (2, plain.index(u.names[c][:-1])) if u.suit_of[c] == "hearts" else \
                        (1, plain.index(u.names[c][:-1])) if u.suit_of[c] == led else (0, 0)
                    winner = max(plays, key=lambda pc: key(pc[1]))[0]     # max: the first of equals
                else:
                    top = max(plain.index(u.names[c][:-1]) for _, c in plays)
                    winner = [q for q, c in plays if plain.index(u.names[c][:-1]) == top][-1]
                if s.hand_no == hand and not G.is_over(s) and any(S.zone(s, "hand")):
                    assert G.current_player(s) == winner, (seed, plays)
                tricks += 1
                plays = []
    assert tricks >= 5 * players * 6


@pytest.mark.parametrize("stands,other", [("K♥", "K♠"), ("K♠", "K♥")])
def test_rummy_a_set_with_a_joker_takes_only_the_missing_suit(stands, other):
    # K♣ K♦ and a joker standing for K♥: the set may grow by K♠ only (K♥ is the joker's, and a set's
    # cards are of different suits); and the other way round.  Seat 0 lays its own meld in between,
    # in front of itself: the joker in front of seat 1 keeps what it was declared to stand for.
    rules = _load("rummy-layoff")
    hands = {1: ["K♣", "K♦", "Joker", "8♥", "2♠", "3♠", "4♦"],
             0: ["5♣", "5♦", "5♠", "K♥", "K♠", "3♣", "9♣"]}
    s = S.stacked_game(rules, 2, _deck(hands, [1, 0], ["A♠", "6♣", "7♣"]))
    S.play(s, ("draw",))
    _meld(s, "meld", ["K♣", "K♦", f"Joker={stands}"])
    S.play(s, ("discard", "8♥"))
    S.play(s, ("draw",))
    _meld(s, "meld", ["5♣", "5♦", "5♠"])
    S.play(s, ("lay_off", 1))
    from interpreter.authoring.expectations import describe_action
    [add] = [describe_action(s, a) for a in G.legal_actions(s)]
    assert add.startswith(f"add {other} -> [") and f"Joker={stands}" in add


def test_oh_hell_the_next_dealer_is_read_from_the_finished_hand():
    # The scripted hand of test_oh_hell_a_scripted_hand: seat 0 took two tricks, the most, so it deals
    # again; seat 1 bids first in hand 2.
    rules = _load("oh-hell-winner-deals")
    s = S.stacked_game(rules, 4, _deck(OH_HELL_HANDS, [1, 2, 3, 0], ["5♦"]))
    S.play(s, ("bid", 2), ("bid", 1), ("bid", 1), ("bid", 0))
    S.play(s, "A♠", "Q♠", "3♦", "2♠", "9♥", "K♥", "2♥", "5♥", "9♣", "3♣", "7♣", "10♥",
           "10♣", "K♠", "8♦", "J♥", "6♥", "Q♥", "J♣", "4♦")
    assert _v(s, "score") == [0, 0, 11, 11] and s.hand_no == 2
    assert _v(s, "dealer") == 0 and _v(s, "taken") == [0, 0, 0, 0]
    assert G.current_player(s) == 1 and _v(s, "size") == 4


def test_a_card_shown_in_one_hand_is_hidden_again_when_the_pack_is_reshuffled():
    # Oh Hell turns up the card under the deal for trumps (`reveal`: known "until they move").  After
    # the hand it is shuffled back with the pack and may be dealt to anyone: it must not stay known,
    # neither shown to the other players in its new owner's hand nor kept out of the bots' guesses.
    rules = _load("oh-hell")
    for seed in range(3):
        s = G.new_game(rules, 4, seed)
        rng = random.Random(seed)
        first = set(s.revealed)
        while s.hand_no == 1:
            G.apply_index(s, rng.randrange(len(G.legal_actions(s))))
        assert s.revealed == {S.zone(s, "stock")[-1]} and not first & s.revealed, seed
        for q in range(4):
            seen = G.observation(s, q)["zones"]["hand"]
            assert all(seen[p] == [] for p in range(4) if p != q), (seed, q)
            hidden = G.hidden_from(s, q)
            assert all(c in hidden for p in range(4) if p != q for c in S.zone(s, "hand", p))


def test_explain_brackets_a_count_compared_with_a_number():
    # `until: count(players, p => holding(p)) <= 1` was explained as "until the number of players for
    # which the holding of the player is at most 1": the comparison read as part of the condition.
    from interpreter.authoring.explain import explain
    text = explain(_load("climbing-runs", hand_size=4))
    assert "until the number of players who are holding is at most 1" in text


def test_explain_a_condition_mixing_two_forms_stays_one_sentence():
    # `next_player(current, p => holding(p) and not passed[p])` was explained as "the next player ...
    # for which the holding of it and is not *passed*".
    from interpreter.authoring.explain import explain
    text = explain(_load("climbing-runs", hand_size=4))
    # (since a definition called on the player spoken about reads "its holding": "who is holding and is
    # not *passed*", one form throughout)
    assert "the next player after the last to play who is holding and is not *passed*" in text
    assert "for which the holding of it and is not" not in text
