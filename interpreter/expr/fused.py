"""Fused comparisons: `a < b` as one closure when both sides are simple reads.

A simple read has a shape (set by the compiler): a constant, a local name, a
state variable, a state variable indexed by a local (score[p]), or a table
indexed by a local (card.suit inside a loop over cards). Comparing two such
reads needs one function call instead of three or four; conditions in tricks,
filters and scoring are mostly of this form.
"""
from __future__ import annotations


def fused_compare(op, left, right, plain=None):
    """A closure computing op(left, right) directly, or None if a shape is not simple.  `plain`, the
    comparison of the two sides' own closures, is run instead when a card read fails (card.suit of a
    local holding no card), so that its error names the value ('c' is none, not a card)."""
    if left is None or right is None:
        return None
    lk, rk = left[0], right[0]
    if lk == "const" and rk == "const":
        return None                      # folded elsewhere, or not worth it
    get_l, get_r = _READ.get(lk), _READ.get(rk)
    if get_l is None or get_r is None:
        return None
    fast = _PAIRS.get((lk, rk), _generic)(op, left, right)
    if plain is None or "table_at_local" not in (lk, rk):
        return fast

    def guarded(s, e):
        try:
            return fast(s, e)
        except (TypeError, IndexError, KeyError):
            return plain(s, e)
    return guarded


def _generic(op, left, right):
    get_l, get_r = _READ[left[0]](left), _READ[right[0]](right)
    return lambda s, e: op(get_l(s, e), get_r(s, e))


def _read_const(shape):
    v = shape[1]
    return lambda s, e: v


def _read_local(shape):
    name = shape[1]
    return lambda s, e: e[name]


def _read_var(shape):
    i = shape[1]
    return lambda s, e: s.v[i]


def _read_var_at_local(shape):
    i, name = shape[1], shape[2]
    return lambda s, e: s.v[i][e[name]]


def _read_table_at_local(shape):
    table, name = shape[1], shape[2]
    return lambda s, e: table[e[name]]


_READ = {"const": _read_const, "local": _read_local, "var": _read_var,
         "var_at_local": _read_var_at_local, "table_at_local": _read_table_at_local}


def _table_local__var(op, left, right):
    table, name, i = left[1], left[2], right[1]
    return lambda s, e: op(table[e[name]], s.v[i])


def _table_local__const(op, left, right):
    table, name, v = left[1], left[2], right[1]
    return lambda s, e: op(table[e[name]], v)


def _table_local__local(op, left, right):
    table, name, other = left[1], left[2], right[1]
    return lambda s, e: op(table[e[name]], e[other])


def _var_at_local__const(op, left, right):
    i, name, v = left[1], left[2], right[1]
    return lambda s, e: op(s.v[i][e[name]], v)


def _var_at_local__var(op, left, right):
    i, name, j = left[1], left[2], right[1]
    return lambda s, e: op(s.v[i][e[name]], s.v[j])


def _local__const(op, left, right):
    name, v = left[1], right[1]
    return lambda s, e: op(e[name], v)


def _local__var(op, left, right):
    name, i = left[1], right[1]
    return lambda s, e: op(e[name], s.v[i])


def _var__const(op, left, right):
    i, v = left[1], right[1]
    return lambda s, e: op(s.v[i], v)


def _local__local(op, left, right):
    a, b = left[1], right[1]
    return lambda s, e: op(e[a], e[b])


_PAIRS = {
    ("table_at_local", "var"): _table_local__var,
    ("table_at_local", "const"): _table_local__const,
    ("table_at_local", "local"): _table_local__local,
    ("var_at_local", "const"): _var_at_local__const,
    ("var_at_local", "var"): _var_at_local__var,
    ("local", "const"): _local__const,
    ("local", "var"): _local__var,
    ("var", "const"): _var__const,
    ("local", "local"): _local__local,
}
