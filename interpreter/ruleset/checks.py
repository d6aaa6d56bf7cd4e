"""Meaning checks: mistakes the schema and the compiler cannot see.

They run on a ruleset that compiled without errors:

- a deal that needs more cards than the pack holds at some allowed player
  count (worked out statically when the counts are constants or depend only on
  options and the player count; the trial games catch the rest);
- procedures that are called only from procedures that never run;
- state variables kept for the whole game that no step ever sets;
- a first dealer seat that does not exist at the smallest player count;
- an option whose default lies outside the values `rules tune` may try (its
  `range` or `values`), as when a variant changes the default and keeps the
  base ruleset's range;
- cards shown by `reveal` that a later step of the same list moves before any
  decision: a move turns them face down again, so nobody ever knew them.

`without_follow_ons` drops the "never used" warnings when there are errors:
an unknown zone in a deal makes the real zone look unused, and that warning
would only distract from the error that caused it.  A state variable that is
never set stays: it often explains a game that never ends.
"""
from __future__ import annotations

import re

from ..diagnostics import Diagnostic, n_players
from ..expr import types as T
from ..expr.compiler import Binding, Namespace, compile_expression
from ..expr.errors import ExprError
from ..engine.calls import called_name

# Steps that never take cards out of the pack zone or put cards into it.
_NEUTRAL = {"shuffle", "cut", "reveal", "set", "add", "reset", "log", "record", "fail"}


def meaning_checks(rules, data: dict, smap) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    diags += deal_checks(rules, data, smap)
    diags += reachability_checks(data, smap)
    diags += variable_checks(rules, data, smap)
    diags += dealer_checks(rules, data, smap)
    diags += end_checks(data, smap)
    diags += order_checks(rules, data, smap)
    diags += option_checks(data, smap)
    diags += reveal_checks(data, smap)
    diags += private_checks(rules, data, smap)
    return diags


# Steps after which a player may have decided (or that may hold a decision): a reveal before them was seen.
_MAY_DECIDE = {"choose", "select", "turns", "tricks", "for_each", "repeat", "if", "call", "lay_melds",
               "change_meld", "end_game"}


def _step_lists(node, path):
    """Every list of steps in the ruleset's data, with its path: setup, hand, procedures and nested lists."""
    if isinstance(node, list):
        if all(isinstance(x, dict) for x in node):
            yield path, node
        for i, x in enumerate(node):
            yield from _step_lists(x, path + (i,))
    elif isinstance(node, dict):
        for k, v in node.items():
            yield from _step_lists(v, path + (k,))


def reveal_checks(data, smap) -> list[Diagnostic]:
    """`reveal: X` followed in the same list, before any step where a player may decide, by a step that
    moves X's cards (move with cards or from X, gather from X): the move turns them face down again before
    anyone saw them, so the reveal tells nobody anything (a landlord's kitty shown and then taken up is
    forgotten at once).  A warning: revealing after the move shows the cards where they went."""
    diags = []
    roots = {k: data.get(k) for k in ("setup", "hand", "procedures") if isinstance(data, dict)}
    for path, steps in _step_lists(roots, ()):
        for i, step in enumerate(steps):
            if len(step) < 1 or next(iter(step)) != "reveal":
                continue
            value = step["reveal"]            # reveal: X, or reveal: {cards: X, to: players}
            value = value.get("cards") if isinstance(value, dict) else value
            if not isinstance(value, str):
                continue
            shown = value.strip()
            for later in steps[i + 1:]:
                kind = next(iter(later), None) if later else None
                if kind in _MAY_DECIDE:
                    break
                value = later.get(kind)
                if kind == "move" and isinstance(value, dict) and value.get("keep_seen") is True:
                    continue                  # the cards stay known where they go: the reveal is not lost
                if kind == "move" and isinstance(value, dict):
                    moved = {str(value.get("cards", "")).strip(), str(value.get("from", "")).strip()}
                elif kind == "gather" and isinstance(value, dict):
                    sources = value.get("from")
                    moved = {str(x).strip() for x in (sources if isinstance(sources, list) else [sources])}
                else:
                    continue
                if shown in moved:
                    diags.append(_at(smap, path + (i, "reveal"),
                                     f"the cards of this reveal ({shown}) are moved by a later {kind} step before "
                                     "any player decides: a move turns them face down again, so nobody sees them",
                                     "meaning", severity="warning",
                                     hint="reveal them after the move, where they went (keep them in a variable of "
                                          "type cards first: set: {shown: ...}, move, then reveal: shown), or "
                                          "give the move keep_seen: true"))
                    break
    return diags


def private_checks(rules, data, smap) -> list[Diagnostic]:
    """A `choose:` move's value written into a value only its player sees (`visibility: owner`): every
    player sees a choose move and its value, so the secret is told at once.  A warning: `select:` keeps
    the value to the player who picks it."""
    private = {info.name for info in rules.private_vars} if rules is not None else set()
    if not private:
        return []
    diags = []
    roots = {k: data.get(k) for k in ("setup", "hand", "procedures") if isinstance(data, dict)}
    for path, steps in _step_lists(roots, ()):
        for i, step in enumerate(steps):
            choose = step.get("choose") if isinstance(step, dict) else None
            moves = choose.get("moves") if isinstance(choose, dict) else None
            if not isinstance(moves, dict):
                continue
            for name, move in moves.items():
                if not isinstance(move, dict) or "options" not in move:
                    continue
                local = str(move.get("as", "option"))
                here = path + (i, "choose", "moves", name, "do")
                for inner, body in _step_lists(move.get("do"), here):
                    for j, s in enumerate(body):
                        kind = next(iter(s), None)
                        targets = s.get(kind) if kind in ("set", "add") else None
                        for key, value in (targets.items() if isinstance(targets, dict) else ()):
                            var = str(key).split("[")[0].strip()
                            # the choice itself written down (not a value merely read with its help:
                            # chips[option], a count taken from the player chosen)
                            if var in private and re.fullmatch(rf"-?\s*{re.escape(local)}", str(value).strip()):
                                diags.append(_at(
                                    smap, inner + (j, kind, key),
                                    f"'{var}' is seen by its player alone, but this value is the choice of move "
                                    f"'{name}', which every player sees: the secret is out as the move is made",
                                    "meaning", key=True, severity="warning",
                                    hint=f"let the player pick it with select: {{players: ..., options: ..., "
                                         f"set: {var}}}: a value picked there is seen by the picker alone"))
    return diags


def option_checks(data, smap) -> list[Diagnostic]:
    """An option's default outside its `range` (or not among its `values`): `rules tune` would search
    values around a game the ruleset does not play by default.  A warning: the ruleset still runs."""
    out = []
    for name, spec in (data.get("options") or {}).items():
        if not isinstance(spec, dict) or "default" not in spec:
            continue
        default = spec["default"]
        if "values" in spec and isinstance(spec["values"], list):
            if default not in spec["values"]:
                out.append(_at(smap, ("options", name, "default"), f"option '{name}': its default {default!r} "
                               f"is not among its values {spec['values']!r}", "options", severity="warning",
                               hint="add the default to 'values', or give the option values of its own here"))
            continue
        bounds = spec.get("range")
        number = isinstance(default, (int, float)) and not isinstance(default, bool)
        if isinstance(bounds, list) and len(bounds) == 2 and number and not bounds[0] <= default <= bounds[1]:
            out.append(_at(smap, ("options", name, "default"), f"option '{name}': its default {default} lies "
                           f"outside its range [{bounds[0]}, {bounds[1]}] (the values `rules tune` tries)",
                           "options", severity="warning",
                           hint="a variant that changes the default may give a 'range' of its own as well"))
    return out


def end_checks(data, smap) -> list[Diagnostic]:
    """A ruleset without 'end:' is one hand that everybody wins: legal, but rarely meant."""
    end = data.get("end")
    if not end:
        return [_at(smap, ("name",), "the ruleset has no 'end:' section: the game ends after one hand and "
                    "every player wins", "meaning", key=True, severity="warning",
                    hint="add 'end: {after_hand: ..., winners: ...}'")]
    if "winners" not in end:
        return [_at(smap, ("end",), "'end:' has no 'winners': every player wins", "meaning", key=True,
                    severity="warning", hint="e.g. winners: argmax(players, p => score[p])")]
    if isinstance(end, dict) and "after_hand" not in end:
        # without after_hand the game is one hand; max_hands above 1 or end_game steps say more were meant
        many = isinstance(end.get("max_hands"), int) and end["max_hands"] > 1
        if many or _has_step(data, "end_game"):
            why = f"max_hands: {end['max_hands']}" if many else "an end_game step"
            return [_at(smap, ("end",), f"'end:' has no 'after_hand', so the game ends after one hand, "
                        f"though {why} suggests more hands were meant", "meaning", key=True,
                        severity="warning",
                        hint="to play hands until an end_game step ends the game, write after_hand: false; "
                             "for one hand, after_hand: true")]
    return []


def _has_step(node, kind) -> bool:
    """Whether a step of this kind appears anywhere in the ruleset's data."""
    if isinstance(node, dict):
        return kind in node or any(_has_step(v, kind) for v in node.values())
    if isinstance(node, list):
        return any(_has_step(v, kind) for v in node)
    return False


def order_checks(rules, data, smap) -> list[Diagnostic]:
    """An order given as a list of ranks that leaves out a rank the pack has: such a card has no
    place in the order (it ranks below every listed card), which is seldom what was meant."""
    out = []
    u = rules.universe
    in_play = set()
    for n in rules.player_counts:
        in_play.update(u.rank_of[c] for c in rules.deck(n) if not u.is_joker[c])
    for name, spec in (data.get("orders") or {}).items():
        if isinstance(spec, dict) and spec.get("cases") and spec.get("otherwise") is None:
            # e.g. a trump order by cases, the plain suits forgotten: they all rank alike, so the
            # first card played of the suit led wins every trick without a trump
            out.append(_at(smap, ("orders", name), f"order '{name}' has no 'otherwise': a card no case "
                           "applies to has no place in it (every such card ranks alike, below the others)",
                           "meaning", key=True, severity="warning",
                           hint="add otherwise: NAME, the order of the cards no case applies to"))
        if not isinstance(spec, list):
            continue
        written = [str(x) for x in spec]
        twice = sorted({r for r in written if written.count(r) > 1}, key=written.index)
        if twice:
            out.append(_at(smap, ("orders", name), f"order '{name}' lists the rank(s) {', '.join(twice)} more "
                           "than once: such a card takes its last place in the list", "meaning", key=True,
                           severity="warning", hint="list every rank once, from low to high"))
        reach = _cards_reaching(rules, data, name)
        ranks = in_play if reach is None else {u.rank_of[c] for c in reach}
        missing = [r for r in u.ranks if r in ranks and r not in {str(x) for x in spec}]
        if missing:
            out.append(_at(smap, ("orders", name), f"order '{name}' leaves out the rank(s) "
                           f"{', '.join(missing)} of the pack: those cards rank below every listed one",
                           "meaning", key=True, severity="warning",
                           hint="list every rank, from low to high"))
    return out


def _cards_reaching(rules, data, name):
    """The cards an order given as a list ranks when it is used only as a case of orders by cases (red
    pips under `card.suit == hearts or card.suit == diamonds`, a suit's own ranks), or None when it ranks
    any card: named anywhere else, or reached through a condition that reads more than the card (the
    trumps)."""
    from .build import name_finder
    mentions = name_finder(name)
    if any(mentions(v) for k, v in data.items() if k not in ("name", "description", "orders")):
        return None
    users = {other: spec for other, spec in rules.order_cases.items()
             if name in [o for _, o in spec[0]] + [spec[1]]}
    if not users:
        return None
    u = rules.universe
    deck = {c for n in rules.player_counts for c in rules.deck(n)}
    reach = set()
    for cases, otherwise in users.values():
        for c in deck:
            chosen = otherwise
            for cond, order in cases:
                try:
                    holds = cond(None, {"card": c})
                except Exception:         # noqa: BLE001 - the condition reads the game: any card may come
                    return None
                if holds:
                    chosen = order
                    break
            if chosen == name and not u.is_joker[c]:
                reach.add(c)
    return reach


def without_follow_ons(diags: list[Diagnostic]) -> list[Diagnostic]:
    """Without the "never used" warnings when there are errors, except that a state variable is never
    set: that one often explains a game that never ends, whatever else is wrong."""
    if any(d.severity == "error" for d in diags):
        return [d for d in diags if d.rule != "unused" or d.message.startswith("state variable")]
    return diags


def _at(smap, path, message, rule="meaning", hint=None, key=False, severity="error") -> Diagnostic:
    if smap is None:
        return Diagnostic("<rules>", 1, 1, message, rule, hint, severity=severity)
    return smap.diagnostic(tuple(path), message, rule, hint, key=key, severity=severity,
                           length=smap.span_length(tuple(path), key=key))


# -- the deal -------------------------------------------------------------------------

class _Probe:
    """Just enough of a game state to evaluate a count that depends on the player count."""

    def __init__(self, rules, n):
        self.rules, self.n, self.hand_no = rules, n, 1


def _count_fn(rules, value):
    """fn(n) -> the count at n players, or None when it depends on the game's state."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return lambda n: value
    ns = Namespace(universe=rules.universe)
    for name, option in rules.options.items():
        if isinstance(option, (int, float)) and not isinstance(option, bool):
            ns.add(name, Binding("const", T.NUM, value=option))
    ns.add("player_count", Binding("builtin", T.NUM, getter=lambda s, e: s.n))
    ns.add("pack_size", Binding("builtin", T.NUM, getter=lambda s, e: len(s.rules.deck(s.n))))
    try:
        compiled = compile_expression(value, ns, {}, T.NUM)
    except ExprError:
        return None

    def at(n):
        try:
            result = compiled.fn(_Probe(rules, n), {})
        except Exception:   # a count that cannot be worked out without playing
            return None
        return result if isinstance(result, int) and not isinstance(result, bool) else None
    return at


def deal_checks(rules, data, smap) -> list[Diagnostic]:
    """Follow the pack zone through the first steps of setup and hand at each player count."""
    pack_zone = rules.pack_zone
    steps = [(("setup", i), s) for i, s in enumerate(data.get("setup") or [])]
    steps += [(("hand", i), s) for i, s in enumerate(data.get("hand") or [])]
    short: dict = {}                            # path -> [(n, need, k, left, full)]
    for n in rules.player_counts:
        full = len(rules.deck(n))
        left = full
        for path, step in steps:
            if not isinstance(step, dict) or len(step) < 1:
                break
            kind = next(iter(step))
            value = step[kind]
            if kind in _NEUTRAL:
                continue
            if kind == "gather" and isinstance(value, dict) and value.get("to") == pack_zone:
                left = full
                continue
            if kind != "deal" or not isinstance(value, dict):
                break                           # anything else: stop following the pack
            if value.get("from") != pack_zone:
                continue
            count = value.get("count", "all")
            if count == "all":
                left = 0
                continue
            fn = _count_fn(rules, count)
            k = fn(n) if fn else None
            if k is None:
                break
            target = rules.zones.get(str(value.get("to")))
            per_player = target is not None and target.per == "player"
            if per_player and "players" in value:
                break                           # dealt to some players only: unknown here
            need = k * n if per_player else k
            if need > left:
                short.setdefault(path, []).append((n, need, k if per_player else None, left, full))
            left -= need
    diags = []
    for path, cases in short.items():
        parts = []
        for n, need, each, left, full in cases:
            have = f"the pack has {full}" if left == full else f"{left} of {full} are left"
            parts.append(f"{need} at {n_players(n)}" + (f" ({each} each)" if each is not None else "") + f", {have}")
        counts = ", ".join(str(c[0]) for c in cases)
        diags.append(_at(smap, path + ("deal", "count"),
                         f"this deal needs more cards than '{pack_zone}' holds: " + "; ".join(parts),
                         hint="deal fewer cards, allow fewer players, or change the pack for "
                              f"{counts} players under 'pack: by_players:'"))
    return diags


# -- procedures -------------------------------------------------------------------------

def _calls_in(node, out: set):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "call" and isinstance(value, str):
                out.add(called_name(value))
            else:
                _calls_in(value, out)
    elif isinstance(node, list):
        for item in node:
            _calls_in(item, out)
    return out


def _by_name(procs):
    """name -> (key as written, steps) of the procedures (a key may give parameters: pay(p, n)), or None."""
    if not isinstance(procs, dict):
        return None
    return {called_name(key): (key, steps) for key, steps in procs.items()}


MAX_CALL_DEPTH = 50     # procedures calling procedures: at most this many deep


def call_checks(data, smap) -> list[Diagnostic]:
    """Before anything is compiled: no procedure may call itself, directly or through others (a game
    would never get out of it), and chains of calls are at most MAX_CALL_DEPTH long."""
    procs = _by_name(data.get("procedures") if isinstance(data, dict) else None)
    if procs is None:
        return []
    graph = {name: sorted(c for c in _calls_in(steps, set()) if c in procs) for name, (_, steps) in procs.items()}
    diags, depth, state = [], {}, {}
    for root in graph:
        if root in state:
            continue
        stack = [(root, iter(graph[root]))]
        trail = [root]
        state[root] = "open"
        while stack:
            name, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                trail.pop()
                state[name] = "done"
                depth[name] = 1 + max((depth.get(c, 0) for c in graph[name]), default=0)
                continue
            if state.get(child) == "open":
                loop = trail[trail.index(child):] + [child]
                diags.append(_at(smap, ("procedures", procs[child][0]), f"procedure '{child}' calls itself"
                                 + (f" through {', '.join(repr(n) for n in loop[1:-1])}" if len(loop) > 2 else "")
                                 + ": a game would never get out of it", "meaning", key=True,
                                 hint="repeat steps with 'repeat' or 'for_each' instead of a call"))
                continue
            if child not in state:
                state[child] = "open"
                trail.append(child)
                stack.append((child, iter(graph[child])))
    if diags:
        return diags
    for name, d in depth.items():
        if d > MAX_CALL_DEPTH:
            diags.append(_at(smap, ("procedures", procs[name][0]), f"procedure '{name}' starts a chain of {d} calls, more "
                             f"than the limit of {MAX_CALL_DEPTH}", "limit", key=True))
    return diags


def reachability_checks(data, smap) -> list[Diagnostic]:
    """A procedure called only from procedures that never run is never run either."""
    procs = _by_name(data.get("procedures"))
    if procs is None:
        return []
    graph = {name: _calls_in(steps, set()) for name, (_, steps) in procs.items()}
    roots = {k: v for k, v in data.items() if k not in ("procedures",)}
    todo = list(_calls_in(roots, set()))
    reached = set()
    while todo:
        name = todo.pop()
        if name in reached or name not in graph:
            continue
        reached.add(name)
        todo.extend(graph[name])
    called_somewhere = set().union(*graph.values()) if graph else set()
    diags = []
    for name in procs:
        if name in reached or name not in called_somewhere:   # the never-called warning comes from build.py
            continue
        callers = sorted(p for p, calls in graph.items() if name in calls)
        diags.append(_at(smap, ("procedures", procs[name][0]),
                         f"procedure '{name}' never runs: it is called only from "
                         + ", ".join(f"'{c}'" for c in callers) + (", which never run" if len(callers) > 1 else ", which never runs"), "unused", key=True,
                         severity="warning", hint="call one of them from 'hand' or 'setup', or remove them"))
    return diags


# -- state variables ------------------------------------------------------------------

def variable_checks(rules, data, smap) -> list[Diagnostic]:
    writes = getattr(rules, "writes", None)
    if writes is None:
        return []
    diags = []
    for name, info in rules.vars.items():
        if name == "dealer" or info.scope != "game" or name in writes["vars"]:
            continue
        diags.append(_at(smap, ("state", name), f"state variable '{name}' is never set: it keeps its "
                         "initial value all game", "unused", key=True, severity="warning",
                         hint="set it with a 'set:' or 'add:' step, or make it an option if it is a fixed setting"))
    return diags


def dealer_checks(rules, data, smap) -> list[Diagnostic]:
    from .build import first_dealer
    first = first_dealer(data)
    smallest = min(rules.player_counts) if rules.player_counts else 0
    if isinstance(first, int) and smallest and first >= smallest:
        where = ("dealer", "first") if "first" in (data.get("dealer") or {}) else ("state", "dealer", "initial")
        return [_at(smap, where, f"seat {first} does not exist with {smallest} players "
                    f"(seats are numbered from 0 to {smallest - 1})")]
    return []


__all__ = ["meaning_checks", "without_follow_ons"]
