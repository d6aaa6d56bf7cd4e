"""Correctness on four more games the engine has never seen (tests/rulesets_review3/, each says what
it is), judged against the rules as a designer means them.

Scripted deals: the legal moves offered and the state after each move (trick winners, who leads or
draws next, scores) are worked out by hand from the rules, in the comments.  Random games check the
invariants (every card in exactly one zone, every move one the rules offered, the game ends).
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from interpreter.ruleset.loader import load_ruleset
from tests.scripted import deal_order as _deck, legal_texts as _legal, load_from, turn as _turn, var as _v, zone_names as _z

HERE = Path(__file__).resolve().parent / "rulesets_review3"


def _load(name, **options):
    return load_from(HERE, name, **options)




# -- Bowers: trumps named by a choice, the two Jacks of the trump colour, partnerships ----------------

BOWERS = {
    1: ["J♦", "9♥", "A♣", "K♠", "10♦"],
    2: ["J♥", "A♥", "9♣", "Q♠", "9♦"],
    3: ["K♥", "10♣", "Q♦", "A♠", "9♠"],
    0: ["Q♥", "10♥", "J♣", "K♦", "A♦"],
}


def _bowers():
    rules = _load("bowers")
    return S.stacked_game(rules, 4, _deck(BOWERS, [1, 2, 3, 0]))


def test_bowers_a_scripted_hand():
    s = _bowers()
    assert _z(s, "hand", 1) == BOWERS[1]
    # the dealer's left names trumps: any of the four suits
    _turn(s, 1, ["trumps ♣", "trumps ♦", "trumps ♥", "trumps ♠"] if "trumps ♣" in _legal(s)
          else ["trumps clubs", "trumps diamonds", "trumps hearts", "trumps spades"], ("trumps", "hearts"))
    assert _v(s, "trumps") == "hearts"
    # trick 1: seat 1 leads J♦, the left bower: a heart.  Seat 2 must follow with a heart (J♥, A♥);
    # seat 3 with K♥; seat 0 with Q♥ or 10♥.  The left bower beats A♥ and K♥: seat 1 wins.
    _turn(s, 1, BOWERS[1], "J♦")
    _turn(s, 2, ["J♥", "A♥"], "A♥")
    _turn(s, 3, ["K♥"], "K♥")
    _turn(s, 0, ["Q♥", "10♥"], "10♥")
    assert _v(s, "score") == [0, 1]
    # trick 2: seat 1 leads 10♦.  Seat 2's only diamond is 9♦ (J♥ is a trump, not a diamond);
    # seat 3 Q♦; seat 0 K♦ or A♦ (J♣ is black, not a bower).  A♦ wins for seat 0.
    _turn(s, 1, ["9♥", "A♣", "K♠", "10♦"], "10♦")
    _turn(s, 2, ["9♦"], "9♦")
    _turn(s, 3, ["Q♦"], "Q♦")
    _turn(s, 0, ["K♦", "A♦"], "A♦")
    assert _v(s, "score") == [1, 1]
    # trick 3: seat 0 leads J♣, a plain club; A♣ wins for seat 1
    _turn(s, 0, ["Q♥", "J♣", "K♦"], "J♣")
    _turn(s, 1, ["A♣"], "A♣")
    _turn(s, 2, ["9♣"], "9♣")
    _turn(s, 3, ["10♣"], "10♣")
    assert _v(s, "score") == [1, 2]
    # trick 4: seat 1 leads K♠; seat 0 has no spade and trumps with Q♥: seat 0 wins
    _turn(s, 1, ["9♥", "K♠"], "K♠")
    _turn(s, 2, ["Q♠"], "Q♠")
    _turn(s, 3, ["A♠", "9♠"], "9♠")
    _turn(s, 0, ["Q♥", "K♦"], "Q♥")
    assert _v(s, "score") == [2, 2]
    # trick 5: seat 0 leads K♦; seat 1 has only 9♥ (a trump), seat 2 only J♥: the right bower wins
    _turn(s, 0, ["K♦"], "K♦")
    _turn(s, 1, ["9♥"], "9♥")
    _turn(s, 2, ["J♥"], "J♥")
    _turn(s, 3, ["A♠"], "A♠")
    assert _v(s, "score") == [3, 2]
    assert not G.is_over(s)
    # the next hand: dealer 1, so seat 2 names trumps
    assert G.current_player(s) == 2


def test_bowers_the_winners_are_both_partners_of_the_side_that_reaches_eight():
    s = _bowers()
    while not G.is_over(s):
        G.apply(s, G.legal_actions(s)[0])
    result = G.result(s)
    score = _v(s, "score")
    assert max(score) >= 8 and score[0] != score[1] or max(score) >= 8
    best = 0 if score[0] > score[1] else 1
    assert sorted(result["winners"]) == ([0, 2] if best == 0 else [1, 3])
    assert result["team_scores"] == score
    assert result["scores"] == [score[0], score[1], score[0], score[1]]


# -- select: three of four players pass two cards in secret ----------------------------------------------

PASS = {
    1: ["9♣", "10♣", "J♣", "Q♣", "K♣", "A♠"],
    2: ["9♦", "10♦", "J♦", "Q♦", "K♦", "A♣"],
    3: ["9♥", "10♥", "J♥", "Q♥", "K♥", "A♦"],
    0: ["9♠", "10♠", "J♠", "Q♠", "K♠", "A♥"],
}


def test_select_only_the_named_players_pick_and_the_picks_move_on_together():
    rules = _load("pass-select")
    s = S.stacked_game(rules, 4, _deck(PASS, [1, 2, 3, 0]))
    # seat 1 picks first (the order of `players:`), never a spade, one card at a time
    _turn(s, 1, [f"select {c}" for c in PASS[1][:5]], ("select", "Q♣"))
    _turn(s, 1, [f"select {c}" for c in ["9♣", "10♣", "J♣", "K♣"]], ("select", "K♣"))
    # the pick waits in seat 1's own passing zone
    assert _z(s, "hand", 1) == ["9♣", "10♣", "J♣", "A♠"] and sorted(_z(s, "passing", 1)) == ["K♣", "Q♣"]
    _turn(s, 2, [f"select {c}" for c in PASS[2]], ("select", "A♣"))
    _turn(s, 2, [f"select {c}" for c in PASS[2][:5]], ("select", "K♦"))
    # nothing has reached seat 3 yet (the picks move on only after everyone has picked)
    assert _z(s, "hand", 3) == PASS[3]
    _turn(s, 3, [f"select {c}" for c in PASS[3]], ("select", "K♥"))
    _turn(s, 3, [f"select {c}" for c in ["9♥", "10♥", "J♥", "Q♥", "A♦"]], ("select", "A♦"))
    # the dealer (0) is never asked; 1 -> 2, 2 -> 3, 3 -> 1 (the dealer skipped)
    assert sorted(_z(s, "hand", 1)) == sorted(["9♣", "10♣", "J♣", "A♠", "K♥", "A♦"])
    assert sorted(_z(s, "hand", 2)) == sorted(["9♦", "10♦", "J♦", "Q♦", "Q♣", "K♣"])
    assert sorted(_z(s, "hand", 3)) == sorted(["9♥", "10♥", "J♥", "Q♥", "A♣", "K♦"])
    assert _z(s, "hand", 0) == PASS[0]
    assert all(_z(s, "passing", p) == [] for p in range(4))
    # trick 1: seat 1 leads A♦; seat 2 follows with a diamond, seat 3 with K♦, seat 0 (void) any
    _turn(s, 1, _z(s, "hand", 1), "A♦")
    _turn(s, 2, ["9♦", "10♦", "J♦", "Q♦"], "Q♦")
    _turn(s, 3, ["K♦"], "K♦")
    _turn(s, 0, PASS[0], "A♥")
    assert _v(s, "score") == [0, 1, 0, 0]
    assert G.current_player(s) == 1


# -- drawing from a stock after each trick; the follow rule tightens when it is empty ---------------

DRAW = {
    1: ["A♠", "10♠", "K♣", "9♥", "Q♦", "J♣"],
    0: ["9♠", "A♣", "10♥", "K♥", "J♦", "Q♠"],
}
DRAW_STOCK = ["K♠", "9♣", "A♥", "Q♣", "10♦", "J♥", "9♦", "10♣", "K♦", "J♠", "Q♥", "A♦"]


def _draw_game():
    rules = _load("stock-draw")
    return S.stacked_game(rules, 2, _deck(DRAW, [1, 0], DRAW_STOCK), fill=False)


def test_stock_draw_the_winner_draws_first_and_leads():
    s = _draw_game()
    # a zone lists its cards bottom first: the top (last) is the next card drawn
    assert _v(s, "trumps") == "diamonds" and _z(s, "stock") == DRAW_STOCK[::-1]
    # trick 1: stock open, any card.  9♥ led, J♦ trumps it: seat 0 wins 2 points and draws K♠
    _turn(s, 1, DRAW[1], "9♥")
    _turn(s, 0, DRAW[0], "J♦")
    assert _v(s, "score") == [2, 0]
    assert "K♠" in _z(s, "hand", 0) and "9♣" in _z(s, "hand", 1)
    # trick 2: seat 0 leads A♣; seat 1 need not follow and trumps with Q♦: 11 + 3 for seat 1
    _turn(s, 0, ["9♠", "A♣", "10♥", "K♥", "Q♠", "K♠"], "A♣")
    _turn(s, 1, ["A♠", "10♠", "K♣", "Q♦", "J♣", "9♣"], "Q♦")
    assert _v(s, "score") == [2, 14]
    assert "A♥" in _z(s, "hand", 1) and "Q♣" in _z(s, "hand", 0)
    assert G.current_player(s) == 1


def _must(hand, trick, trumps):
    """The cards allowed once the stock is empty, from the rule text."""
    if not trick:
        return sorted(hand)
    led = trick[0][-1]
    same = [c for c in hand if c[-1] == led]
    if same:
        return sorted(same)
    trumps_held = [c for c in hand if c[-1] == trumps]
    return sorted(trumps_held or hand)


@pytest.mark.parametrize("seed", range(20))
def test_stock_draw_follow_rules_before_and_after_the_stock_runs_out(seed):
    rng = random.Random(seed)
    s = _draw_game()
    trumps = {"diamonds": "♦"}[_v(s, "trumps")]
    played = 0
    while not G.is_over(s) and s.hand_no == 1:
        p = G.current_player(s)
        hand, trick, stock = _z(s, "hand", p), _z(s, "trick"), _z(s, "stock")
        # two cards are drawn after each of the first six tricks (twelve plays): then the stock is
        # empty and from the seventh trick on the strict rule holds
        assert (len(stock) > 0) == (played < 12), (played, stock)
        if played < 12:
            assert sorted(_legal(s)) == sorted(hand)
        else:
            assert sorted(_legal(s)) == _must(hand, trick, trumps), (played, hand, trick)
        G.apply(s, rng.choice(G.legal_actions(s)))
        played += 1
    # 24 cards, 12 tricks; card points total 120 and the last trick 10 more
    assert sum(_v(s, "score")) == 130


# -- shedding several cards of a rank at once; a Queen reverses the direction ----------------------------

SHED = {
    1: ["Q♣", "Q♥", "7♠", "8♦", "9♦"],
    2: ["8♣", "10♥", "J♥", "K♠", "A♠"],
    0: ["7♥", "8♥", "9♠", "10♠", "J♦"],
}


def _shed(s, who, legal, cards):
    assert G.current_player(s) == who, (G.current_player(s), who)
    offered = sorted(" ".join(sorted(a.split()[1:])) if a.startswith("shed") else a for a in _legal(s))
    assert offered == sorted(" ".join(sorted(x.split())) for x in legal), _legal(s)
    if cards == "draw":
        S.play(s, ("draw", None))
        return
    for a in G.legal_actions(s):
        text = S.describe(s, a)
        if text.startswith("shed") and sorted(text.split()[1:]) == sorted(cards.split()):
            G.apply(s, a)
            return
    raise AssertionError(cards)


def test_shedding_several_cards_and_reversing():
    rules = _load("shed-reverse")
    # pile starts with 10♣ (the stock's top after the deal); the next card drawn is K♣
    s = S.stacked_game(rules, 3, _deck(SHED, [1, 2, 0], ["10♣", "K♣"]))
    assert _z(s, "pile") == ["10♣"]
    # seat 1: no 10; clubs shown: Q♣ alone or with Q♥ (a group of one rank holding a club)
    _shed(s, 1, ["Q♣", "Q♣ Q♥"], "Q♣ Q♥")
    # two Queens in one play reverse once: play goes right, to seat 0; clubs and hearts show
    assert _v(s, "dir") == -1
    _shed(s, 0, ["7♥", "8♥"], "8♥")
    _shed(s, 2, ["8♣", "10♥", "J♥"], "8♣")
    _shed(s, 1, ["8♦"], "8♦")
    _shed(s, 0, ["J♦"], "J♦")
    _shed(s, 2, ["J♥"], "J♥")
    # seat 1 holds 7♠ 9♦: no Jack, no heart: only a draw
    _shed(s, 1, ["draw"], "draw")
    assert sorted(_z(s, "hand", 1)) == sorted(["7♠", "9♦", "K♣"])
    assert G.current_player(s) == 0


# -- invariants over random games --------------------------------------------------------------------

RULESETS = sorted(p.stem for p in HERE.glob("*.yaml"))


def _random_games(name, seeds):
    from interpreter.sim.play import play_game
    rules = _load(name)
    count = rules.data["players"]["count"]
    played = 0
    for n in count if isinstance(count, list) else [count]:
        pack = sorted(rules.deck(n))
        for seed in seeds:
            rng = random.Random(seed)
            s = G.new_game(rules, n, seed)
            while not G.is_over(s):
                G.apply(s, rng.choice(G.legal_actions(s)))
                assert G.all_cards(s) == pack, (name, n, seed, len(s.history))
            assert set(G.result(s)["winners"]) <= set(range(n))
            record = play_game(rules, n, seed, ["random"] * n, check=True)
            assert not record["check"]["violations"], (name, n, seed, record["check"]["violations"][:2])
            assert record["winners"]
            played += 1
    return played


@pytest.mark.parametrize("name", RULESETS)
def test_random_games_keep_the_invariants(name):
    assert _random_games(name, range(40)) >= 40


@pytest.mark.soak
@pytest.mark.parametrize("name", RULESETS)
def test_random_games_keep_the_invariants_soak(name):
    _random_games(name, range(40, 340))


@pytest.mark.parametrize("seed", range(12))
def test_stock_close_a_choice_before_each_trick_and_the_strict_rule_after_closing(seed):
    # The leader's choice before a trick (close, marry, go on) pauses inside `before_trick`; after a
    # close nobody draws and the strict follow rule holds at once, though cards remain in the stock.
    rng = random.Random(seed)
    rules = _load("stock-close")
    s = G.new_game(rules, 2, seed)
    trumps = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
    closed, hand_no, leader = False, 1, 1
    while not G.is_over(s):
        if s.hand_no != hand_no:
            closed, hand_no, leader = False, s.hand_no, left(S.var(s, "dealer"))
        p, trick, stock = G.current_player(s), _z(s, "trick"), _z(s, "stock")
        hand = _z(s, "hand", p)
        t = trumps[_v(s, "trumps")]
        moves = [a[0] for a in G.legal_actions(s)]
        if not trick and "play" not in moves:
            # the choice before a trick: only while open and at least four cards in the stock
            assert p == leader and not closed and len(stock) >= 4
            kings = sorted(c for c in hand if c[0] == "K" and "Q" + c[1:] in hand)
            assert sorted(_legal(s)) == sorted(["close", "go_on"] + [f"marry {k}" for k in kings])
            action = rng.choice(G.legal_actions(s))
            before, text = list(_v(s, "score")), S.describe(s, action)
            G.apply(s, action)
            if action[0] == "close":
                closed = True
            elif action[0] == "marry":
                k = text.split()[1]
                gained = 40 if k[1:] == t else 20
                assert _v(s, "score")[p] == before[p] + gained
            continue
        closed = closed or not stock
        if not trick:
            assert p == leader
        expected = _must(hand, trick, t) if closed else sorted(hand)
        assert sorted(_legal(s)) == expected, (closed, hand, trick)
        size = len(stock)
        G.apply(s, rng.choice(G.legal_actions(s)))
        if len(trick) == 1:
            # the trick is over: the winner leads next; nobody draws once closed
            leader = G.current_player(s) if not G.is_over(s) and s.hand_no == hand_no and _z(s, "hand", 0) else leader
            if closed:
                assert len(_z(s, "stock")) == size or s.hand_no != hand_no


def left(p):
    return (p + 1) % 2


# -- the first dealer given only by the state variable's initial value -------------------------------

FIRST_DEALER = """name: First Dealer
players: {count: 4}
pack: {ranks: ["9", "10", J, Q, K, A], suits: [clubs, diamonds, hearts, spades]}
zones: {stock: {visibility: hidden}, hand: {per: player, visibility: owner}}
state:
  dealer: {type: player, initial: 2}
hand:
  - deal: {from: stock, to: hand, count: 1, start: left_of(dealer)}
end: {after_hand: true, winners: "[dealer]", score: "0"}
"""


def test_the_state_dealer_initial_value_is_the_first_dealer_without_a_dealer_section(tmp_path):
    # `state: dealer: {initial: 2}` and no `dealer: first:` -- the designer means seat 2 deals first
    # (the reference: a state variable starts at its initial value).  It was silently replaced by
    # dealer.first's default 0.  With `dealer: first:` given, that wins (it is the documented setting).
    path = tmp_path / "r.yaml"
    path.write_text(FIRST_DEALER, encoding="utf-8")
    loaded = load_ruleset(str(path))
    assert loaded.ok
    s = S.stacked_game(loaded.rules, 4, ["A♠", "K♠", "Q♠", "J♠"])
    assert _v(s, "dealer") == 2 and G.result(s)["winners"] == [2]
    # the deal starts on the dealer's left, seat 3
    assert _z(s, "hand", 3) == ["A♠"] and _z(s, "hand", 0) == ["K♠"]
    path.write_text(FIRST_DEALER.replace("hand:\n", "dealer: {first: 1}\nhand:\n", 1), encoding="utf-8")
    loaded = load_ruleset(str(path))
    assert loaded.ok and G.result(G.new_game(loaded.rules, 4, 0))["winners"] == [1]
