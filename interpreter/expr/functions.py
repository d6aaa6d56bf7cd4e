"""Built-in functions of the expression language, each registered by name.

Every built-in is a small compile function: it receives the context, the call
node and the (uncompiled) arguments, and returns a Compiled closure.  The
registry also carries the usage line and a description, from which
docs/reference.md is generated.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from . import types as T
from .codegen import arg_best
from .compiler import Compiled, Lambda, constant
from .errors import EvalError, describe_value


@dataclass
class Builtin:
    name: str
    usage: str
    doc: str
    compile: Callable
    min_args: int
    max_args: int
    category: str


BUILTINS: dict[str, Builtin] = {}


def builtin(name, usage, doc, min_args=1, max_args=1, category="collections"):
    def register(fn):
        BUILTINS[name] = Builtin(name, usage, doc, fn, min_args, max_args, category)
        return fn
    return register


# -- helpers -------------------------------------------------------------------

def _collection(ctx, arg, what="the first argument", cards=False):
    """The compiled list `arg`.  A play (a way of meld_plays) is a list of melds: the functions of any
    list take it (count(w), filter(w, m => meld_kind(m) == "run")); those of cards (`cards`) refuse it,
    with the hint that names meld_cards()."""
    c = ctx.compile(arg)
    play = c.type == "play" and not cards
    if not (T.is_collection(c.type) or c.type == T.ANY or play or T.is_per(c.type)):
        ctx.error(arg, f"{what} must be a list, but this is {T.describe(c.type)}", hint=T.meld_hint(c.type),
                  rule="type")
    if T.is_per(c.type) and _names_zone(ctx, arg):
        # count(won) would count the players (one pile each), never the cards: a forgotten [p]
        name, key = str(arg.children[0]), T.per_parts(c.type)[0]
        ctx.error(arg, f"zone '{name}' is kept per {key}, so '{name}' alone is not a list of cards", rule="type",
                  hint=T.per_example(name, key) + (
                      f"; for every player's, e.g. sum(players, p => count({name}[p]))" if key == "player" else ""))
    return ctx.fast(c)    # a built-in without source calls it: one generated function (compiler.py)


def _names_zone(ctx, arg) -> bool:
    from lark import Tree
    if not (isinstance(arg, Tree) and arg.data == "name"):
        return False
    binding = ctx.ns.names.get(str(arg.children[0]))
    return binding is not None and binding.kind == "zone" and str(arg.children[0]) not in ctx.locals


def _elem_type(c):
    if T.is_per(c.type):
        return T.per_parts(c.type)[1]
    return T.element_of(c.type)


def _values(c):
    """Per-player and per-suit values are iterated over their values."""
    if T.is_per(c.type):
        f = c.fn
        return lambda s, e: _iter_values(f(s, e))
    return c.fn


def _items_source(ctx, c):
    """Source for the items of a collection (the values of a per-player or per-suit value)."""
    if T.is_per(c.type):
        return ctx.source("%s({0})" % ctx.ref(_iter_values), c)
    code = ctx.code(c)
    return "range(s.n)" if code == PLAYERS_SOURCE else code   # iterating needs no list of the players


PLAYERS_SOURCE = "list(range(s.n))"   # the source of the name `players` (ruleset/namespace.py)


def _iter_values(v):
    return list(v.values()) if isinstance(v, dict) else v


def _fn_arg(ctx, arg, elem_type, what):
    if not isinstance(arg, Lambda):
        ctx.error(arg, f"{what} must be a function such as x => x.suit == trumps", hint=_as_function_hint(ctx, arg))
    return ctx.compile_lambda(arg, elem_type)


def _condition_arg(ctx, arg, elem_type):
    """The function x => condition of count, any, all, filter and next_player: its value must be true or
    false, as an if: condition's (a seat would count seat 0 as false, a card or a list by other rules)."""
    param, body = _fn_arg(ctx, arg, elem_type, "the condition")
    if body.type not in (T.BOOL, T.ANY, T.NONE):
        from .compiler import _kind_hint
        ctx.error(arg.tree,
                  f"the condition must give true or false, but it gives {T.describe(body.type)}",
                  hint=_kind_hint(T.BOOL, body.type), rule="type")
    return param, body


def _as_function_hint(ctx, arg) -> str:
    """How to write as a function what was given in its place: an order or table by name (value), a value
    kept per player (score), an expression about the item (c.rank), a misspelt order."""
    from lark import Tree

    from .compiler import _text_of
    text = _text_of(ctx, arg) if isinstance(arg, Tree) else None
    if isinstance(arg, Tree) and arg.data == "name":
        name = str(arg.children[0])
        binding = ctx.ns.names.get(name)
        if binding is None and name not in ctx.locals:
            from difflib import get_close_matches
            keys = [n for n, b in ctx.ns.names.items() if b.kind in ("order", "points", "define")]
            close = get_close_matches(name, keys, n=1)
            if close:
                return f"did you mean '{close[0]}'?"
            return f"'{name}' is no order, point table or definition: write a function, e.g. c => plain(c)"
        if binding is not None and binding.kind in ("order", "points", "define"):
            return f"write it as a function: c => {name}(c)"
        if binding is not None and T.is_per(binding.type):
            return f"write it as a function of the item: p => {name}[p]"
    if text:
        import re
        m = re.match(r"^\s*([A-Za-z_]\w*)\.", text)
        if m and m.group(1) not in ctx.ns.names:
            return f"write it as a function of the item: {m.group(1)} => {text.strip()}"
    return "write it as a function of the item, e.g. c => plain(c) or p => score[p]"


def _key_arg(ctx, arg, elem_type):
    """A key: a function x => ..., or the name of an order or point table."""
    if isinstance(arg, Lambda):
        return ctx.compile_lambda(arg, elem_type)
    from lark import Tree
    if isinstance(arg, Tree) and arg.data == "name":
        name = str(arg.children[0])
        binding = ctx.ns.names.get(name)
        if binding is not None and binding.call is not None and binding.kind in ("order", "points"):
            return None, binding.value  # a function card -> number, taking (s, card)
        if binding is not None and binding.kind == "define" and \
                len(getattr(getattr(binding.call, "__self__", None), "params", ())) == 1:
            ctx.error(arg, "expected a function such as c => trump_order(c), or the name of an order or point "
                      f"table; '{name}' is a definition", hint=f"write it as a function: c => {name}(c)")
    ctx.error(arg, "expected a function such as c => trump_order(c), or the name of an order or point table",
              hint=_as_function_hint(ctx, arg))


def _bind_loop(param, body):
    def run(s, e, xs):
        saved = e.get(param, _NO)
        for x in xs:
            e[param] = x
            yield x, body(s, e)
        if saved is _NO:
            e.pop(param, None)
        else:
            e[param] = saved
    return run


_NO = object()


_NO_ORDER = (T.CARD, T.SUIT, T.RANK)      # kinds a key of sort, max, min, argmax or argmin may not give


def _make_key(ctx, arg, elem):
    """(keyed, source): keyed(s, e, xs) gives (item, key) pairs; source is a one-argument Python
    lambda computing the key (None when the key has no source)."""
    param, body = _key_arg(ctx, arg, elem)
    if param is not None and (body.type in _NO_ORDER or T.element_of(body.type) == T.CARD):
        # sort(hand, c => c.suit) would order suits by their names, c => c by the pack's order
        what = T.describe(body.type)
        hint = {T.SUIT: "suits have no order of their own: give each a place, e.g. "
                        "x => position([clubs, diamonds, hearts, spades], x.suit)",
                T.RANK: "a rank is its name, and names sort as text (\"10\" before \"9\"): give its place in an "
                        "order, e.g. c => plain(c)"}.get(body.type, "cards have no order of their own: give the "
                                                               "card's place in an order, e.g. c => plain(c)")
        ctx.error(arg.tree, f"the key must give a number, text or a tuple of them, but it gives {what}",
                  hint=hint, rule="type")
    if param is None:
        table_fn = body
        return (lambda s, e, xs: [(x, table_fn(s, x)) for x in xs]), "(lambda _x: %s(s, _x))" % ctx.ref(body)
    loop = _bind_loop(param, body.fn)
    return (lambda s, e, xs: list(loop(s, e, xs))), ctx.lambda_source(body, "(lambda {v}: {body})")


# -- counting and testing -----------------------------------------------------

@builtin("count", "count(items) or count(items, x => condition)",
         "How many items there are, or how many meet the condition.", 1, 2)
def _count(ctx, node, args):
    coll = _collection(ctx, args[0])
    xs = _values(coll)
    items = _items_source(ctx, coll)
    if len(args) == 1:
        return Compiled(lambda s, e: len(xs(s, e)), T.NUM, code=ctx.source("len({0})", items))
    param, body = _condition_arg(ctx, args[1], _elem_type(coll))
    loop = _bind_loop(param, body.fn)
    return Compiled(lambda s, e: sum(1 for _, ok in loop(s, e, xs(s, e)) if ok), T.NUM,
                    code=items and ctx.lambda_source(body, "len([1 for {v} in {0} if {body}])", items))


def _quantifier(found):
    """any (found=True) and all (found=False): stop at the first item whose test gives `found`."""
    def compile_(ctx, node, args):
        coll = _collection(ctx, args[0])
        xs = _values(coll)
        items = _items_source(ctx, coll)
        word = "any" if found else "all"
        if len(args) == 1:
            pick = any if found else all
            return Compiled(lambda s, e: pick(xs(s, e)), T.BOOL, code=ctx.source(word + "({0})", items))
        param, body = _condition_arg(ctx, args[1], _elem_type(coll))
        pred = body.fn
        code = items and ctx.lambda_source(body, word + "({body} for {v} in {0})", items)

        def run(s, e):
            saved = e.get(param, _NO)
            try:
                for x in xs(s, e):
                    e[param] = x
                    if bool(pred(s, e)) is found:
                        return found
                return not found
            finally:
                _restore(e, param, saved)
        return Compiled(run, T.BOOL, code=code)
    return compile_


builtin("any", "any(items, x => condition)", "True if at least one item meets the condition (or is true).",
        1, 2)(_quantifier(True))
builtin("all", "all(items, x => condition)", "True if every item meets the condition (true for no items).",
        1, 2)(_quantifier(False))


def _restore(e, param, saved):
    if saved is _NO:
        e.pop(param, None)
    else:
        e[param] = saved


@builtin("filter", "filter(items, x => condition)", "The items that meet the condition, in their order.", 2, 2)
def _filter(ctx, node, args):
    coll = _collection(ctx, args[0])
    xs = _values(coll)
    param, body = _condition_arg(ctx, args[1], _elem_type(coll))
    pred = body.fn

    def run(s, e):
        saved = e.get(param, _NO)
        out = []
        for x in xs(s, e):
            e[param] = x
            if pred(s, e):
                out.append(x)
        _restore(e, param, saved)
        return out
    items = _items_source(ctx, coll)
    return Compiled(run, coll.type if not T.is_per(coll.type) else T.list_of(_elem_type(coll)),
                    code=items and ctx.lambda_source(body, "[{v} for {v} in {0} if {body}]", items))


@builtin("map", "map(items, x => value)", "The value computed for each item, as a list.", 2, 2)
def _map(ctx, node, args):
    coll = _collection(ctx, args[0])
    xs = _values(coll)
    param, body = _fn_arg(ctx, args[1], _elem_type(coll), "the function")
    loop = _bind_loop(param, body.fn)
    items = _items_source(ctx, coll)
    return Compiled(lambda s, e: [v for _, v in loop(s, e, xs(s, e))], T.list_of(body.type),
                    code=items and ctx.lambda_source(body, "[{body} for {v} in {0}]", items))


def _joined(lists):
    out = []
    for x in lists:
        out.extend(x)
    return out


def _total(values):
    """The total of values whose kind is known only as the game runs (items of kind any): lists
    joined, as + joins two, else numbers added."""
    values = list(values)
    if values and (values[0].__class__ is list or values[0].__class__ is tuple):
        return _joined(values)
    return sum(values)


@builtin("sum", "sum(items) or sum(items, x => value)",
         "The total of the items, or of the value for each item.  Lists are joined, as + joins two: "
         "sum(players, p => hand[p]) is every card in a hand, whatever the number of players.", 1, 2)
def _sum(ctx, node, args):
    coll = _collection(ctx, args[0])
    xs = _values(coll)
    items = _items_source(ctx, coll)
    if len(args) == 1:
        if T.is_collection(_elem_type(coll)):
            return Compiled(lambda s, e: _joined(xs(s, e)), _elem_type(coll))
        if _elem_type(coll) == T.ANY:        # lists or numbers: the values decide
            return Compiled(lambda s, e: _total(xs(s, e)), T.ANY, code=ctx.source("%s({0})" % ctx.ref(_total), items))
        not_numbers(ctx, node, coll)
        return Compiled(lambda s, e: sum(xs(s, e)), T.NUM, code=ctx.source("sum({0})", items))
    param, body = _fn_arg(ctx, args[1], _elem_type(coll), "the value")
    if T.is_collection(body.type):
        loop = _bind_loop(param, body.fn)
        return Compiled(lambda s, e: _joined(v for _, v in loop(s, e, xs(s, e))),
                        T.LIST if body.type.startswith("tuple:") else body.type)
    if body.type == T.ANY:                   # lists or numbers: the values decide
        loop = _bind_loop(param, body.fn)
        return Compiled(lambda s, e: _total(v for _, v in loop(s, e, xs(s, e))), T.ANY,
                        code=items and ctx.lambda_source(body, "%s([{body} for {v} in {0}])" % ctx.ref(_total), items))
    ctx.expect(args[1].tree, body, T.NUM, "the value to add up")
    loop = _bind_loop(param, body.fn)
    return Compiled(lambda s, e: sum(v for _, v in loop(s, e, xs(s, e))), T.NUM,
                    code=items and ctx.lambda_source(body, "sum([{body} for {v} in {0}])", items))


def not_numbers(ctx, node, coll):
    """sum(xs) adds numbers: of cards it added their places in the pack (sum(hand[p]) gave a number no
    rule means), of suits, ranks or text it stopped the game; so they are refused at load time."""
    elem = _elem_type(coll)
    if elem not in (T.CARD, T.SUIT, T.RANK, T.STR):
        return
    kind = {T.CARD: "cards", T.SUIT: "suits", T.RANK: "ranks", T.STR: "texts"}[elem]
    hint = ("add a value per card: total(hand[p], value) with a point table, or sum(hand[p], c => ...); the "
            "cards of the melds in a table zone are sum(table_melds(table), m => meld_cards(m))"
            if elem == T.CARD else "add a number per item: sum(xs, x => ...)")
    ctx.error(node, f"sum() of {kind} needs a number for each item ({kind} are not numbers)", hint=hint,
              rule="type")


def no_card_order(ctx, node, coll, name):
    """Cards and suits have no order of their own (their numbers are places in the pack, suit by suit):
    max, min, sort and smallest over them without a key would pick by that place, which is no rank
    order a game means (max(hand[p]) is not the highest card), so they are refused at load time."""
    elem = _elem_type(coll)
    if elem in (T.CARD, T.SUIT):
        kind = "cards" if elem == T.CARD else "suits"
        example = f"{name}(hand[p], plain)" if elem == T.CARD else \
            f"{name}(suits, x => position([clubs, diamonds, hearts, spades], x))"
        ctx.error(node, f"{name}() of {kind} needs a key: {kind} have no order of their own",
                  hint=f"give the order to use, an order or point table or a function x => ..., e.g. {example}"
                       if name != "smallest" else "sort by a key instead, e.g. sort(cards, plain), or take "
                       "the smallest keys: smallest(map(cards, c => plain(c)), 2)", rule="type")


def _extreme(pick, name):
    def compile_(ctx, node, args):
        first = ctx.compile(args[0]) if not isinstance(args[0], Lambda) else None
        if len(args) >= 2 and not isinstance(args[1], Lambda) and first is not None \
                and not T.is_collection(first.type) and not T.is_per(first.type):
            values = [ctx.expect(a, ctx.compile(a), T.NUM, f"an argument of {name}") for a in args]
            fns = [v.fn for v in values]
            return Compiled(lambda s, e: pick(f(s, e) for f in fns), T.NUM,
                            code=ctx.source(name + "(" + ", ".join("{%d}" % i for i in range(len(values))) + ")",
                                            *values))
        coll = _collection(ctx, args[0])
        xs = _values(coll)
        items = _items_source(ctx, coll)
        if len(args) == 1:
            no_card_order(ctx, args[0], coll, name)

            def plain(s, e):
                items = xs(s, e)
                return pick(items) if items else None
            return Compiled(plain, _elem_type(coll), code=ctx.source(name + "({0} or (), default=None)", items))
        keyed, key = _make_key(ctx, args[1], _elem_type(coll))

        def by_key(s, e):
            pairs = keyed(s, e, xs(s, e))
            if not pairs:
                return None
            return pick(pairs, key=lambda p: p[1])[0]
        return Compiled(by_key, _elem_type(coll), code=ctx.source(name + "({0}, key={1}, default=None)", items, key))
    return compile_


builtin("max", "max(items), max(items, key) or max(a, b, ...)",
        "The largest item; with a key (x => value, or an order or point table), the item whose key is largest "
        "(the first such item); with several numbers, the largest number. none for no items. Cards and suits "
        "need a key: max(hand[p], plain).",
        1, 8)(_extreme(max, "max"))
builtin("min", "min(items), min(items, key) or min(a, b, ...)",
        "The smallest item; with a key, the item whose key is smallest (the first such item); "
        "with several numbers, the smallest. none for no items. Cards and suits need a key.", 1, 8)(_extreme(min, "min"))


def _arg_best(pick, name):
    def compile_(ctx, node, args):
        coll = _collection(ctx, args[0])
        xs = _values(coll)
        keyed, key = _make_key(ctx, args[1], _elem_type(coll))
        code = ctx.source("%s(%s, {0}, {1})" % (ctx.ref(arg_best), ctx.ref(pick)), _items_source(ctx, coll), key)

        def run(s, e):
            pairs = keyed(s, e, xs(s, e))
            if not pairs:
                return []
            best = pick(k for _, k in pairs)
            return [x for x, k in pairs if k == best]
        return Compiled(run, coll.type if not T.is_per(coll.type) else T.list_of(_elem_type(coll)), code=code)
    return compile_


builtin("argmax", "argmax(items, key)", "All items whose key is the largest (several on a tie), in order.",
        2, 2)(_arg_best(max, "argmax"))
builtin("argmin", "argmin(items, key)", "All items whose key is the smallest (several on a tie), in order.",
        2, 2)(_arg_best(min, "argmin"))


@builtin("sort", "sort(items) or sort(items, key)",
         "The items from smallest to largest key (a function x => value, or an order or point table); "
         "cards and suits need a key: sort(hand[p], plain). A key gives numbers, text or tuples of them, "
         "never cards, suits or ranks (their places in an order are numbers: c => plain(c)); items with "
         "equal keys keep their order.", 1, 2)
def _sort(ctx, node, args):
    coll = _collection(ctx, args[0])
    xs = _values(coll)
    items = _items_source(ctx, coll)
    if len(args) == 1:
        no_card_order(ctx, args[0], coll, "sort")
        return Compiled(lambda s, e: sorted(xs(s, e)), coll.type, code=ctx.source("sorted({0})", items))
    keyed, key = _make_key(ctx, args[1], _elem_type(coll))
    return Compiled(lambda s, e: [x for x, _ in sorted(keyed(s, e, xs(s, e)), key=lambda p: p[1])], coll.type,
                    code=ctx.source("sorted({0}, key={1})", items, key))


@builtin("first", "first(items) or first(items, n)",
         "The first item, or none if there are none; with n, a list of the first n items (all of them if "
         "there are fewer), in order, e.g. first(of_rank(hand[p], r), 2).", 1, 2)
def _first(ctx, node, args):
    coll = _collection(ctx, args[0])
    f = coll.fn
    if len(args) == 2:
        return _first_n(ctx, args, coll, lambda v, k: v[:max(0, k)])
    return Compiled(lambda s, e: (lambda v: v[0] if v else None)(f(s, e)), _elem_type(coll),
                    code=ctx.source("({0} or %s)[0]" % ctx.ref(_NOTHING), coll))


@builtin("last", "last(items) or last(items, n)",
         "The last item, or none if there are none; with n, a list of the last n items (all of them if there "
         "are fewer), in order: last(stock, 3) is the top three cards of a stock.", 1, 2)
def _last(ctx, node, args):
    coll = _collection(ctx, args[0])
    f = coll.fn
    if len(args) == 2:
        return _first_n(ctx, args, coll, lambda v, k: v[max(0, len(v) - max(0, k)):])
    return Compiled(lambda s, e: (lambda v: v[-1] if v else None)(f(s, e)), _elem_type(coll),
                    code=ctx.source("({0} or %s)[-1]" % ctx.ref(_NOTHING), coll))


def _first_n(ctx, args, coll, part):
    """first(items, n) / last(items, n): a new list of n items (none for n of 0 or less).  Rare enough
    to be a closure (no generated source)."""
    n_c = ctx.expect(args[1], ctx.compile(args[1]), T.NUM, "how many")
    f, n = coll.fn, n_c.fn

    def run(s, e):
        k = n(s, e)
        if k.__class__ is not int:
            raise TypeError(f"the number of items to take must be a whole number, not {k!r}")
        return list(part(f(s, e), k))
    return Compiled(run, T.list_of(_elem_type(coll)))


_NOTHING = (None,)   # first/last of no items


@builtin("contains", "contains(items, x)", "True if x is one of the items (for cards: the same rank and suit).", 2, 2)
def _contains(ctx, node, args):
    coll = _collection(ctx, args[0])
    item = ctx.compile(args[1])
    from .compiler import check_member_kind
    check_member_kind(ctx, "contains", item, coll, args[1])
    cf, xf = coll.fn, item.fn
    u = ctx.universe()
    if item.type == T.CARD and u.twins:
        face = u.face_key
        return Compiled(lambda s, e: (lambda f: any(face[c] == f for c in cf(s, e)))(face[xf(s, e)]), T.BOOL)
    return Compiled(lambda s, e: xf(s, e) in cf(s, e), T.BOOL, code=ctx.source("({1} in {0})", coll, item))


@builtin("range", "range(low, high) or range(low, high, step)",
         "The whole numbers from low to high, both included; with a step, low, low + step, ... as far as "
         "high (included when reached): range(2, 10, 4) is [2, 6, 10]; a negative step counts down, "
         "range(5, 1, -2) is [5, 3, 1]. Empty when high is below low (with no step or a positive one): "
         "range(2, 1) is [], so range(i, count(xs) - 1) is every position from i to the last (none past "
         "the end), and a move whose options are range(smallest, largest) is not offered when "
         "largest < smallest.", 2, 3, "numbers")
def _range(ctx, node, args):
    bounds = [ctx.expect(a, ctx.compile(a), T.NUM, "a bound of range" if i < 2 else "the step of range")
              for i, a in enumerate(args)]
    lo, hi = bounds[0].fn, bounds[1].fn
    if len(bounds) == 3:
        st = bounds[2].fn

        def stepped(s, e):
            low, high, step = lo(s, e), hi(s, e), st(s, e)
            return _range_stepped(low, high, step)
        return Compiled(stepped, T.list_of(T.NUM),
                        code=ctx.source("%s({0}, {1}, {2})" % ctx.ref(_range_stepped), *bounds))

    def make(s, e):
        low, high = lo(s, e), hi(s, e)
        if high - low >= MAX_RANGE:
            raise EvalError(f"range({low}, {high}) would hold more than {MAX_RANGE} numbers (the limit)")
        return list(range(low, high + 1))
    return Compiled(make, T.list_of(T.NUM),
                    code=ctx.source("%s({0}, {1})" % ctx.ref(_range_list), *bounds))


MAX_RANGE = 100_000     # numbers in one range(...)


def _range_list(low, high):
    """range() in generated source; past the limit it raises, and the closure gives the message."""
    if high - low >= MAX_RANGE:
        raise ValueError("range over the limit")
    return list(range(low, high + 1))


def _range_stepped(low, high, step):
    """range(low, high, step): from low by step as far as high, high included when reached."""
    if step.__class__ is not int or step == 0:
        raise EvalError(f"the step of range must be a whole number other than 0, not {step!r}")
    if (high - low) // step >= MAX_RANGE:
        raise EvalError(f"range({low}, {high}, {step}) would hold more than {MAX_RANGE} numbers (the limit)")
    return list(range(low, high + (1 if step > 0 else -1), step))


@builtin("abs", "abs(x)", "The value of x without its sign.", 1, 1, "numbers")
def _abs(ctx, node, args):
    x = ctx.expect(args[0], ctx.compile(args[0]), T.NUM, "the argument of abs")
    f = x.fn
    return Compiled(lambda s, e: abs(f(s, e)), T.NUM, code=ctx.source("abs({0})", x))


@builtin("unique", "unique(items)",
         "The items without repeats, in first-seen order. Of identical cards (two packs, two jokers of a kind) "
         "the first is kept, as == compares them: count(unique(cards)) is how many different cards there are; "
         "of sets of cards (groups(), sequences()) that hold the same identical cards, in any order, the first.")
def _unique(ctx, node, args):
    coll = _collection(ctx, args[0])
    f = _values(coll)
    u = ctx.universe()
    if _elem_type(coll) == T.CARD and u is not None and u.twins:
        face = u.face_key
        return Compiled(lambda s, e: unique_faces(face, f(s, e)), coll.type,
                        code=ctx.source("%s(%s, {0})" % (ctx.ref(unique_faces), ctx.ref(face)),
                                        _items_source(ctx, coll)))
    if _elem_type(coll) == T.CARDS and u is not None and u.twins:
        face = u.face_key          # sets of cards (groups, sequences): two holding the same identical cards
        return Compiled(lambda s, e: unique_face_lists(face, f(s, e)), coll.type,
                        code=ctx.source("%s(%s, {0})" % (ctx.ref(unique_face_lists), ctx.ref(face)),
                                        _items_source(ctx, coll)))
    return Compiled(lambda s, e: unique_items(f(s, e)), coll.type,
                    code=ctx.source("%s({0})" % ctx.ref(unique_items), _items_source(ctx, coll)))


def unique_items(items):
    """The items without repeats, in first-seen order; lists (map(players, p => [bid[p], score[p]])) are
    compared by their items."""
    try:
        return list(dict.fromkeys(items))
    except TypeError:                    # a list among the items: compared as a tuple of its items
        seen, out = set(), []
        for x in items:
            key = _frozen(x)
            if key not in seen:
                seen.add(key)
                out.append(x)
        return out


def _frozen(x):
    return tuple(_frozen(v) for v in x) if isinstance(x, (list, tuple)) else x


def unique_faces(face, cards):
    """The cards without a second copy of one face (identical cards), in first-seen order."""
    seen, out = set(), []
    for c in cards:
        f = face[c]
        if f not in seen:
            seen.add(f)
            out.append(c)
    return out


def unique_face_lists(face, sets):
    """The sets of cards without a second set that holds the same identical cards, in whatever order (a set
    that groups() gives lists its cards in an order of the copies, which says nothing)."""
    seen, out = set(), []
    for cards in sets:
        f = tuple(sorted(face[c] for c in cards))
        if f not in seen:
            seen.add(f)
            out.append(cards)
    return out


@builtin("reverse", "reverse(items)",
         "The items in the opposite order. A zone lists its cards from the bottom up, so reverse(pile) lists "
         "them from the top down: moving them in that order turns the pile over.")
def _reverse(ctx, node, args):
    coll = _collection(ctx, args[0])
    f = _values(coll)
    return Compiled(lambda s, e: list(f(s, e))[::-1], coll.type,
                    code=ctx.source("list({0})[::-1]", _items_source(ctx, coll)))


# -- cards ----------------------------------------------------------------------

_NO_RANKS: dict = {}   # card(): a suit not in the pack has no cards


@builtin("card", "card(rank, suit)", "The card of that rank and suit, e.g. card(\"10\", trumps); a joker named "
         "in pack: jokers by its name and suit none, card(\"Big Joker\", none).", 2, 2, "cards")
def _card(ctx, node, args):
    rank, suit = (ctx.compile(a) for a in args)
    _rank_arg(ctx, rank, args[0], "card")
    suit = ctx.expect(args[1], suit, T.SUIT, "the suit")
    u = ctx.universe()
    by_suit = {su: {r: u.card_id(r, su) for r in u.ranks} for su in u.suits}   # no tuple made per lookup
    if u.joker_names:                    # a joker: its name, and no suit
        by_suit[None] = {kind: u.card_id(kind, None) for kind in u.joker_names}
    rf, sf = rank.fn, suit.fn
    if rank.const and rank.value not in u.ranks:
        from .attributes import check_rank_or_suit_literal
        check_rank_or_suit_literal(ctx, Compiled(rf, T.RANK), rank, args[0])

    def make(s, e):
        cid = by_suit.get(sf(s, e), _NO_RANKS).get(rf(s, e))
        if cid is None:
            r, su = rf(s, e), sf(s, e)
            # none for a suit not yet chosen (trumps before they are named), as the language writes it
            raise EvalError(f"no card of rank {'none' if r is None else repr(r)} and suit "
                            f"{'none (not set yet?)' if su is None else repr(su)}")
        return cid
    return Compiled(make, T.CARD, code=ctx.source("%s[{1}][{0}]" % ctx.ref(by_suit), rank, suit))


def _rank_arg(ctx, rank, node, name):
    """A rank given to card() or of_rank(): text, as a rank is its name (card(10, hearts) finds no card)."""
    if rank.type in (T.NUM, T.BOOL, T.PLAYER):
        said = rank.value if rank.const and isinstance(rank.value, int) else 10
        ctx.error(node, f"the rank must be a rank, but this is {T.describe(rank.type)}", rule="type",
                  hint=f'a rank is its name, as text: {name}(..., "{said}"), not {said}' if name == "of_rank" else
                  f'a rank is its name, as text: card("{said}", hearts), not card({said}, hearts)')
    elif rank.type not in (T.RANK, T.STR, T.ANY, T.NONE):
        ctx.expect(node, rank, T.RANK, "the rank")


@builtin("of_suit", "of_suit(cards, suit)", "The cards of that suit.", 2, 2, "cards")
def _of_suit(ctx, node, args):
    coll = _collection(ctx, args[0], cards=True)
    suit = ctx.expect(args[1], ctx.compile(args[1]), T.SUIT, "the suit")
    suit_of = ctx.universe().suit_of
    cf, sf = _values(coll), suit.fn
    t, c = ctx.gen.fresh("_t"), ctx.gen.fresh("_c")
    # `for t in (suit,)` computes the suit once, before the cards are read
    return Compiled(lambda s, e: (lambda su: [c for c in cf(s, e) if suit_of[c] == su])(sf(s, e)), T.CARDS,
                    code=ctx.source("[%s for %s in ({0},) for %s in {1} if %s[%s] == %s]"
                                    % (c, t, c, ctx.ref(suit_of), c, t), suit, _items_source(ctx, coll)))


@builtin("of_rank", "of_rank(cards, rank)", "The cards of that rank.", 2, 2, "cards")
def _of_rank(ctx, node, args):
    coll = _collection(ctx, args[0], cards=True)
    rank = ctx.compile(args[1])
    _rank_arg(ctx, rank, args[1], "of_rank")
    if rank.const and isinstance(rank.value, str):
        from .attributes import check_rank_or_suit_literal
        check_rank_or_suit_literal(ctx, Compiled(rank.fn, T.RANK), rank, args[1])
    rank_of = ctx.universe().rank_of
    cf, rf = coll.fn, rank.fn
    t, c = ctx.gen.fresh("_t"), ctx.gen.fresh("_c")
    # as of_suit: `for t in (rank,)` computes the rank once, before the cards are read
    return Compiled(lambda s, e: (lambda r: [c for c in cf(s, e) if rank_of[c] == r])(rf(s, e)), T.CARDS,
                    code=ctx.source("[%s for %s in ({0},) for %s in {1} if %s[%s] == %s]"
                                    % (c, t, c, ctx.ref(rank_of), c, t), rank, coll))


@builtin("suits_in", "suits_in(cards)", "The suits present among the cards, without repeats.", 1, 1, "cards")
def _suits_in(ctx, node, args):
    coll = _collection(ctx, args[0], cards=True)
    suit_of = ctx.universe().suit_of
    cf = coll.fn
    c, table = ctx.gen.fresh("_c"), ctx.ref(suit_of)
    return Compiled(lambda s, e: list(dict.fromkeys(suit_of[c] for c in cf(s, e) if suit_of[c] is not None)),
                    T.list_of(T.SUIT),
                    code=ctx.source("list(dict.fromkeys([%s[%s] for %s in {0} if %s[%s] is not None]))"
                                    % (table, c, c, table, c), coll))


# -- players --------------------------------------------------------------------

def _seat_error(ctx, node, args, values, what=("the player", "the number of seats")):
    """The EvalError of a seat function (left_of, next_player...) given a value that is not a seat or a
    number of seats: the argument at fault named by its text, its value in words, instead of the
    arithmetic that failed ('cannot use +: none and a number')."""
    from .compiler import _text_of
    for arg, value, role in zip(args, values, what):
        if not isinstance(value, (int, float)):
            return EvalError(f"'{_text_of(ctx, arg)}' is {describe_value(value)}, not {_SEAT_WORDS[role]}, "
                             f"so '{_text_of(ctx, node)}' has no value")
    return None


_SEAT_WORDS = {"the player": "a player", "the number of seats": "a number of seats",
               "the direction": "a direction (1 or -1)"}


def _seat_fn(ctx, node, args, parts, combine, what=("the player", "the number of seats")):
    """A closure for combine(s, a, b), a and b the values of the two parts, that says which argument was not a seat or a number
    when the arithmetic fails (the generated code falls back to it on an error)."""
    f, g = (c.fn for c in parts)

    def run(s, e):
        a, b = f(s, e), g(s, e)
        try:
            return combine(s, a, b)
        except TypeError:
            err = _seat_error(ctx, node, args, (a, b), what)
            if err is None:
                raise
            raise err from None
    return run


@builtin("left_of", "left_of(player) or left_of(player, steps)",
         "The player sitting that many seats to the left (1 by default; negative goes right).", 1, 2, "players")
def _left_of(ctx, node, args):
    player = ctx.expect(args[0], ctx.compile(args[0]), T.PLAYER, "the player")
    k = ctx.expect(args[1], ctx.compile(args[1]), T.NUM, "the number of seats") if len(args) > 1 \
        else constant(1, T.NUM)
    return Compiled(_seat_fn(ctx, node, args, [player, k], lambda s, a, b: (a + b) % s.n), T.PLAYER,
                    code=ctx.source("(({0} + {1}) % s.n)", player, k))


@builtin("right_of", "right_of(player) or right_of(player, steps)",
         "The player sitting that many seats to the right (1 by default).", 1, 2, "players")
def _right_of(ctx, node, args):
    player = ctx.expect(args[0], ctx.compile(args[0]), T.PLAYER, "the player")
    k = ctx.expect(args[1], ctx.compile(args[1]), T.NUM, "the number of seats") if len(args) > 1 \
        else constant(1, T.NUM)
    return Compiled(_seat_fn(ctx, node, args, [player, k], lambda s, a, b: (a - b) % s.n), T.PLAYER,
                    code=ctx.source("(({0} - {1}) % s.n)", player, k))


@builtin("owner", "owner(zone, card)",
         "The player whose zone (kept per player, e.g. won) holds that card, or none; for a zone kept per "
         "suit or per entry of an object collection, the suit or entry: owner(column, c). With identical "
         "copies (two packs) the very card given is found; a card that lies in none of the zone's parts "
         "(made with card(), say) is found by an identical copy.", 2, 2, "players")
def _owner(ctx, node, args):
    zone = ctx.compile(args[0])
    if not T.is_per(zone.type):
        ctx.error(args[0], "owner() needs a zone kept per player, suit or object, e.g. owner(won, 10♥)", rule="type")
    key = T.per_parts(zone.type)[0]
    card = ctx.expect(args[1], ctx.compile(args[1]), T.CARD, "the card")
    zf, cf = zone.fn, card.fn
    u = ctx.universe()
    face = u.face

    def run(s, e):
        c = cf(s, e)
        if c is None:
            return None
        parts = zf(s, e)
        parts = list(parts.items() if isinstance(parts, dict) else enumerate(parts))
        for p, cards in parts:           # this very card first: with two packs a twin may lie elsewhere
            if c in cards:
                return p
        if u.twins:
            f = face[c]
            for p, cards in parts:
                if any(face[x] == f for x in cards):
                    return p
        return None
    code = None
    if not u.twins and key == "player":      # no identical cards: the player whose cards hold it
        code = ctx.source("%s({0}, {1})" % ctx.ref(_holder), zone, card)
    typ = T.PLAYER if key == "player" else T.SUIT if key == "suit" else T.ANY
    return Compiled(run, typ, code=code)


def _holder(zones, card):
    """The index of the first list holding the card, or None (owner() with one copy of each card)."""
    for p, cards in enumerate(zones):
        if card in cards:
            return p
    return None


def _direction_arg(ctx, node):
    """A direction of play: a number, 1 (to the left) or -1 (to the right) when written out."""
    d = ctx.expect(node, ctx.compile(node), T.NUM, "the direction")
    if d.const and d.value not in (1, -1):
        ctx.error(node, f"the direction is 1 (to the left) or -1 (to the right), not {describe_value(d.value)}",
                  rule="type", hint="seat_order(start, -1) lists the players going right")
    return d


@builtin("seat_order", "seat_order(start) or seat_order(start, direction)",
         "All players in turn order beginning with start (direction 1 = to the left, -1 = to the right).",
         1, 2, "players")
def _seat_order(ctx, node, args):
    first = ctx.expect(args[0], ctx.compile(args[0]), T.PLAYER, "the first player")
    step = _direction_arg(ctx, args[1]) if len(args) > 1 else constant(1, T.NUM)
    a, k, i = ctx.gen.fresh("_a"), ctx.gen.fresh("_d"), ctx.gen.fresh("_i")
    # `for a, k in ((first, direction),)` computes both once, in the closure's order
    return Compiled(_seat_fn(ctx, node, args, [first, step],
                             lambda s, a, k: [(a + i * k) % s.n for i in range(s.n)],
                             ("the player", "the direction")),
                    T.PLAYERS,
                    code=ctx.source("[((%s + %s * %s) %% s.n) for %s, %s in (({0}, {1}),) for %s in range(s.n)]"
                                    % (a, i, k, a, k, i), first, step))


@builtin("next_player", "next_player(from, p => condition) or next_player(from, p => condition, direction)",
         "The first player after `from` (going left, or right with direction -1) who meets the condition; "
         "`from` itself comes last. none if nobody does.", 2, 3, "players")
def _next_player(ctx, node, args):
    first = ctx.expect(args[0], ctx.compile(args[0]), T.PLAYER, "the starting player")
    param, body = _condition_arg(ctx, args[1], T.PLAYER)
    pred = body.fn
    step = _direction_arg(ctx, args[2]) if len(args) > 2 else constant(1, T.NUM)
    start, d = first.fn, step.fn
    # the first seat after `first` meeting the condition: one generator over the seats in order, which
    # codegen.test_statements can write as a `for` loop that stops at the first
    code = ctx.lambda_source(body, "next(({v} for {v} in %s({0}, {1}, s.n) if {body}), None)" % ctx.ref(seats_after),
                             first, step)

    def run(s, e):
        a, k = start(s, e), d(s, e)
        if not isinstance(a, (int, float)) or not isinstance(k, (int, float)):
            err = _seat_error(ctx, node, [args[0], args[2] if len(args) > 2 else args[0]], [a, k],
                              ("the player", "the direction"))
            if err is not None:
                raise err
        saved = e.get(param, _NO)
        try:
            for i in range(1, s.n + 1):
                p = (a + i * k) % s.n
                e[param] = p
                if pred(s, e):
                    return p
            return None
        finally:
            _restore(e, param, saved)
    return Compiled(run, T.PLAYER, code=code)


def seats_after(first, direction, n):
    """The seats after `first` going `direction` seats at a time, `first` itself last (next_player's
    order), remembered per (first, direction, n): a few lists per player count."""
    key = (first, direction, n)
    order = _SEATS_AFTER.get(key)
    if order is None:
        order = [(first + i * direction) % n for i in range(1, n + 1)]
        if first.__class__ is int and direction.__class__ is int and 0 <= first < n and -n <= direction <= n:
            _SEATS_AFTER[key] = order      # bounded: at most 2n + 1 directions for each seat and count
    return order


_SEATS_AFTER: dict = {}


def _team(s, player):
    """(number, seats) of the player's team at this player count; (None, None) without teams."""
    for i, team in enumerate(s.rules.teams.get(s.n, ())):
        if player in team:
            return i, team
    return None, None


@builtin("team_of", "team_of(player)",
         "The number of the player's team (from players.teams at this player count); without teams, the seat.",
         1, 1, "players")
def _team_of(ctx, node, args):
    who = ctx.expect(args[0], ctx.compile(args[0]), T.PLAYER, "the player")
    p = who.fn
    return Compiled(lambda s, e: _team_number(s, p(s, e)), T.NUM,
                    code=ctx.source("%s(s, {0})" % ctx.ref(_team_number), who))


def _team_number(s, player):
    """team_of() in generated source."""
    number, _ = _team(s, player)
    return player if number is None else number


def _team_seats(s, player):
    """teammates() in generated source."""
    _, team = _team(s, player)
    return [player] if team is None else list(team)


@builtin("teammates", "teammates(player)",
         "The players on the player's team, the player included (just the player without teams).",
         1, 1, "players")
def _teammates(ctx, node, args):
    who = ctx.expect(args[0], ctx.compile(args[0]), T.PLAYER, "the player")
    p = who.fn
    return Compiled(lambda s, e: _team_seats(s, p(s, e)), T.PLAYERS,
                    code=ctx.source("%s(s, {0})" % ctx.ref(_team_seats), who))
