"""The escalative-scoring bidding game (rulesets/escalative/): scripted hands from
the rule text, the auction, every schedule variant, and many simulated games."""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from interpreter.ruleset.loader import load_ruleset

ROOT = Path(__file__).resolve().parent.parent / "rulesets" / "escalative"
VARIANTS = ["escalative", "escalative-points", "escalative-equal", "escalative-list", "escalative-undealt"]

_LOADED = {}


def rules(name="escalative", **options):
    key = (name, tuple(sorted(options.items())))
    if key not in _LOADED:
        loaded = load_ruleset(ROOT / f"{name}.yaml", {k: str(v) for k, v in options.items()})
        assert loaded.ok, [str(d) for d in loaded.diagnostics]
        _LOADED[key] = loaded.rules
    return _LOADED[key]


# -- a stacked deal that plays out the point-trick table of the rule text -----------
#
# Seat 0 deals, seat 1 bids first.  Played as below with hearts trumps, the
# tricks hold exactly the ranks of the text's table (K J 9 8, A K T 8, Q Q J T,
# A Q 9 8, K T 9 8, A A J T, K Q J 9) and seat 1 wins tricks 2, 3 and 6.

HANDS = {
    0: ["9♣", "K♠", "J♦", "Q♥", "K♦", "A♣", "J♠"],
    1: ["8♣", "A♠", "Q♦", "8♥", "9♦", "J♥", "9♠"],
    2: ["K♣", "8♠", "Q♣", "9♥", "10♣", "10♥", "K♥"],
    3: ["J♣", "10♠", "10♦", "A♥", "8♦", "A♦", "Q♠"],
}
# Each trick as it is played (leader first) and who wins it.
TRICKS = [
    (["8♣", "K♣", "J♣", "9♣"], 2),      # led by seat 1 (the declarer)
    (["8♠", "10♠", "K♠", "A♠"], 1),
    (["Q♦", "Q♣", "10♦", "J♦"], 1),
    (["8♥", "9♥", "A♥", "Q♥"], 3),
    (["8♦", "K♦", "9♦", "10♣"], 0),
    (["A♣", "J♥", "10♥", "A♦"], 1),
    (["9♠", "K♥", "Q♠", "J♠"], 2),
]
TABLE = [4, 14, 15, 24, 15, 54, 42]       # the text's trick values in the point-trick form
POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}


def deal_order(hands, dealer=0):
    """Card names in dealing order: one at a time, starting left of the dealer."""
    n = len(hands)
    seats = [(dealer + 1 + i) % n for i in range(n)]
    return [hands[p][r] for r in range(len(hands[0])) for p in seats]


def start(name="escalative", hands=HANDS, **options):
    return S.stacked_game(rules(name, **options), 4, deal_order(hands))


def bid_and_declare(s, declarer_bid, trumps="hearts"):
    """Seat 1 bids, the others pass; seat 1 names trumps."""
    S.play(s, ("bid", declarer_bid), ("pass", None), ("pass", None), ("pass", None), ("name_trumps", trumps))


def play_hand(s, upto=7):
    raws = []
    for cards, _ in TRICKS[:upto]:
        S.play(s, *cards)
        raws.append(list(S.var(s, "raw")))
    return raws


def card_points(name):
    return POINTS.get(name[:-1], 0)


# -- expression level ------------------------------------------------------------------

def probe(name, expression, tmp_path, s=None):
    """Evaluate an expression of a ruleset (as a game-level metric of a file extending it)."""
    path = tmp_path / "probe.yaml"
    path.write_text(f"extends: {ROOT / (name + '.yaml')}\nmetrics:\n  probe: {{value: {expression!r}}}\n",
                    encoding="utf-8")
    loaded = load_ruleset(path)
    assert loaded.ok, [str(d) for d in loaded.diagnostics]
    state = s or G.new_game(loaded.rules, 4, 0)
    [metric] = [m for m in loaded.rules.metrics if m.name == "probe"]
    return metric.value(state, {})


def test_point_table_rows_as_expressions(tmp_path):
    rows = " , ".join(
        f"sum([{', '.join(cards)}], c => card_points(c)) * values[{k}]" for k, (cards, _) in enumerate(TRICKS))
    assert probe("escalative-points", f"[{rows}]", tmp_path) == TABLE
    # the trick A K T 8, played second: (4 + 3 + 0 + 0) x 2
    assert probe("escalative-points", "sum([A♠, K♠, 10♠, 8♠], c => card_points(c)) * values[1]", tmp_path) == 14


def test_deal_matches_the_text_table():
    # The scripted tricks hold the ranks of the text's table, every card once.
    ranks = [sorted(c[:-1] for c in cards) for cards, _ in TRICKS]
    text = [["8", "9", "J", "K"], ["10", "8", "A", "K"], ["10", "J", "Q", "Q"], ["8", "9", "A", "Q"],
            ["10", "8", "9", "K"], ["10", "A", "A", "J"], ["9", "J", "K", "Q"]]
    assert ranks == [sorted(r) for r in text]
    assert sorted(c for cards, _ in TRICKS for c in cards) == sorted(c for h in HANDS.values() for c in h)
    assert [sum(card_points(c) for c in cards) * (k + 1) for k, (cards, _) in enumerate(TRICKS)] == TABLE


# -- the point-trick form: the text's table, played --------------------------------------

def test_point_trick_table_played_out():
    s = start("escalative-points")
    bid_and_declare(s, 80)
    assert S.var(s, "declarer") == 1 and S.var(s, "trumps") == "hearts" and S.var(s, "high_bid") == 80
    assert G.current_player(s) == 1          # the declarer leads
    raws = play_hand(s, upto=6)
    expected = [0, 0, 0, 0]
    for k, (_, winner) in enumerate(TRICKS[:6]):
        expected[winner] += TABLE[k]
        assert raws[k] == expected, f"after trick {k + 1}"
    assert raws[1][1] - raws[0][1] == 14     # the trick A K T 8, played second: (4 + 3 + 0 + 0) x 2
    S.play(s, *TRICKS[6][0])                 # the hand ends, and with it the game (one deal)
    # Seat 1 won tricks 2, 3 and 6: 14 + 15 + 54 = 83, and made the contract of 80.
    assert S.var(s, "score") == [15, 83 + 80, 4 + 42, 24]
    assert s.metrics["contract"] == [80] and s.metrics["declarer"] == [1]
    assert s.metrics["made"] == [True] and s.metrics["trumps"] == ["hearts"]
    assert s.metrics["declarer_raw"] == [83]
    assert s.over and s.hand_no == 1 and G.result(s)["winners"] == [1]


def test_point_trick_contract_failed():
    s = start("escalative-points")
    bid_and_declare(s, 90)
    play_hand(s)
    assert S.var(s, "score") == [15, 83 - 90, 46, 24]
    assert s.metrics["made"] == [False]


def test_point_form_bid_ceiling():
    s = start("escalative-points")
    # Default: the most one player could score, 16 x 7 + 12 x 6 + 8 x 5 + 4 x 4 = 240.
    assert S.var(s, "max_bid") == 240
    assert G.legal_actions(s)[-1] == ("bid", 240)
    s = start("escalative-points", bid_limit=100)
    assert S.var(s, "max_bid") == 100 and G.legal_actions(s)[-1] == ("bid", 100)


# -- the sample game: 1..7 --------------------------------------------------------------

def test_plain_schedule_contract_made_and_failed():
    s = start()
    assert S.var(s, "values") == [1, 2, 3, 4, 5, 6, 7] and S.var(s, "max_bid") == 28
    bid_and_declare(s, 11)
    play_hand(s)
    # seat 1: tricks 2 + 3 + 6 = 11 (made: 11 + 11); seat 2: 1 + 7; seat 3: 4; seat 0: 5
    assert S.var(s, "score") == [5, 22, 8, 4]
    assert s.metrics["made"] == [True]

    s = start()
    bid_and_declare(s, 12)
    play_hand(s)
    assert S.var(s, "score") == [5, 11 - 12, 8, 4]
    assert s.metrics["made"] == [False] and s.metrics["contract"] == [12]


def test_highest_bid_is_the_maximum_raw_score():
    s = start()
    assert [a for a in G.legal_actions(s) if a[0] == "bid"] == [("bid", b) for b in range(1, 29)]
    S.play(s, ("bid", 27))
    assert [a for a in G.legal_actions(s) if a[0] == "bid"] == [("bid", 28)]
    S.play(s, ("bid", 28))
    assert G.legal_actions(s) == [("pass", None)]     # nothing higher is left


def test_ace_rule():
    s = start()
    # Seat 1 holds the Ace of spades and nobody has bid: passing is not allowed.
    assert G.current_player(s) == 1
    assert ("pass", None) not in G.legal_actions(s)
    S.play(s, ("bid", 3))
    # Seat 2 has no Ace; seat 3 has two, but someone has bid, so both may pass.
    assert ("pass", None) in G.legal_actions(s)
    S.play(s, ("pass", None))
    assert G.current_player(s) == 3 and ("pass", None) in G.legal_actions(s)

    # Turn the hands one seat: seat 1 now holds no Ace and may pass; seat 2 then must bid.
    rotated = {p: HANDS[(p + 1) % 4] for p in range(4)}
    s = start(hands=rotated)
    assert ("pass", None) in G.legal_actions(s)
    S.play(s, ("pass", None))
    assert G.current_player(s) == 2 and ("pass", None) not in G.legal_actions(s)


def test_auction_ends_after_three_passes_following_a_bid():
    s = start()
    S.play(s, ("bid", 5), ("bid", 6), ("pass", None), ("pass", None))
    # Seats 3 and 0 have passed; seat 1 is still in and raises.
    assert G.current_player(s) == 1
    S.play(s, ("bid", 7))
    assert G.current_player(s) == 2             # passed players are skipped
    S.play(s, ("bid", 9))
    assert G.current_player(s) == 1
    S.play(s, ("pass", None))
    # Three passes in a row since the bid of 9 (seats 3, 0 and 1): the auction is over.
    assert S.var(s, "declarer") == 2 and S.var(s, "high_bid") == 9
    assert [a[0] for a in G.legal_actions(s)] == ["name_trumps"] * 4 and G.current_player(s) == 2


def test_auction_goes_on_until_the_third_pass():
    s = start()
    S.play(s, ("bid", 4), ("pass", None), ("pass", None))
    assert G.current_player(s) == 0 and S.var(s, "trumps") is None
    assert [a[0] for a in G.legal_actions(s)][-1] == "pass"
    S.play(s, ("pass", None))
    assert G.current_player(s) == 1 and G.legal_actions(s)[0][0] == "name_trumps"


def test_declarer_names_any_suit_and_leads():
    s = start()
    S.play(s, ("bid", 1), ("pass", None), ("pass", None), ("pass", None))
    assert sorted(a[1] for a in G.legal_actions(s)) == ["clubs", "diamonds", "hearts", "spades"]
    S.play(s, ("name_trumps", "spades"))
    assert G.current_player(s) == 1 and all(a[0] == "play" for a in G.legal_actions(s))


# -- the other schedules ------------------------------------------------------------------

def test_equal_schedule():
    s = start("escalative-equal")
    assert S.var(s, "values") == [1] * 7 and S.var(s, "max_bid") == 7
    bid_and_declare(s, 3)
    play_hand(s)
    assert S.var(s, "score") == [1, 3 + 3, 2, 1]       # one point per trick won


def test_designers_own_list():
    s = start("escalative-list")
    assert S.var(s, "values") == [1, 1, 2, 3, 5, 8, 13] and S.var(s, "max_bid") == 33
    bid_and_declare(s, 12)
    play_hand(s)
    # seat 1: tricks 2, 3, 6 = 1 + 2 + 8 = 11 < 12; seat 2: 1 + 13; seat 3: 3; seat 0: 5
    assert S.var(s, "score") == [5, 11 - 12, 14, 3]


def test_list_option_from_the_command_line_and_checks():
    s = start("escalative", schedule="list", trick_values="2,2,2,2,2,2,10")
    assert S.var(s, "values") == [2, 2, 2, 2, 2, 2, 10] and S.var(s, "max_bid") == 22
    with pytest.raises(G.GameError, match="trick_values needs one number"):
        start("escalative", schedule="list", trick_values="1,2,3")
    with pytest.raises(G.GameError, match="schedule must be"):
        start("escalative", schedule="doubling")


def test_point_ceiling_follows_an_own_list():
    # Point tricks with an own schedule: the ceiling pairs the richest cards with the highest values.
    s = start("escalative-points", schedule="list", trick_values="1,1,2,3,5,8,13")
    assert S.var(s, "max_bid") == 16 * 13 + 12 * 8 + 8 * 5 + 4 * 3


def test_undealt_cards_and_schedule():
    s = G.new_game(rules("escalative-undealt"), 4, 3)
    assert [len(h) for h in S.zone(s, "hand")] == [6] * 4 and len(S.zone(s, "stock")) == 4
    assert S.var(s, "values") == [1, 2, 3, 4, 5, 6] and S.var(s, "max_bid") == 21


def test_undealt_all_pass_throws_the_hand_in():
    # All four Aces stay undealt (they come last in the pack), so nobody must bid.
    # A game of four deals, so that the deal can be seen to pass on.
    undealt = rules("escalative-undealt", deals=4)
    non_aces = [c for c in S.names(G.new_game(undealt, 4, 0), undealt.deck(4)) if not c.startswith("A")]
    s = S.stacked_game(undealt, 4, non_aces)
    assert G.current_player(s) == 1
    S.play(s, ("pass", None), ("pass", None), ("pass", None))
    assert G.current_player(s) == 0 and s.hand_no == 1
    S.play(s, ("pass", None))
    # Thrown in: nobody scores, the deal passes on and the hand counts as played.
    assert s.hand_no == 2 and S.var(s, "dealer") == 1 and S.var(s, "score") == [0, 0, 0, 0]
    assert s.metrics["contract"] == [0] and s.metrics["declarer"] == [None] and s.metrics["made"] == [None]


def test_game_is_one_deal_as_the_text_says_and_the_option_deals_plays_more():
    # "The game will be played as 7 tricks": the scores are final when the seven tricks are played.
    rng = random.Random(11)
    s = G.new_game(rules("escalative"), 4, 11)
    while not s.over:
        G.apply_index(s, rng.randrange(len(G.legal_actions(s))))
    res = G.result(s)
    assert res["hands"] == 1 and res["tricks"] == 7
    best = max(res["scores"])
    assert res["winners"] == [p for p in range(4) if res["scores"][p] == best]
    # deals: 4 lets every player deal once, the scores adding up; the highest total wins
    s = G.new_game(rules("escalative", deals=4), 4, 11)
    dealers = []
    while not s.over:
        if not dealers or dealers[-1][0] != s.hand_no:
            dealers.append((s.hand_no, S.var(s, "dealer")))
        G.apply_index(s, rng.randrange(len(G.legal_actions(s))))
    assert [d for _, d in dealers] == [0, 1, 2, 3]
    res = G.result(s)
    assert res["hands"] == 4
    best = max(res["scores"])
    assert res["winners"] == [p for p in range(4) if res["scores"][p] == best]


# -- many simulated games --------------------------------------------------------------

def _policy(rng, actions):
    """Random play, with bids kept low and passes likely, so contracts are both made and lost."""
    passes = [i for i, a in enumerate(actions) if a[0] == "pass"]
    bids = [i for i, a in enumerate(actions) if a[0] == "bid"]
    if passes and (not bids or rng.random() < 0.6):
        return passes[0]
    if bids:
        return rng.choice(bids[:max(1, len(bids) // 4)])
    return rng.randrange(len(actions))


def _all_cards(s):
    out = []
    for zone in s.z:
        parts = zone.values() if isinstance(zone, dict) else zone if zone and isinstance(zone[0], list) else [zone]
        for part in parts:
            out.extend(part)
    return out


def simulate(name, games, seed0=0):
    r = rules(name, deals=4)             # four deals: the scores carried from hand to hand are checked too
    deck = Counter(r.deck(4))
    outcomes = Counter()
    for g in range(games):
        seed = seed0 + g
        rng = random.Random(seed)
        s = G.new_game(r, 4, seed)
        assert Counter(_all_cards(s)) == deck
        hand, before, deltas, tricks_values = s.hand_no, list(S.var(s, "score")), [], []
        tricks_values.append(list(S.var(s, "values")))
        steps = 0
        while not s.over:
            G.apply_index(s, _policy(rng, G.legal_actions(s)))
            steps += 1
            assert steps < 2000, "the game does not end"
            assert Counter(_all_cards(s)) == deck, f"cards lost or duplicated (seed {seed})"
            if s.hand_no != hand or s.over:
                now = list(S.var(s, "score"))
                deltas.append([a - b for a, b in zip(now, before)])
                before, hand = now, s.hand_no
                if not s.over:
                    tricks_values.append(list(S.var(s, "values")))
        res = G.result(s)
        m = res["metrics"]
        hands = res["hands"]
        assert hands == 4 and len(deltas) == 4
        for key in ("contract", "declarer", "trumps", "made", "declarer_raw"):
            assert len(m[key]) == hands, key
        for h in range(hands):
            contract, declarer, made, raw = m["contract"][h], m["declarer"][h], m["made"][h], m["declarer_raw"][h]
            d = deltas[h]
            if declarer is None:
                assert contract == 0 and made is None and d == [0, 0, 0, 0]
                outcomes["passed out"] += 1
                continue
            assert 1 <= contract and m["trumps"][h] in ("clubs", "spades", "hearts", "diamonds")
            assert made == (raw >= contract)
            assert d[declarer] == (raw + contract if made else raw - contract)
            assert all(d[p] >= 0 for p in range(4) if p != declarer)
            outcomes[made] += 1
            if not r.options["point_tricks"]:
                # Every trick is won by somebody: the raw scores add up to the whole schedule.
                assert sum(d) - (contract if made else -contract) == sum(tricks_values[h])
        assert res["winners"] == [p for p in range(4) if res["scores"][p] == max(res["scores"])]
    return outcomes


@pytest.mark.parametrize("name", VARIANTS)
def test_simulated_games_keep_the_invariants(name):
    outcomes = simulate(name, 200)
    assert outcomes[True] > 0 and outcomes[False] > 0


@pytest.mark.soak
@pytest.mark.parametrize("name", VARIANTS)
def test_soak_simulated_games(name):
    simulate(name, 3000, seed0=10_000)


def test_random_bots_play_every_variant():
    from interpreter.sim.play import play_game
    for name in VARIANTS:
        for seed in range(20):
            record = play_game(rules(name), 4, seed, ["random"])
            assert record["hands"] == 1          # the text's game: one deal
            assert len(record["metrics"]["contract"]) == 1 and len(record["metrics"]["made"]) == 1
