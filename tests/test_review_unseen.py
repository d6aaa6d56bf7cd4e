"""Every fast path plays the games of the plain path, on rulesets the bundled games do not resemble.

The rulesets of tests/rulesets_review/ (each says what it combines) and random mutations of the bundled
rulesets are played four ways from the same seeds, and the histories, results, zones, variables and
errors must be the same:

- auto: the engine answers every seat itself (engine/autoplay.py play_picked: choices answered inside
  Choose.enter, trick blocks played through by Tricks.resolve / play_through / next_trick);
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
    for card in cards:
        for i, m, _ in table:
            hit = replace_wild(m, card, mr.info)
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
        s = G.new_game(rules, n, seed)
        if how == "auto":
            play_picked(s, [random_picker(rng)] * n)
        else:
            apply = checker.apply if checker else G.apply_index
            while not s.over:
                apply(s, rng.randrange(len(s.pending.actions)))
    except G.GameError as err:
        error = str(err)
    return _outcome(s, error), checker and checker.report()


def _compare(fast, plain, n, seed, label):
    """The four ways agree; returns the outcome (for counting what was covered)."""
    want, _ = _played(fast, n, seed, "step")
    got, _ = _played(fast, n, seed, "auto")
    assert got == want, (label, n, seed, "auto")
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
# Random mutations of the bundled rulesets: a number changed, a comparison or a connective swapped.
# ---------------------------------------------------------------------------

_SWAPS = {"==": "!=", "!=": "==", "<=": "<", "<": "<=", ">=": ">", ">": ">=", " and ": " or ", " or ": " and ",
          "+": "-", "-": "+"}
_TOKEN = re.compile(r"==|!=|<=|>=|(?<![=<>-])[<>](?!=)| and | or |(?<=[\w)\]] )[+-](?= [\w(])")
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
