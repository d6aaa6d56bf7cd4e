"""Every fast path plays the games of the plain path, on rulesets the bundled games do not resemble.

The rulesets of tests/rulesets_review/ (each says what it combines) and random mutations of the bundled
rulesets are played seven ways from the same seeds, and the histories, results, zones, variables and
errors must be the same:

- auto: the engine answers every seat itself (engine/autoplay.py play_picked: choices answered inside
  Choose.enter, trick blocks played through by Tricks.resolve / play_through / next_trick); also
  stopping at every hand, trick or turn (as the simulator's progress figures ask), and with those
  stops handled in place (at_stop); and with a game log (`simulate --log`: no block played through);
- step: one decision at a time through game.apply_index (rng.randrange, the draw the picker makes);
- check: the same through `rules simulate --check`'s RuleCheck.apply, which must find no violation;
- plain: one decision at a time on the ruleset loaded without generated code, folded steps, hoisted
  conditions or inlined definitions (closures only), the switches kept off while it plays.

The simulator's own two ways (sim/play.play_game, fast and with check=True) must give equal records too.
"""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from interpreter.cards.combos import _general_extensions, replace_wild
from interpreter.engine import fold
from interpreter.engine import game as G
from interpreter.engine.autoplay import play_picked, random_picker
from interpreter.expr import compiler, functions_melds, functions_tables, hoist, inline
from interpreter.expr.functions_melds import TableChange
from interpreter.resources import bundled_rulesets
from interpreter.ruleset.loader import load_ruleset
from interpreter.sim.play import play_game
from interpreter.sim.rulecheck import RuleCheck

HERE = Path(__file__).resolve().parent / "rulesets_review"
RULESETS = sorted(p.stem for p in HERE.glob("*.yaml"))


def _plain_additions(grows, cards, mr):
    """functions_tables._additions without the filter of MeldRules.growth: every card tried on every meld."""
    return [TableChange(i, m.cards, pieces, (card,), ()) for card in cards for i, m, _ in grows
            for pieces in mr._grow(m, card)]


def _plain_swaps(table, cards, mr):
    """functions_tables._swaps without the filter of the cells the wild cards stand for."""
    out = []
    loose = mr.sets is not None and not mr.sets.distinct_suits
    for card in cards:
        for i, m, _ in table:
            hit = replace_wild(m, card, mr.info, loose)
            if hit is not None and mr.ok(hit[0]):
                out.append(TableChange(i, m.cards, (hit[0],), (card,), (hit[1],)))
    return out


class _Plain:
    """The switches of every generated or rewritten path turned off (closures only), and the meld
    built-ins on their general paths (no TableView, no direct extensions, no growth filter), as a
    context."""

    def __enter__(self):
        self.m = pytest.MonkeyPatch()
        for module, name in ((compiler, "GENERATE"), (fold, "GENERATE"), (hoist, "HOIST"), (inline, "INLINE")):
            self.m.setattr(module, name, False)
        self.m.setattr(functions_melds, "extensions", _general_extensions)
        self.m.setattr(functions_melds.MeldRules, "grown", lambda mr, m, card: tuple(mr._grow(m, card)))
        self.m.setattr(functions_tables, "table_view", lambda s, zone, mr: None)
        self.m.setattr(functions_tables, "_additions", _plain_additions)
        self.m.setattr(functions_tables, "_swaps", _plain_swaps)

    def __exit__(self, *exc):
        self.m.undo()


def _load(path, plain=False):
    if plain:
        with _Plain():
            loaded = load_ruleset(str(path))
    else:
        loaded = load_ruleset(str(path))
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    return loaded.rules


def _counts(rules):
    count = rules.data["players"]["count"]
    return count if isinstance(count, list) else [count]


def _outcome(s, error):
    if error is not None:
        return ("error", error, s and s.hand_no, s and s.turns, s and list(s.history))
    try:
        res = G.result(s)
    except G.GameError as err:
        res = ("result error", str(err))
    return (res, s.hand_no, s.turns, s.tricks, list(s.history), repr(s.z), repr(s.v))


def _played(rules, n, seed, how):
    """One game from `seed`, played `how`; its outcome, and the check's report for `check`."""
    rng = random.Random(seed * 7 + n)
    s = error = None
    checker = RuleCheck(seed) if how == "check" else None
    try:
        s = G.new_game(rules, n, seed, log=how == "logged")
        if how in ("auto", "logged"):       # logged: play_picked sends every decision through apply_index
            play_picked(s, [random_picker(rng)] * n)
        elif how == "stops":          # stopping at every hand, trick or turn, as the simulator's progress does
            pickers = [random_picker(rng)] * n
            while not s.over:
                play_picked(s, pickers, s.hand_no, None if s.tricks else s.turns, s.tricks)
        elif how == "at_stop":        # the same stops handled in place
            pickers = [random_picker(rng)] * n
            while not s.over:
                play_picked(s, pickers, s.hand_no, None if s.tricks else s.turns, s.tricks,
                            at_stop=lambda s: (None if s.tricks else s.turns, s.tricks))
        else:
            apply = checker.apply if checker else G.apply_index
            while not s.over:
                apply(s, rng.randrange(len(s.pending.actions)))
    except G.GameError as err:
        error = str(err)
    return _outcome(s, error), checker and checker.report()


def _compare(fast, plain, n, seed, label):
    """The seven ways agree, and the rules check finds no violation; returns the outcome (for counting
    what was covered)."""
    want, _ = _played(fast, n, seed, "step")
    for how in ("auto", "stops", "at_stop", "logged"):
        got, _ = _played(fast, n, seed, how)
        assert got == want, (label, n, seed, how)
    with _Plain():
        got, _ = _played(plain, n, seed, "step")
    assert got == want, (label, n, seed, "plain")
    got, report = _played(fast, n, seed, "check")
    assert got == want, (label, n, seed, "check")
    assert not report["violations"], (label, n, seed, report["violations"][:3])
    return want


def _sweep(name, seeds):
    path = HERE / f"{name}.yaml"
    fast, plain = _load(path), _load(path, plain=True)
    outcomes = []
    for n in _counts(fast):
        for seed in seeds:
            outcomes.append(_compare(fast, plain, n, seed, name))
    return fast, outcomes


@pytest.mark.parametrize("name", RULESETS)
def test_unseen_rulesets_play_the_same_games_every_way(name):
    _, outcomes = _sweep(name, range(12))
    finished = [o for o in outcomes if o[0] != "error"]
    assert len(finished) >= len(outcomes) // 2, "most games end normally (the ruleset is a real game)"
    assert sum(len(o[4]) for o in finished) > 30 * len(finished), "the games have decisions to compare"


@pytest.mark.parametrize("name", RULESETS)
def test_unseen_rulesets_give_the_same_records_in_the_simulator_with_and_without_check(name):
    rules = _load(HERE / f"{name}.yaml")
    bots = ["priority", "random"] if (rules.data.get("bots") or {}).get("prefer") else ["random"]
    for n in _counts(rules):
        for seed in range(3):
            try:
                fast = play_game(rules, n, seed, bots)
            except G.GameError as err:
                fast = ("error", str(err))
            try:
                checked = play_game(rules, n, seed, bots, check=True)
                report = checked.pop("check")
                assert not report["violations"], (name, n, seed, report["violations"][:3])
            except G.GameError as err:
                checked = ("error", str(err))
            assert fast == checked, (name, n, seed)


@pytest.mark.soak
@pytest.mark.parametrize("name", RULESETS)
def test_unseen_rulesets_soak(name):
    _sweep(name, range(12, 212))


# ---------------------------------------------------------------------------
# Random mutations of the bundled rulesets: a number changed, a comparison, a connective or a setting
# (true/false) swapped.
# ---------------------------------------------------------------------------

_SWAPS = {"==": "!=", "!=": "==", "<=": "<", "<": "<=", ">=": ">", ">": ">=", " and ": " or ", " or ": " and ",
          "+": "-", "-": "+", "true": "false", "false": "true"}
_TOKEN = re.compile(r"==|!=|<=|>=|(?<![=<>-])[<>](?!=)| and | or |(?<=[\w)\]] )[+-](?= [\w(])|(?<=: )(?:true|false)\b")
_NUMBER = re.compile(r"(?<![\w.\"'])(\d+)(?![\w.\"'])")


def _mutants(text, rng, count):
    """`count` texts, each `text` with one random change in a line that is not a comment."""
    lines = text.split("\n")
    spots = []
    for i, line in enumerate(lines):
        code = line.split("#", 1)[0]
        if code.lstrip().startswith(("name:", "description:", "$schema")):
            continue
        spots += [(i, m, "token") for m in _TOKEN.finditer(code)]
        spots += [(i, m, "number") for m in _NUMBER.finditer(code)]
    out = []
    for i, m, kind in rng.sample(spots, min(count, len(spots))):
        if kind == "token":
            new = _SWAPS[m.group(0)]
        else:
            value = int(m.group(0))
            new = str(max(0, value + rng.choice([-2, -1, 1, 2, value or 1])))
        line = lines[i]
        changed = lines[:i] + [line[:m.start()] + new + line[m.end():]] + lines[i + 1:]
        out.append((f"{i + 1}:{m.group(0).strip()}->{new.strip()}", "\n".join(changed)))
    return out


def _bundled_bases():
    """The bundled rulesets that extend nothing (a mutant is written elsewhere)."""
    out = {}
    for name, path in sorted(bundled_rulesets().items()):
        text = Path(path).read_text(encoding="utf-8")
        if not re.search(r"^extends:", text, re.M):
            out[name] = text
    return out


def _mutant_sweep(tmp_path, name, text, mutants, seeds, games_seen):
    rng = random.Random(name)
    compared = 0
    for label, mutated in _mutants(text, rng, mutants):
        path = tmp_path / f"{name}.yaml"
        path.write_text(mutated, encoding="utf-8")
        loaded = load_ruleset(str(path))
        if not loaded.ok:
            continue
        fast = loaded.rules
        fast.max_turns = min(fast.max_turns, 150)        # a mutant that never ends stops soon
        plain = _load(path, plain=True)
        plain.max_turns = fast.max_turns
        n = fast.default_players
        for seed in seeds:
            games_seen.append(_compare(fast, plain, n, seed, f"{name} {label}"))
        compared += 1
    return compared


@pytest.mark.parametrize("name", sorted(_bundled_bases()))
def test_mutated_bundled_rulesets_play_the_same_games_every_way(tmp_path, name):
    games = []
    compared = _mutant_sweep(tmp_path, name, _bundled_bases()[name], 6, range(2), games)
    assert compared >= 3


@pytest.mark.soak
@pytest.mark.parametrize("name", sorted(_bundled_bases()))
def test_mutated_bundled_rulesets_soak(tmp_path, name):
    games = []
    compared = _mutant_sweep(tmp_path, name, _bundled_bases()[name], 60, range(6), games)
    assert compared >= 20


def _bundled_variants():
    """The bundled rulesets that extend another, their `extends:` made an absolute path."""
    out = {}
    for name, path in sorted(bundled_rulesets().items()):
        text = Path(path).read_text(encoding="utf-8")
        m = re.search(r"^extends: *(\S+)$", text, re.M)
        if m and (Path(path).parent / m.group(1)).exists():
            out[name] = text[:m.start(1)] + str(Path(path).parent / m.group(1)) + text[m.end(1):]
    return out


@pytest.mark.soak
@pytest.mark.parametrize("name", sorted(n for n, text in _bundled_variants().items()
                                        if _mutants(text, random.Random(0), 1)))   # something to change
def test_mutated_bundled_variants_soak(tmp_path, name):
    games = []
    compared = _mutant_sweep(tmp_path, name, _bundled_variants()[name], 12, range(3), games)
    assert compared >= 1


# ---------------------------------------------------------------------------
# Random rulesets: a hand of random steps around a trick block with random settings and hooks (moves
# between zones, sets, loops, choices, game ends), on a small base game.
# ---------------------------------------------------------------------------

_BASE = """name: Random Trick Game
players: {count: [2, 3, 4], default: 3}
pack:
  ranks: ["9", "10", J, Q, K, A]
  suits: [clubs, diamonds, hearts, spades]
orders:
  plain: ["9", "10", J, Q, K, A]
  strong:
    cases:
      - when: card.suit == trumps
        order: high
    otherwise: plain
  high: ["9", "10", Q, K, A, J]
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
  trick: {visibility: public}
  won: {per: player, visibility: hidden}
  aside: {visibility: public}
  passing: {per: player, visibility: owner}
state:
  dealer: {type: player, initial: 0}
  score: {per: player, initial: 0}
  flag: {per: player, initial: 0, scope: hand}
  trumps: {type: suit, initial: hearts}
  x: {initial: 0}
  boss: {type: player, initial: none, scope: hand}
define:
  strength(c): "(10 if c.suit == trumps else 0) + plain(c)"
  holds(h, t): any(h, c => c.suit == t)
  top(h): "max(map(h, c => strength(c)) + [-1])"
procedures:
  bump:
%(bump)s
end:
  after_hand: any(players, p => score[p] >= 12) or hand_number >= 6
  winners: argmax(players, p => score[p])
  score: score[p]
  max_hands: 8
hand:
  - gather: {from: [hand, trick, won, aside, passing], to: stock}
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 5}
%(before)s  - tricks:
%(tricks)s%(after)s"""


class _Gen:
    """Random steps and expressions; `trick` is True inside a trick hook (its local names are known)."""

    def __init__(self, rng):
        self.rng = rng

    def pick(self, *options):
        return self.rng.choice(options)

    def player(self, trick, where=""):
        options = ["dealer", "left_of(dealer)", "first(argmax(players, q => score[q]))"]
        if trick:
            options += ["leader", "current" if where == "plays" else "leader"]
            if where == "after":
                options += ["winner", "winner", "left_of(winner)"]
        return self.pick(*options)

    def cond(self, trick, where=""):
        options = ["x > 2", "x % 2 == 0", "count(stock) > 0", "count(aside) < 3", "trumps == spades",
                   f"flag[{self.player(trick, where)}] > 0", f"count(hand[{self.player(trick, where)}]) > 2",
                   "any(players, q => score[q] > 4)", "boss != none"]
        options += ["holds(hand[dealer], trumps)", "top(hand[left_of(dealer)]) > 12",
                    "any(players, c => holds(hand[c], spades))"]
        if trick:
            options += ["trick_number % 2 == 1", "count(trick) >= 2", "any(trick, c => c.suit == trumps)",
                        "led_suit == trumps", "all(trick, c => plain(c) > 1)", "top(trick) > 10",
                        "holds(trick, led_suit)"]
        text = self.pick(*options)
        if self.rng.random() < 0.3:
            text = f"{text} {self.pick('and', 'or')} not {self.pick(*options)}"
        return text

    def num(self, trick, where=""):
        options = ["1", "2", "x + 1", "count(won[dealer])", "x % 3", "count(aside)"]
        if trick:
            options += ["trick_number", "count(trick)", "sum(trick, c => plain(c)) % 4"]
        return self.pick(*options)

    def step(self, trick, where, depth=0):
        p = self.player(trick, where)
        kinds = ["set", "add", "flag", "move", "if", "trumps", "boss"]
        if depth < 2:
            kinds += ["for", "repeat", "call"]
        if not trick or self.rng.random() < 0.3:
            kinds += ["choose"]
        if trick:
            kinds += ["take", "end"]
        if not trick and depth == 0:
            kinds += ["turns", "select"]
        kinds += ["reveal", "reset", "while", "fail", "record"]
        kind = self.pick(*kinds)
        if kind == "select":
            return ["select:", "  from: hand", "  to: passing", f"  count: {self.pick(1, 2)}",
                    f"  legal: \"{self.pick('true', 'card.suit != trumps', 'plain(card) > x % 3')}\"",
                    "\0- for_each:", "    in: players", "    as: q", "    do:",
                    "      - move: {cards: \"passing[q]\", from: \"passing[q]\", to: \"hand[left_of(q)]\"}"]
        if kind == "reveal":
            return [f"if: \"count(hand[{p}]) > 0\"", "then:", f"  - reveal: \"last(hand[{p}])\""]
        if kind == "reset":
            return ["reset: [x, boss]"]
        if kind == "while":
            return ["repeat:", f"  while: \"count(aside) > 0 and x < 5\"", "  do:",
                    "    - move: {cards: \"first(aside)\", from: aside, to: stock}", "    - add: {x: 1}"]
        if kind == "fail":
            return ["fail:", "  when: \"x > 40\"", "  message: x went past 40"]
        if kind == "record":
            return ["record: {xs: x}"]
        if kind == "turns":
            body = self.block(False, "turn", 1, 2)
            body = [line.replace("[dealer]", "[current]").replace('"dealer"', '"current"') for line in body]
            return ["turns:", "  first: left_of(dealer)",
                    f"  next: \"{self.pick('left_of(current)', 'next_player(current, q => count(hand[q]) > 1)', 'left_of(current, -1)')}\"",
                    f"  until: \"{self.pick('turn_number >= 3', 'x > 3 or turn_number > 4', 'count(aside) >= 2 or turn_number > 5')}\"",
                    "  do:"] + ["  " + line for line in body]
        if kind == "set":
            return [f"set: {{x: \"{self.num(trick, where)}\"}}"]
        if kind == "add":
            return [f"add: {{\"score[{p}]\": \"{self.num(trick, where)}\"}}"]
        if kind == "flag":
            return [f"set: {{\"flag[{p}]\": \"flag[{p}] + 1\"}}"]
        if kind == "trumps":
            return [f"set: {{trumps: \"{self.pick('spades', 'clubs', 'hearts if trumps == spades else spades')}\"}}"]
        if kind == "boss":
            return [f"set: {{boss: \"{self.pick(p, 'none')}\"}}"]
        if kind == "move":
            src, dst = self.pick(("stock", f"hand[{p}]"), (f"hand[{p}]", "aside"), ("aside", f"hand[{p}]"),
                                 (f"hand[{p}]", f"won[{p}]"))
            which = self.pick("first", "last")
            return [f"if: \"count({src}) > 0\"", "then:",
                    f"  - move: {{cards: \"{which}({src})\", from: \"{src}\", to: \"{dst}\"}}"]
        if kind == "take":
            dst = self.pick("aside", "stock", f"hand[{p}]")
            return [f"if: \"count(trick) > 1 and {self.cond(trick, where)}\"", "then:",
                    f"  - move: {{cards: \"{self.pick('first', 'last')}(trick)\", from: trick, to: \"{dst}\"}}"]
        if kind == "end":
            return ["end_game:", f"  when: \"{self.cond(trick, where)} and x > 4\"", f"  winners: \"[{p}]\""]
        if kind == "if":
            out = [f"if: \"{self.cond(trick, where)}\"", "then:"]
            out += self.block(trick, where, depth + 1, 2)
            if self.rng.random() < 0.5:
                out += ["else:"] + self.block(trick, where, depth + 1, 2)
            return out
        if kind == "for":
            items = self.pick("players", "filter(players, q => flag[q] == 0)", "filter(players, q => count(hand[q]) > 1)",
                              "seat_order(dealer, -1)")
            body = self.block(trick, where, depth + 1, 2, "q")
            return [f"for_each:", f"  in: \"{items}\"", "  as: q", "  do:"] + ["  " + line for line in body]
        if kind == "repeat":
            return ["repeat:", f"  times: {self.rng.randrange(1, 3)}", "  do:"] + [
                "  " + line for line in self.block(trick, where, depth + 1, 2)]
        if kind == "call":
            return ["call: bump"]
        # a choice
        who = p
        moves = ["moves:", "  keep:", f"    legal: \"{self.pick('true', 'x > 0', 'count(aside) == 0')}\"",
                 "  give:", f"    options: hand[{who}]", "    as: c",
                 f"    legal: \"{self.pick('plain(c) > x % 4', 'c.suit != trumps', 'count(hand[' + who + ']) > 2')}\"",
                 "    do:", f"      - move: {{cards: c, from: \"hand[{who}]\", to: aside}}",
                 "  name:", "    options: suits", "    as: t", f"    legal: \"t != trumps or {self.cond(trick, where)}\"",
                 "    do:", "      - set: {trumps: t}"]
        return ["choose:", f"  player: \"{who}\""] + ["  " + m for m in moves]

    def block(self, trick, where, depth=0, size=3, loop=None):
        out = []
        for _ in range(self.rng.randrange(1, size + 1)):
            lines = self.step(trick, where, depth)
            if loop is not None:
                lines = [line.replace("[dealer]", f"[{loop}]") if self.rng.random() < 0.5 else line for line in lines]
            # a line marked "\0" starts a step beside this one (at the same indentation)
            out += ["- " + lines[0]] + [line[1:] if line.startswith("\0") else "  " + line for line in lines[1:]]
        return out

    def ruleset(self):
        rng = self.rng
        spec = ["hand: hand", "trick: trick", "collect: won[winner]"]
        if rng.random() < 0.3:
            spec.append(f"count: \"{self.pick('3', 'x % 3 + 2', '4 if trumps == spades else 5', 'count(hand[dealer])')}\"")
        if rng.random() < 0.4:
            spec.append("direction: -1")
        if rng.random() < 0.5:
            spec.append(f"lead: \"{self.pick('left_of(dealer)', 'dealer', 'first(argmax(players, q => score[q]))')}\"")
        if rng.random() < 0.2:
            spec.append("winner: \"boss if boss != none and boss in trick_players else first(trick_players)\"")
        elif rng.random() < 0.2:
            spec.append("winner: \"trick_players[position(trick, first(argmax(trick, c => strength(c) + "
                        "(5 if c.suit == led_suit else 0))))]\"")
        else:
            spec.append(f"order: {self.pick('plain', 'strong')}")
            if rng.random() < 0.7:
                spec.append(f"trumps: {self.pick('trumps', 'x', 'spades if x > 2 else trumps')}".replace(": x", ": trumps"))
        follow = self.pick("suit", "suit", "any", "led_suit == none or card.suit == led_suit or "
                           "not any(hand[current], c => c.suit == led_suit)",
                           "led_suit == none or card.suit == led_suit or not any(hand[current], c => c.suit == led_suit)"
                           " or count(trick) >= 2 or x > 3",
                           "led_suit == none or card.suit == trumps or not any(hand[current], c => c.suit == trumps)"
                           " and (card.suit == led_suit or not any(hand[current], c => c.suit == led_suit))",
                           "led_suit == none or card.suit == led_suit or not holds(hand[current], led_suit)",
                           "led_suit == none or strength(card) >= top(trick) or top(hand[current]) < top(trick)")
        spec.append(f"follow: \"{follow}\"")
        if rng.random() < 0.15:
            spec.append("players: \"filter(players, q => count(hand[q]) > 0)\"")
        for hook, where in (("before_trick", "before"), ("after_plays", "plays"), ("after_trick", "after")):
            if rng.random() < 0.5:
                spec.append(f"{hook}:")
                spec += ["  " + line for line in self.block(True, where)]
        text = _BASE % {
            "bump": "\n".join("    " + line for line in self.block(False, "", 2, 2)),
            "before": "".join("  " + line + "\n" for line in self.block(False, "")) if rng.random() < 0.6 else "",
            "tricks": "".join("      " + line + "\n" for line in spec),
            "after": "".join("  " + line + "\n" for line in self.block(False, "")),
        }
        return text


def _random_sweep(tmp_path, first, count, seeds):
    made = compared = 0
    games = []
    for k in range(first, first + count):
        text = _Gen(random.Random(k)).ruleset()
        path = tmp_path / "random.yaml"
        path.write_text(text, encoding="utf-8")
        loaded = load_ruleset(str(path))
        made += 1
        if not loaded.ok:
            continue
        fast = loaded.rules
        fast.max_turns = plain_turns = 120
        plain = _load(path, plain=True)
        plain.max_turns = plain_turns
        for n in (2, 3, 4):
            for seed in seeds:
                games.append(_compare(fast, plain, n, seed, f"random ruleset {k}:\n{text}"))
        compared += 1
    return made, compared, games


@pytest.mark.parametrize("part", range(4))
def test_random_rulesets_play_the_same_games_every_way(tmp_path, part):
    made, compared, games = _random_sweep(tmp_path, 1000 + part * 15, 15, range(2))
    assert compared >= made - 2, "the generator writes valid rulesets"
    ended = [g for g in games if g[0] != "error"]
    assert len(ended) > len(games) // 3 and sum(len(g[4]) for g in ended) > 20 * len(ended)


@pytest.mark.soak
@pytest.mark.parametrize("part", range(10))
def test_random_rulesets_soak(tmp_path, part):
    made, compared, _ = _random_sweep(tmp_path, 10_000 + part * 300, 300, range(3))
    assert compared >= made * 0.9


# ---------------------------------------------------------------------------
# Divergences found, reduced.
# ---------------------------------------------------------------------------

NAMED_STEP = """extends: %s
hand:
  - turns:
      first: dealer
      next: left_of(current)
      until: turn_number >= 4
      do:
        - add: {"score[none if turn_number >= 3 else current]": 1}
        - if: score[0] > 100
          then:
            - end_game: {when: "true"}
"""


def test_an_error_in_a_step_of_a_block_names_that_step_with_or_without_generated_code(tmp_path):
    """Found by the random rulesets: a turn's body of plain steps (add, if) failing at `score[none]`
    was reported at the `add` step by generated code (stepgen names each step), but at the `turns`
    block by closures (fold.GENERATE off, as `rules coverage` loads rules), whose folding left the
    `add` step unwrapped.  Folding now groups the same runs of steps either way."""
    base = Path(__file__).resolve().parent / "broken" / "parents" / "tiny-base.yaml"
    path = tmp_path / "named.yaml"
    path.write_text(NAMED_STEP % base, encoding="utf-8")
    fast, plain = _load(path), _load(path, plain=True)
    want = _compare(fast, plain, 3, 0, "named")
    assert want[0] == "error" and "no entry none in 'score' (kept per player: entries 0 to 2)" in want[1], want[1]
    assert f"{path}:8:" in want[1], want[1]          # the add step's line, not the turns block's (line 3)


CHANGED_TRICK = {
    # after the plays, the led card goes back to the stock: the other cards keep their players
    "led-card-taken": "after_plays: [{move: {cards: 'first(trick)', from: trick, to: stock}}]",
    # before each trick a card of the stock is put in the trick: it belongs to nobody
    "card-put-in": "before_trick: [{if: 'count(stock) > 0', then: [{move: {cards: 'first(stock)', from: stock, "
                   "to: trick}}]}]",
    # both, and the last card played taken too when it is a trump
    "both": "before_trick: [{if: 'count(stock) > 0', then: [{move: {cards: 'last(stock)', from: stock, to: trick}}]}]"
            ", after_plays: [{move: {cards: 'first(trick)', from: trick, to: stock}}, {if: 'last(trick).suit == trumps',"
            " then: [{move: {cards: 'last(trick)', from: trick, to: stock}}]}]",
    # after the plays, the led card is swapped for a card of the stock: as many cards as were played
    "card-swapped": "after_plays: [{move: {cards: 'first(trick)', from: trick, to: stock}}, {if: 'count(stock) > 1', "
                    "then: [{move: {cards: 'first(stock)', from: stock, to: trick}}]}]",
}


@pytest.mark.parametrize("name", list(CHANGED_TRICK))
def test_a_trick_a_rule_changed_is_won_by_a_card_still_in_it_and_its_player(tmp_path, name):
    """Found with `rules simulate --check`: when a hook took a card from the trick (or put one in it)
    before the winner was decided, the engine read the cards left as if played in turn from the
    leader (trick[:players]), giving a card to the wrong player.  Now the cards still in the trick
    count, each for the player who played it (as the rules check reads them), every way."""
    base = Path(__file__).resolve().parent / "broken" / "parents" / "tiny-base.yaml"
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"extends: {base}\nstate:\n  dealer: {{type: player, initial: 0}}\n  score: {{per: player, "
                    f"initial: 0}}\n  trumps: {{type: suit, initial: hearts}}\nhand:\n  - gather: {{from: [hand, trick, "
                    f"won], to: stock}}\n  - shuffle: stock\n  - deal: {{from: stock, to: hand, count: 5}}\n"
                    f"  - tricks: {{hand: hand, trick: trick, order: plain, trumps: trumps, collect: 'won[winner]', "
                    f"{CHANGED_TRICK[name]}}}\n  - call: score_hand\n", encoding="utf-8")
    fast, plain = _load(path), _load(path, plain=True)
    checked = 0
    for n in (2, 3, 4):
        for seed in range(6):
            _compare(fast, plain, n, seed, name)              # the check finds no violation either
            checked += _played(fast, n, seed, "check")[1]["tricks"]
    assert checked > 200


# ---------------------------------------------------------------------------
# Random rummies: wrap-split-rummy.yaml with random meld rules (wrapping, a rank after the last, run and
# set sizes, wild cards, full-length runs, cut runs, suits in sets, copies, jokers, Twos wild), so that
# the meld built-ins' direct paths meet rules the bundled games do not set.
# ---------------------------------------------------------------------------

def _random_rummy(rng):
    text = (HERE / "wrap-split-rummy.yaml").read_text(encoding="utf-8")
    runs = {"order": '[A, "2", "3", "4", "5", "6", "7", "8"]'}
    if rng.random() < 0.4:
        runs["wrap"] = "true"
    elif rng.random() < 0.6:
        runs["after_last"] = "A"
        runs["full_length"] = rng.choice(["true", "false", "with_wild"])
    low = rng.choice([2, 3, 3, 4])
    runs["min"] = str(low)
    if rng.random() < 0.6:
        runs["max"] = str(rng.randrange(low, 8))
        if rng.random() < 0.5:
            runs["split"] = "true"
    runs["wilds"] = rng.choice(["0", "1", "2", "none"])
    sets = {"min": str(rng.choice([2, 3])), "max": str(rng.choice([3, 4, 5])),
            "wilds": rng.choice(["0", "1", "2", "none"]), "different_suits": rng.choice(["true", "false"])}
    wild = rng.choice(["card.is_joker", "card.is_joker or card.rank == '2'", "card.is_joker or card.rank == '8'"])
    melds = (f"melds:\n  wild: \"{wild}\"\n  runs:\n" + "".join(f"    {k}: {v}\n" for k, v in runs.items())
             + "  sets:\n" + "".join(f"    {k}: {v}\n" for k, v in sets.items()) + "  value: {run: pips, set: pips}\n")
    start, end = text.index("melds:"), text.index("points:")
    text = text[:start] + melds + text[end:]
    text = text.replace("copies: 2", f"copies: {rng.choice([1, 2])}").replace("jokers: 2", f"jokers: {rng.choice([0, 2, 4])}")
    return text


def _rummy_sweep(tmp_path, first, count, seeds):
    compared = 0
    for k in range(first, first + count):
        text = _random_rummy(random.Random(k))
        path = tmp_path / "rummy.yaml"
        path.write_text(text, encoding="utf-8")
        loaded = load_ruleset(str(path))
        if not loaded.ok:
            continue
        plain = _load(path, plain=True)
        for n in (2, 3):
            for seed in seeds:
                _compare(loaded.rules, plain, n, seed, f"random rummy {k}:\n{text}")
        compared += 1
    return compared


def test_random_rummies_play_the_same_games_every_way(tmp_path):
    assert _rummy_sweep(tmp_path, 0, 12, range(2)) >= 10


@pytest.mark.soak
@pytest.mark.parametrize("part", range(4))
def test_random_rummies_soak(tmp_path, part):
    assert _rummy_sweep(tmp_path, 1000 + part * 50, 50, range(3)) >= 40


SAME_NAME = """extends: %s
state:
  dealer: {type: player, initial: 0}
  score: {per: player, initial: 0}
  seen: {initial: 0}
  who: {type: player, initial: none}
hand:
  - for_each:
      in: players
      as: p
      do:
        - for_each:
            in: filter(players, p => p != dealer)
            as: p
            do:
              - set: {who: p}
              - add: {seen: who}
  - gather: {from: [hand, trick, won], to: stock}
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 5}
  - tricks: {hand: hand, trick: trick, order: plain, collect: "won[winner]"}
  - call: score_hand
"""


def test_a_loop_inside_a_loop_of_the_same_name_sees_its_own_item_in_a_logged_game(tmp_path):
    """Found by playing tests/rulesets_review/foreach-shapes.yaml with a game log: in generated steps, a
    logged game passes `e` to each step's own function (to log it), with the loop's item bound in `e`
    just before; the outer loop wrote its binding after the inner loop's, so a `set: {who: p}` inside
    the inner loop saw the outer p.  A logged game (`simulate --log`) then played another game."""
    base = Path(__file__).resolve().parent / "broken" / "parents" / "tiny-base.yaml"
    path = tmp_path / "same-name.yaml"
    path.write_text(SAME_NAME % base, encoding="utf-8")
    fast, plain = _load(path), _load(path, plain=True)
    for log in (False, True):
        s = G.new_game(fast, 3, 0, log=log)
        assert s.v[fast.vars["seen"].index] == 3 * (1 + 2), log       # the inner p: 1 and 2, three times
    for n in (2, 3, 4):
        for seed in range(3):
            _compare(fast, plain, n, seed, "same-name")


REVEAL_NONE = """extends: %s
hand:
  - gather: {from: [hand, trick, won], to: stock}
  - shuffle: stock
  - reveal: last(hand[dealer])
  - deal: {from: stock, to: hand, count: 5}
  - tricks: {hand: hand, trick: trick, order: plain, collect: "won[winner]"}
  - call: score_hand
"""


def test_revealing_no_card_shows_nothing_in_a_logged_game_too(tmp_path):
    """Found by the random rulesets with a game log: `reveal: last(hand[dealer])` of an empty hand put
    none among the shown cards, and a logged game then stopped with an error naming it (the log
    writes each card's name) where the same game unlogged played on."""
    base = Path(__file__).resolve().parent / "broken" / "parents" / "tiny-base.yaml"
    path = tmp_path / "reveal-none.yaml"
    path.write_text(REVEAL_NONE % base, encoding="utf-8")
    fast, plain = _load(path), _load(path, plain=True)
    for n in (2, 3):
        for seed in range(3):
            got = _compare(fast, plain, n, seed, "reveal-none")
            assert got[0] != "error", got[1]
    s = G.new_game(fast, 3, 0, log=True)
    assert None not in s.revealed and not any(e["event"] == "reveal" for e in s.events)
