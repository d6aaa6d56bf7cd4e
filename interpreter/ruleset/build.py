"""Build a Rules object from a merged, schema-valid ruleset mapping.

Sections are handled one by one, in the order their names are needed:
the pack (card literals), options, objects, orders and point tables, zones and
state variables, then the steps of the game, the end and the metrics.
"""
from __future__ import annotations

import re

from ..cards.pack import STANDARD_SUITS, CardUniverse, PackSpec
from ..engine.calls import body_for, procedure_table
from ..engine.fold import fold_program
from ..engine.program import GameLoop
from ..engine.registry import compile_steps
from ..diagnostics import did_you_mean
from ..expr import types as T
from ..expr.compiler import Binding, Namespace
from .context import CompileContext
from .model import Metric, Rules, VarInfo, ZoneInfo
from .defines import add_definitions
from .namespace import CLASH_HINT, add_builtin_names, add_callables, add_objects, binding_kind
from ..expr.functions_melds import add_meld_rules

VISIBILITY = ("public", "owner", "others", "hidden")
TYPE_NAMES = {"number": T.NUM, "boolean": T.BOOL, "text": T.STR, "card": T.CARD, "cards": T.CARDS,
              "player": T.PLAYER, "players": T.PLAYERS, "suit": T.SUIT, "rank": T.RANK, "list": T.LIST,
              "any": T.ANY}


def _as_names(steps) -> set:
    """Every name the steps give with `as:` (a move's option, a for_each's item), nested steps included."""
    found, todo = set(), [steps]
    while todo:
        x = todo.pop()
        if isinstance(x, dict):
            if isinstance(x.get("as"), str):
                found.add(x["as"])
            todo.extend(x.values())
        elif isinstance(x, list):
            todo.extend(x)
    return found


def build_rules(data: dict, smap=None, option_values: dict | None = None, source: str = "<rules>",
                option_places: dict | None = None):
    """Compile `data`; return (rules, diagnostics).  `option_places` tells where option values given
    outside the ruleset come from: name -> (source map, path, words such as 'in the scenario'), so that a
    problem with one is reported there."""
    ns = Namespace()
    ns.step_locals = _as_names([data.get("procedures"), data.get("setup"), data.get("hand")])
    universe, pack_specs, counts, default = _pack(data)
    ns.universe = universe
    rules = Rules(name=data.get("name", source), source=source, universe=universe, player_counts=counts,
                  default_players=default, pack_specs=pack_specs, pack_zone=data.get("pack", {}).get("zone", "stock"),
                  description=data.get("description", ""), data=data)
    cx = CompileContext(ns, smap, rules)
    cx.option_places = option_places or {}
    rules.namespace = ns     # the names expressions may use (tests, explain)
    _check_pack(cx, data, universe)
    rules.options = _options(cx, data, option_values or {})
    for name, value in rules.options.items():
        ns.add(name, Binding("const", _type_of(value), value=value, doc="option"))
    rules.teams = _teams(cx, data.get("players", {}))
    ns.partnered = tuple(n for n in sorted(set(counts)) if len(rules.teams.get(n) or range(n)) < n)
    ns.partnerships = bool(counts) and len(ns.partnered) == len(set(counts))
    add_objects(cx, data.get("objects") or {})
    add_callables(cx, data)
    add_meld_rules(cx, data)
    _zones(cx, data.get("zones") or {})
    _vars(cx, data.get("state") or {})
    _implicit_dealer(cx, data)
    add_builtin_names(cx)
    unused_definitions = add_definitions(cx, data.get("define"))
    for work in cx.deferred:
        work()

    cx.procedures = procedure_table(cx, data.get("procedures"))
    compiled_procs = {proc.name: compile_steps(cx, proc.steps, ("procedures", proc.key))
                      for proc in cx.procedures.values() if not proc.params}
    setup = compile_steps(cx, data.get("setup"), ("setup",))
    hand = compile_steps(cx, data.get("hand"), ("hand",))
    for proc in cx.procedures.values():
        if proc.params and not proc.bodies:     # never called: its mistakes are reported all the same
            body_for(cx, proc, tuple(T.ANY for _ in proc.params))
    _link_calls(cx, compiled_procs)
    for proc in cx.procedures.values():
        if proc.name not in cx.calls:
            cx.problem(("procedures", proc.key), f"procedure '{proc.name}' is never called", "unused", key=True,
                       severity="warning", hint="call it with '- call: " + proc.usage + "' or remove it")

    end = data.get("end") or {}
    rules.end_when = cx.expr(("end", "after_hand"), end.get("after_hand", True), T.BOOL).fn
    with cx.scope(p=T.PLAYER):
        rules.final_score = cx.expr(("end", "score"), end.get("score", 0), T.NUM).fn
    if "team_score" in end:
        with cx.scope(t=T.NUM):
            rules.team_score = cx.expr(("end", "team_score"), end["team_score"], T.NUM).fn
    rules.winners = cx.winners(("end", "winners"), end.get("winners", "players")).fn
    if "winners" in end:
        rules.winners_where = cx.where(("end", "winners"))
    rules.max_hands = end.get("max_hands", 1000)
    for key in ("max_hands", "after_hand"):
        if key in end:
            rules.max_hands_where = cx.where(("end", key))
            break
    rules.max_turns = end.get("max_turns", 100000)
    rules.high_better = {"higher": True, "lower": False}.get(end.get("better"))
    deal = data.get("dealer") or {}
    rules.first_dealer = first_dealer(data)
    rules.next_dealer = cx.expr(("dealer", "next"), deal.get("next", "left_of(dealer)"), T.PLAYER).fn
    rules.next_dealer_where = cx.where(("dealer", "next")) if "next" in deal else "dealer"
    for name, spec in (data.get("metrics") or {}).items():
        path = ("metrics", name)
        spec = spec if isinstance(spec, dict) else {"value": spec}
        rules.metrics.append(Metric(name, spec.get("each", "game"), cx.expr(path + ("value",), spec.get("value")).fn,
                                    spec.get("description", "")))
    if "bots" in data and data["bots"].get("evaluate") is not None:
        with cx.scope(p=T.PLAYER):
            rules.bot_eval = cx.expr(("bots", "evaluate"), data["bots"]["evaluate"], T.NUM).fn
    if "bots" in data and data["bots"].get("sides") is not None:
        with cx.scope(p=T.PLAYER):
            rules.bot_sides = cx.expr(("bots", "sides"), data["bots"]["sides"]).fn
    _bot_hints(cx, data.get("bots") or {})
    rules.program = GameLoop(rules, setup, hand)
    unused_definitions()
    _usage_checks(cx, data)              # also links the calls made from setup and hand
    fold_program(setup, hand, *compiled_procs.values())
    rules.writes = {"zones": set(cx.zone_writes), "vars": set(cx.var_writes)}   # for checks.py
    return rules, cx.diagnostics


def first_dealer(data) -> int:
    """The seat of the first dealer: `dealer: first:`, else a whole-number `initial` of the `dealer`
    state variable (a designer who wrote `dealer: {initial: 2}` means seat 2 deals first), else 0."""
    deal = data.get("dealer") or {}
    if "first" in deal:
        return deal["first"]
    initial = ((data.get("state") or {}).get("dealer") or {}).get("initial")
    return initial if isinstance(initial, int) and not isinstance(initial, bool) else 0


def _bot_hints(cx, bots):
    """`bots: {prefer: [move, ...], rank: {move: expr}}`: the moves a bot tries first, and how it
    ranks a move's options (`option` the option, `p` the deciding player; higher is better)."""
    hints = {"prefer": [str(m) for m in bots.get("prefer") or []], "rank": {},
             "explore": float(bots.get("explore") or 0)}
    with cx.scope(p=T.PLAYER, option=T.ANY):
        for move, text in (bots.get("rank") or {}).items():
            hints["rank"][str(move)] = cx.expr(("bots", "rank", move), text, T.NUM).fn
    cx.rules.bot_hints = hints


# -- the pack -------------------------------------------------------------------

def _pack(data):
    pack = data.get("pack") or {}
    players = data.get("players") or {}
    counts = players.get("count", [4])
    counts = [counts] if isinstance(counts, int) else list(counts)
    default = players.get("default", counts[0] if counts else 4)
    ranks = [str(r) for r in pack.get("ranks", [])]
    suits = [str(s) for s in pack.get("suits", list(STANDARD_SUITS))]
    jokers = pack.get("jokers", 0)
    kinds = tuple((str(k), int(v)) for k, v in jokers.items()) if isinstance(jokers, dict) else ()
    universe = CardUniverse(ranks=ranks, suits=suits, copies=int(pack.get("copies", 1)),
                            jokers=0 if kinds else int(jokers), joker_kinds=kinds,
                            copies_of=_copies_of(pack, ranks, suits))
    specs = {}
    by_players = {int(k): v for k, v in (pack.get("by_players") or {}).items()}
    for n in counts:
        spec = dict(pack)
        spec.update(by_players.get(n, {}))
        remove = spec.get("remove") or {}
        cards = [universe.parse_card(c) for c in remove.get("cards", [])] if isinstance(remove, dict) else []
        cards += _outside_ranks_of(spec.get("ranks_of"), universe)
        specs[n] = PackSpec(remove_ranks=tuple(str(r) for r in (remove.get("ranks", []) if isinstance(remove, dict) else [])),
                            remove_cards=tuple(c for c in cards if c is not None))
    return universe, specs, counts, default


def _outside_ranks_of(given, universe) -> list:
    """`ranks_of: {tarock: [I, ..., Sküs]}`: the cards of each suit named whose rank it does not list (a
    suit or rank that is not the pack's is left out here: _check_pack reports it)."""
    if not isinstance(given, dict):
        return []
    out = []
    for suit, kept in given.items():
        if str(suit) not in universe.suits or not isinstance(kept, list):
            continue
        kept = {str(r) for r in kept}
        out += [universe.card_id(r, str(suit)) for r in universe.ranks if r not in kept]
    return [c for c in out if c is not None]


def _copies_of(pack, ranks, suits):
    """`copies_of: {W: 3, chaff/paulownia: 3}` as {rank: n, (rank, suit): n}; a key that is no rank
    or card of the pack is left out here (_check_pack reports it)."""
    given = pack.get("copies_of")
    if not isinstance(given, dict):
        return {}
    plain = CardUniverse(ranks=ranks, suits=suits)
    out = {}
    for key, n in given.items():
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            continue
        if str(key) in ranks:
            out[str(key)] = n
            continue
        cid = plain.parse_card(str(key))
        if cid is not None and not plain.is_joker[cid]:
            out[(plain.rank_of[cid], plain.suit_of[cid])] = n
    return out


def _check_pack(cx, data, universe):
    pack = data.get("pack") or {}
    by_players = pack.get("by_players") or {}
    counts = set(cx.rules.player_counts)
    sources = [(("pack",), pack)] + [(("pack", "by_players", k), v) for k, v in by_players.items()]
    for key in by_players:
        if int(key) not in counts:
            cx.problem(("pack", "by_players", key), f"{key} players is not an allowed player count "
                       f"({', '.join(map(str, sorted(counts)))})", "meaning", key=True,
                       hint=f"allow {key} under 'players: count', or take this entry out (a variant takes out "
                       f"an inherited one with pack: {{by_players: {{{key}: null}}}})")
    for path, spec in sources:
        remove = (spec or {}).get("remove") or {}
        for i, text in enumerate(remove.get("cards", []) if isinstance(remove, dict) else []):
            if universe.parse_card(text) is None:
                cx.problem(path + ("remove", "cards", i), f"'{text}' is not a card of this pack",
                           "unknown-name", hint=universe.card_hint(text))
        for i, rank in enumerate(remove.get("ranks", []) if isinstance(remove, dict) else []):
            if str(rank) not in universe.ranks and str(rank) not in universe.joker_names:
                from difflib import get_close_matches
                close = get_close_matches(str(rank), universe.ranks, n=1)
                cx.problem(path + ("remove", "ranks", i), f"'{rank}' is not one of the pack's ranks",
                           "unknown-name", hint=f"did you mean '{close[0]}'?" if close else None)
    for path, spec in sources:
        given = (spec or {}).get("ranks_of")
        for suit, kept in given.items() if isinstance(given, dict) else ():
            from difflib import get_close_matches
            if str(suit) not in universe.suits:
                close = get_close_matches(str(suit), universe.suits, n=1)
                cx.problem(path + ("ranks_of", suit), f"'{suit}' is not one of the pack's suits "
                           f"({', '.join(universe.suits)})", "unknown-name", key=True,
                           hint=f"did you mean '{close[0]}'?" if close else "name a suit of pack: suits")
            for i, rank in enumerate(kept if isinstance(kept, list) else []):
                if str(rank) not in universe.ranks:
                    close = get_close_matches(str(rank), universe.ranks, n=1)
                    cx.problem(path + ("ranks_of", suit, i), f"'{rank}' is not one of the pack's ranks: "
                               "ranks_of picks a suit's ranks among pack: ranks", "unknown-name",
                               hint=f"did you mean '{close[0]}'?" if close else f"add '{rank}' to pack: ranks")
    given = pack.get("copies_of")
    for key in given if isinstance(given, dict) else ():
        if str(key) not in universe.ranks and universe.parse_card(str(key)) is None:
            from difflib import get_close_matches
            close = get_close_matches(str(key), universe.ranks, n=1)
            cx.problem(("pack", "copies_of", key), f"'{key}' is neither a rank nor a card of this pack",
                       "unknown-name", key=True,
                       hint=f"did you mean '{close[0]}'?" if close else universe.card_hint(str(key)))
    if len(set(universe.ranks)) != len(universe.ranks):
        cx.problem(("pack", "ranks"), "a rank is listed twice", "meaning")
    for kind in universe.joker_names:
        # a joker's name is its rank and its printed name: it must not read as a rank or a card
        clash = ("a rank of this pack" if kind in universe.ranks else "the word for any joker"
                 if kind.lower() == "joker" else "a card of this pack" if universe.suited_card(kind) is not None
                 else None)
        if clash:
            cx.problem(("pack", "jokers", kind), f"the joker name '{kind}' is already {clash}", "meaning", key=True,
                       hint="name each kind of joker apart from the ranks and cards, e.g. {Small Joker: 2, Big Joker: 2}")


def _options(cx, data, given):
    declared = data.get("options") or {}
    values = {}
    for name, spec in declared.items():
        values[name] = spec.get("default") if isinstance(spec, dict) else spec
    for name, default in values.items():
        # `default: base + 1`: an option is a value, so this is the text 'base + 1', not a number
        others = [o for o in declared if o != name and isinstance(default, str) and re.search(rf"\b{o}\b", default)]
        if others:
            cx.problem(("options", name, "default"), f"option '{name}': its default '{default}' is text: a default "
                       f"is a value, not an expression, so it cannot use the option '{others[0]}'", "type",
                       hint="write the value itself, e.g. default: 5; an expression that needs it can compute "
                       f"it where it is used ({default})", severity="warning")
    for name, value in given.items():
        if name not in declared:
            from difflib import get_close_matches
            close = get_close_matches(name, list(declared), n=1)
            _option_problem(cx, name, ("options",), f"unknown option '{name}' ({_how(cx, name, 'set')})",
                            "unknown-name", hint=f"did you mean '{close[0]}'?" if close else
                            ("options: " + ", ".join(declared)) if declared else "this ruleset declares no options")
            continue
        default = values[name]
        values[name] = _coerce_option(cx, name, value, default)
        _given_outside(cx, name, declared[name], values[name])
    return values


def _given_outside(cx, name, spec, value):
    """A warning when --option gives a value outside the option's `range` or `values` (the values the
    designer meant, which `rules tune` tries): the game is played with it, but a typo such as
    trumps=mobil would otherwise pass unnoticed."""
    if not isinstance(spec, dict):
        return
    allowed, bounds = spec.get("values"), spec.get("range")
    if isinstance(allowed, list) and value not in allowed:
        from difflib import get_close_matches
        close = get_close_matches(str(value), [str(v) for v in allowed], n=1)
        _option_problem(cx, name, ("options", name), f"option '{name}' is set to {value!r} ({_how(cx, name)}), "
                        f"which is not among its values {allowed!r}: the game is played with it", "options",
                        severity="warning", hint=f"did you mean '{close[0]}'?" if close else None)
    elif (isinstance(bounds, list) and len(bounds) == 2 and isinstance(value, (int, float))
          and not isinstance(value, bool) and all(isinstance(b, (int, float)) for b in bounds)
          and not bounds[0] <= value <= bounds[1]):
        _option_problem(cx, name, ("options", name), f"option '{name}' is set to {value} ({_how(cx, name)}), "
                        f"outside its range [{bounds[0]}, {bounds[1]}]: the game is played with it", "options",
                        severity="warning")


def _option_problem(cx, name, path, message, rule, hint=None, severity="error"):
    """A problem with an option's given value: where it was given (a scenario file's line), else at the
    ruleset's options."""
    place = (getattr(cx, "option_places", None) or {}).get(name)
    if place is None:
        cx.problem(path, message, rule, hint=hint, key=True, severity=severity)
        return
    smap, where, _ = place
    cx.diagnostics.append(smap.diagnostic(where, message, rule, hint, key=True, severity=severity,
                                          length=smap.span_length(where, key=True)))


def _how(cx, name, verb=None):
    """How the option's value was given: 'with --option', or the words of `option_places`."""
    place = (getattr(cx, "option_places", None) or {}).get(name)
    said = place[2] if place is not None else "with --option"
    return f"{verb} {said}" if verb else said


def _coerce_option(cx, name, value, default):
    if not isinstance(value, str):
        if isinstance(default, int) and not isinstance(default, bool) and (
                isinstance(value, bool) or not isinstance(value, (int, float))) and value is not None:
            _option_problem(cx, name, ("options", name), f"option '{name}' needs a whole number, got "
                            f"{value!r} ({_how(cx, name, 'set')})", "type")
            return default
        return value
    if isinstance(default, bool):
        if value.lower() in ("true", "yes", "1", "on"):
            return True
        if value.lower() in ("false", "no", "0", "off"):
            return False
    elif isinstance(default, int):
        try:
            return int(value)
        except ValueError:
            pass
    elif isinstance(default, str) and cx.ns.universe is not None and default in cx.ns.universe.suits:
        # a suit (trumps: hearts): the value must name a suit too, by name in any case or by symbol;
        # trump=Spades or trump=bogus would otherwise play with no trumps at all
        from ..cards.pack import SYMBOL_SUITS
        suits = cx.ns.universe.suits
        named = SYMBOL_SUITS.get(value.strip()) or next((x for x in suits if x.lower() == value.strip().lower()), None)
        if named in suits:
            return named
        if value.strip() == "none":      # no suit (no trumps), as the language writes it
            return None
        from difflib import get_close_matches
        close = get_close_matches(value.strip().lower(), suits, n=1)
        _option_problem(cx, name, ("options", name), f"option '{name}' needs a suit, got '{value}' "
                        f"({_how(cx, name, 'set')})", "type",
                        hint=f"did you mean '{close[0]}'?" if close else "the suits are " + ", ".join(suits))
        return default
    elif isinstance(default, str) or default is None:
        return value
    elif isinstance(default, list):
        text = value.strip()
        if text.startswith("[") and text.endswith("]"):
            # written as a YAML list, as in the ruleset: --option 'order=[hearts, clubs]'
            import yaml
            try:
                parsed = yaml.safe_load(text)
            except yaml.YAMLError:
                parsed = None
            if isinstance(parsed, list):
                return parsed
            text = text[1:-1]
        items = [v.strip() for v in text.split(",")]
        # A list of numbers given on the command line stays a list of numbers.
        if default and all(isinstance(d, int) and not isinstance(d, bool) for d in default):
            try:
                return [int(v) for v in items]
            except ValueError:
                pass
        else:
            return items
    wanted = "a whole number" if isinstance(default, int) and not isinstance(default, bool) \
        else T.describe(_type_of(default))
    _option_problem(cx, name, ("options", name), f"option '{name}' needs {wanted}, got '{value}' "
                    f"({_how(cx, name, 'set')})", "type")
    return default


def _type_of(value):
    if isinstance(value, bool):
        return T.BOOL
    if isinstance(value, (int, float)):
        return T.NUM
    if isinstance(value, str):
        return T.STR
    if isinstance(value, list):
        return T.LIST
    return T.ANY


def _teams(cx, players):
    teams = players.get("teams") or {}
    out = {}
    if not isinstance(teams, dict):
        cx.problem(("players", "teams"), "'teams' needs 'player count: [[seats], [seats]]' lines", "type")
        return out
    for key, groups in teams.items():
        try:
            count = int(key)
        except (TypeError, ValueError):
            cx.problem(("players", "teams", key), f"'{key}' is not a number of players", "type", key=True)
            continue
        if not isinstance(groups, list) or not all(
                isinstance(g, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in g) for g in groups):
            cx.problem(("players", "teams", key), "teams are lists of seat numbers, e.g. [[0, 2], [1, 3]]", "type")
            continue
        out[count] = [list(g) for g in groups]
        seats = sorted(p for g in groups for p in g)
        if seats != list(range(count)):     # team numbers and per-team values need a partition
            cx.problem(("players", "teams", key), f"the teams for {key} players must hold every seat 0 to "
                       f"{count - 1} once, not {seats}", "meaning", key=True,
                       hint="each seat in exactly one team, e.g. [[0, 2], [1, 3]] for four players")
    return out


# -- zones and state ------------------------------------------------------------

def _per_type(cx, per, path, team=True):
    if per in (None, "player", "suit") or per in cx.ns.objects or (per == "team" and team):
        return per
    what = "player, team, suit" if team else "player, suit"
    hint = did_you_mean(per, (["player", "team", "suit"] if team else ["player", "suit"]) + list(cx.ns.objects))
    if per == "team" and not team:      # zones: a side's cards are its players' zones together
        hint = ("keep the zone per player and take a team's cards together, e.g. "
                "sum(team_members(t), p => count(won[p])); state values may be kept per team")
    cx.problem(path, f"'per: {per}' must be {what} or a collection under 'objects'", "meaning", hint=hint)
    return None


def _zones(cx, zones):
    for i, (name, spec) in enumerate(zones.items()):
        spec = spec or {}
        per = _per_type(cx, spec.get("per"), ("zones", name, "per"), team=False)
        vis = spec.get("visibility", "hidden" if per is None else "owner")
        if vis == "owner" and per != "player" and (per is None or "visibility" in spec):
            # only a player owns a zone: one kept for all, per suit or per entry is seen by nobody
            kept = "kept for all" if per is None else f"kept per {per}"
            cx.problem(("zones", name, "visibility"), f"zone '{name}' is {kept}: no player owns it, so "
                       "'visibility: owner' means nobody sees its cards (as 'hidden')", "meaning",
                       hint="write 'visibility: hidden' (nobody sees it) or 'public' (everyone does), or "
                            "keep it 'per: player' so that each player sees their own", severity="warning")
        if vis == "others" and per != "player":
            kept = "kept for all" if per is None else f"kept per {per}"
            cx.problem(("zones", name, "visibility"), f"zone '{name}' is {kept}: 'visibility: others' (every "
                       "player but the one it belongs to) needs a zone kept per player", "meaning",
                       hint="keep it 'per: player' (a card each player holds to the forehead), or write "
                            "'public' (everyone sees it) or 'hidden' (nobody does)")
        info = ZoneInfo(name, i, per, vis, spec.get("description", ""))
        cx.rules.zones[name] = info
        cx.rules.zone_list.append(info)
        typ = T.per(per, T.CARDS) if per else T.CARDS
        if name in cx.ns.names:              # the name keeps its first meaning (no errors that follow from it)
            cx.problem(("zones", name), f"the name '{name}' is already used by {binding_kind(cx.ns.names[name])}",
                       "meaning", key=True, hint=CLASH_HINT)
            continue
        cx.ns.add(name, Binding("zone", typ, getter=lambda s, e, i=i: s.z[i], doc=info.description,
                                      code=f"s.z[{i}]"))


def _vars(cx, state):
    """Declare every state variable; their initial values compile later (`cx.deferred`), when the
    built-in names (players, suits...) and the definitions are known too."""
    for i, (name, spec) in enumerate(state.items(), start=len(cx.rules.var_list)):
        path = ("state", name)
        if not isinstance(spec, dict):
            spec = {"initial": spec}
        clash = name in cx.ns.names
        if clash:
            cx.problem(path, f"the name '{name}' is already used by {binding_kind(cx.ns.names[name])}", "meaning",
                       key=True, hint=CLASH_HINT)
        per = _per_type(cx, spec.get("per"), path + ("per",))
        initial = spec.get("initial", 0 if spec.get("type", "number") == "number" else None)
        typ = TYPE_NAMES.get(spec.get("type")) or (_type_of(initial) if initial is not None else T.ANY)
        bind = spec.get("as", per if per in ("player", "suit", "team") else "entry")
        info = VarInfo(name, i, per, spec.get("scope", "game"), typ, None, bind, spec.get("description", ""))
        if spec.get("visibility") == "owner":
            if per == "player":
                info.visibility = "owner"
                cx.rules.private_vars.append(info)
            else:
                cx.problem(path + ("visibility",), f"'{name}' is {'not kept per player' if not per else f'kept per {per}'}: "
                           "only a value kept per player has an owner who alone may see it", "meaning",
                           hint="write per: player, or leave visibility out (everyone sees the value)")
        cx.rules.vars[name] = info
        cx.rules.var_list.append(info)
        if info.scope == "hand":
            cx.rules.hand_vars.append(info)
        full = T.per(per, typ) if per else typ
        if clash:                            # the name keeps its first meaning (no errors that follow from it)
            cx.clashed.add(name)
            continue
        cx.ns.add(name, Binding("state", full, getter=lambda s, e, i=i: s.v[i], doc=info.description,
                                shape=("var", i), code=f"s.v[{i}]"))
        cx.deferred.append(lambda info=info, initial=initial, path=path, spec=spec: _initial(cx, info, initial,
                                                                                           path, spec))


def _implicit_dealer(cx, data):
    """A game whose state declares no dealer (a patience, a game dealt by nobody in particular) gets one, as if
    it had declared `dealer: {type: player, initial: 0}`: seat dealer.first, passed on by dealer.next."""
    if "dealer" in cx.rules.vars:
        return
    binding = cx.ns.names.get("dealer")
    if binding is not None:
        section = next((key for key in ("zones", "options", "objects", "orders", "points")
                        if "dealer" in (data.get(key) or {})), None)
        cx.problem((section, "dealer") if section else ("state",),
                   f"'dealer' is the dealer's seat (a state variable of type player), not a {binding.kind}",
                   "meaning", key=True, hint="rename it: 'dealer' always names the dealer's seat")
        # the engine's own defaults (dealer.next, a deal's start, a lead) read the dealer: no follow-on errors
        cx.ns.add("dealer", Binding("builtin", T.PLAYER, getter=lambda s, e: 0))
        return
    _vars(cx, {"dealer": {"type": "player", "initial": 0, "description": "who deals this hand"}})


def _initial(cx, info, initial, path, spec):
    per, typ = info.per, info.type
    key_type = {"player": T.PLAYER, "suit": T.SUIT, "team": T.NUM}.get(per, f"object:{per}")
    with cx.scope(**({info.bind: key_type} if per else {})):
        init = cx.expr(path + ("initial",), initial)
    if "type" not in spec and isinstance(initial, str) and init.type not in (T.ANY, T.NONE):
        typ = info.type = init.type           # no type given: the kind of the initial expression
        cx.ns.names[info.name].type = T.per(per, typ) if per else typ
    elif "type" not in spec and init.type == T.NONE:
        # no type given and `initial: none`: nothing says the kind yet (as with `initial: null`), not
        # the text the word none was first guessed to be
        typ = info.type = T.ANY
        cx.ns.names[info.name].type = T.per(per, typ) if per else typ
    if init.type != T.ANY and typ != T.ANY and not T.compatible(init.type, typ):
        hint = None
        if typ == T.STR and isinstance(initial, str) and initial.strip()[:1] not in "\"'":
            hint = f"text is written in quotes: initial: '\"{initial}\"'"
        cx.problem(path + ("initial",), f"the initial value is {T.describe(init.type)} but the type is {typ}", "type",
                   hint=hint)
    info.initial = init.fn
    info.fixed = _fixed_initial(initial, init)


def _link_calls(cx, procs):
    from ..engine.vm import Call
    seen = set()

    def visit(node):
        if id(node) in seen:
            return
        seen.add(id(node))
        if isinstance(node, Call):
            node.target = procs.get(node.name)
            return
        for attr in ("children", "then", "other", "body", "setup", "hand", "bodies", "before", "after_play",
                     "after_plays", "after", "target"):
            child = getattr(node, attr, None)
            if isinstance(child, list):
                for c in child:
                    visit(c)
            elif isinstance(child, dict):
                for c in child.values():
                    visit(c)
            elif child is not None and hasattr(child, "enter"):
                visit(child)
        for move in getattr(node, "moves", ()) or ():
            if isinstance(move, tuple) and move[4] is not None:
                visit(move[4])
    for proc in procs.values():
        visit(proc)
    cx.link_visit = visit


def name_finder(name):
    """A function (value) -> whether a text in the value (a mapping's keys and values, a list's items,
    all the way down) names `name` as a whole word (not as an attribute, `.name`)."""
    import re
    word = re.compile(rf"(?<![\w.]){re.escape(str(name))}(?!\w)")

    def mentions(x) -> bool:
        if isinstance(x, dict):
            return any(mentions(k) or mentions(v) for k, v in x.items())
        if isinstance(x, list):
            return any(mentions(v) for v in x)
        return isinstance(x, str) and word.search(x) is not None
    return mentions


def _named_elsewhere(data, section, name) -> bool:
    """True if a text anywhere in the ruleset but the key `section.name` itself names `name` (a
    tricks block's order: plain, a meld value table, an order's otherwise:)."""
    mentions = name_finder(name)
    return any(mentions(v) if key != section else
               any(mentions(spec) for other, spec in (v or {}).items() if other != name)
               for key, v in data.items() if key not in ("name", "description"))


def _usage_checks(cx, data):
    visit = getattr(cx, "link_visit", None)
    if visit is not None:
        visit(cx.rules.program.setup)
        visit(cx.rules.program.hand)
    for name, info in cx.rules.zones.items():
        if name not in cx.zone_writes and name != cx.rules.pack_zone:
            cx.problem(("zones", name), f"zone '{name}' is never filled: no step puts cards into it", "unused",
                       key=True, severity="warning")
    for name, info in cx.rules.vars.items():
        if name not in cx.var_writes and info.scope == "hand" and info.name != "dealer" and name not in cx.clashed:
            cx.problem(("state", name), f"state variable '{name}' is reset each hand but never set", "unused",
                       key=True, severity="warning")
    options = data.get("options") or {}
    for name in options:
        if name not in cx.ns.read:
            # a variant that writes 'targt: {default: 21}' adds an option and leaves 'target' as it was
            from difflib import get_close_matches
            close = get_close_matches(name, [o for o in options if o != name and o in cx.ns.read], n=1)
            cx.problem(("options", name), f"option '{name}' is never used: no expression reads it", "unused",
                       key=True, severity="warning",
                       hint=f"did you mean '{close[0]}'?" if close else "use it in an expression, or remove it")
    for section, what in (("orders", "order"), ("points", "point table")):
        for name in data.get(section) or {}:
            if name not in cx.ns.read and not _named_elsewhere(data, section, name):
                cx.problem((section, name), f"{what} '{name}' is never used: no expression or step names it",
                           "unused", key=True, severity="warning", hint="use it, or remove it")
    if cx.rules.pack_zone not in cx.rules.zones:
        from difflib import get_close_matches
        given = "zone" in (cx.rules.data.get("pack") or {})
        shared = [z for z, info in cx.rules.zones.items() if info.per is None]
        close = get_close_matches(cx.rules.pack_zone, shared, n=1)
        hint = (f"did you mean '{close[0]}'?" if close and given else
                f"declare a '{cx.rules.pack_zone}' zone" + ("" if given else
                f", or name the zone the pack starts in: pack: {{zone: {shared[0] if shared else '...'}}}"))
        cx.problem(("pack", "zone") if given else ("pack",),
                   f"the pack starts in zone '{cx.rules.pack_zone}', which is not declared under 'zones:'",
                   "unknown-name", hint=hint)


def _fixed_initial(text, init) -> tuple:
    """(value, copy?) when a variable's initial value is one constant: a number, text, none, or a list
    written out of such constants (copied for each start, since a list can change)."""
    plain = (int, float, str, type(None))
    if init.const and isinstance(init.value, plain):
        return (init.value, False)
    if (isinstance(text, str) and text.strip().startswith("[") and text.strip().endswith("]")
            and isinstance(init.value, list) and all(isinstance(x, plain) for x in init.value)):
        return (init.value, True)
    return ()

