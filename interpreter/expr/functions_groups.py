"""Built-in functions for games where cards are played in sets of equal value
(climbing and shedding games): the sets a hand can make, what a set is worth,
whether cards share a value.  See docs/design.md for how built-ins work."""
from __future__ import annotations

from itertools import combinations

from ..cards.combos import class_subsets, disjoint_unions, groups_by_key, key_sequences
from . import types as T
from .codegen import loop_parts
from .compiler import Compiled
from .errors import EvalError
from .functions import _NO, _collection, _fn_arg, _key_arg, _restore, builtin


def _with_item(param, fn):
    """fn(s, e) as a function (s, e, item) of one card, with `param` naming the item while it runs."""
    def call(s, e, c):
        saved = e.get(param, _NO)
        e[param] = c
        try:
            return fn(s, e)
        finally:
            _restore(e, param, saved)
    return call


def _card_key(ctx, arg):
    """fn(s, e, card) -> key, from `c => ...` or the name of an order or point table."""
    param, body = _key_arg(ctx, arg, T.CARD)
    if param is None:
        table_fn = body

        def key(s, e, c):
            return table_fn(s, c)
    else:
        key = _with_item(param, body.fn)
    key.parts = (param, body)       # for generated source (see _total_source)
    return key


def _sized(ctx, arg, what):
    return ctx.expect(arg, ctx.compile(arg), T.NUM, what)


@builtin("groups", "groups(cards, key), groups(cards, key, min) or groups(cards, key, min, max)",
         "Every distinct set of the cards whose keys are all equal, e.g. groups(hand[current], value, 1, 4): "
         "each set is a list of cards (in a fixed order), one set per exact choice of cards, so two sets "
         "with the same values but different cards both appear. The key is a function c => ... or the "
         "name of an order or point table; cards whose key is none belong to no set; a key that is a card "
         "groups identical cards (two packs): groups(hand[p], c => c, 2, 2) is every pair. min and max bound "
         "the size of a set (1 and no limit by default). Used as a move's options, each set is one action. "
         "With a key that is the same for every card, every set of the cards: filter(groups(table, c => 0, 2, 4), "
         "g => total(g, value) == 10) is every set of two to four table cards worth 10 together (a capture by sum).",
         2, 4, "cards")
def _groups(ctx, node, args):
    cards = _collection(ctx, args[0], "the cards", cards=True)
    key = _card_key(ctx, args[1])
    sizes = [_sized(ctx, args[2], "the smallest size") if len(args) > 2 else None,
             _sized(ctx, args[3], "the largest size") if len(args) > 3 else None]
    low = sizes[0].fn if sizes[0] is not None else (lambda s, e: 1)
    high = sizes[1].fn if sizes[1] is not None else (lambda s, e: None)
    cf = cards.fn
    param, body = key.parts
    u = ctx.universe()
    if param is not None and body.type == T.CARD and u is not None and u.twins:
        # a key that is a card (c => c): identical cards have equal keys, as == compares them
        face, card_key = u.face_key, key

        def key(s, e, c):
            return face[card_key(s, e, c)]
        key.parts = (None, None)         # no generated source (see _groups_source)

    def run(s, e):
        keys = {}
        for c in cf(s, e):
            k = key(s, e, c)
            if k is not None:
                keys[c] = k
        return groups_by_key(keys, keys.__getitem__, low(s, e), high(s, e))
    return Compiled(run, T.list_of(T.CARDS), code=_groups_source(ctx, cards, key, sizes))


def _groups_source(ctx, cards, key, sized):
    """groups() as Python source (see _total_source): the cards and their keys computed inline,
    then `_keyed_groups` does what `run` does with them.  None when a part has no source."""
    if T.is_per(cards.type) or key.parts == (None, None):
        return None
    sizes = [default if c is None else ctx.code(c) for c, default in zip(sized, ("1", "None"))]
    if any(x is None for x in sizes):
        return None
    param, body = key.parts
    if param is None:
        pairs = _over_cards(ctx, cards, "[({v}, %s) for {loop}]" % _table_key(ctx, body))
    else:
        pairs = ctx.lambda_source(body, "[({v}, {body}) for {v} in {0}]", cards)
    if pairs is None:
        return None
    return "%s(%s, %s, %s)" % (ctx.ref(_keyed_groups), pairs, sizes[0], sizes[1])


def _keyed_groups(pairs, low, high):
    """groups() from (card, key) pairs in the order of the cards."""
    keys = {}
    for c, k in pairs:
        if k is not None:
            keys[c] = k
    classes = {}
    for c in sorted(keys):
        k = keys[c]
        ids = classes.get(k)
        if ids is None:
            classes[k] = [c]
        else:
            ids.append(c)
    if low == 1 and high is None and low.__class__ is int:
        # the common case written out (class_subsets does the same): singles, then pairs...; a class
        # of one card (most of them) without a loop
        out = []
        for ids in classes.values():
            if len(ids) == 1:
                out.append(tuple(ids))
            else:
                for c in ids:
                    out.append((c,))
                for size in range(2, len(ids) + 1):
                    out += combinations(ids, size)
        return out
    return class_subsets(classes, low, high)


@builtin("sequences", "sequences(cards, key, min), sequences(cards, key, min, max), "
         "sequences(cards, key, min, max, width) or sequences(cards, key, min, max, width, wild)",
         "Every distinct set of the cards whose keys (whole numbers: an order, a point table or a function "
         "c => ...) run through consecutive values, one card of each, from min to max values long (max none: "
         "no limit): sequences(hand[current], plain, 5, 5) is every straight of five cards, whatever their "
         "suits. With width, that many cards of each value: sequences(h, plain, 2, none, 2) is every run of "
         "two or more pairs (7 7 8 8). With wild, a condition c => ... on the cards: each card meeting it "
         "may stand for one missing card, of a value some card of the pack has (a set holds at least one "
         "other card). Cards whose key is none belong to no set. The cards of a set come in key order, the "
         "wild cards last; a set the wild cards make in two ways (at either end) is given once.",
         3, 6, "cards")
def _sequences(ctx, node, args):
    cards = _collection(ctx, args[0], "the cards", cards=True)
    key = _card_key(ctx, args[1])
    param, body = key.parts
    if param is not None and not T.compatible(body.type, T.NUM):
        ctx.error(args[1], f"sequences() runs through whole numbers, but this key gives {T.describe(body.type)}",
                  rule="type", hint="give the card's place in an order, e.g. c => plain(c) or the order's name")
    low = _sized(ctx, args[2], "the fewest values in a sequence").fn
    high = _sized(ctx, args[3], "the most values in a sequence").fn if len(args) > 3 else (lambda s, e: None)
    width = _sized(ctx, args[4], "how many cards of each value").fn if len(args) > 4 else (lambda s, e: 1)
    wild = None
    if len(args) > 5:
        param, body = _fn_arg(ctx, args[5], T.CARD, "the wild cards")
        wild = _with_item(param, body.fn)
    cf = cards.fn

    def run(s, e):
        keys, wilds = {}, []
        for c in cf(s, e):
            if wild is not None and wild(s, e, c):
                wilds.append(c)
                continue
            k = key(s, e, c)
            if k is not None:
                keys[c] = _whole(k)
        allowed = ()
        if wilds:
            allowed = {_whole(k) for k in (key(s, e, c) for c in s.rules.deck(s.n) if not wild(s, e, c))
                       if k is not None}
        return key_sequences(keys, wilds, low(s, e), high(s, e), width(s, e) or 1, allowed)
    return Compiled(run, T.list_of(T.CARDS))


def _whole(k):
    if isinstance(k, bool) or not isinstance(k, (int, float)) or k != int(k):
        raise EvalError(f"sequences() needs whole-number keys, but a card's key is {k!r}")
    return int(k)


@builtin("combined", "combined(a, b), combined(a, b, c) or combined(a, b, c, d)",
         "Every set of cards made of one item of each list (lists of sets of cards, such as groups() gives) "
         "with no card taken twice, as the first item's cards, then the second's: "
         "combined(groups(h, plain, 3, 3), groups(h, plain, 2, 2)) is every full house, "
         "combined(groups(h, plain, 4, 4), groups(h, plain, 1, 1)) every four of a kind with a fifth card. "
         "A set of cards made in several ways is given once, in one of its ways: where the way matters "
         "(which cards make which meld of a contract), let the player lay the groups one at a time.",
         2, 4, "cards")
def _combined(ctx, node, args):
    parts = [_collection(ctx, a, "each argument") for a in args]
    for a, p in zip(args, parts):
        if not T.compatible(T.element_of(p.type), T.CARDS):
            ctx.error(a, f"combined() joins lists of sets of cards, but this is {T.describe(p.type)}",
                      rule="type", hint="give sets of cards, e.g. groups(hand[current], plain, 2, 2); "
                      "for single cards, groups(hand[current], plain, 1, 1)")
    fns = [p.fn for p in parts]
    return Compiled(lambda s, e: disjoint_unions([f(s, e) for f in fns]), T.list_of(T.CARDS))


@builtin("total", "total(cards, key)",
         "The sum of the key over the cards: the value of a play under a point table, e.g. "
         "total(cards, value), or of a function c => ... (a card whose key is none counts 0).",
         2, 2, "cards")
def _total(ctx, node, args):
    cards = _collection(ctx, args[0], "the cards", cards=True)
    key = _card_key(ctx, args[1])
    param, body = key.parts
    if param is not None and body.type not in (T.NUM, T.BOOL, T.ANY, T.NONE):
        ctx.error(args[1].tree, f"total() adds up numbers, but this key gives {T.describe(body.type)}", rule="type",
                  hint="give each card a number, e.g. c => value(c) with a point table, or c => plain(c)")
    cf = cards.fn

    def run(s, e):
        return sum(key(s, e, c) or 0 for c in cf(s, e))
    return Compiled(run, T.NUM, code=_total_source(ctx, cards, key))


def _total_source(ctx, cards, key):
    """total() as Python source, so that an expression using it (often a move's `legal:`, tested for
    every option) becomes one generated function instead of calls through closures; None when the
    cards or the key have no source.  The same sum, over the same list, in the same order."""
    if T.is_per(cards.type):
        return None
    param, body = key.parts
    if param is None:
        return _over_cards(ctx, cards, "sum([%s or 0 for {loop}])" % _table_key(ctx, body))
    return ctx.lambda_source(body, "sum([({body}) or 0 for {v} in {0}])", cards)


def _table_key(ctx, key):
    """The source of a named order or point table's value of the card {v}: an index into the table
    where the key is a plain per-card list (`.table`), else a call."""
    table = getattr(key, "table", None)
    if table is not None:
        return "%s[{v}]" % ctx.ref(table)
    return "%s(s, {v})" % ctx.ref(key)


def _over_cards(ctx, cards, template):
    """`template` with {loop} the loop over the cards' source and {v} its variable: over a filter
    comprehension, its own clauses (one comprehension, card by card, as lambda_source does)."""
    code = ctx.code(cards)
    if code is None:
        return None
    inner = loop_parts(code)
    if inner is not None:
        clauses, var = inner
        return template.replace("{loop}", clauses).replace("{v}", var)
    return template.replace("{loop}", "_tk in " + code).replace("{v}", "_tk")


@builtin("same_key", "same_key(cards, key)",
         "True if there is at least one card and every card has the same key (a function c => ... or the "
         "name of an order or point table), e.g. same_key(cards, value) for a set of equal value.",
         2, 2, "cards")
def _same_key(ctx, node, args):
    cards = _collection(ctx, args[0], "the cards", cards=True)
    key = _card_key(ctx, args[1])
    cf = cards.fn

    def run(s, e):
        items = cf(s, e)
        if not items:
            return False
        first = key(s, e, items[0])
        return first is not None and all(key(s, e, c) == first for c in items[1:])
    return Compiled(run, T.BOOL)
