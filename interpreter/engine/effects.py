"""What a run of compiled steps may change, and what that allows in generated source.

stepgen.py writes a `for_each` over `filter(...)` as one loop that tests each
item as it comes (no list is built first) when the loop's body changes nothing
the filter reads: then every test gives what it would have given before the
loop started.  The reads are found in the filter's generated source (`s.v[N]`,
`s.z[N]`), the writes in the compiled steps of the body (the variables each
`set`/`add` stores, the zones each `move` touches); a step of any other kind
may change anything.
"""
from __future__ import annotations

import re

from ..expr.codegen import filter_parts
from .vm import Call, CallWith, ForEach, If, Seq

_STATE_READ = re.compile(r"(?<![\w.])s\.(v|z)\[(\d+)\]")


def fusable_filter(items: str, body, name, consts):
    """(source, variable, condition) when `items` is a comprehension `[x for x in source if cond]`
    that the loop `for name in items` may test item by item: the body writes no variable or zone
    that the source or the condition reads, so every test gives what it would have given before the
    loop started.  A variable the body sets only at the loop's item (`climb[l]: ...`) may be read by
    the condition at its own item (`climb[l]`) when the items are all different."""
    parts = filter_parts(items)
    if parts is None:
        return None
    source, var, cond = parts
    text = source + " " + cond
    rest = re.sub(r"(?<![\w.])s\.n(?!\w)", "", _STATE_READ.sub("", text))
    if re.search(r"(?<![\w.])s(?!\w)", rest):
        return None                          # the state is read some other way (a helper given s)
    writes = _writes(body, name)
    if writes is None:
        return None
    at_item = re.escape(f"[{var}]")
    for m in _STATE_READ.finditer(text):
        kind, n = m.group(1), int(m.group(2))
        if (kind, n) in writes or kind == "z" and ("z", None) in writes:
            return None
        if (kind, n, "item") in writes and not (m.start() >= len(source) + 1 and _distinct(source, consts)
                                                and re.match(at_item, text[m.end():])):
            return None
    return source, var, f"({cond})"


def _distinct(source, consts) -> bool:
    """Whether a loop over `source` sees every item once: the players, or a bound list without repeats."""
    if source == "range(s.n)":
        return True
    value = consts.get(source)
    try:
        return isinstance(value, (list, tuple)) and len(set(value)) == len(value)
    except TypeError:                        # items that cannot be compared this way
        return False


def _writes(node, name=None):
    """What a body of steps may change: variables ('v', index), or ('v', index, 'item') when only at
    the key `name` (the loop's item), and zones ('z', index; ('z', None) for any); None when it has a
    step this cannot tell about."""
    out = set()
    if node is None:
        return out
    if isinstance(node, (list, Seq)):
        for child in (node if isinstance(node, list) else node.children):
            part = _writes(child, name)
            if part is None:
                return None
            out |= part
        return out
    if isinstance(node, If):
        then, other = _writes(node.then, name), _writes(node.other, name)
        return None if then is None or other is None else then | other
    if isinstance(node, ForEach):            # an inner loop's own item is not the outer one's
        return _writes(node.body, None)
    if isinstance(node, Call):
        return _writes(node.target, name) if node.target is not None else None
    if isinstance(node, CallWith):                # the body's own names are not the loop's item
        return _writes(node.target, None)
    if getattr(node, "ops", None) is not None:
        for index, key, *_ in node.ops:
            out.add(("v", index, "item") if name is not None and _is_read_of(key, name) else ("v", index))
        return out
    if getattr(node, "move", None) is not None:
        _cards, _single, src, tgt, _bottom = node.move
        for fn in (src, tgt):
            source = getattr(fn, "source", None)
            if source is None:           # from anywhere, or a zone without source: any zone
                out.add(("z", None))
            else:
                out |= {("z", int(m.group(2))) for m in _STATE_READ.finditer(source) if m.group(1) == "z"}
        return out
    return None


def _is_read_of(fn, name) -> bool:
    """Whether the expression `fn` is the bare local name `name` (its source is `e[_kN]`)."""
    m = re.fullmatch(r"e\[(_k\d+)\]", getattr(fn, "source", "") or "")
    return m is not None and fn.consts.get(m.group(1)) == name
