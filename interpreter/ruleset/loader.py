"""Load a ruleset file: resolve `extends`, check the schema, compile, and run meaning checks.

Every stage reports all its problems as located diagnostics; later stages run
only when the earlier ones found no error.
"""
from __future__ import annotations


import json
import random
from dataclasses import dataclass, field
from functools import lru_cache

from ..diagnostics import Diagnostic, RulesetError, n_players, sort_diagnostics
from ..resources import find_bundled, schema_path
from .build import build_rules
from .checks import call_checks, meaning_checks, variable_checks, without_follow_ons
from .limits import size_checks
from .extends import resolve_ruleset
from .schema_check import check_schema
from .variant_notes import add_variant_notes


@dataclass
class Loaded:
    path: str
    rules: object = None
    data: dict | None = None
    smap: object = None
    diagnostics: list = field(default_factory=list)

    @property
    def errors(self):
        return [d for d in self.diagnostics if d.severity == "error"]

    @property
    def ok(self):
        return self.rules is not None and not self.errors


@lru_cache(maxsize=1)
def ruleset_schema() -> dict:
    return json.loads(schema_path().read_text(encoding="utf-8"))


def resolve_path(path: str):
    """A file path, or the name of a bundled ruleset."""
    from pathlib import Path
    p = Path(path)
    try:
        if p.exists():
            return p
    except (OSError, ValueError):      # a name the system refuses: reading it reports the problem
        return p
    bundled = find_bundled(path)
    return bundled if bundled is not None else p


def load_ruleset(path, options: dict | None = None, dry_run: bool = False,
                 option_places: dict | None = None) -> Loaded:
    path = str(resolve_path(str(path)))
    out = Loaded(path)
    try:
        data, smap = resolve_ruleset(path, find_bundled=find_bundled)
    except RulesetError as err:
        out.diagnostics = sort_diagnostics(err.diagnostics)
        return out
    out.data, out.smap = data, smap
    if isinstance(data, dict) and "scenarios" in data and "hand" not in data:
        # a scenario file given where a ruleset is expected: one clear message, not a schema error per key
        out.diagnostics = [smap.diagnostic(("scenarios",), "this is a scenario file (it has 'scenarios:'), "
                                           "not a ruleset", "file", key=True,
                                           hint=f"run its scenarios with: rules test {path}")]
        return out
    diags = check_schema(data, smap, ruleset_schema())
    if any(d.severity == "error" for d in diags):
        out.diagnostics = sort_diagnostics(diags)
        return out
    diags += size_checks(data, smap) + call_checks(data, smap)
    if any(d.severity == "error" for d in diags):
        out.diagnostics = sort_diagnostics(diags)
        return out
    import interpreter.engine  # noqa: F401  (registers step kinds)
    rules, more = build_rules(data, smap, options or {}, source=path, option_places=option_places)
    diags += more
    if not any(d.severity == "error" for d in diags):
        out.rules = rules
        diags += pack_checks(rules, smap)
        diags += meaning_checks(rules, data, smap)
        if dry_run and not any(d.severity == "error" for d in diags):
            diags += dry_run_checks(rules, smap)
    elif rules is not None:
        # a state variable never set stays beside the errors (docs/errors.md): it often explains a game
        # that never ends
        diags += variable_checks(rules, data, smap)
    out.diagnostics = sort_diagnostics(without_follow_ons(diags))
    add_variant_notes(out.diagnostics, data, smap)
    if any(d.severity == "error" for d in out.diagnostics):
        out.rules = None if not dry_run else out.rules
    return out


def pack_checks(rules, smap) -> list:
    diags = []
    for n in rules.player_counts:
        if len(rules.deck(n)) == 0:
            diags.append(smap.diagnostic(("pack",), f"the pack is empty at {n_players(n)}", "meaning"))
    if rules.default_players not in rules.player_counts:
        counts = ", ".join(map(str, sorted(rules.player_counts)))
        diags.append(smap.diagnostic(("players", "default"), f"the default of {n_players(rules.default_players)} is "
                                     f"not one of the allowed counts ({counts})", "meaning",
                                     "give one of them as 'default', or allow it under 'count'"))
    return diags


TRIAL_DECISIONS = 10_000     # a trial game with random moves that has not ended after this many: a warning


def dry_run_checks(rules, smap, games: int = 2) -> list:
    """Play a couple of random games at each allowed player count; report where a game breaks.

    A game that only runs long (it reaches `turns: limit`, `end: max_hands` or the trial's own budget
    of decisions) is a warning about the length of play, not an error: random moves can make any game long."""
    from ..engine import game as G
    from .peeking import note_peeking_ranks, note_peeking_sides
    diags = []
    warned = set()
    peeking: dict = {}
    readings = []           # per finished trial game, whether its winners read as higher-is-better
    melds = getattr(rules, "meld_rules", None)
    if melds is not None:
        melds.cut_at = None
    for n in rules.player_counts:
        for seed in range(games):
            s = None
            try:
                rng = random.Random(seed)
                shuffler = random.Random(seed + 1)       # the peeking check's own draws (not the moves')
                s = G.new_game(rules, n, seed)
                while not s.over:
                    if len(s.history) >= TRIAL_DECISIONS:
                        diags.append(_long_play(smap, ("end",), f"with {n_players(n)} a trial game with random moves "
                                                f"had not ended after {TRIAL_DECISIONS} decisions (seed {seed}, "
                                                f"hand {s.hand_no})"))
                        break
                    _note_unseen_options(s, smap, diags, warned)
                    note_peeking_ranks(s, smap, diags, peeking, shuffler)
                    note_peeking_sides(s, smap, diags, peeking, shuffler)
                    G.apply_index(s, rng.randrange(len(s.pending.actions)))
                else:
                    done = G.result(s)
                    readings.append(_reading(done))
                    continue
                break
            except G.GameError as err:
                message = f"with {n_players(n)}: {err.message} (seed {seed}, hand {err.hand})"
                if err.long_play:
                    diags.append(_long_play(smap, _limit_path(smap, err.where), f"with {n_players(n)}, a trial game "
                                            f"with random moves ran long: {err.message} (seed {seed}, "
                                            f"hand {err.hand})"))
                else:
                    diags.append(located(err, smap, message))
                break
    if melds is not None and melds.cut_at is not None:
        diags.append(_plays_cut(smap, melds.cut_at))
    return diags + _better_contradicted(rules, smap, readings)


def _reading(done) -> bool | None:
    """Whether a finished game's winners hold the highest score (true), the lowest (false), or neither
    tells (none: no winners, scores all equal or not numbers)."""
    final, winners = done.get("scores") or [], done.get("winners") or []
    if not winners or not final or not all(isinstance(v, (int, float)) for v in final) or \
            max(final) == min(final) or not all(w.__class__ is int and 0 <= w < len(final) for w in winners):
        return None
    from ..engine.game import higher_is_better
    return higher_is_better(final, winners)


def _better_contradicted(rules, smap, readings) -> list:
    """`end: better` said one way while every trial game that tells was won the other way."""
    told = [r for r in readings if r is not None]
    if rules.high_better is None or not told or any(r == rules.high_better for r in told):
        return []
    said, seen = ("higher", "lowest") if rules.high_better else ("lower", "highest")
    games = {1: "the trial game", 2: "both trial games"}.get(len(told), f"all {len(told)} trial games")
    path = ("end", "better")
    return [smap.diagnostic(
        path, f"'better: {said}', but in {games} with random moves the winners held the {seen} score",
        "better-contradicted", severity="warning",
        hint=f"write 'better: {'lower' if rules.high_better else 'higher'}', or check end: winners and end: score",
        length=smap.span_length(path))]


def _plays_cut(smap, limit) -> Diagnostic:
    """meld_plays() reached its limit in a trial game: the ways past it were never offered."""
    path = next((p for p, v in smap._values.items() if v.scalar and "meld_plays(" in v.scalar), ())
    return smap.diagnostic(
        path, f"in a trial game with random moves, meld_plays() found {limit} ways to lay melds, its limit: the ways past it were never offered, so a player may miss a "
        "legal play (a contract of several melds, say)", "meld-limit", severity="warning",
        hint="raise the limit, the third value: meld_plays(hand[current], 0, 20000); or lay the melds one at "
             "a time (docs/patterns.md, a contract of several groups)", length=smap.span_length(path))


def _note_unseen_options(s, smap, diags, warned):
    """Warn (once per move) when a move offers the deciding player cards it cannot see (another player's
    hand, a face-down stock): the player would see which cards they are by the moves offered, and so
    would the bots.  A blind pick offers positions instead."""
    from ..engine import game as G
    from ..expr import types as T
    from ..engine.tricks import Tricks
    node = s.stack[-1][0] if s.stack else None
    kinds = getattr(node, "option_types", None)
    trick = isinstance(node, Tricks)
    if trick:       # a card of the player's hand (one of 'visibility: others', say); a forced play tells nothing
        kinds = {"play": T.CARD} if s.pending is not None and len(s.pending.actions) > 1 else None
    if not kinds or s.pending is None:
        return
    hidden = None
    for name, value in s.pending.actions:
        if name in warned:
            continue
        kind = kinds.get(name)
        if kind == T.CARD and isinstance(value, int) and not isinstance(value, bool):
            cards = [value]
        elif kind == T.CARDS and isinstance(value, (list, tuple)):
            cards = [c for c in value if isinstance(c, int)]
        else:
            continue
        if hidden is None:
            hidden = G.hidden_from(s, s.pending.player)
        unseen = [c for c in cards if c in hidden]
        if not unseen:
            continue
        warned.add(name)
        path = _path_at(smap, s.pending.label)
        if trick:
            if path is not None and path[-1] == "tricks" and path + ("hand",) in smap._values:
                path = path + ("hand",)
            try:            # decided_by: the card's player is not the one who chooses it
                owner = node.owner(s.stack[-2][2], s.pending)
            except (IndexError, KeyError, TypeError):
                owner = s.pending.player
            whose = "its hand" if owner == s.pending.player else f"player {owner}'s hand"
            hint = ("a trick is played from a hand the player sees ('visibility: owner'); to play a card "
                    "unseen, offer its place with a choose step: options: range(1, count(hand[current])) with "
                    "'as: i', then move hand[current][i - 1]")
            if owner != s.pending.player:       # decided_by: the chooser plays another player's cards
                hint = (f"the player who chooses (decided_by) must see the hand it plays from: reveal player "
                        f"{owner}'s hand to it first (reveal: hand[{owner}], e.g. from after_play once the first card is in)")
            diags.append(smap.diagnostic(
                path or (), f"the tricks block offers player {s.pending.player} cards of {whose} it cannot see (such "
                f"as {s.rules.universe.names[unseen[0]]}): whoever plays sees which cards they are, and so do the bots",
                "hidden-options", severity="warning", hint=hint, length=smap.span_length(path or ())))
            continue
        if path is not None and path + ("moves", name, "options") in smap._values:
            path = path + ("moves", name, "options")
        diags.append(smap.diagnostic(
            path or (), f"move '{name}' offers player {s.pending.player} cards it cannot see (such as "
            f"{s.rules.universe.names[unseen[0]]}, in a zone hidden from it): whoever chooses sees which "
            "cards they are, and so do the bots", "hidden-options", severity="warning",
            hint="to pick a card unseen, offer positions: options: range(1, count(zone)) with 'as: i', "
            "then move zone[i - 1]; to name a card without taking it (a called Ace), offer what names it: "
            "options: filter(suits, x => ...) with 'as: x', then card(\"A\", x)", length=smap.span_length(path or ())))


def _long_play(smap, path, message) -> Diagnostic:
    d = smap.diagnostic(path, message, "play-length", severity="warning",
                        hint="real players may end sooner than random moves; if not, check that the end "
                             "condition can become true, or raise the limit")
    return d


def _limit_path(smap, where) -> tuple:
    """The setting whose limit a long game reached: a turns step's `limit:`, or `end: max_hands`."""
    path = _path_at(smap, where)
    if path is not None:
        return path + ("limit",) if path + ("limit",) in smap._values else path
    for p in (("end", "max_hands"), ("end",)):
        if p in smap._values:
            return p
    return ()


def _path_at(smap, where):
    """The path of the YAML value at 'file:line:col', or None."""
    if not where or smap is None:
        return None
    for path in list(smap._values):
        pos = smap.value_pos(path)
        if pos is not None and f"{pos.file}:{pos.line}:{pos.col}" == where:
            return path
    return None


def _length_at(smap, where) -> int:
    """How many characters to underline at 'file:line:col': the whole expression or key (a move's
    name) written there, on its first line; 1 for a mapping or list, or when nothing starts there."""
    if smap is None:
        return 1
    for table, key in ((smap._keys, True), (smap._values, False)):   # a mapping starts at its first key
        for path in table:
            pos = (smap.key_pos if key else smap.value_pos)(path)
            if pos is not None and f"{pos.file}:{pos.line}:{pos.col}" == where:
                if not key and table[path].scalar is None:
                    return 1                 # a step written as a mapping: its start, not all of it
                return smap.span_length(path, key=key)
    return 1


# Places a game error names by section rather than by file position.
_SECTIONS = {"hand": ("hand",), "end": ("end",), "setup": ("setup",), "bots": ("bots",)}


# Hints for the game errors a dry run meets most: (a part of the message, the hint).
_RUNTIME_HINTS = (
    ("has no legal move",
     "a choice must offer at least one move whenever it is reached: guard the choose step with an if "
     "(e.g. if: count(...) > 0), give it a move that is always legal, such as a pass, or end the turns "
     "when none is left (a patience that is stuck: until: ... or count(...) == 0; until is checked after "
     "each turn, so a deal stuck before its first move still needs the if)"),
)


def located(err, smap, message) -> Diagnostic:
    """A diagnostic at the step or expression named by a game error's 'file:line:col'."""
    where = err.where or ""
    hint = next((h for part, h in _RUNTIME_HINTS if part in message), None)
    if hint is None and " is none " in message and (_path_at(smap, where) or ())[-1:] == ("follow",):
        # a condition that reads the trick's first card fails for the leader, who plays to an empty trick
        hint = ("the follow condition is asked of the leader too, before any card is in the trick "
                "(led_suit is none then): allow any lead first, e.g. count(trick) == 0 or ...")
    parts = where.rsplit(":", 2)
    if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
        file, line, col = parts[0], int(parts[1]), int(parts[2])
        lines = smap.files.get(file, []) if smap is not None else []
        source = lines[line - 1] if 0 < line <= len(lines) else None
        return Diagnostic(file, line, col, message, "runtime", hint=hint, source_line=source,
                          length=_length_at(smap, where))
    if smap is not None:
        path = _SECTIONS.get(where, ())
        if path not in smap._values:
            path = ()
        return smap.diagnostic(path, message, "runtime", key=bool(path), hint=hint)
    return Diagnostic(where or "<rules>", 1, 1, message, "runtime", hint=hint)
