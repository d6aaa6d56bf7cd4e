"""Escalation, from its rule text: climbing totals, pass-through Twos and Threes,
reversing play, taking the pile face down, refilling, the end and the payments."""
import random

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from interpreter.sim.play import play_game
from tests.helpers import rules_of

RULES = "rulesets/escalation/escalation.yaml"
VALUE = {"4": 6, "5": 6, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
TAKE = ("take",)


def rules():
    return rules_of(RULES)


def P(*names):
    """A 'play' action, by the exact cards played."""
    return ("play", frozenset(names))


def SP(name):
    return ("special", name)


def legal(s):
    """The legal actions as comparable values: ('play', {cards}), ('special', card), ('take',)."""
    names = s.rules.universe.names
    out = set()
    for name, value in G.legal_actions(s):
        if value is None:
            out.add((name,))
        elif isinstance(value, int):
            out.add((name, names[value]))
        else:
            out.add((name, frozenset(names[c] for c in value)))
    return out


def act(s, action):
    if action == TAKE:
        G.apply(s, ("take", None))
    elif action[0] == "special":
        G.apply(s, S.find_action(s, "special", action[1]))
    else:
        G.apply(s, S.find_action(s, "play", sorted(action[1])))


def deal(players, hands, stock=()):
    """A game whose hands are exactly `hands` (seat -> 6 card names) with `stock` on top of the stock.

    Seat 0 deals, so seat 1 is dealt first and leads."""
    order = []
    for r in range(6):
        for i in range(players):
            order.append(hands[(1 + i) % players][r])
    return S.stacked_game(rules(), players, order + list(stock))


def hand(s, seat):
    return sorted(S.names(s, S.zone(s, "hand", seat)))


def all_ordinary_sets(cards):
    """Every non-empty set of equal-valued ordinary cards among the names, as play actions."""
    from itertools import combinations
    out = set()
    ordinary = [c for c in cards if c[:-1] in VALUE]
    for size in range(1, len(ordinary) + 1):
        for combo in combinations(ordinary, size):
            if len({VALUE[c[:-1]] for c in combo}) == 1:
                out.add(P(*combo))
    return out


# Seats clockwise (to the left): D deals (seat 0), then A, B, C.
A, B, C, D = 1, 2, 3, 0
EXAMPLE_HANDS = {
    A: ["K♠", "3♣", "4♣", "9♦", "10♦", "J♦"],
    B: ["7♥", "7♦", "2♣", "8♥", "8♦", "Q♥"],
    C: ["3♦", "5♠", "6♠", "9♠", "10♠", "J♠"],
    D: ["A♠", "A♥", "Q♠", "Q♦", "K♦", "4♥"],
}
# Drawn in this order: A after the King, B (two) after 7+7, C after the Three, B after the Two, A after the Three.
EXAMPLE_STOCK = ["5♣", "6♣", "9♣", "10♣", "2♦", "4♦"]


def worked_example():
    """The text's example, up to B's decision after A's Three."""
    s = deal(4, EXAMPLE_HANDS, EXAMPLE_STOCK)
    # A leads: any single card or set of equal ordinary cards, or (our reading) a special card; nothing to take.
    assert G.current_player(s) == A
    assert legal(s) == {P("K♠"), P("4♣"), P("9♦"), P("10♦"), P("J♦"), SP("3♣")}
    act(s, P("K♠"))
    assert S.var(s, "to_beat") == 13
    # B must beat 13: 7+7 (14) or 8+8 (16); the Queen (12) is too low.
    assert G.current_player(s) == B
    assert legal(s) == {P("7♥", "7♦"), P("8♥", "8♦"), SP("2♣"), TAKE}
    act(s, P("7♥", "7♦"))
    assert S.var(s, "to_beat") == 14
    # C holds nothing worth more than 14 (5+6 is 12): a special card or the pile.
    assert G.current_player(s) == C
    assert legal(s) == {SP("3♦"), TAKE}
    act(s, SP("3♦"))
    assert S.var(s, "to_beat") == 14 and S.var(s, "direction") == -1
    # Reversed: back to B, who must beat 14 although 14 was B's own play.
    assert G.current_player(s) == B
    assert legal(s) == {P("8♥", "8♦"), SP("2♣"), TAKE}
    act(s, SP("2♣"))
    assert S.var(s, "to_beat") == 14 and S.var(s, "direction") == -1
    # A Two keeps the direction: on to A (right of B).
    assert G.current_player(s) == A
    assert legal(s) == {SP("3♣"), TAKE}
    act(s, SP("3♣"))
    assert S.var(s, "to_beat") == 14 and S.var(s, "direction") == 1
    return s


def test_worked_example_from_the_text():
    s = worked_example()
    # Reversed again: B once more, to beat 14, pass a special card, or take.
    assert G.current_player(s) == B
    assert hand(s, B) == sorted(["8♥", "8♦", "Q♥", "6♣", "9♣", "2♦"])
    assert legal(s) == {P("8♥", "8♦"), SP("2♦"), TAKE}
    assert S.names(s, S.zone(s, "pile")) == ["K♠", "7♦", "7♥", "3♦", "2♣", "3♣"]


def test_taking_puts_the_pile_on_the_stack_not_in_the_hand_then_the_taker_leads():
    s = worked_example()
    before = hand(s, B)
    pile = sorted(S.names(s, S.zone(s, "pile")))
    act(s, TAKE)
    assert G.current_player(s) == B                      # the same player now opens a new round
    assert hand(s, B) == before                          # nothing went into the hand
    assert sorted(S.names(s, S.zone(s, "stack", B))) == pile
    assert S.zone(s, "pile") == []
    assert S.var(s, "pile_takes") == 1 and S.var(s, "to_beat") == 0
    # Any set may lead (even the lone 6, worth less than 14), or the special card; no second take.
    assert legal(s) == all_ordinary_sets(before) | {SP("2♦")}
    act(s, P("6♣"))
    assert S.var(s, "to_beat") == 6
    assert S.zone(s, "pile") == S.cards(s.rules, ["6♣"])
    # Play continues in the current direction (left) from B, and B refilled from the stock.
    assert G.current_player(s) == C
    assert len(S.zone(s, "hand", B)) == 6
    assert G.observation(s, A)["zones"]["stack"][B] == []          # the stack is face down
    assert G.observation(s, A)["sizes"]["stack"][B] == 6


def test_four_and_five_beat_a_jack():
    hands = {1: ["J♦", "K♦", "K♠", "8♣", "9♥", "10♥"], 2: ["4♣", "5♦", "6♥", "9♣", "Q♠", "2♥"],
             3: ["7♣", "7♦", "8♦", "9♦", "10♦", "J♠"], 0: ["A♠", "A♥", "Q♥", "Q♦", "K♥", "4♥"]}
    s = deal(4, hands)
    act(s, P("J♦"))
    # 4, 5 and 6 are all worth 6: any two make 12, all three 18; a single low card or the 9 does not beat 11.
    assert legal(s) == {P("4♣", "5♦"), P("4♣", "6♥"), P("5♦", "6♥"), P("4♣", "5♦", "6♥"), P("Q♠"),
                        SP("2♥"), TAKE}
    act(s, P("4♣", "5♦"))
    assert S.var(s, "to_beat") == 12


def test_two_aces_are_beaten_by_five_cards_worth_six():
    hands = {1: ["A♠", "A♥", "K♠", "8♣", "9♥", "10♥"], 2: ["4♣", "4♦", "5♣", "5♦", "6♣", "K♦"],
             3: ["7♣", "7♦", "8♦", "9♦", "10♦", "J♠"], 0: ["A♦", "A♣", "Q♥", "Q♦", "K♥", "4♥"]}
    s = deal(4, hands)
    act(s, P("A♠", "A♥"))
    assert S.var(s, "to_beat") == 28
    # Only 4+4+5+5+6 (30) beats 28: four of them make just 24.
    assert legal(s) == {P("4♣", "4♦", "5♣", "5♦", "6♣"), TAKE}


def test_a_two_passes_the_value_on_without_reversing():
    hands = {1: ["J♦", "J♣", "K♠", "8♣", "9♥", "10♥"], 2: ["2♥", "4♦", "5♣", "5♦", "6♣", "K♦"],
             3: ["Q♠", "Q♥", "8♠", "8♥", "8♦", "10♠"], 0: ["A♦", "A♣", "Q♦", "Q♣", "K♥", "4♥"]}
    s = deal(4, hands)
    act(s, P("J♦", "J♣"))
    act(s, SP("2♥"))
    assert S.var(s, "to_beat") == 22 and S.var(s, "direction") == 1
    assert G.current_player(s) == 3
    # Only plays worth more than 22: Q+Q (24) and 8+8+8 (24); 8+8 (16) and the 10 are too low.
    assert legal(s) == {P("Q♠", "Q♥"), P("8♠", "8♥", "8♦"), TAKE}


def test_a_special_card_may_open_the_game_and_carries_no_value():
    hands = {1: ["3♠", "J♣", "K♠", "8♣", "9♥", "10♥"], 2: ["2♥", "4♦", "5♣", "5♦", "6♣", "K♦"],
             3: ["Q♠", "Q♥", "8♠", "8♥", "8♦", "10♠"], 0: ["A♦", "A♣", "Q♦", "Q♣", "K♥", "4♥"]}
    s = deal(4, hands)
    act(s, SP("3♠"))
    # The Three reverses play at once: the dealer (right of the leader) is next and may play any set.
    assert S.var(s, "to_beat") == 0 and G.current_player(s) == 0
    assert legal(s) == all_ordinary_sets(hands[0]) | {TAKE}


def test_refilling_from_the_stock_then_playing_on_when_it_runs_out():
    hands = {1: ["J♦", "J♣", "K♠", "8♣", "9♥", "10♥"], 2: ["Q♠", "Q♥", "5♣", "5♦", "6♣", "K♦"],
             3: ["A♠", "A♥", "8♠", "8♥", "8♦", "10♠"], 0: ["A♦", "A♣", "Q♦", "Q♣", "K♥", "4♥"]}
    s = deal(4, hands, ["7♣", "7♦", "7♥"])
    assert len(S.zone(s, "stock")) == 52 - 24
    act(s, P("J♦", "J♣"))
    assert hand(s, 1) == sorted(["K♠", "8♣", "9♥", "10♥", "7♣", "7♦"])    # the next two cards of the stock
    assert len(S.zone(s, "stock")) == 26
    # Leave a single card in the stock (the rest set aside on the dealer's stack).
    stock = S.zone(s, "stock")
    S.zone(s, "stack", 0).extend(stock[:-1])
    del stock[:-1]
    S.refresh(s)
    act(s, P("Q♠", "Q♥"))                      # 24 beats 22; only one card is left to draw
    assert hand(s, 2) == sorted(["5♣", "5♦", "6♣", "K♦", "7♥"])
    assert S.zone(s, "stock") == []
    act(s, P("A♠", "A♥"))                      # play goes on: no more refilling
    assert len(S.zone(s, "hand", 3)) == 4
    assert not G.is_over(s) and G.current_player(s) == 0
    assert G.all_cards(s) == sorted(s.rules.deck(4))


def test_the_first_empty_hand_wins_and_the_others_pay_per_card_in_hand_and_stack():
    s = deal(4, EXAMPLE_HANDS)
    # An end position: the stock is gone and A (to play) holds only the King of spades.
    stock = S.zone(s, "stock")
    for seat, k in ((0, 10), (2, 8), (3, 7), (1, 3)):
        S.zone(s, "stack", seat).extend(stock[:k])
        del stock[:k]
    S.place(s, "stack", ["3♣", "4♣", "9♦", "10♦", "J♦"], owner=3)
    assert S.zone(s, "stock") == [] and hand(s, A) == ["K♠"]
    assert legal(s) == {P("K♠")}
    act(s, P("K♠"))
    assert G.is_over(s)
    result = G.result(s)
    assert result["winners"] == [A]
    # Each loser pays for six cards in hand plus the stack; the winner's own stack (3 cards) costs nothing.
    payments = [6 + 10, 0, 6 + 8, 6 + 7 + 5]
    assert result["metrics"]["payments"] == payments
    assert result["scores"] == [-16, sum(payments), -14, -18]
    assert result["metrics"]["pile_takes"] == 0
    # The losers' hands were added to their stacks.
    assert [len(S.zone(s, "hand", p)) for p in range(4)] == [0, 0, 0, 0]
    assert [len(S.zone(s, "stack", p)) for p in range(4)] == [16, 3, 14, 18]
    assert G.all_cards(s) == sorted(s.rules.deck(4))


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_deal_leaves_a_stock_at_every_player_count(players):
    s = G.new_game(rules(), players, seed=1)
    assert [len(h) for h in S.zone(s, "hand")] == [6] * players
    assert len(S.zone(s, "stock")) == 52 - 6 * players > 0
    assert G.current_player(s) == 1


def test_player_counts():
    assert rules().player_counts == [3, 4, 5, 6, 7, 8]
    for bad in (2, 9):
        with pytest.raises(G.GameError):
            G.new_game(rules(), bad, seed=0)


# -------------------------------------------------------------- simulations

def check_choice(s, pack_size):
    """Invariants at every decision."""
    n = s.n
    hands = S.zone(s, "hand")
    stock = S.zone(s, "stock")
    pile = S.zone(s, "pile")
    me = G.current_player(s)
    u = s.rules.universe
    assert all(len(h) <= 6 for h in hands)
    if stock:
        assert all(len(h) == 6 for h in hands), "hands are refilled while the stock lasts"
    actions = G.legal_actions(s)
    values = [a[1] for a in actions]
    assert len(set(map(repr, actions))) == len(actions), "each action is one exact set of cards"
    to_beat = S.var(s, "to_beat")
    assert (TAKE[0], None) in actions if pile else (TAKE[0], None) not in actions
    for name, value in actions:
        if name == "play":
            ranks = {u.rank_of[c] for c in value}
            assert all(c in hands[me] for c in value)
            assert len({VALUE[r] for r in ranks}) == 1 and all(r in VALUE for r in ranks)
            assert sum(VALUE[u.rank_of[c]] for c in value) > to_beat
            assert list(value) == sorted(value)
        elif name == "special":
            assert value in hands[me] and u.rank_of[value] in ("2", "3")
    assert len(values) >= 1 and 0 <= me < n


def play_random(players, seed, pack):
    rng = random.Random(seed)
    s = G.new_game(rules(), players, seed)
    takes = 0
    while not G.is_over(s):
        check_choice(s, len(pack))
        action = G.legal_actions(s)[rng.randrange(len(G.legal_actions(s)))]
        takes += action[0] == "take"
        G.apply(s, action)
        assert G.all_cards(s) == pack, f"a card was lost or duplicated (seed {seed})"
        # Every turn either draws from the stock or (once it is empty) sheds a card: at most 52 turns.
        assert s.turns <= 52 and len(s.history) <= 2 * 52
    return s, G.result(s), takes


def check_games(players, seeds):
    pack = sorted(rules().deck(players))
    assert len(pack) == 52
    for seed in seeds:
        s, result, takes = play_random(players, seed, pack)
        (winner,) = result["winners"]
        payments = result["metrics"]["payments"]
        assert len(payments) == players and payments[winner] == 0
        for p in range(players):
            assert S.zone(s, "hand", p) == []
            if p != winner:
                assert payments[p] == len(S.zone(s, "stack", p)) >= 1
                assert result["scores"][p] == -payments[p]
        assert result["scores"][winner] == sum(payments)
        assert sum(result["scores"]) == 0
        assert result["metrics"]["pile_takes"] == takes
        assert S.zone(s, "stock") == []


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_random_games_keep_every_card_and_end(players):
    check_games(players, range(400))


@pytest.mark.soak
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_soak_random_games(players):
    check_games(players, range(400, 3400))


def test_simulation_records_carry_payments_and_pile_takes():
    seen_takes = 0
    for seed in range(40):
        record = play_game(rules(), 5, seed, ["random"])
        metrics = record["metrics"]
        assert len(metrics["payments"]) == 5
        assert sorted(p for p in metrics["payments"] if p == 0) == [0]
        assert record["scores"][record["winners"][0]] == sum(metrics["payments"])
        seen_takes += metrics["pile_takes"]
    assert seen_takes > 0


def test_same_seed_same_game():
    a = play_game(rules(), 4, 99, ["random"])
    b = play_game(rules(), 4, 99, ["random"])
    assert a == b
    assert len({repr(play_game(rules(), 4, seed, ["random"])["scores"]) for seed in range(10)}) > 1
