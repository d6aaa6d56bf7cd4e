"""Correctness on comparing and vying games the engine has never seen (tests/rulesets_review19/, each
says what game it is and which rules it keeps): five-card draw poker (two ways of betting), limit poker,
Three-card Brag, Blackjack (the house plays by a fixed rule), Cuckoo (two variants) and Chemin de fer.

- Scripted deals: the moves offered, who plays next, the showdown and the chips worked out by hand from
  the rules (in the comments).
- Referees: for each game, a small re-computation of the rules sharing no code with the engine follows
  random games move by move: the player to move, the exact set of legal moves, and the final chips and
  winners must agree; every card is in exactly one zone after every move.
- Defects found on these games: what a seat's log of `rules play` names, a face-up deal to each
  player in the log, variants replacing definitions, an order's value of a rank, name clashes, scenario
  option errors, explain wordings.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from interpreter.playtest.session import Session
from interpreter.playtest import view as V
from tests.scripted import deal_order as _deck, every_card_once as _every_card_once, legal_texts as _legal, load_from
from tests.scripted import turn as _turn, var as _v, zone_names as _z

HERE = Path(__file__).resolve().parent / "rulesets_review19"


def _load(name, **options):
    return load_from(HERE, name, **options)


def _name(s, cid):
    return s.rules.universe.names[cid]


# -- what a seat's log of `rules play` shows ----------------------------------------------------------

def _seat_lines(session, seat=0):
    return V.log_lines(session.seat_log(seat), set())


def test_a_seats_log_names_cards_moved_face_up_between_its_decisions():
    # Blackjack: the house turns its hole card and draws, the hand is scored and the next hand dealt, all
    # between two decisions of seat 0; the cards moved into the public house zone were seen by every seat
    # and must be named in seat 0's log, although by its next decision they are back in the stock.
    session = Session(_load("blackjack"), players=3, seed=3, bots=["random"])
    session.run_bots()
    while session.state.hand_no == 1 and not session.over:
        session.choose(0, "stand")
        session.run_bots()
    lines = _seat_lines(session)
    house = [line for line in lines if "-> house" in line]
    assert house and all("?" not in line for line in house), house
    # and the seat counts them as seen (what its view and log may name)
    assert {line.split()[1].rstrip(":") for line in house} <= session.known_names(0)
    # the hole card, while it lay face down, stays unnamed
    assert any(line.startswith("  deal 1 card(s) to hole") and "?" not in line for line in lines)


def test_a_face_up_deal_to_each_player_is_one_line_naming_each_players_cards():
    session = Session(_load("blackjack"), players=3, seed=3, bots=["random"])
    session.run_bots()
    deals = [e for e in session.state.events if e.get("event") == "deal" and e.get("to") == "cards"]
    assert len(deals) == 2                # two rounds of one card to each player: two events
    cards = {p: S.names(session.state, S.zone(session.state, "cards", p)) for p in range(3)}
    for i, event in enumerate(deals):
        assert [p for p, _ in event["each"]] == [1, 2, 0]          # from the dealer's left
        assert all(got == [cards[p][i]] for p, got in event["each"])
    line = _seat_lines(session)[1]
    assert line == "  deal 1 card(s) each to cards: " + ", ".join(f"P{p} {cards[p][0]}" for p in (1, 2, 0))


# -- variants replace or remove definitions by name --------------------------------------------------

def _validate(tmp_path, text):
    from interpreter.ruleset.loader import load_ruleset
    path = tmp_path / "variant.yaml"
    path.write_text(f"name: Cuckoo variant\nextends: {HERE / 'cuckoo.yaml'}\n" + text, encoding="utf-8")
    return load_ruleset(str(path))


def test_a_variant_replaces_a_definition_whose_parameters_it_names_differently(tmp_path):
    loaded = _validate(tmp_path, "define:\n  \"blocks(card)\": card.rank in ['Q', 'K']\n")
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    # the variant's definition is the one used: a Queen now blocks
    queens = _load("cuckoo-queens")
    s = S.stacked_game(queens, 3, ["5♣", "Q♦", "2♥"])      # dealer 0: seat 1 gets 5♣, seat 2 Q♦, seat 0 2♥
    _turn(s, 1, ["keep", "exchange"], ("exchange",))
    assert _z(s, "hand", 1) == ["5♣"] and _v(s, "blocked") == 1
    plain = S.stacked_game(_load("cuckoo"), 3, ["5♣", "Q♦", "2♥"])
    _turn(plain, 1, ["keep", "exchange"], ("exchange",))
    assert _z(plain, "hand", 1) == ["Q♦"] and _z(plain, "hand", 2) == ["5♣"]


def test_a_variant_removes_a_definition_by_its_name_alone(tmp_path):
    loaded = _validate(tmp_path, "define:\n  blocks: null\n")
    assert not loaded.ok
    text = "\n".join(d.format() for d in loaded.diagnostics)
    assert "unknown function 'blocks'" in text and "is removed by" in text
    loaded = _validate(tmp_path, "define:\n  blocks: null\n  \"blocks(x)\": x.rank == 'Q'\n")
    assert loaded.ok, [d.format() for d in loaded.diagnostics]


# -- an order or point table gives a rank's value ------------------------------------------------------

RANK_VALUES = """name: rank values
players: {count: 2}
pack: {ranks: ["2", "3", "4", A], suits: [clubs, spades]}
orders:
  high: ["2", "3", "4", A]
  down: [A, "4", "3", "2"]
  trumpy: {cases: [{when: card.suit == spades, order: down}], otherwise: high}
points:
  value: {values: {A: 11, "4": 4, 4♠: 40}, default: 1}
zones: {stock: {visibility: hidden}, hand: {per: player, visibility: owner}}
state: {dealer: {type: player, initial: 0}, x: {initial: 0}, y: {initial: 0}, z: {initial: 0}}
hand:
  - deal: {from: stock, to: hand, count: 2}
  - set: {x: "high('3')", y: "value('A') + value('4') + value('2')", z: "high(first(hand[0]).rank)"}
end: {winners: players}
"""


def _rank_values(tmp_path, text):
    from interpreter.ruleset.loader import load_ruleset
    path = tmp_path / "ranks.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(str(path))


def test_an_order_or_point_table_gives_the_value_of_a_rank(tmp_path):
    loaded = _rank_values(tmp_path, RANK_VALUES)
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    s = G.new_game(loaded.rules, 2, 1)
    first = _z(s, "hand", 0)[0][:-1]
    # high: 2 is 0, 3 is 1; value: A 11, 4 4 (the 4♠'s own 40 is a card's, not the rank's), 2 the default 1
    assert _v(s, "x") == 1 and _v(s, "y") == 16
    assert _v(s, "z") == ["2", "3", "4", "A"].index(first)


@pytest.mark.parametrize("expr, message", [
    ("high('5')", "'5' is not a rank of the order high"),
    ("high(3)", "must be a card or a rank, but this is a number"),
    ("trumpy('3')", "the order trumpy depends on the card, not only its rank"),
])
def test_a_rank_value_that_cannot_be_is_an_error_at_load(tmp_path, expr, message):
    loaded = _rank_values(tmp_path, RANK_VALUES.replace("high('3')", expr))
    assert not loaded.ok
    assert message in "\n".join(d.format() for d in loaded.diagnostics)


# -- name clashes between options, zones and state variables -------------------------------------------

def _blackjack_changed(tmp_path, *changes):
    from interpreter.ruleset.loader import load_ruleset
    text = (HERE / "blackjack.yaml").read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / "clash.yaml"
    path.write_text(text, encoding="utf-8")
    return [d for d in load_ruleset(str(path)).diagnostics]


@pytest.mark.parametrize("changes, line, message", [
    # an option and a zone: was not reported at all (the zone silently took the name)
    ([("  hands: {default: 4", "  hole: {default: 4"), ("hand_number >= hands", "hand_number >= hole")],
     "hole: {visibility", "the name 'hole' is already used by an option"),
    # an option and a state variable: was 'already used by a const'
    ([("  stood: {per: player, type: boolean", "  stake: {per: player, type: boolean")],
     "stake: {per: player", "the name 'stake' is already used by an option"),
    # a zone and a state variable: the variable took the name, and the zone's uses went wrong
    ([("  stood: {per: player, type: boolean", "  house: {per: player, type: boolean")],
     "house: {per: player", "the name 'house' is already used by a zone"),
    ([("  house_total: best(house)", "  hands: best(house)")], "hands: best(house)",
     "the name 'hands' is already used by an option"),
])
def test_a_name_clash_is_reported_once_where_the_second_name_is_given(tmp_path, changes, line, message):
    diags = _blackjack_changed(tmp_path, *changes)
    clashes = [d for d in diags if "already used" in d.message]
    assert len(clashes) == 1 and clashes[0].message == message, [d.format() for d in diags]
    text = (tmp_path / "clash.yaml").read_text(encoding="utf-8").splitlines()
    assert text[clashes[0].line - 1].strip().startswith(line)
    # the name keeps its first meaning: no errors that follow from the second one
    assert not any("has no attribute" in d.message or "never set" in d.message for d in diags)


# -- rules test: a scenario's option in error is reported where the scenario gives it -----------------

def test_an_option_error_in_a_scenario_is_reported_at_the_scenario(tmp_path):
    from interpreter.authoring.runner import run_file
    path = tmp_path / "options.scenario.yaml"
    path.write_text(f"ruleset: {HERE / 'blackjack.yaml'}\nplayers: 2\noptions: {{hands: 1}}\nscenarios:\n"
                    "  - name: fine\n    moves: []\n"
                    "  - name: not a number\n    options: {stake: two}\n    moves: []\n"
                    "  - name: a list\n    options: {stake: [1, 2]}\n    moves: []\n"
                    "  - name: unknown\n    options: {stakes: 3}\n    moves: []\n", encoding="utf-8")
    outcomes, problems = run_file(str(path))
    assert not problems and [o.passed for o in outcomes] == [True, False, False, False]
    for outcome, line, col, words in zip(outcomes[1:], (8, 11, 14), (15, 15, 15),
                                          ("needs a whole number, got 'two'", "needs a whole number, got [1, 2]",
                                           "unknown option 'stakes'")):
        (d,) = outcome.diagnostics
        assert (d.file, d.line, d.col) == (str(path), line, col) and words in d.message, d.format()
        assert "--option" not in d.message and "in the scenario" in d.message
        assert d.hint is None or "its value is" not in d.hint
    # an option of the whole file is reported at the file's options
    path.write_text(path.read_text(encoding="utf-8").replace("{hands: 1}", "{hand: 1}"), encoding="utf-8")
    outcomes, problems = run_file(str(path))
    (d,) = problems
    assert (d.file, d.line, d.col) == (str(path), 3, 11) and "unknown option 'hand'" in d.message


# -- poker -------------------------------------------------------------------------------------------

RANK_NUM = {r: i for i, r in enumerate(["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"], 2)}


def _poker_value(cards):
    """A five-card poker hand's strength as a tuple (higher is better): the category, then the ranks that
    break ties."""
    ranks = [RANK_NUM[c[:-1]] for c in cards]
    counts = {r: ranks.count(r) for r in ranks}
    order = sorted(ranks, key=lambda r: (counts[r], r), reverse=True)
    flush = len({c[-1] for c in cards}) == 1
    top = None
    if len(counts) == 5:
        if max(ranks) - min(ranks) == 4:
            top = max(ranks)
        elif sorted(ranks) == [2, 3, 4, 5, 14]:
            top = 5
    shape = sorted(counts.values(), reverse=True)
    if top and flush:
        return (8, top)
    if shape[0] == 4:
        return (7, *order)
    if shape[:2] == [3, 2]:
        return (6, *order)
    if flush:
        return (5, *order)
    if top:
        return (4, top)
    if shape[0] == 3:
        return (3, *order)
    if shape[:2] == [2, 2]:
        return (2, *order)
    return (1 if shape[0] == 2 else 0, *order)


def test_poker_hand_values_by_hand():
    v = _poker_value
    assert v(["5♦", "4♠", "3♠", "2♠", "A♠"]) < v(["6♥", "5♠", "4♠", "3♠", "2♠"]) < v(["9♠", "9♥", "9♦", "9♣", "2♠"])
    assert v(["9♠", "9♥", "9♦", "9♣", "2♠"]) < v(["5♠", "4♠", "3♠", "2♠", "A♠"]) < v(["6♠", "5♠", "4♠", "3♠", "2♠"])
    assert v(["A♠", "2♦", "3♠", "4♠", "5♠"]) == (4, 5) < v(["2♠", "3♠", "4♠", "5♠", "7♠"])
    assert v(["K♠", "K♦", "2♠", "2♥", "A♠"]) > v(["K♥", "K♣", "2♦", "2♣", "Q♠"]) > v(["Q♠", "Q♦", "J♠", "J♥", "A♦"])


def test_draw_poker_a_scripted_hand():
    rules = _load("poker-draw", hands=1)
    hands = {1: ["A♠", "A♥", "K♦", "7♣", "2♦"], 0: ["9♠", "9♥", "9♦", "4♣", "5♦"]}
    s = S.stacked_game(rules, 2, _deck(hands, [1, 0], ["A♣", "3♥", "4♥"]))
    assert _v(s, "pot") == 2 and _v(s, "chips") == [-1, -1]          # the antes
    # seat 1, on the dealer's left, opens: check or bet 1 to 3
    _turn(s, 1, ["check", "bet 1", "bet 2", "bet 3"], ("bet", 2))
    _turn(s, 0, ["call", "raise 1", "raise 2", "raise 3", "fold"], ("raise", 1))
    _turn(s, 1, ["call", "raise 1", "raise 2", "raise 3", "fold"], ("call",))
    assert _v(s, "pot") == 8 and _v(s, "chips") == [-4, -4]
    # the draw: seat 1 throws two and draws A♣ 3♥ (a third Ace); seat 0 throws one and draws 4♥
    _turn(s, 1, [f"discard {c}" for c in hands[1]] + ["stand"], ("discard", "7♣"))
    _turn(s, 1, [f"discard {c}" for c in ["A♠", "A♥", "K♦", "2♦"]] + ["stand"], ("discard", "2♦"))
    _turn(s, 1, [f"discard {c}" for c in ["A♠", "A♥", "K♦"]] + ["stand"], ("stand",))
    assert sorted(_z(s, "hand", 1)) == sorted(["A♠", "A♥", "K♦", "A♣", "3♥"])
    _turn(s, 0, [f"discard {c}" for c in hands[0]] + ["stand"], ("discard", "4♣"))
    _turn(s, 0, [f"discard {c}" for c in ["9♠", "9♥", "9♦", "5♦"]] + ["stand"], ("stand",))
    # the second round: both check; three Aces beat three Nines
    _turn(s, 1, ["check", "bet 1", "bet 2", "bet 3"], ("check",))
    _turn(s, 0, ["check", "bet 1", "bet 2", "bet 3"], ("check",))
    assert s.over and G.result(s)["winners"] == [1] and G.result(s)["scores"] == [-4, 4]


def test_limit_poker_bets_are_fixed_and_double_after_the_draw():
    rules = _load("poker-limit", hands=1)
    hands = {1: ["A♠", "A♥", "K♦", "7♣", "2♦"], 0: ["9♠", "9♥", "9♦", "4♣", "5♦"]}
    s = S.stacked_game(rules, 2, _deck(hands, [1, 0], ["A♣", "3♥", "4♥"]))
    _turn(s, 1, ["check", "bet 1"], ("bet", 1))
    # raises: at most three in a round
    for who in (0, 1, 0):
        _turn(s, who, ["call", "raise 1", "fold"], ("raise", 1))
    _turn(s, 1, ["call", "fold"], ("call",))
    assert _v(s, "pot") == 10
    _turn(s, 1, [f"discard {c}" for c in hands[1]] + ["stand"], ("stand",))
    _turn(s, 0, [f"discard {c}" for c in hands[0]] + ["stand"], ("stand",))
    _turn(s, 1, ["check", "bet 2"], ("bet", 2))
    _turn(s, 0, ["call", "raise 2", "fold"], ("fold",))
    # seat 1 takes the pot without a showdown: 10 + 2 it bet
    assert s.over and G.result(s)["scores"] == [-5, 5]


def test_pot_limit_poker_bets_up_to_the_pot():
    rules = _load("poker-draw-pot", hands=1)
    hands = {1: ["A♠", "A♥", "K♦", "7♣", "2♦"], 0: ["9♠", "9♥", "9♦", "4♣", "5♦"]}
    s = S.stacked_game(rules, 2, _deck(hands, [1, 0], ["A♣", "3♥", "4♥"]))
    _turn(s, 1, ["check", "bet 1", "bet 2"], ("bet", 2))              # the pot holds the two antes
    # to call is 2, making the pot 6: a raise of up to 6
    _turn(s, 0, ["call", "fold"] + [f"raise {i}" for i in range(1, 7)], ("raise", 6))
    # to call is 6, making the pot 18
    _turn(s, 1, ["call", "fold"] + [f"raise {i}" for i in range(1, 19)], ("call",))
    assert _v(s, "pot") == 18


def _poker_referee(s, rng, bets, max_raises=3, ante=1):
    """Follows a game of draw poker by its rules alone; `bets(pot, stake, put, round)` gives the allowed
    bet or raise sizes.  Returns the chips."""
    n = s.n
    chips = [0] * n
    dealer = 0
    hand_no = 0
    while True:
        hand_no += 1
        assert s.hand_no == hand_no and not s.over
        hands = {p: set(S.names(s, S.zone(s, "hand", p))) for p in range(n)}
        assert all(len(h) == 5 for h in hands.values())
        pot = ante * n
        for p in range(n):
            chips[p] -= ante
        folded = set()

        def live():
            return [p for p in range(n) if p not in folded]

        def nxt(p):
            for i in range(1, n + 1):
                q = (p + i) % n
                if q not in folded:
                    return q

        def decide(who, want):
            _every_card_once(s)
            assert G.current_player(s) == who
            assert sorted(_legal(s)) == sorted(want), (sorted(_legal(s)), sorted(want))
            move = rng.choice(want)
            word, _, value = move.partition(" ")
            S.play(s, (word, int(value)) if value.isdigit() else (word, value) if value else (word,))
            return word, value

        def betting(rnd):
            nonlocal pot
            if len(live()) < 2:
                return
            stake, raises = 0, 0
            put = [0] * n
            acted = set()
            p = nxt(dealer)
            while True:
                want = []
                sizes = bets(pot, stake, put[p], rnd)
                if put[p] == stake:
                    want.append("check")
                if stake == 0:
                    want += [f"bet {a}" for a in sizes]
                if put[p] < stake:
                    want += ["call", "fold"]
                if stake > 0 and raises < max_raises:
                    want += [f"raise {a}" for a in sizes]
                word, value = decide(p, want)
                if word == "fold":
                    folded.add(p)
                else:
                    if word == "bet":
                        stake = int(value)
                    elif word == "raise":
                        stake += int(value)
                        raises += 1
                    chips[p] -= stake - put[p]
                    pot += stake - put[p]
                    put[p] = stake
                    acted.add(p)
                if len(live()) == 1 or all(q in acted and put[q] == stake for q in live()):
                    return
                p = nxt(p)

        betting(1)
        if len(live()) > 1:
            for p in [(dealer + 1 + i) % n for i in range(n)]:
                if p in folded:
                    continue
                thrown = 0
                while True:
                    word, value = decide(p, [f"discard {c}" for c in hands[p]] + ["stand"])
                    if word == "stand":
                        break
                    hands[p].discard(value)
                    thrown += 1
                    if thrown == 3:
                        break
                hands[p] = hands[p] | set(S.names(s, S.zone(s, "hand", p)))
                assert hands[p] == set(S.names(s, S.zone(s, "hand", p))) and len(hands[p]) == 5
            betting(2)
        best_value = max(_poker_value(sorted(hands[p])) for p in live())
        best = [p for p in live() if _poker_value(sorted(hands[p])) == best_value]
        for p in best:
            chips[p] += pot // len(best)
        first = next(q for q in [(dealer + 1 + i) % n for i in range(n)] if q in best)
        chips[first] += pot - pot // len(best) * len(best)
        dealer = (dealer + 1) % n
        if s.over:
            res = G.result(s)
            assert res["scores"] == chips
            assert sorted(res["winners"]) == [p for p in range(n) if chips[p] == max(chips)]
            return chips
        assert S.var(s, "chips") == [c - ante for c in chips]


POKERS = {
    "poker-draw": lambda pot, stake, put, rnd: range(1, 4),
    "poker-draw-pot": lambda pot, stake, put, rnd: range(1, max(1, pot + stake - put) + 1),
    "poker-limit": lambda pot, stake, put, rnd: range(rnd, rnd + 1),
}


@pytest.mark.parametrize("name", sorted(POKERS))
@pytest.mark.parametrize("n", [2, 4, 6])
def test_poker_random_games_follow_the_rules(name, n):
    rules = _load(name, hands=2)
    for seed in range(3):
        chips = _poker_referee(G.new_game(rules, n, seed), random.Random(seed), POKERS[name])
        assert sum(chips) == 0


# -- Blackjack -----------------------------------------------------------------------------------------

def _bj_total(cards):
    ranks = [c[:-1] for c in cards]
    total = sum(1 if r == "A" else 10 if r in ("J", "Q", "K") else int(r) for r in ranks)
    return total + 10 if "A" in ranks and total + 10 <= 21 else total


def test_blackjack_a_scripted_hand():
    rules = _load("blackjack", hands=1)
    # one card to seat 1, seat 0, the house (face up); again to seat 1, seat 0, the hole card; then the stock
    s = S.stacked_game(rules, 2, ["10♠", "A♠", "9♣", "6♦", "K♥", "7♦", "5♥", "8♣", "2♠"])
    assert _z(s, "house") == ["9♣"] and _z(s, "hole") == ["7♦"]
    # seat 1 holds 16 and hits: the 5♥ makes 21, which ends its turn; seat 0's natural has nothing to decide
    _turn(s, 1, ["hit", "stand"], ("hit",))
    # the house turns 7♦ (16), must hit: 8♣ busts it.  Seat 1 wins its 2, seat 0's natural 3
    assert s.over and _z(s, "house") == ["9♣", "7♦", "8♣"]
    assert G.result(s)["scores"] == [3, 2]


def test_blackjack_the_house_stands_on_a_soft_17_and_a_tie_pushes():
    rules = _load("blackjack", hands=1)
    s = S.stacked_game(rules, 2, ["10♠", "9♠", "A♣", "7♦", "9♥", "6♦", "K♦", "2♠"])
    # seat 1: 17, seat 0: 18; the house A♣ 6♦ is a soft 17: it stands
    _turn(s, 1, ["hit", "stand"], ("stand",))
    _turn(s, 0, ["hit", "stand"], ("stand",))
    assert s.over and _z(s, "house") == ["A♣", "6♦"]
    assert G.result(s)["scores"] == [2, 0]


def _blackjack_referee(s, rng, stake=2):
    n, chips, skipped, expected = s.n, [0] * s.n, 0, 1
    while not s.over:
        hand_no = s.hand_no
        if hand_no != expected:                 # hands in which nobody had to decide: take the engine's word
            skipped += hand_no - expected
            chips = list(S.var(s, "chips"))
        expected = hand_no + 1
        dealer = (hand_no - 1) % n
        stock = S.names(s, S.zone(s, "stock"))
        cards = {p: S.names(s, S.zone(s, "cards", p)) for p in range(n)}
        house = S.names(s, S.zone(s, "house")) + S.names(s, S.zone(s, "hole"))
        assert all(len(c) == 2 for c in cards.values()) and len(house) == 2
        for p in [(dealer + 1 + i) % n for i in range(n)]:
            while _bj_total(cards[p]) < 21:
                _every_card_once(s)
                assert G.current_player(s) == p and sorted(_legal(s)) == ["hit", "stand"]
                move = rng.choice(["hit", "stand"])
                S.play(s, (move,))
                if move == "stand":
                    break
                cards[p].append(stock.pop())
        while _bj_total(house) < 17:
            house.append(stock.pop())
        hv = _bj_total(house)
        house_natural = len(house) == 2 and hv == 21
        for p in range(n):
            pv, natural = _bj_total(cards[p]), len(cards[p]) == 2 and _bj_total(cards[p]) == 21
            if pv > 21:
                chips[p] -= stake
            elif natural and not house_natural:
                chips[p] += stake + stake // 2
            elif house_natural and not natural:
                chips[p] -= stake
            elif hv > 21 or pv > hv:
                chips[p] += stake
            elif pv < hv:
                chips[p] -= stake
        if s.over:
            break
        if s.hand_no == expected:
            assert S.var(s, "chips") == chips
    res = G.result(s)
    if res["hands"] != expected - 1:            # the last hands had nothing to decide
        return skipped + res["hands"] - expected + 1
    assert res["scores"] == chips
    assert sorted(res["winners"]) == [p for p in range(n) if chips[p] == max(chips)]
    return skipped


@pytest.mark.parametrize("n", [1, 3, 5])
def test_blackjack_random_games_follow_the_rules(n):
    rules = _load("blackjack", hands=6)
    skipped = sum(_blackjack_referee(G.new_game(rules, n, seed), random.Random(seed)) for seed in range(5))
    assert skipped <= 3


# -- Cuckoo --------------------------------------------------------------------------------------------

LOW = {r: i for i, r in enumerate(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"])}


def test_cuckoo_a_scripted_hand():
    s = S.stacked_game(_load("cuckoo"), 3, ["5♣", "K♦", "2♥", "9♠"])
    # seat 1 asks seat 2 for its card: the King blocks (and is shown)
    _turn(s, 1, ["keep", "exchange"], ("exchange",))
    assert _z(s, "hand", 1) == ["5♣"] and _v(s, "blocked") == 1
    # seat 2 passes its King on to the dealer, seat 0, and takes the 2♥
    _turn(s, 2, ["keep", "exchange"], ("exchange",))
    assert _z(s, "hand", 2) == ["2♥"] and _z(s, "hand", 0) == ["K♦"]
    # the dealer keeps the King; seat 2's 2♥ is lowest: it loses a life, and seat 1 deals next
    _turn(s, 0, ["keep", "cut"], ("keep",))
    assert _v(s, "life") == [3, 3, 2] and _v(s, "dealer") == 1 and s.hand_no == 2


def test_cuckoo_the_dealer_cuts_the_top_of_the_stock_and_a_full_tie_costs_nothing():
    s = S.stacked_game(_load("cuckoo"), 3, ["5♣", "5♦", "A♥", "5♠"])
    _turn(s, 1, ["keep", "exchange"], ("keep",))
    _turn(s, 2, ["keep", "exchange"], ("keep",))
    _turn(s, 0, ["keep", "cut"], ("cut",))           # the A♥ goes under the stock; the 5♠ comes off its top
    assert _v(s, "life") == [3, 3, 3]                 # three Fives: everyone ties, nobody loses
    queens = S.stacked_game(_load("cuckoo-queens"), 3, ["5♣", "5♦", "A♥", "5♠"])
    _turn(queens, 1, ["keep", "exchange"], ("keep",))
    _turn(queens, 2, ["keep", "exchange"], ("keep",))
    _turn(queens, 0, ["keep", "cut"], ("cut",))
    assert _v(queens, "life") == [2, 2, 2]            # the variant: a full tie costs everyone a life


def _cuckoo_referee(s, rng, blockers, full_tie_costs):
    n = s.n
    life = [S.var(s, "life")[0]] * n
    dealer, blocked, hand_no = 0, 0, 0
    while True:
        hand_no += 1
        assert s.hand_no == hand_no
        alive = [p for p in range(n) if life[p] > 0]
        card = {p: S.names(s, S.zone(s, "hand", p)) for p in range(n)}
        assert all(len(card[p]) == (1 if p in alive else 0) for p in range(n))
        card = {p: card[p][0] for p in alive}

        def nxt(p):
            return next(q for q in [(p + i) % n for i in range(1, n + 1)] if q in alive)
        for p in [(dealer + i) % n for i in range(1, n)]:
            if p not in alive:
                continue
            _every_card_once(s)
            assert G.current_player(s) == p and sorted(_legal(s)) == ["exchange", "keep"]
            move = rng.choice(["keep", "exchange"])
            S.play(s, (move,))
            if move == "exchange":
                q = nxt(p)
                if card[q][:-1] in blockers:
                    blocked += 1
                else:
                    card[p], card[q] = card[q], card[p]
        assert G.current_player(s) == dealer and sorted(_legal(s)) == ["cut", "keep"]
        top = S.names(s, S.zone(s, "stock"))[-1]
        move = rng.choice(["keep", "cut"])
        S.play(s, (move,))
        if move == "cut":
            card[dealer] = top
        lowest = min(LOW[card[p][:-1]] for p in alive)
        losers = [p for p in alive if LOW[card[p][:-1]] == lowest]
        if len(losers) == len(alive) and (not full_tie_costs or all(life[p] == 1 for p in alive)):
            losers = []
        for p in losers:
            life[p] -= 1
        alive = [p for p in range(n) if life[p] > 0]
        assert S.var(s, "blocked") == blocked
        if len(alive) <= 1:
            assert s.over and G.result(s)["winners"] == alive and G.result(s)["scores"] == life
            return hand_no
        assert not s.over and S.var(s, "life") == life
        dealer = next(q for q in [(dealer + i) % n for i in range(1, n + 1)] if q in alive)
        assert S.var(s, "dealer") == dealer


@pytest.mark.parametrize("name, blockers, full_tie_costs", [("cuckoo", {"K"}, False),
                                                            ("cuckoo-queens", {"Q", "K"}, True)])
@pytest.mark.parametrize("n", [3, 5, 8])
def test_cuckoo_random_games_follow_the_rules(name, blockers, full_tie_costs, n):
    rules = _load(name)
    for seed in range(4):
        _cuckoo_referee(G.new_game(rules, n, seed), random.Random(seed), blockers, full_tie_costs)


# -- Three-card Brag -----------------------------------------------------------------------------------

def _brag_value(cards):
    ranks = sorted((RANK_NUM[c[:-1]] for c in cards), reverse=True)
    counts = {r: ranks.count(r) for r in ranks}
    flush = len({c[-1] for c in cards}) == 1
    run = len(counts) == 3 and (ranks[0] - ranks[2] == 2 or set(ranks) == {14, 2, 3})
    top = 15 if set(ranks) == {14, 2, 3} else ranks[0]
    if len(counts) == 1:
        return (5, 15 if ranks[0] == 3 else ranks[0])
    if run:
        return (4 if flush else 3, top)
    if flush:
        return (2, *ranks)
    if len(counts) == 2:
        pair = next(r for r in counts if counts[r] == 2)
        return (1, pair, next(r for r in counts if counts[r] == 1))
    return (0, *ranks)


def test_brag_hand_values_by_hand():
    v = _brag_value
    assert v(["3♠", "3♥", "3♦"]) > v(["A♠", "A♥", "A♦"]) > v(["2♠", "3♠", "4♠"]) > v(["A♣", "2♦", "3♣"])
    assert v(["A♣", "2♦", "3♣"]) > v(["A♦", "K♦", "Q♣"]) > v(["2♦", "3♣", "4♥"]) > v(["2♦", "7♦", "9♦"])
    assert v(["2♦", "7♦", "9♦"]) > v(["A♠", "A♥", "K♦"]) > v(["K♠", "K♥", "A♦"]) > v(["A♠", "K♥", "J♦"])


def test_brag_a_scripted_hand_with_a_see():
    rules = _load("brag", hands=1)
    hands = {1: ["3♠", "3♥", "3♦"], 2: ["A♣", "2♦", "3♣"], 0: ["A♠", "A♥", "A♦"]}
    s = S.stacked_game(rules, 3, _deck(hands, [1, 2, 0]))
    _turn(s, 1, ["bet", "fold"], ("bet",))               # three still in: no see yet
    _turn(s, 2, ["bet", "fold"], ("fold",))
    _turn(s, 0, ["bet", "see", "fold"], ("see",))        # two left: seat 0 pays 2 to see seat 1
    # three Threes, the best prial, beat three Aces: seat 1 takes the 3 antes, its bet and the 2 paid
    assert s.over and G.result(s)["scores"] == [-3, 4, -1]


def test_brag_equal_hands_the_player_who_sees_loses():
    rules = _load("brag", hands=1)
    s = S.stacked_game(rules, 2, _deck({1: ["K♠", "Q♠", "10♥"], 0: ["K♦", "Q♦", "10♣"]}, [1, 0]))
    _turn(s, 1, ["bet", "see", "fold"], ("see",))
    assert s.over and G.result(s)["scores"] == [3, -3]


def _brag_referee(s, rng, rounds=3, stake=1, ante=1):
    n, chips = s.n, [0] * s.n
    for hand_no in range(1, 10 ** 6):
        assert s.hand_no == hand_no
        dealer = (hand_no - 1) % n
        hands = {p: S.names(s, S.zone(s, "hand", p)) for p in range(n)}
        pot = ante * n
        chips = [c - ante for c in chips]
        folded, seer, turn, p = set(), None, 0, (dealer + 1) % n
        while True:
            turn += 1
            live = [q for q in range(n) if q not in folded]
            want = ["bet", "fold"] + (["see"] if len(live) == 2 else [])
            _every_card_once(s)
            assert G.current_player(s) == p and sorted(_legal(s)) == sorted(want)
            move = rng.choice(want)
            S.play(s, (move,))
            if move == "fold":
                folded.add(p)
            else:
                paid = stake * (2 if move == "see" else 1)
                chips[p] -= paid
                pot += paid
                seer = p if move == "see" else None
            live = [q for q in range(n) if q not in folded]
            if len(live) == 1 or seer is not None or turn >= rounds * n:
                break
            p = next(q for q in [(p + i) % n for i in range(1, n + 1)] if q not in folded)
        if seer is not None:
            other = next(q for q in live if q != seer)
            takers = [other] if _brag_value(hands[other]) >= _brag_value(hands[seer]) else [seer]
        else:
            best = max(_brag_value(hands[q]) for q in live)
            takers = [q for q in live if _brag_value(hands[q]) == best]
        for q in takers:
            chips[q] += pot // len(takers)
        first = next(q for q in [(dealer + 1 + i) % n for i in range(n)] if q in takers)
        chips[first] += pot - pot // len(takers) * len(takers)
        if s.over:
            assert G.result(s)["scores"] == chips
            return chips
        assert S.var(s, "chips") == [c - ante for c in chips]


@pytest.mark.parametrize("n", [2, 3, 6])
def test_brag_random_games_follow_the_rules(n):
    rules = _load("brag", hands=4)
    for seed in range(5):
        assert sum(_brag_referee(G.new_game(rules, n, seed), random.Random(seed))) == 0


# -- Chemin de fer -------------------------------------------------------------------------------------

def _baccarat(cards):
    return sum(0 if c[:-1] in ("10", "J", "Q", "K") else 1 if c[:-1] == "A" else int(c[:-1]) for c in cards) % 10


def test_chemin_de_fer_scripted_coups():
    rules = _load("chemin-de-fer", coups=1)
    # punter (seat 1) 2♠ 3♥ = 5: it may draw or stand; banker 10♦ 4♣ = 4
    s = S.stacked_game(rules, 2, ["2♠", "10♦", "3♥", "4♣", "9♠", "7♣"])
    _turn(s, 1, ["draw", "stand"], ("draw",))
    # the punter draws 9♠ face up (5 + 9 = 4); a banker on 4 stands against a drawn 9: a stand-off
    assert s.over and G.result(s)["scores"] == [0, 0]
    assert _z(s, "third", 1) == ["9♠"] and _z(s, "third", 0) == []
    s = S.stacked_game(rules, 2, ["2♠", "10♦", "3♥", "4♣", "7♣"])
    _turn(s, 1, ["draw", "stand"], ("stand",))
    # the punter stood: the banker draws on 4, the 7♣ makes 1; the punter's 5 wins
    assert s.over and G.result(s)["scores"] == [-2, 2]
    # a natural 9 (4♠ 5♥) against 7: no card is drawn, nothing to decide
    s = S.stacked_game(rules, 2, ["4♠", "10♦", "5♥", "7♣", "2♣", "2♦"])
    assert s.over and G.result(s)["scores"] == [-2, 2]
    assert _z(s, "third", 0) == _z(s, "third", 1) == [] and _z(s, "stock")[-2:] == ["2♦", "2♣"]


def _chemin_referee(s, rng, stake=2):
    n, chips, skipped, expected = s.n, [0] * s.n, 0, 1
    while not s.over:
        hand_no = s.hand_no
        if hand_no != expected:                 # coups with nothing to decide: take the engine's word
            skipped += hand_no - expected
            chips = list(S.var(s, "chips"))
        expected = hand_no + 1
        banker = S.var(s, "dealer")
        punter = (banker + 1) % n
        ph, bh = S.names(s, S.zone(s, "hand", punter)), S.names(s, S.zone(s, "hand", banker))
        stock = S.names(s, S.zone(s, "stock"))
        assert _baccarat(ph) == 5 and max(_baccarat(ph), _baccarat(bh)) < 8
        _every_card_once(s)
        assert G.current_player(s) == punter and sorted(_legal(s)) == ["draw", "stand"]
        move = rng.choice(["draw", "stand"])
        S.play(s, (move,))
        v = None
        if move == "draw":
            ph.append(stock.pop())
            v = _baccarat(ph[-1:])
        b = _baccarat(bh)
        draws = b <= 5 if v is None else (b <= 2 or b == 3 and v != 8 or b == 4 and 2 <= v <= 7 or
                                          b == 5 and 4 <= v <= 7 or b == 6 and 6 <= v <= 7)
        if draws:
            bh.append(stock.pop())
        diff = _baccarat(ph) - _baccarat(bh)
        if diff:
            win = stake if diff > 0 else -stake
            chips[punter] += win
            chips[banker] -= win
        if s.over:
            break
        if s.hand_no == expected:
            assert S.var(s, "chips") == chips
            assert S.var(s, "dealer") == (punter if diff > 0 else banker)
    return skipped


@pytest.mark.parametrize("n", [2, 4, 6])
def test_chemin_de_fer_random_games_follow_the_rules(n):
    rules = _load("chemin-de-fer", coups=12)
    checked = 0
    for seed in range(6):
        s = G.new_game(rules, n, seed)
        skipped = _chemin_referee(s, random.Random(seed))
        checked += 12 - skipped
    assert checked >= 6


# -- explain: wordings on these games ------------------------------------------------------------------

def _explain(name):
    from interpreter.authoring.explain import explain
    return explain(_load(name))


@pytest.mark.parametrize("name, right, wrong", [
    # a deal to one player: was "Deal *drawn* cards to each from *stock* into *hand* to the player, ..."
    ("poker-draw", "Deal *drawn* cards from *stock* into the player's *hand*.", "to each from *stock* into *hand* to"),
    ("chemin-de-fer", "Deal 2 cards to each of *punter* and the *dealer* from *stock* into *hand*", "the list"),
    # the players of a list kept in turn order: the clause was read as about the first player
    ("poker-draw", "For each of the players who are not *folded*, in turn order starting with the player to the "
                   "left of the *dealer*:", "the *dealer* who are not"),
    ("brag", "the first of the players who are in *takers*, in turn order starting with", "*dealer* who are in"),
    # argmax gives every tied item, and a definition over players holds players
    ("poker-draw", "- **best**: the player with the highest hand value of their *hand* among *live* (all of them "
                   "on a tie)", "the item with the highest"),
    ("poker-draw", "For each player of *best*:", "For each p of"),
    ("cuckoo", "Subtract 1 from the player's *life*.", "the p's"),
    # reverse(sort(...)), count(unique(...)), a definition of several parameters
    ("poker-draw", "*h* in order of (the same of (*h*, it), its place in the order *high*), highest first",
     "lowest first in the opposite order"),
    ("poker-draw", "the number of different values among the rank of each item of *h* is 5", "each counted once"),
    ("poker-draw", "(the r of (*h*, 0)) minus (the r of (*h*, 4)) is 4", "the r of *h* and 0"),
    # add: {x: -stake}
    ("blackjack", "Subtract the *stake* from the player's *chips*.", "Add minus the *stake*"),
    ("brag", "the place of “3” in the order *high*", "high('3')"),
    # a definition of the item as the condition: was "the next player after the *dealer* for which the alive of it"
    ("cuckoo", "the next player after the *dealer* who is alive", "the alive of it."),
    # max of a sum: was "the larger of 1 and (the *pot* plus the *stake_now*) minus *who*'s *put*"
    ("poker-draw-pot", "the larger of 1 and (the *pot* plus the *stake_now* minus *who*'s *put*)",
     "*stake_now*) minus"),
    ("cuckoo", "For each of the players who are alive and are not the *dealer*", "the alive of it"),
    # a zone moved whole: was "Move *hole* from *hole* to *house*"
    ("blackjack", "Move every card of *hole* to *house*.", "Move *hole* from *hole*"),
])
def test_explain_reads_these_games_rightly(name, right, wrong):
    text = _explain(name)
    assert right in text and wrong not in text


def test_the_running_account_of_play_tells_cards_turned_face_up():
    # Cuckoo: the cards shown at the end of a hand decide who loses a life; `rules play` told the lives
    # lost but not the cards, which were back in the stock by the seat's next turn
    from interpreter.playtest.terminal import brief_lines
    session = Session(_load("cuckoo"), players=4, seed=4, bots=["random"])
    session.run_bots()
    session.choose(0, "cut")
    session.run_bots()
    lines = brief_lines(session.seat_log(0), {"life"})
    shown = [line for line in lines if "-> shown[" in line]
    assert len(shown) == 4 and not any("?" in line for line in shown), lines
    # cards moved face down are not told
    assert not any("-> stock" in line for line in lines)


# -- rules test, and long runs of the referees ---------------------------------------------------------

def test_the_worked_hands_pass_as_scenarios():
    from interpreter.authoring.runner import run_file
    outcomes, problems = run_file(str(HERE / "compare.scenario.yaml"))
    assert not problems and len(outcomes) == 6
    assert all(o.passed for o in outcomes), [d.format() for o in outcomes for d in o.diagnostics]


@pytest.mark.soak
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_soak_poker_brag_and_chemin_de_fer(n):
    for name, bets in POKERS.items():
        rules = _load(name, hands=4)
        for seed in range(40):
            assert sum(_poker_referee(G.new_game(rules, n, seed), random.Random(seed), bets)) == 0
    rules = _load("brag", hands=6)
    for seed in range(60):
        assert sum(_brag_referee(G.new_game(rules, n, seed), random.Random(seed))) == 0
    rules = _load("chemin-de-fer", coups=20)
    for seed in range(60):
        _chemin_referee(G.new_game(rules, n, seed), random.Random(seed))


@pytest.mark.soak
@pytest.mark.parametrize("n", [1, 3, 5, 8])
def test_soak_blackjack_and_cuckoo(n):
    if n <= 5:
        rules = _load("blackjack", hands=10)
        for seed in range(60):
            _blackjack_referee(G.new_game(rules, n, seed), random.Random(seed))
    if n >= 3:
        for name, blockers, costs in (("cuckoo", {"K"}, False), ("cuckoo-queens", {"Q", "K"}, True)):
            rules = _load(name)
            for seed in range(60):
                _cuckoo_referee(G.new_game(rules, n, seed), random.Random(seed), blockers, costs)


def test_the_full_log_names_the_cards_of_a_hand_nobody_decided_in():
    # Chemin de fer: a coup without the punter's choice (a natural, or a total other than 5) has no
    # decision, so the holdings the log writes at a hand's first decision never came: its cards were
    # nowhere in the log.  A deal to each player names each player's cards; a seat sees only its own.
    s = G.new_game(_load("chemin-de-fer", coups=6), 3, 1, log=True)
    while not s.over:
        G.apply_index(s, 0)
    deals = [e for e in s.events if e.get("event") == "deal" and e.get("to") == "hand"]
    assert len(deals) == 6
    for e in deals:
        (punter, pc), (banker, bc) = e["each"]
        assert len(pc) == len(bc) == 2 and e["seen_by"] == {**{c: [punter] for c in pc}, **{c: [banker] for c in bc}}
    assert any(e.get("hand") == 1 for e in deals)


def test_a_showdown_says_whose_cards_are_shown():
    # Brag: the hands still in are shown at the showdown; the log said 'shown to all: K♠ 5♠ A♥' without
    # whose hand they were
    s = G.new_game(_load("brag", hands=1), 3, 2, log=True)
    while not s.over:
        G.apply_index(s, 0)            # everyone bets until the showdown after nine turns
    from interpreter.sim.gamelog import _line
    shown = [_line(e, set()) for e in s.events if e.get("event") == "reveal"]
    assert shown == [f"  shown to all: {' '.join(S.names(s, S.zone(s, 'hand', p)))} (hand[{p}])" for p in range(3)]
