"""Built-in functions for sequences, in particular cyclic ones (see docs/design.md).

A cyclic sequence is a plain list, such as a pack's ranks from low to high,
read so that the first item follows the last one.  The functions take the
sequence as their first argument, so one ruleset can use different sequences
(for instance the ranks actually in the pack at this player count).
"""
from __future__ import annotations

import re

from . import types as T
from .compiler import Compiled, constant
from .errors import EvalError
from .functions import _collection, _elem_type, _values, builtin, no_card_order


def _num(ctx, arg, what):
    return ctx.expect(arg, ctx.compile(arg), T.NUM, what).fn


def _call(ctx, fn, *args):
    """Source calling the plain function `fn` on the arguments' values (None if an argument has no source)."""
    return ctx.source(ctx.ref(fn) + "(" + ", ".join("{%d}" % i for i in range(len(args))) + ")", *args)


def _items(ctx, c):
    from .functions import _items_source
    return _items_source(ctx, c)


def _where_in(seq, item, text):
    try:
        return seq.index(item)
    except ValueError:
        raise EvalError(f"{item!r} is not in the sequence {seq!r} ({text})") from None


@builtin("position", "position(items, x)",
         "Where x is in the list, counting from 0 (none if it is not there), e.g. "
         "position([clubs, spades, hearts, diamonds], hearts) is 2. With several copies of each card, a card "
         "is found as itself, else as the first card of the same rank and suit.", 2, 2, "sequences")
def _position(ctx, node, args):
    coll = _collection(ctx, args[0])
    seq = _values(coll)
    x_c = ctx.compile(args[1])
    item = x_c.fn
    find = position
    u = ctx.universe()
    if x_c.type == T.CARD and u is not None and u.max_copies > 1:
        find = _card_position(u.face)

    def run(s, e):
        return find(seq(s, e), item(s, e))
    return Compiled(run, T.NUM, code=_call(ctx, find, _items(ctx, coll), x_c))


def position(items, x):
    try:
        return items.index(x)            # a list, a tuple or a range: found without a Python loop
    except ValueError:
        return None
    except (AttributeError, TypeError):  # anything else that can be iterated
        return next((i for i, y in enumerate(items) if y == x), None)


def _card_position(face):
    """position() of a card with several copies of each card: the card itself if it is there (the
    second 10♥ of a trick is found as the second), else the first card of the same rank and suit, as
    `==`, `in` and contains() compare cards: `position(trick, Q♣)` finds the Queen of clubs whichever
    copy was played (it was none for the second copy, while `Q♣ in trick` held)."""
    def find(items, x):
        found = position(items, x)
        if found is not None or x is None:
            return found
        f = face[x]
        return next((i for i, y in enumerate(items) if y is not None and face[y] == f), None)
    return find


@builtin("smallest", "smallest(items, n)",
         "The n smallest items (numbers, or anything that sorts; not cards or suits), from the smallest up; fewer "
         "if the list is shorter. sum(smallest(values, 2)) adds the two lowest values.", 2, 2, "sequences")
def _smallest(ctx, node, args):
    coll = _collection(ctx, args[0])
    no_card_order(ctx, args[0], coll, "smallest")
    seq = _values(coll)
    n_c = ctx.expect(args[1], ctx.compile(args[1]), T.NUM, "how many")
    n = n_c.fn
    return Compiled(lambda s, e: sorted(seq(s, e))[:max(0, n(s, e))], T.list_of(_elem_type(coll)),
                    code=ctx.source("sorted({0})[:max(0, {1})]", _items(ctx, coll), n_c))


@builtin("cyclic_next", "cyclic_next(sequence, x) or cyclic_next(sequence, x, steps)",
         "The item that many places (1 by default) after x in the sequence, going round from the last item "
         "to the first: cyclic_next(ranks, \"A\") is the lowest rank. A negative number of steps goes back.",
         2, 3, "sequences")
def _cyclic_next(ctx, node, args):
    coll = _collection(ctx, args[0])
    seq = _values(coll)
    item_c = ctx.compile(args[1])
    steps_c = (ctx.expect(args[2], ctx.compile(args[2]), T.NUM, "the number of steps") if len(args) > 2
               else constant(1, T.NUM))
    item, steps = item_c.fn, steps_c.fn
    find = _finder(ctx.text)

    def run(s, e):
        return cyclic_next(seq(s, e), item(s, e), steps(s, e), find)
    items = _items(ctx, coll)
    if items is not None and _SIMPLE_READ.match(items):   # a plain read may be written twice: no call
        code = ctx.source("%s[(%s.index({0}) + {1}) %% len(%s)]" % (items, items, items), item_c, steps_c)
    else:
        code = _call(ctx, cyclic_next, items, item_c, steps_c)
    return Compiled(run, _elem_type(coll), code=code)


_SIMPLE_READ = re.compile(r"^(s\.[vz]\[\d+\]|_k\d+)$")   # a state variable, a zone or a constant


# The plain functions below serve both the closures and the generated source. `find(items, x)` is
# where x is in items: the closures pass one raising an EvalError that names the expression (_finder),
# generated source uses list.index (a failure there reruns the closure for its message).

def _finder(text):
    return lambda items, x: _where_in(items, x, text)


def _index(items, x):
    return items.index(x)


def cyclic_next(items, x, steps, find=_index):
    return items[(find(items, x) + steps) % len(items)]


@builtin("cyclic_distance", "cyclic_distance(sequence, a, b)",
         "How many steps forward (0 up to the length less one) lead from a to b in the sequence, going round "
         "from the last item to the first.", 3, 3, "sequences")
def _cyclic_distance(ctx, node, args):
    coll = _collection(ctx, args[0])
    seq = _values(coll)
    a_c, b_c = ctx.compile(args[1]), ctx.compile(args[2])
    a, b = a_c.fn, b_c.fn
    find = _finder(ctx.text)

    def run(s, e):
        return cyclic_distance(seq(s, e), a(s, e), b(s, e), find)
    return Compiled(run, T.NUM, code=_call(ctx, cyclic_distance, _items(ctx, coll), a_c, b_c))


def cyclic_distance(items, a, b, find=_index):
    return (find(items, b) - find(items, a)) % len(items)


@builtin("cyclic_passes", "cyclic_passes(sequence, from, to, x)",
         "True if a move forward from `from` to `to` in the sequence, going round from the last item to the "
         "first, reaches or passes x: x lies after `from` (not counting `from` itself) and no later than `to`. "
         "A move from an item to itself passes nothing.", 4, 4, "sequences")
def _cyclic_passes(ctx, node, args):
    coll = _collection(ctx, args[0])
    seq = _values(coll)
    parts = [ctx.compile(arg) for arg in args[1:]]
    a, b, x = (p.fn for p in parts)
    find = _finder(ctx.text)
    code = _call(ctx, cyclic_passes, _items(ctx, coll), *parts)

    def run(s, e):
        return cyclic_passes(seq(s, e), a(s, e), b(s, e), x(s, e), find)
    return Compiled(run, T.BOOL, code=code)


def cyclic_passes(items, a, b, x, find=_index):
    n = len(items)
    start = find(items, a)
    to, at = (find(items, b) - start) % n, (find(items, x) - start) % n   # both looked up, whatever x is
    return 0 < at <= to


@builtin("cyclic_run", "cyclic_run(sequence, start, present)",
         "The unbroken run of items that follow start in the sequence and are all in `present`, in order, "
         "going round from the last item to the first and stopping before start comes round again. Empty if "
         "the item right after start is missing; last(...) of the run is its top. E.g. with the ranks "
         "4 to A, start \"K\" and present [\"A\", \"4\", \"6\"], the run is [\"A\", \"4\"].", 3, 3, "sequences")
def _cyclic_run(ctx, node, args):
    coll = _collection(ctx, args[0])
    seq = _values(coll)
    start_c = ctx.compile(args[1])
    present_c = _collection(ctx, args[2], "the items present")
    start, present = start_c.fn, _values(present_c)
    find = _finder(ctx.text)
    code = _call(ctx, cyclic_run, _items(ctx, coll), start_c, _items(ctx, present_c))

    def run(s, e):
        return cyclic_run(seq(s, e), start(s, e), present(s, e), find)
    return Compiled(run, coll.type if not T.is_per(coll.type) else T.list_of(_elem_type(coll)), code=code)


def cyclic_run(items, start, present, find=_index):
    n = len(items)
    here = present if present.__class__ is list and len(present) < 8 else set(present)   # a few: no set
    i = find(items, start)
    out = []
    for k in range(1, n):
        x = items[(i + k) % n]
        if x not in here:
            break
        out.append(x)
    return out
