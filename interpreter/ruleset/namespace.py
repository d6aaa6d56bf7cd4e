"""Names every expression can use: built-in game facts, orders, point tables and objects."""
from __future__ import annotations
import re

from ..diagnostics import did_you_mean, rank_hint
from ..expr import types as T
from ..expr.compiler import Binding, Compiled, Lambda, constant
from ..expr.errors import EvalError

BUILTIN_NAMES = {
    "players": (T.PLAYERS, "all players, seat 0 first"),
    "player_count": (T.NUM, "how many players are playing"),
    "hand_number": (T.NUM, "the number of the hand being played (1 for the first)"),
    "pack_size": (T.NUM, "how many cards the pack has at this player count"),
    "suits": (T.list_of(T.SUIT), "the pack's suits, in the order declared"),
    "ranks": (T.list_of(T.RANK), "the pack's ranks, in the order declared"),
    "teams": (T.list_of(T.NUM), "the team numbers, 0 first (players.teams at this player count; without "
                                "teams, one team per seat, numbered as the seats)"),
}


def add_builtin_names(cx):
    ns = cx.ns
    u = ns.universe
    getters = {
        "players": lambda s, e: list(range(s.n)),
        "player_count": lambda s, e: s.n,
        "hand_number": lambda s, e: s.hand_no,
        "pack_size": lambda s, e: len(s.rules.deck(s.n)),
        "teams": lambda s, e: list(range(len(s.rules.team_list(s.n)))),
    }
    from ..expr.functions import PLAYERS_SOURCE
    codes = {"players": PLAYERS_SOURCE, "player_count": "s.n", "hand_number": "s.hand_no",
             # the getter's list without building the teams' lists of seats (team_list)
             "teams": "list(range(len(s.rules.teams.get(s.n) or ()) or s.n))"}
    for name, (typ, doc) in BUILTIN_NAMES.items():
        if name in ns.names:
            cx.problem(("state", name) if name in cx.rules.vars else ("zones", name),
                       f"'{name}' is a built-in name; choose another", "meaning", key=True)
        if name in getters:
            ns.add(name, Binding("builtin", typ, getter=getters[name], doc=doc, code=codes.get(name)))
    ns.add("suits", Binding("const", T.list_of(T.SUIT), value=list(u.suits), doc=BUILTIN_NAMES["suits"][1]))
    ns.add("ranks", Binding("const", T.list_of(T.RANK), value=list(u.ranks), doc=BUILTIN_NAMES["ranks"][1]))
    for suit in u.suits:
        if suit not in ns.names:
            ns.add(suit, Binding("const", T.SUIT, value=suit, doc=f"the suit {suit}"))


# -- orders and point tables: callable on a card --------------------------------

def add_callables(cx, data):
    for name, spec in (data.get("orders") or {}).items():
        _order(cx, name, spec)
    for name, spec in (data.get("points") or {}).items():
        _points(cx, name, spec)


def binding_kind(binding) -> str:
    """What a name in the namespace is, in words: 'an option', 'a zone', 'a state variable'..."""
    words = {"zone": "a zone", "state": "a state variable", "order": "an order", "points": "a point table",
             "define": "a definition", "builtin": "a built-in name"}
    if binding.kind in words:
        return words[binding.kind]
    if binding.kind == "const" and binding.doc == "option":
        return "an option"
    if binding.kind == "const" and str(binding.doc).startswith("the suit "):
        return "a suit"
    return f"a {binding.kind}"


CLASH_HINT = ("options, zones, state variables, orders, point tables and definitions share one set of names "
              "in expressions: give one of them another name")


def _rank_table(cx, path, ranks, base=None, default=-1):
    u = cx.ns.universe
    table = list(base) if base is not None else [default] * u.size
    for pos, rank in enumerate(ranks):
        rank = str(rank)
        if rank not in u.ranks and rank.lower() != "joker" and rank not in u.joker_names:
            if u.parse_card(rank) is not None:
                # one card in a ranking (Spadille, A♠, above every trump)
                cx.problem(path + (pos,), f"'{rank}' is a card, not a rank: an order lists ranks, each standing "
                           "for every card of that rank", "unknown-name",
                           hint="to rank single cards, give each card its number in a point table by card "
                           "(values: {A♠: 14}) or a definition, and name it as the tricks block's order: "
                           "order: power(card)")
                continue
            if rank in u.suits and rank not in u.ranks:
                # suits in an order (clubs < diamonds < hearts < spades, to break ties between ranks): said
                # once for the list
                if any(str(r) in u.suits and str(r) not in u.ranks for r in ranks[:pos]):
                    continue
                cx.problem(path + (pos,), f"'{rank}' is a suit, not a rank: an order lists ranks", "unknown-name",
                           hint="to rank suits, name their place in a definition, e.g. suit_rank(s): "
                           "position([clubs, diamonds, hearts, spades], s), and compare suit_rank(c.suit)")
                continue
            cx.problem(path + (pos,), f"'{rank}' is not one of the pack's ranks", "unknown-name",
                       hint=rank_hint(rank, u.ranks))
            continue
        joker = rank.lower() == "joker"      # written joker, Joker or JOKER: the jokers
        for cid in range(u.size):
            if u.is_joker[cid] if joker else u.rank_of[cid] == rank:
                table[cid] = pos
    return table


def _order(cx, name, spec):
    path = ("orders", name)
    if isinstance(spec, list):
        table = _rank_table(cx, path, spec)
        key = lambda s, c: table[c]   # noqa: E731
        key.table = table             # trick play indexes the table directly
        u = cx.ns.universe
        by_rank = {str(r): i for i, r in enumerate(spec) if str(r) in u.ranks}
        by_rank.update((r, v) for r, v in _joker_values(u, table).items() if v != -1)
        _add_card_fn(cx, name, "order", key, table, spec, by_rank)
        return
    cases = []

    def compile_cases():   # after every name is known: conditions may use state variables
        for i, case in enumerate(spec.get("cases", [])):
            cond = cx.expr(path + ("cases", i, "when"), case.get("when"), T.BOOL, extra_locals={"card": T.CARD})
            table = _order_table(cx, path + ("cases", i, "order"), case.get("order"))
            cases.append((cond.fn, table))
        cx.rules.order_cases[name] = ([(fn, case.get("order")) for (fn, _), case in zip(cases, spec.get("cases", []))],
                                      spec.get("otherwise"))
        fast = _generated_key(name, cases, otherwise, key)
        if fast is not None:
            cx.ns.names[name].value = fast
    cx.deferred.append(compile_cases)
    otherwise = _order_table(cx, path + ("otherwise",), spec.get("otherwise"))
    scratch = {}

    def key(s, c):
        scratch["card"] = c
        for cond, table in cases:
            if cond(s, scratch):
                return table[c]
        return otherwise[c] if otherwise is not None else -1
    _add_card_fn(cx, name, "order", key, None, spec)


def _generated_key(name, cases, otherwise, slow):
    """The key of an order by cases as one generated function (s, c), or None.

    Each condition's generated source reads the card as `e[_kN]` (the local name 'card'); that read
    becomes the parameter c.  Conditions that read anything else from the locals keep the closures."""
    from ..expr.codegen import function_from
    consts, parts = {}, []
    for i, (cond, table) in enumerate(cases):
        source = getattr(cond, "source", None)
        if source is None or table is None:
            return None
        for const, value in cond.consts.items():
            if value == "card":
                source = source.replace(f"e[{const}]", "c")
        if "e[" in source or "(s, e)" in source:
            return None
        consts.update(cond.consts)
        consts[f"_o{i}"] = table
        parts.append(f"_o{i}[c] if {source} else ")
    if otherwise is not None:
        consts["_o_otherwise"] = otherwise
    code = "(" + "".join(parts) + ("_o_otherwise[c]" if otherwise is not None else "-1") + ")"
    return function_from(code, ("s", "c"), consts, slow, f"<order {name}>")


def _order_table(cx, path, ref):
    if ref is None:
        return None
    if isinstance(ref, list):
        return _rank_table(cx, path, ref)
    target = (cx.rules.data.get("orders") or {}).get(ref)
    if not isinstance(target, list):
        lists = [n for n, o in (cx.rules.data.get("orders") or {}).items() if isinstance(o, list)]
        cx.problem(path, f"'{ref}' is not an order given as a list of ranks", "unknown-name",
                   hint=did_you_mean(ref, lists) or "name an order of 'orders:' that is a list of ranks")
        return None
    return _rank_table(cx, ("orders", ref), target)


def _points(cx, name, spec):
    path = ("points", name)
    u = cx.ns.universe
    values = spec.get("values", spec) if isinstance(spec, dict) else {}
    default = spec.get("default", 0) if isinstance(spec, dict) else 0
    table = [default] * u.size
    # Ranks (and 'joker', every joker) first, then cards and jokers by name: a card's own entry wins
    # over its rank's, whatever the order written.
    for key, value in sorted(values.items(), key=lambda kv: str(kv[0]) not in u.ranks
                             and str(kv[0]).lower() != "joker"):
        if key in ("default", "values"):
            continue
        key = str(key)
        if key.lower() == "joker":
            ids = [c for c in range(u.size) if u.is_joker[c]]
        elif key in u.ranks or key in u.joker_names:      # a rank, or a joker by its name
            ids = [c for c in range(u.size) if u.rank_of[c] == key]
        else:
            cid = u.parse_card(key)
            ids = u.ids_of(u.rank_of[cid], u.suit_of[cid]) if cid is not None else None
        if not ids and ids is not None and key.lower() != "joker":
            ids = None
        if ids is None:
            cx.problem(path + ("values", key) if "values" in spec else path + (key,),
                       f"'{key}' is neither a rank nor a card of this pack", "unknown-name", key=True,
                       hint=rank_hint(key, u.ranks) if len(key) < 2 or key[-1] not in "♣♦♥♠" and "/" not in key
                       and not re.match(r"^(10|[A-Za-z0-9])[A-Za-z]$", key) else u.card_hint(key))
            continue
        for cid in ids:
            table[cid] = value
    def key_fn(s, c):
        return table[c]
    key_fn.table = table               # built-ins over cards index the table directly (total, groups)
    by_rank = {str(k): v for k, v in values.items() if str(k) in u.ranks}
    _add_card_fn(cx, name, "points", key_fn, table, spec,
                 {r: by_rank.get(r, default) for r in u.ranks} | _joker_values(u, table))


def _joker_values(u, table) -> dict:
    """The entry of each joker named in pack: jokers, by its name: a joker's name is its rank, so
    value('Big Joker') reads the table as value(card('Big Joker', none)) does."""
    out = {}
    for cid in range(u.size):
        if u.is_joker[cid] and u.rank_of[cid] in u.joker_names:
            out.setdefault(u.rank_of[cid], table[cid])
    return out


def _add_card_fn(cx, name, kind, key_fn, table, spec, by_rank=None):
    """Bind `name(card)` -> number; `key_fn(s, card)` is also used as a sort key.  `by_rank` (rank ->
    number) also gives `name(rank)`, the value of a rank (an order's position of the rank, a point table's
    entry for it); None for an order by cases, whose value depends on the card."""
    if name in cx.ns.names:
        cx.problem((kind if kind == "points" else "orders", name),
                   f"the name '{name}' is already used by {binding_kind(cx.ns.names[name])}", "meaning",
                   key=True, hint=CLASH_HINT)
        return               # the name keeps its first meaning
    from ..expr.functions import BUILTINS
    if name in BUILTINS:     # name(...) would call the table, never the built-in: every use would be wrong
        what = "point table" if kind == "points" else "order"
        cx.problem((kind if kind == "points" else "orders", name),
                   f"the name '{name}' is already used by a built-in function ({BUILTINS[name].usage})",
                   "meaning", key=True, hint=f"give the {what} another name, e.g. '{name}_{kind}'")
        return               # not bound: the built-in's uses stay as they are (no follow-on errors)

    def call(ctx, node, args):
        if len(args) != 1 or isinstance(args[0], Lambda):
            ctx.error(node, f"{name}(card) takes one card" + (" or one rank" if by_rank is not None else ""))
        arg = ctx.compile(args[0])
        if arg.type in (T.RANK, T.STR):
            return rank_value(ctx, node, args[0], arg)
        if by_rank is not None and not T.compatible(arg.type, T.CARD):
            ctx.error(args[0], f"the argument of {name} must be a card or a rank, but this is "
                      f"{T.describe(arg.type)}", rule="type",
                      hint=f"a rank is written as text: {name}('{arg.value}')" if arg.const and
                      isinstance(arg.value, int) and str(arg.value) in by_rank else None)
        arg = ctx.expect(args[0], arg, T.CARD, f"the argument of {name}")
        f = arg.fn
        key = cx.ns.names[name].value if name in cx.ns.names else key_fn   # generated when it could be
        if table is not None:
            def lookup(s, e):
                c = f(s, e)
                if c is None:
                    raise EvalError(f"{name}() was given no card")
                return table[c]
            return Compiled(lookup, T.NUM, code=ctx.source("%s[{0}]" % ctx.ref(table), arg))
        return Compiled(lambda s, e: key(s, f(s, e)), T.NUM,
                        code=ctx.source("%s(s, {0})" % ctx.ref(key), arg))

    def rank_value(ctx, node, arg_node, arg):
        if by_rank is None:
            ctx.error(node, f"the order {name} depends on the card, not only its rank: give it a card",
                      rule="type", hint=f"write {name}(card(rank, suit)) with the suit meant")
        if arg.const:
            if arg.value not in by_rank:
                what = "order" if kind == "order" else "point table"
                ctx.error(arg_node, f"'{arg.value}' is not a rank of the {what} {name}",
                          hint=rank_hint(str(arg.value), list(by_rank)) or None, rule="type")
            return constant(by_rank[arg.value], T.NUM)
        f = arg.fn

        def lookup(s, e):
            r = f(s, e)
            if r not in by_rank:
                raise EvalError(f"{name}() was given {'no rank' if r is None else repr(r)}, not a rank of "
                                f"the {'order' if kind == 'order' else 'point table'}")
            return by_rank[r]
        return Compiled(lookup, T.NUM)
    cx.ns.add(name, Binding(kind, T.NUM, value=key_fn, call=call, doc=f"{kind} {name}"))


# -- objects ------------------------------------------------------------------------

def add_objects(cx, objects):
    """`objects: {piles: [{name: ..., suit: ..., start: 5♦}, ...]}`: named things with fixed fields."""
    u = cx.ns.universe
    for collection, entries in objects.items():
        records, types = {}, {}
        for i, entry in enumerate(entries or []):
            path = ("objects", collection, i)
            if not isinstance(entry, dict) or "name" not in entry:
                cx.problem(path, "each entry needs a 'name'", "schema")
                continue
            record = {}
            for field, value in entry.items():
                if field == "name":
                    continue
                record[field], typ = _object_value(u, value)
                if types.setdefault(field, typ) != typ:
                    cx.problem(path + (field,), f"'{field}' is {T.describe(typ)} here but "
                               f"{T.describe(types[field])} in an entry before", "type",
                               hint="give a field the same kind of value in every entry")
            records[str(entry["name"])] = record
        for i, entry in enumerate(entries or []):
            missing = [f for f in types if isinstance(entry, dict) and "name" in entry and f not in entry]
            if missing:
                cx.problem(("objects", collection, i), f"this entry has no {', '.join(repr(f) for f in missing)}: "
                           f"every entry of '{collection}' needs the same fields", "schema",
                           hint="add the missing field, or give it to no entry")
        cx.ns.objects[collection] = dict(records, __types__=types)
        cx.rules.objects[collection] = list(records)
        cx.ns.add(collection, Binding("const", T.list_of(f"object:{collection}"), value=list(records),
                                      doc=f"the {collection}"))
        for entry_name in records:
            if entry_name not in cx.ns.names:
                cx.ns.add(entry_name, Binding("const", f"object:{collection}", value=entry_name))


def _object_value(u, value):
    if isinstance(value, bool):
        return value, T.BOOL
    if isinstance(value, (int, float)):
        return value, T.NUM
    if isinstance(value, str):
        if value in u.suits:
            return value, T.SUIT
        cid = u.parse_card(value)
        if cid is not None:
            return cid, T.CARD
        if value in u.ranks:
            return value, T.RANK
    return value, T.ANY
