"""One-player games (patiences) the engine has never seen, written from the docs alone
(tests/rulesets_review20/, each file says what game it is and which rules it keeps): Clock (no decision
at all), Klondike (face-down cards, alternating colours, redeals), Pyramid (pairs worth 13 from a
pyramid whose cards free one another), Accordion (piles moved one or three places left) and
Beleaguered Castle (open rows, foundations per suit).

- Scripted deals whose outcome is worked out by hand (in the comments), and a scenario file for Clock
  (a game with no decision, which `rules test` could not deal).
- Referees: for each game a small re-computation of the rules sharing no code with the engine follows
  random games move by move: the exact set of legal moves, the cards moved, the end, score and winner;
  every card is in exactly one zone after every move.
- The commands on a game for one player: simulate (no leads, drama or fair share), comparisons, explain,
  play, validate, tune and --skill-gap; the bots judge a patience by the player's own evaluation.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.helpers import run_cli
from tests.scripted import every_card_once as _every_card_once, legal_texts as _legal, load_from, zone_names as _z

HERE = Path(__file__).resolve().parent / "rulesets_review20"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SYM = {"♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades"}
GAMES = ["clock", "klondike", "pyramid", "accordion", "castle"]


def _load(name, **options):
    return load_from(HERE, name, **options)


def _rank(name):
    return RANKS.index(name[:-1])


def _suit(name):
    return SYM[name[-1]]


def _red(name):
    return name[-1] in "♦♥"


def _moves(s):
    """The legal moves as (move, value) with cards by name: a card, a set of cards, or (card, place)."""
    names = s.rules.universe.names
    out = set()
    for name, value in G.legal_actions(s):
        if isinstance(value, int):
            value = names[value]
        elif isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], str):
            value = (names[value[0]], value[1])
        elif isinstance(value, (list, tuple)):
            value = frozenset(names[c] for c in value)
        out.add((name, value))
    return out


def _play(s, move):
    """Make the engine's action that `_moves` wrote as `move`."""
    names = s.rules.universe.names
    for action in G.legal_actions(s):
        name, value = action
        if isinstance(value, int):
            value = names[value]
        elif isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], str):
            value = (names[value[0]], value[1])
        elif isinstance(value, (list, tuple)):
            value = frozenset(names[c] for c in value)
        if (name, value) == move:
            G.apply(s, action)
            return
    raise AssertionError(f"{move} not offered")


def _zone(s, name, owner=None):
    return _z(s, name, owner)


# -- Clock: no decision -------------------------------------------------------------------------------

HOURS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
         "middle"]


def _clock_referee(s):
    """The turns worked out from the dealt piles must be the game's, card by card (from its events)."""
    piles = {h: [] for h in HOURS}
    turns = []
    for e in s.events:
        if e.get("event") != "move":
            continue
        if e["source"] == ["stock"]:
            piles[e["to"][5:-1]].extend(e["cards"])       # 'pile[one]'
        else:
            turns.append((e["cards"], e["source"], e["to"]))
    assert all(len(p) == 4 for p in piles.values())
    want, at = [], "middle"
    while piles[at]:
        card = piles[at].pop()
        home = HOURS[_rank(card)]
        want.append(([card], [f"pile[{at}]"], f"turned[{home}]"))
        at = home
    assert turns == want
    left = sum(map(len, piles.values()))
    assert s.over and G.result(s)["scores"] == [left]
    assert G.result(s)["winners"] == ([0] if left == 0 else [])
    return left


def test_clock_random_deals_follow_the_rules():
    rules = _load("clock")
    lefts = [_clock_referee(G.new_game(rules, 1, seed, log=True)) for seed in range(60)]
    assert 0 in lefts and len(set(lefts)) > 5
    _every_card_once(G.new_game(rules, 1, 0))


def test_clock_a_scripted_deal():
    # the pile of each hour holds the cards of its own rank: the middle pile's four Kings come up one
    # after another and the game is lost with the other 48 cards face down
    rules = _load("clock")
    deck = [RANKS[i] + s for s in "♣♦♥♠" for i in range(13)]      # a card to each pile in turn, 4 rounds
    s = S.stacked_game(rules, 1, deck)
    assert s.over and G.result(s)["winners"] == [] and G.result(s)["scores"] == [48]
    assert _zone(s, "turned", "middle") == ["K♠", "K♥", "K♦", "K♣"]     # the last dealt is turned first
    assert _zone(s, "pile", "one") == ["A♣", "A♦", "A♥", "A♠"]


def test_clock_worked_examples_pass_rules_test():
    """A game that asks for no decision is over when it is dealt: the scenario's `deal:` was measured
    from the piles at the end (empty), so every deal failed ('4 cards are listed for pile[middle], but
    the deal puts 0 there'); the deal is now where each card first went from the pack."""
    out = run_cli("test", str(HERE / "clock.scenario.yaml"))
    assert out.returncode == 0 and "2 scenario(s): 2 passed, 0 failed" in out.stdout, out.stdout + out.stderr


# -- the commands for one player ----------------------------------------------------------------------

def test_simulate_for_one_player_has_no_leads_or_drama():
    """Lead changes, 'winner never behind', drama and decisiveness compare sides; for one player they
    were printed as 0.00 lead changes, 'never behind from hand 1.00 (100% of the way)', drama 0.00."""
    out = run_cli("simulate", str(HERE / "castle.yaml"), "-n", "10")
    assert out.returncode == 0 and "10 games, 1 player," in out.stdout
    for words in ("lead changes", "never behind", "drama", "decisiveness", "fair share"):
        assert words not in out.stdout, words
    assert "per game: 1.00 hands" in out.stdout
    two = run_cli("simulate", "scotch-whist", "-n", "5").stdout
    assert "lead changes per game" in two and "drama" in two


# -- Beleaguered Castle -------------------------------------------------------------------------------

def _castle_sorted_deal():
    """Each suit's 2..K in two rows, highest at the bottom: row 1 K♣..8♣ (8♣ on top), row 2 7♣..2♣,
    rows 3-4 the diamonds, and so on; dealt a card to each of the eight rows in turn, the Aces last
    (the rules take them out by name before dealing)."""
    rows = []
    for s in "♣♦♥♠":
        rows.append([RANKS[i] + s for i in range(12, 6, -1)])
        rows.append([RANKS[i] + s for i in range(6, 0, -1)])
    return [rows[k][i] for i in range(6) for k in range(8)] + ["A♣", "A♦", "A♥", "A♠"]


def test_greedy_judges_a_patience_by_the_players_own_evaluation():
    """With one player the greedy bot compared the player's evaluation with the best of 'the others',
    of whom there are none, and rated every move 0.5: it played at random.  Now it follows
    `bots: evaluate` (cards on the foundations): a move home beats a shift between rows."""
    from interpreter.bots.base import load_bots, make_bot
    from interpreter.bots.greedy import outcome
    load_bots()
    rules = _load("castle")
    s = S.stacked_game(rules, 1, _castle_sorted_deal())
    S.play(s, ("home", "2♣"))
    after = G.clone(s)
    S.play(after, ("home", "3♣"))
    assert outcome(after, 0) > outcome(s, 0)
    homes = 0
    for seed in range(6):
        bot = make_bot("greedy", seed)
        actions = G.legal_actions(s)
        assert any(a[0] == "shift" for a in actions)
        homes += actions[bot.decide(s, 0, actions)][0] == "home"
    assert homes == 6


def test_explain_reads_a_patience_as_one_players_game():
    """A patience read 'For 1 player (usually 1). Seats are numbered from 0; 'left' is the next seat
    up.', a dealer section passing the deal 'to the left', 'Players take turns, starting with seat 0,
    then seat 0', 'The game is won by 0 if left is 0, otherwise an empty list.' and, for a game of one
    hand (no after_hand), 'A game that has not ended after 1000 hands stops with an error.'"""
    from interpreter.authoring.explain import explain
    text = explain(_load("pyramid"))
    assert "For one player, seat 0." in text and "next seat up" not in text and "usually" not in text
    assert "## The dealer" not in text and "the deal passes" not in text
    assert "Seat 0 plays turn after turn, until *left* is 0" in text
    assert "- The game is won by seat 0 if *left* is 0, otherwise nobody." in text
    assert "- The game ends after one hand." in text and "1000 hands" not in text
    two = explain(load_from(None, Path(__file__).resolve().parent.parent / "rulesets" / "scotch-whist.yaml"))
    assert "Seats are numbered from 0" in two and "## The dealer" in two and "stops with an error" in two


def test_the_game_log_of_a_lost_patience_says_nobody_wins(tmp_path):
    """'== result ==  winner(s) ; scores P0 19': an empty list of winners after 'winner(s)'."""
    from interpreter.sim.gamelog import _line
    log = tmp_path / "acc.log"
    out = run_cli("simulate", str(HERE / "accordion.yaml"), "-n", "1", "--log", str(log))
    assert out.returncode == 0
    text = log.read_text()
    assert "== result ==  nobody wins; scores P0 " in text and "winner(s) ;" not in text
    assert _line({"event": "end", "winners": []}, False) == "  the game ends: nobody wins"
    assert _line({"event": "result", "winners": [0], "scores": [0]}, False).endswith("winner(s) P0; scores P0 0")


def test_play_greets_one_player_without_a_list_of_bots():
    """'Review Accordion: 1 players, seed 1. You are P0; .'"""
    import os
    import subprocess
    import sys
    from tests.helpers import ROOT
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-m", "interpreter", "play", str(HERE / "accordion.yaml"), "--seed", "1"],
                         input="quit\n", capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert "Traceback" not in out.stderr
    first = out.stdout.splitlines()[0]
    assert first == "Review Accordion: one player, seed 1. You are P0, playing alone.", first


def test_comparing_two_patiences_gives_one_win_rate_and_no_leads():
    """Comparing one-player games printed 'first seat (seat 0) win rate' and 'seat 0 win rate' (the same
    row twice) and lead changes, 'decided after', drama: rows with nothing to compare."""
    out = run_cli("simulate", str(HERE / "castle.yaml"), str(HERE / "accordion.yaml"), "-n", "12", "--json")
    comp = json.loads(out.stdout)["comparison"]
    names = [r["name"] for r in comp["rows"]]
    assert names == ["win rate", "hands per game", "tricks per game", "turns per game", "final score"]
    final = comp["rows"][-1]
    assert final["paired"][1]["pairs"] == 12 and final["paired"][1]["difference"] < -20
    text = run_cli("simulate", str(HERE / "castle.yaml"), str(HERE / "accordion.yaml"), "-n", "6").stdout
    assert "first seat" not in text and "drama" not in text and "lead changes" not in text
    two = json.loads(run_cli("simulate", "scotch-whist", "--compare-option", "target=21,41", "-n", "4",
                             "--json").stdout)["comparison"]
    assert [r["name"] for r in two["rows"]][:2] == ["first seat (seat 1) win rate", "seat 0 win rate"]


def test_owner_finds_this_very_card_with_two_packs_and_works_per_object():
    """owner(hand, c) with two packs gave the first seat holding a card identical to c, not the seat
    holding c itself; and it refused zones kept per suit or per object ('needs a zone kept per
    player'), so Klondike had to write first(filter(columns, k => c in up[k]))."""
    rules = _load("twins")
    s = S.stacked_game(rules, 2, ["A♣", "2♣", "2♣", "A♣"])
    # seat 1 is dealt the first A♣ and the second 2♣ (its top); seat 0 holds the first 2♣
    assert S.var(s, "holder") == 1
    assert S.var(s, "where") == "right"
    klondike = (HERE / "klondike.yaml").read_text()
    assert 'source: "owner(up, t[0])"' in klondike


@pytest.mark.parametrize("old, new, hint", [
    ('left: "52 - sum(suits, s => count(foundation[s]))"', 'left: "52 - count(foundation)"',
     "say which suit's, e.g. foundation[hearts] or foundation[c.suit]"),
    ("k => last(up[k]))", "k => last(up))",
     "say which entry of columns, e.g. up[k] with k one of columns (for_each: {in: columns, as: k})"),
])
def test_a_zone_kept_per_suit_or_per_pile_is_hinted_as_such(tmp_path, old, new, hint):
    """'count(foundation)' for a zone kept per suit, or 'last(up)' for one kept per column, got the hint
    'say whose: foundation[current], foundation[p]': a player, for a suit or a pile."""
    from interpreter.ruleset.loader import load_ruleset
    source = (HERE / "klondike.yaml").read_text()
    assert old in source
    path = tmp_path / "k.yaml"
    path.write_text(source.replace(old, new))
    errors = [d for d in load_ruleset(str(path)).diagnostics if d.severity == "error"]
    assert len(errors) == 1 and errors[0].hint == hint, [d.format() for d in errors]


def test_messages_say_one_player():
    """'Review Beleaguered Castle is for 1 players'."""
    from interpreter.diagnostics import n_players, players_phrase
    out = run_cli("simulate", str(HERE / "castle.yaml"), "-n", "2", "-p", "2")
    assert out.returncode == 2 and "is for 1 player\n" in out.stderr, out.stderr
    with pytest.raises(G.GameError, match="is for 1 player, not 3$"):
        G.new_game(_load("castle"), 3, 0)
    assert (n_players(1), n_players(4), players_phrase([1]), players_phrase([3, 4, 5])) == \
        ("1 player", "4 players", "1 player", "3, 4 or 5 players")


def test_tune_a_patience_for_its_win_rate_and_refuse_comparisons():
    """A patience could not be tuned for how often it is won (no such figure), while goals comparing
    sides (drama, first_seat_advantage, skill_gap ...) were searched for, on figures always 0."""
    path = str(HERE / "castle.yaml")
    out = run_cli("tune", path, "--goal", "win_rate<=0.5", "-n", "6", "--trials", "2", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    best = data["candidates"][0]["figures"]["win_rate"]
    assert best["met"] and best["value"] == 0.0 and best["low"] == 0.0
    for goal in ("drama=0.1..1", "first_seat_advantage=-0.02..0.02", "skill_gap>=0.1"):
        refused = run_cli("tune", path, "--goal", goal, "-n", "4", "--trials", "1")
        assert refused.returncode == 2 and "compares sides, and a game for one player has only one" in refused.stderr
    many = run_cli("tune", "scotch-whist", "--goal", "win_rate=0.5", "-n", "2", "--trials", "1")
    assert many.returncode == 2 and "'win_rate' is the win rate of a game for one player" in many.stderr


def test_skill_gap_for_one_player_compares_the_bot_with_random_play():
    """--skill-gap seats the bot beside random bots; with one seat there were none, and the run printed
    the bot's results alone, 'seats rotating', and no gap at all."""
    path = str(HERE / "pyramid.yaml")
    out = run_cli("simulate", path, "-n", "8", "--skill-gap", "--bots", "greedy")
    assert out.returncode == 0, out.stderr
    assert "8 games, 1 player, bots greedy, seed 0" in out.stdout
    assert "skill gap (one player): greedy wins " in out.stdout and "random play" in out.stdout
    data = json.loads(run_cli("simulate", path, "-n", "8", "--skill-gap", "--bots", "greedy", "--json").stdout)
    gap = data["skill_gap_alone"]
    plain = json.loads(run_cli("simulate", path, "-n", "8", "--json").stdout)
    assert gap["random_score_mean"] == plain["seats"][0]["score_mean"]      # the same deals, played at random
    assert gap["score_mean"] < gap["random_score_mean"]                     # fewer cards left in the pyramid
    assert gap["skill_gap"] == gap["win_rate"] - gap["random_win_rate"]


# -- referees: the rules re-computed, following random games move by move ----------------------------

ROWS = ["r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8"]


def _castle_referee(s, rng, cap=400):
    rows = {k: _zone(s, "row", k) for k in ROWS}
    found = {suit: _zone(s, "foundation", suit) for suit in SYM.values()}
    assert all(len(r) == 6 for r in rows.values()) and all(f == ["A" + sym] for sym, f in
                                                             zip(SYM, found.values()))
    made = 0
    while True:
        _every_card_once(s)
        tops = {k: r[-1] for k, r in rows.items() if r}
        homes = {("home", c) for c in tops.values() if _rank(c) == len(found[_suit(c)])}
        shifts = {("shift", (c, k)) for a, c in tops.items() for k in ROWS
                  if k != a and (not rows[k] or _rank(rows[k][-1]) == _rank(c) + 1)}
        left = 52 - sum(map(len, found.values()))
        if left == 0 or not (homes or shifts) or made >= cap:
            assert s.over
            res = G.result(s)
            assert res["scores"] == [left] and res["winners"] == ([0] if left == 0 else [])
            return left
        assert not s.over and G.current_player(s) == 0
        assert _moves(s) == homes | shifts
        move = rng.choice(sorted(homes | shifts, key=str))
        _play(s, move)
        if move[0] == "home":
            card = move[1]
            next(r for r in rows.values() if r and r[-1] == card).pop()
            found[_suit(card)].append(card)
        else:
            card, k = move[1]
            next(r for r in rows.values() if r and r[-1] == card).pop()
            rows[k].append(card)
        made += 1


def _klondike_referee(s, rng):
    cols = ["c1", "c2", "c3", "c4", "c5", "c6", "c7"]
    down = {k: _zone(s, "down", k) for k in cols}
    up = {k: _zone(s, "up", k) for k in cols}
    stock, waste = _zone(s, "stock"), _zone(s, "waste")
    found = {suit: [] for suit in SYM.values()}
    assert [len(down[k]) for k in cols] == list(range(7)) and all(len(up[k]) == 1 for k in cols)
    assert len(stock) == 24 and not waste
    redeals = made = 0
    gave_up = False
    while True:
        _every_card_once(s)
        left = 52 - sum(map(len, found.values()))
        if left == 0 or gave_up or made >= 500:
            assert s.over
            res = G.result(s)
            assert res["scores"] == [left] and res["winners"] == ([0] if left == 0 else [])
            return left
        assert G.current_player(s) == 0
        free = ([waste[-1]] if waste else []) + [up[k][-1] for k in cols if up[k]]
        legal = {("home", c) for c in free if _rank(c) == len(found[_suit(c)])}
        movers = ([waste[-1]] if waste else []) + [c for k in cols for c in up[k]]
        for c in movers:
            for k in cols:
                if c in up[k]:
                    continue
                if (not up[k] and not down[k] and c[:-1] == "K") or \
                        (up[k] and _red(up[k][-1]) != _red(c) and _rank(up[k][-1]) == _rank(c) + 1):
                    legal.add(("build", (c, k)))
        if stock:
            legal.add(("draw", None))
        if not stock and waste and redeals < 2:
            legal.add(("redeal", None))
        if not stock and (not waste or redeals >= 2):
            legal.add(("give_up", None))
        assert _moves(s) == legal
        move = rng.choice(sorted(legal, key=str))
        _play(s, move)
        name, value = move
        if name == "home":
            if waste and waste[-1] == value:
                waste.pop()
            else:
                next(up[k] for k in cols if up[k] and up[k][-1] == value).pop()
            found[_suit(value)].append(value)
        elif name == "build":
            card, k = value
            if waste and waste[-1] == card:
                up[k].append(waste.pop())
            else:
                a = next(j for j in cols if card in up[j])
                i = up[a].index(card)
                up[k].extend(up[a][i:])
                del up[a][i:]
        elif name == "draw":
            waste.append(stock.pop())
        elif name == "redeal":
            stock[:] = waste[::-1]
            waste.clear()
            redeals += 1
        else:
            gave_up = True
        for k in cols:
            if not up[k] and down[k]:
                up[k].append(down[k].pop())
        made += 1
        assert {k: _zone(s, "up", k) for k in cols} == up and _zone(s, "waste") == waste


def _pyramid_referee(s, rng):
    spots = {(r, c): _zone(s, "spot", f"r{r}c{c}") for r in range(1, 8) for c in range(1, r + 1)}
    assert all(len(v) == 1 for v in spots.values())
    stock, waste = _zone(s, "stock"), []
    assert len(stock) == 24 and not _zone(s, "waste")

    def worth(card):
        return _rank(card) + 1
    while True:
        _every_card_once(s)
        free = [v[0] for (r, c), v in spots.items() if v
                and not any(spots.get((r + 1, c + d)) for d in (0, 1))]
        free += waste[-1:]
        pairs = {("pair", frozenset((a, b))) for i, a in enumerate(free) for b in free[i + 1:]
                 if worth(a) + worth(b) == 13}
        kings = {("king", c) for c in free if c[:-1] == "K"}
        left = sum(map(len, spots.values()))
        if left == 0 or (not stock and not pairs and not kings):
            assert s.over
            res = G.result(s)
            assert res["scores"] == [left] and res["winners"] == ([0] if left == 0 else [])
            return left
        legal = pairs | kings | ({("turn", None)} if stock else set())
        assert _moves(s) == legal
        move = rng.choice(sorted(legal, key=str))
        _play(s, move)
        if move[0] == "turn":
            waste.append(stock.pop())
            continue
        for card in (move[1] if move[0] == "pair" else [move[1]]):
            if waste and waste[-1] == card:
                waste.pop()
            else:
                next(v for v in spots.values() if v == [card]).clear()


def _accordion_referee(s, rng):
    piles = [_zone(s, "pile", f"p{i}") for i in range(1, 53)]
    assert all(len(p) == 1 for p in piles)

    def match(a, b):
        return a[-1] == b[-1] or a[:-1] == b[:-1]
    while True:
        _every_card_once(s)
        legal = {(name, piles[i][-1]) for name, d in (("next", 1), ("third", 3))
                 for i in range(d, len(piles)) if match(piles[i][-1], piles[i - d][-1])}
        if not legal:
            assert s.over
            res = G.result(s)
            assert res["scores"] == [len(piles)] and res["winners"] == ([0] if len(piles) == 1 else [])
            return len(piles)
        assert _moves(s) == legal
        name, card = rng.choice(sorted(legal, key=str))
        _play(s, (name, card))
        i = next(j for j, p in enumerate(piles) if p[-1] == card)
        piles[i - (1 if name == "next" else 3)].extend(piles.pop(i))
        shown = [p for p in (_zone(s, "pile", f"p{j}") for j in range(1, 53)) if p]
        assert shown == piles


REFEREES = {"castle": _castle_referee, "klondike": _klondike_referee, "pyramid": _pyramid_referee,
            "accordion": _accordion_referee}


@pytest.mark.parametrize("name", sorted(REFEREES))
def test_random_games_follow_the_rules(name):
    rules = _load(name)
    outcomes = [REFEREES[name](G.new_game(rules, 1, seed), random.Random(seed)) for seed in range(6)]
    assert len(set(outcomes)) > 1, outcomes


@pytest.mark.soak
@pytest.mark.parametrize("name", sorted(REFEREES))
def test_random_games_follow_the_rules_soak(name):
    rules = _load(name)
    for seed in range(6, 80):
        REFEREES[name](G.new_game(rules, 1, seed), random.Random(seed))


# -- scripted deals ----------------------------------------------------------------------------------

def test_castle_a_sorted_deal_is_won_move_by_move():
    rules = _load("castle")
    s = S.stacked_game(rules, 1, _castle_sorted_deal())
    assert _zone(s, "row", "r1") == ["K♣", "Q♣", "J♣", "10♣", "9♣", "8♣"] and _zone(s, "foundation", "spades") == ["A♠"]
    # the tops are 8s and 2s: the 2s go home; no top is one below another (8 on 9? no 9 is on top)
    assert _moves(s) == {("home", "2♣"), ("home", "2♦"), ("home", "2♥"), ("home", "2♠")}
    S.play(s, ("home", "2♣"))
    # row 2 shows the 3♣: it goes home, or takes any other 2 (one rank lower, whatever the suit)
    assert _moves(s) == {("home", "3♣"), ("home", "2♦"), ("home", "2♥"), ("home", "2♠"),
                         ("shift", ("2♦", "r2")), ("shift", ("2♥", "r2")), ("shift", ("2♠", "r2"))}
    # every card goes home in turn: row 2's 3..7, then row 1's 8..K, and so for each suit
    for sym in "♣♦♥♠":
        for r in RANKS[1:]:
            card = r + sym
            if card != "2♣":
                S.play(s, ("home", card))
        if sym == "♣":
            assert _zone(s, "row", "r1") == [] == _zone(s, "row", "r2") and len(_zone(s, "foundation", "clubs")) == 13
    assert s.over and G.result(s)["winners"] == [0] and G.result(s)["scores"] == [0]
    _every_card_once(s)


KLONDIKE = {"c1": ["A♠"], "c2": ["3♠", "2♠"], "c3": ["4♦", "5♦", "K♥"], "c4": ["6♦", "7♦", "8♦", "Q♣"],
            "c5": ["9♦", "10♦", "J♣", "Q♦", "J♦"], "c6": ["2♥", "3♥", "4♥", "5♥", "6♥", "9♣"],
            "c7": ["7♥", "8♥", "9♥", "J♥", "Q♥", "K♣", "10♥"]}


def test_klondike_a_scripted_deal():
    rules = _load("klondike")
    cols = list(KLONDIKE)
    # round r deals one card to each column from the r-th on; each column's last card is turned up
    deck = [KLONDIKE[cols[k]][r] for r in range(7) for k in range(r, 7)] + ["4♠", "A♥"]
    s = S.stacked_game(rules, 1, deck)
    assert _zone(s, "down", "c7") == KLONDIKE["c7"][:-1] and _zone(s, "up", "c7") == ["10♥"]
    assert _zone(s, "stock")[-2:] == ["A♥", "4♠"]
    # A♠ goes home; Q♣ on K♥, J♦ on Q♣, 9♣ on 10♥ (10♥ on J♦: both red, no); or draw
    assert _moves(s) == {("home", "A♠"), ("build", ("Q♣", "c3")), ("build", ("J♦", "c4")),
                         ("build", ("9♣", "c7")), ("draw", None)}
    S.play(s, ("home", "A♠"))
    # the first column is empty (nothing face down in it): only a King may go there
    assert ("build", ("K♥", "c1")) in _moves(s) and ("home", "2♠") in _moves(s)
    S.play(s, ("home", "2♠"))
    assert _zone(s, "up", "c2") == ["3♠"] and _zone(s, "down", "c2") == []       # turned up
    for move in [("home", "3♠"), ("build", ("Q♣", "c3")), ("build", ("J♦", "c3"))]:
        _play(s, move)
    assert _zone(s, "up", "c3") == ["K♥", "Q♣", "J♦"] and _zone(s, "up", "c4") == ["8♦"]
    assert _zone(s, "up", "c5") == ["Q♦"]
    # K♥ with its cards to either empty column; 9♣ on 10♥; 8♦ on 9♣; Q♣ and J♦ have nowhere to go
    assert _moves(s) == {("build", ("K♥", "c1")), ("build", ("K♥", "c2")), ("build", ("9♣", "c7")),
                         ("build", ("8♦", "c6")), ("draw", None)}
    for move in [("draw", None), ("home", "4♠"), ("draw", None), ("home", "A♥"), ("build", ("K♥", "c1"))]:
        _play(s, move)
    assert _zone(s, "up", "c1") == ["K♥", "Q♣", "J♦"] and _zone(s, "up", "c3") == ["5♦"]
    assert _zone(s, "down", "c3") == ["4♦"] and _zone(s, "foundation", "spades") == ["A♠", "2♠", "3♠", "4♠"]
    assert _zone(s, "foundation", "hearts") == ["A♥"] and _zone(s, "waste") == [] and len(_zone(s, "stock")) == 22
    _every_card_once(s)


def test_pyramid_a_scripted_deal():
    rules = _load("pyramid")
    top = ["3♦", "4♦", "6♦", "8♦", "9♦", "10♦", "J♦", "Q♦", "K♦", "A♥", "2♥", "3♥", "4♥", "5♥", "6♥"]
    row6 = ["K♥", "2♣", "3♣", "4♣", "9♣", "10♣"]
    row7 = ["K♠", "Q♣", "A♦", "5♣", "8♥", "6♠", "7♦"]
    s = S.stacked_game(rules, 1, top + row6 + row7 + ["J♠"])
    assert _zone(s, "spot", "r7c1") == ["K♠"] and _zone(s, "spot", "r6c1") == ["K♥"]
    # the bottom row is free: K♠ alone, Q+A, 5+8, 6+7 (worth 13); K♥ above is covered
    assert _moves(s) == {("king", "K♠"), ("pair", frozenset({"Q♣", "A♦"})), ("pair", frozenset({"5♣", "8♥"})),
                         ("pair", frozenset({"6♠", "7♦"})), ("turn", None)}
    S.play(s, ("king", "K♠"))
    assert ("king", "K♥") not in _moves(s)            # still covered by the Q♣
    _play(s, ("pair", frozenset({"Q♣", "A♦"})))
    # K♥ and 2♣ are free now (both cards under each are gone); 3♣ is still covered by the 5♣
    assert _moves(s) == {("king", "K♥"), ("pair", frozenset({"5♣", "8♥"})), ("pair", frozenset({"6♠", "7♦"})),
                         ("turn", None)}
    S.play(s, ("turn",))
    # the J♠ on the waste pairs with the free 2♣
    assert ("pair", frozenset({"2♣", "J♠"})) in _moves(s)
    _play(s, ("pair", frozenset({"2♣", "J♠"})))
    assert _zone(s, "waste") == [] and sorted(_zone(s, "out")) == sorted(["K♠", "Q♣", "A♦", "2♣", "J♠"])
    spots = [f"r{r}c{c}" for r in range(1, 8) for c in range(1, r + 1)]
    assert not s.over and sum(len(_zone(s, "spot", k)) for k in spots) == 24       # 28 less K♠, Q♣, A♦, 2♣
    _every_card_once(s)


def test_accordion_a_scripted_deal_is_won():
    rules = _load("accordion")
    # clubs A..K, diamonds K..A, hearts A..K, spades K..A: each card matches the one left of it
    order = ([r + "♣" for r in RANKS] + [r + "♦" for r in RANKS[::-1]] + [r + "♥" for r in RANKS]
             + [r + "♠" for r in RANKS[::-1]])
    s = S.stacked_game(rules, 1, order)
    moves = _moves(s)
    # every pile but the first may go one left (51); three left within a suit's run (40) and, across the
    # joins, Q♦ on Q♣, 2♥ on 2♦, Q♠ on Q♥ (43 in all)
    assert sum(m[0] == "next" for m in moves) == 51 and sum(m[0] == "third" for m in moves) == 43
    assert {("third", "Q♦"), ("third", "2♥"), ("third", "Q♠")} <= moves
    assert not {("third", "K♦"), ("third", "J♦"), ("third", "A♥"), ("third", "K♠")} & moves
    for card in order[1:]:           # the second pile onto the first, 51 times
        S.play(s, ("next", card))
    assert s.over and G.result(s)["winners"] == [0] and G.result(s)["scores"] == [1]
    assert _zone(s, "pile", "p1") == order


# -- every way of playing; the commands run --------------------------------------------------------

def _ways(name, seeds):
    from tests.test_review_unseen import _compare, _counts, _load as _load_both
    path = HERE / f"{name}.yaml"
    fast, plain = _load_both(path), _load_both(path, plain=True)
    outcomes = [_compare(fast, plain, n, seed, name) for n in _counts(fast) for seed in seeds]
    assert all(o[0] != "error" for o in outcomes), [o[:2] for o in outcomes if o[0] == "error"][:2]
    return outcomes


@pytest.mark.parametrize("name", GAMES)
def test_every_way_of_playing_gives_the_same_games(name):
    _ways(name, range(2))


@pytest.mark.soak
@pytest.mark.parametrize("name", GAMES)
def test_every_way_of_playing_gives_the_same_games_soak(name):
    _ways(name, range(2, 30))


@pytest.mark.parametrize("name", GAMES)
def test_the_simulator_checks_every_move_and_finds_no_violation(name):
    from interpreter.sim.play import play_game
    rules = _load(name)
    for seed in range(2):
        fast = play_game(rules, 1, seed, ["random"])
        checked = play_game(rules, 1, seed, ["random"], check=True)
        assert not checked.pop("check")["violations"]
        assert fast == checked


@pytest.mark.parametrize("name", GAMES)
def test_the_commands_run_on_these_games(name):
    path = str(HERE / f"{name}.yaml")
    checked = run_cli("validate", path)
    assert checked.returncode == 0 and "0 error(s), 0 warning(s)" in checked.stdout + checked.stderr
    explained = run_cli("explain", path)
    assert explained.returncode == 0 and explained.stdout.startswith("# Review ")
    sim = run_cli("simulate", path, "-n", "10", "--coverage", "--check")
    assert sim.returncode == 0 and "Traceback" not in sim.stderr + sim.stdout


def test_a_move_offering_card_and_pile_pairs_names_the_card(tmp_path):
    """Beleaguered Castle's shift offers (card, row) pairs: a tuple was typed a plain list, so the moves
    read 'shift [22, 'r1']' at the terminal, in legal-move lists and in saved scenarios (a card id), and
    t[0] was of no kind (a card's mistakes in it went unseen).  The tuple now keeps its items' kinds."""
    from interpreter.expr import types as T
    rules = _load("castle")
    s = S.stacked_game(rules, 1, _castle_sorted_deal())
    S.play(s, ("home", "2♣"))
    texts = _legal(s)
    assert "shift (2♦, r2)" in texts and not any("[" in t for t in texts), texts
    S.play(s, ("shift", ["2♦", "r2"]))              # a scenario names the card of the pair
    assert _zone(s, "row", "r2")[-1] == "2♦"
    assert T.describe(T.tuple_of(["card", "any"])) == "a tuple (a card, an any)"
    assert T.tuple_items(T.tuple_of(["<tuple:number;suit>", "card"])) == ["tuple:number;suit", "card"]
    # t[0] is a card: a card compared with a number is caught when the ruleset loads
    from interpreter.ruleset.loader import load_ruleset
    bad = (HERE / "castle.yaml").read_text().replace('to: "row[t[1]]"}', 'to: "row[t[1]]"}\n'
                                                     '                      - add: {moves_made: "t[0] + 1"}')
    path = tmp_path / "castle.yaml"
    path.write_text(bad)
    errors = [d for d in load_ruleset(str(path)).diagnostics if d.severity == "error"]
    assert errors and "card" in errors[0].message, [d.format() for d in errors]


def test_explain_reads_owner_of_a_zone_kept_per_column():
    """owner(up, c) read 'the player whose *up* holds ...' for a zone kept per column."""
    from interpreter.authoring.explain import explain
    text = explain(_load("klondike"))
    assert "Set the *source* to the column whose *up* holds" in text and "player whose" not in text


def test_a_game_for_one_player_need_not_declare_a_dealer(tmp_path):
    """validate refused a patience without 'dealer: {type: player, initial: 0}' under state: ('the state
    needs a dealer variable'): one player deals every hand.  (A game for several players need not either
    since then: tests/test_implicit_dealer.py.)"""
    from interpreter.authoring.explain import explain
    from interpreter.ruleset.loader import load_ruleset
    source = (HERE / "accordion.yaml").read_text()
    assert "  dealer: {type: player, initial: 0}\n" in source
    path = tmp_path / "accordion.yaml"
    path.write_text(source.replace("  dealer: {type: player, initial: 0}\n", ""))
    loaded = load_ruleset(str(path))
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    from interpreter.sim.play import play_game
    assert play_game(loaded.rules, 1, 3, ["random"]) == play_game(_load("accordion"), 1, 3, ["random"])
    assert "| dealer |" not in explain(loaded.rules)
