"""`extends:` — a ruleset that starts from another ruleset and changes it.

    extends: base-game.yaml        # relative to this file, or a bundled name
    scoring: null                  # null removes an inherited entry
    deal: {hand_size: 9}           # mappings merge key by key
    phases: [bid, play]            # lists and plain values replace wholesale
    sizes: {$items: {2: 6}}        # ...or change items of a list by position

Three merge directives change an inherited list, written in a mapping where the
parent has a list; every position counts in the parent's list (from 0), whatever
the others add or take away:

- ``{$items: {POSITION: value}}`` changes the items at those positions (-1 for the
  last) and keeps the others.  An item that is a mapping merges key by key like any
  mapping, so ``hand: {$items: {3: {deal: {count: 6}}}}`` changes one setting of
  the fourth step.
- ``{$insert: {POSITION: [items]}}`` adds items before the parent's item at that
  position (the parent's length, or ``end``, adds them at the end).
- ``{$remove: [POSITION, ...]}`` leaves out the parent's items at those positions.

``resolve_ruleset(path)`` follows the chain (child -> parent -> grandparent),
merges from the oldest ancestor down, and returns the merged data with a
SourceMap whose positions point into whichever file supplied each value.
"""
from __future__ import annotations

import copy
import os
from pathlib import Path
from typing import Callable

from ..diagnostics import Diagnostic, RulesetError, did_you_mean
from .yamlsource import SourceMap, load_yaml_file

__all__ = ["resolve_ruleset", "deep_merge", "ITEMS", "INSERT", "REMOVE"]

EXTENDS = "extends"
ITEMS = "$items"
INSERT = "$insert"
REMOVE = "$remove"
LIST_DIRECTIVES = (ITEMS, INSERT, REMOVE)
YAML_SUFFIXES = (".yaml", ".yml")
MAX_EXTENDS_DEPTH = 10        # a ruleset, its parent, ... : at most this many files in a chain
MAX_REF_LENGTH = 255          # an `extends` value longer than this is not a file name


def deep_merge(base, override):
    """Merge `override` onto `base` without touching either.

    The result shares nothing with the inputs.  Mappings merge recursively;
    a key whose override value is None is removed; `{"$items": {i: value}}`
    changes the items at positions i of a base list; anything else in
    `override` (lists, scalars) replaces the base value.  A misused `$items`
    raises ValueError.
    """
    try:
        return _merge(copy.deepcopy(base), copy.deepcopy(override), (), None)
    except _ItemsError as err:
        raise ValueError(err.message) from None


class _ItemsError(Exception):
    """A misused `$items` directive, at `path` in the overriding file."""

    def __init__(self, path, message, hint=None):
        super().__init__(message)
        self.path, self.message, self.hint = path, message, hint


def _is_items(value) -> bool:
    return isinstance(value, dict) and any(k in value for k in LIST_DIRECTIVES)


def _merge_items(base, over, path, maps):
    """Apply `{$items: {position: value}, $insert: {position: [items]}, $remove: [positions]}` to the
    list `base` (every position counted in `base`)."""
    extra = [k for k in over if k not in LIST_DIRECTIVES]
    first = next(k for k in over if k in LIST_DIRECTIVES)
    if extra:
        raise _ItemsError(path + (extra[0],), f"'{first}' must be the only key of its mapping (beside the "
                          f"other list changes: {', '.join(LIST_DIRECTIVES)})",
                          "write the other keys in the list's items, under their positions")
    if not isinstance(base, list):
        had = "nothing" if base is None else f"a {type(base).__name__}".replace("dict", "mapping")
        raise _ItemsError(path + (first,), f"'{first}' changes an inherited list, but the parent has "
                          f"{had} here", "write the whole value instead")
    changes = over.get(ITEMS, {})
    if not isinstance(changes, dict):
        raise _ItemsError(path + (ITEMS,), f"'{ITEMS}' needs a mapping of positions to new items",
                          "e.g. {$items: {0: 6}} makes the first item 6")
    removed = _removed_positions(base, over.get(REMOVE, []), path + (REMOVE,))
    inserted = _inserted_items(base, over.get(INSERT, {}), path + (INSERT,))
    result = list(base)
    if maps:
        maps[2].adopt(maps[0], path)
    for pos, value in changes.items():
        where = path + (ITEMS, pos)
        if isinstance(pos, bool) or not isinstance(pos, int):
            raise _ItemsError(where, f"'{pos}' is not a position in the list", "positions are whole numbers: "
                              "0 for the first item, 1 for the second, -1 for the last")
        if not -len(base) <= pos < len(base):
            raise _ItemsError(where, f"the inherited list has no item at position {pos}: it has {len(base)} "
                              f"item(s), positions 0 to {len(base) - 1}",
                              f"to add items, write {{{INSERT}: {{POSITION: [...]}}}}")
        if value is None:
            raise _ItemsError(where, "an item cannot be removed with null",
                              f"leave it out with {{{REMOVE}: [{pos % len(base)}]}}")
        index = pos % len(base)
        if index in removed:
            raise _ItemsError(where, f"the item at position {index} is both changed and removed",
                              f"change it under '{ITEMS}' or remove it under '{REMOVE}', not both")
        _check_same_item(base, index, value, where)
        if maps:
            _alias(maps[1], where, path + (index,))
        result[index] = _merge(base[index], value, path + (index,), maps)
    if not removed and not inserted:
        return result
    out, moved, added = [], {}, []
    for i in range(len(base) + 1):
        for key, items in inserted.get(i, ()):
            for j, item in enumerate(items):
                added.append((path + (INSERT, key, j), len(out)))
                out.append(item)
        if i < len(base) and i not in removed:
            moved[i] = len(out)
            out.append(result[i])
    if maps:
        _renumber(maps[2], path, moved)
        for src, index in added:
            _alias(maps[1], src, path + (index,))
            maps[2].adopt(maps[1], path + (index,))
    return out


def _removed_positions(base, positions, where) -> set:
    """The positions of `$remove: [...]`, from 0 (-1 the last), checked against the parent's list."""
    if not isinstance(positions, list):
        raise _ItemsError(where, f"'{REMOVE}' needs a list of positions, e.g. {{{REMOVE}: [2]}}")
    out = set()
    for i, pos in enumerate(positions):
        if isinstance(pos, bool) or not isinstance(pos, int) or not -len(base) <= pos < len(base):
            raise _ItemsError(where + (i,), f"'{pos}' is not a position in the inherited list: it has "
                              f"{len(base)} item(s), positions 0 to {len(base) - 1}")
        out.add(pos % len(base))
    return out


def _inserted_items(base, inserts, where) -> dict:
    """`$insert: {position: [items]}` -> {position in the parent's list: [(key as written, items)]}."""
    if not isinstance(inserts, dict):
        raise _ItemsError(where, f"'{INSERT}' needs a mapping of positions to lists of new items",
                          f"e.g. {{{INSERT}: {{2: [...]}}}} adds items before the third")
    out: dict = {}
    for key, items in inserts.items():
        pos = len(base) if key == "end" else key
        if isinstance(pos, bool) or not isinstance(pos, int) or not 0 <= pos <= len(base):
            raise _ItemsError(where + (key,), f"'{key}' is not a place to add items: the inherited list has "
                              f"{len(base)} item(s)", f"give the position of the item the new ones go before, "
                              f"0 to {len(base) - 1}, or {len(base)} (or end) to add them at the end")
        if not isinstance(items, list):
            raise _ItemsError(where + (key,), f"'{INSERT}' gives a list of the items to add at each position",
                              f"write the item in a list: {{{INSERT}: {{{key}: [...]}}}}")
        out.setdefault(pos, []).append((key, copy.deepcopy(items)))
    return out


def _renumber(smap: SourceMap, path: tuple, moved: dict) -> None:
    """Positions recorded under path + (i, ...) move to path + (moved[i], ...); those of an item left
    out (not in `moved`) are dropped."""
    n = len(path)
    for table in (smap._values, smap._keys, smap.replaced, smap.removed):
        entries = [(p, v) for p, v in table.items() if len(p) > n and p[:n] == path and isinstance(p[n], int)]
        for p, _ in entries:
            del table[p]
        for p, v in entries:
            if p[n] in moved:
                table[path + (moved[p[n]],) + p[n + 1:]] = v


def _check_same_item(base, index, value, where):
    """A mapping item that shares no key with an inherited one-key item (a step such as `set: ...`)
    would make one item of two kinds: positions counted wrong (from 1, or a step forgotten).  An item
    of several keys (`if:` with `then:` and `else:`) may gain a key of its own (an `else:`), so there
    the change is taken as misplaced only when its key is what another item of the list starts with
    (a `tricks:` written at the position of the `if:` before it)."""
    item = base[index]
    if not (isinstance(item, dict) and item and isinstance(value, dict) and value
            and not set(value) & set(item)):
        return
    kind, new = next(iter(item)), next(iter(value))
    found = [i for i, other in enumerate(base) if isinstance(other, dict) and new in other]
    inner = item[kind]
    if isinstance(inner, dict) and set(value) & set(inner):
        # the settings of the step, written without the step's kind around them
        hint = (f"a step's settings lie under its kind: write {where[-1]}: {{{kind}: {{{new}: ...}}}} to change "
                f"the '{new}' of this '{kind}:' step")
        raise _ItemsError(where, f"the inherited item at position {where[-1]} is '{kind}: ...', which has no "
                          f"'{new}' of its own to change", hint)
    if len(item) > 1 and not any(next(iter(base[i])) == new for i in found):
        return
    hint = (f"positions count from 0: the item with '{new}' is at position {found[0]}" if len(found) == 1 else
            f"positions count from 0: items with '{new}' are at positions {', '.join(map(str, found))}"
            if found else "to replace the item whole, write the whole list")
    raise _ItemsError(where, f"the inherited item at position {where[-1]} is '{kind}: ...', which has no "
                      f"'{new}' to change", hint)


def _alias(smap: SourceMap, src: tuple, dst: tuple) -> None:
    """Make the positions recorded under `src` (and below) known under `dst` too."""
    n = len(src)
    for table in (smap._values, smap._keys):
        for p, span in list(table.items()):
            if p[:n] == src:
                table[dst + p[n:]] = span


def _merge(base, over, path: tuple, maps):
    """deep_merge; with maps=(base_map, over_map, out_map) also merge positions.

    Every value is taken from the map of the file that supplied it.  A
    mapping written in the override keeps the override's position even when
    some of its entries come from the base.
    """
    if _is_items(over):
        return _merge_items(base, over, path, maps)
    if not isinstance(over, dict):
        if maps:
            maps[2].adopt(maps[1], path)
            if isinstance(over, list) and isinstance(base, list) and any(isinstance(x, dict) for x in base):
                maps[2].replaced[path] = len(base)
        return over
    if maps:
        maps[2].adopt(maps[1], path, subtree=False)
    base = base if isinstance(base, dict) else {}
    if path == ("define",):
        base = _match_definitions(base, over)
    result = {}
    for key in list(base) + [k for k in over if k not in base]:   # parent's order
        if key not in over:
            result[key] = base[key]
            if maps:
                maps[2].adopt(maps[0], path + (key,))
        elif over[key] is not None:                 # null removes the key
            result[key] = _merge(base.get(key), over[key], path + (key,), maps)
            if maps:
                maps[2].removed.pop(path + (key,), None)    # put back by this file
        elif maps and key in base and maps[1].key_pos(path + (key,)) is not None:
            maps[2].removed[path + (key,)] = maps[1].key_pos(path + (key,))   # for the notes on its uses
    return result


def _definition_name(key) -> str:
    return key.split("(", 1)[0].strip() if isinstance(key, str) else key


def _match_definitions(base, over):
    """A definition is known by its name, not by how its parameters are written: a child's
    `"blocks(card)": ...` replaces the parent's `"blocks(c)": ...` (and `blocks: null` removes it).  The
    parent's key is renamed to the child's, in its place, and its value dropped (a new value is written
    whole: its parameters may differ)."""
    names = {_definition_name(k): k for k in base}
    renamed = {}
    for key in sorted(over, key=lambda k: over[k] is not None):     # a new value wins over a null
        old = names.get(_definition_name(key))
        if old is not None and old != key and key not in base:
            renamed[old] = key
    if not renamed:
        return base
    return {renamed.get(k, k): (None if k in renamed else v) for k, v in base.items()}


def resolve_ruleset(path, find_bundled: Callable[[str], Path | None] | None = None
                    ) -> tuple[dict, SourceMap]:
    """Load a ruleset file and everything it extends; merge them.

    Raises RulesetError (with diagnostics naming the right file) on any
    problem: YAML errors anywhere in the chain, a missing parent, a cycle.
    """
    chain: list[tuple[dict, SourceMap]] = []      # child first
    seen: list[tuple[Path, str]] = []            # (resolved path, shown name)
    name = str(path)
    while True:
        real = Path(name).resolve()
        data, smap = _load_mapping(name)
        seen.append((real, name))
        chain.append((data, smap))
        parent_ref = data.get(EXTENDS)
        if parent_ref is None:
            break
        if len(chain) >= MAX_EXTENDS_DEPTH:
            raise RulesetError([smap.diagnostic(
                (EXTENDS,), f"too many rulesets extend one another: a chain may hold at most "
                f"{MAX_EXTENDS_DEPTH} files", "limit", hint="extend the ruleset further up the chain directly",
                length=smap.span_length((EXTENDS,)))])
        parent = _find_parent(parent_ref, name, smap, find_bundled)
        real_parent = Path(parent).resolve()
        shown = [n for r, n in seen if r == real_parent]
        if shown:
            start = next(i for i, (r, _) in enumerate(seen) if r == real_parent)
            loop = " -> ".join([n for _, n in seen[start:]] + [shown[0]])
            raise RulesetError([smap.diagnostic(
                (EXTENDS,), f"'extends' goes round in a circle: {loop}", "extends",
                hint="one of these files must not extend the others",
                length=smap.span_length((EXTENDS,)))])
        name = parent

    data, smap = chain[-1]
    data = {k: v for k, v in data.items() if k != EXTENDS}
    stray = _find_items(data, ())
    if stray is not None:
        raise RulesetError([smap.diagnostic(stray, f"'{stray[-1]}' changes an inherited list, but this "
                                            "file extends nothing", "extends", key=True,
                                            hint="write the list itself", length=len(stray[-1]))])
    merged_map = smap
    for child, child_map in reversed(chain[:-1]):
        child = {k: v for k, v in child.items() if k != EXTENDS}
        out = SourceMap(child_map.root_file)
        out._add_files_of(merged_map)
        out.removed.update(merged_map.removed)
        try:
            data = _merge(data, child, (), (merged_map, child_map, out))
        except _ItemsError as err:
            raise RulesetError([child_map.diagnostic(err.path, err.message, "extends", hint=err.hint, key=True,
                                                     length=child_map.span_length(err.path, key=True))]) from None
        merged_map = out
    return data, merged_map


def _find_items(value, path):
    """The path of the first list directive (`$items`, `$insert`, `$remove`) in `value`, or None."""
    if isinstance(value, dict):
        for key in LIST_DIRECTIVES:
            if key in value:
                return path + (key,)
        children = value.items()
    elif isinstance(value, list):
        children = enumerate(value)
    else:
        return None
    for key, child in children:
        found = _find_items(child, path + (key,))
        if found is not None:
            return found
    return None


def _load_mapping(name: str) -> tuple[dict, SourceMap]:
    data, smap = load_yaml_file(name)
    if data is None:
        raise RulesetError([Diagnostic(name, 1, 1, "the ruleset file is empty", "type",
                                       hint="a ruleset is a mapping of 'key: value' entries",
                                       source_line=(smap.files.get(name) or [None])[0])])
    if not isinstance(data, dict):
        kind = "a list" if isinstance(data, list) else "a single value"
        raise RulesetError([smap.diagnostic(
            (), f"a ruleset must be a mapping of 'key: value' entries, not {kind}", "type")])
    return data, smap


def _find_parent(ref, child_name: str, smap: SourceMap, find_bundled) -> str:
    """Resolve an `extends` value to a file name, or raise a located error."""
    if not isinstance(ref, str) or not ref.strip():
        hint = ("a ruleset extends one file: to combine two variants, extend one of them and write the "
                "other's changes (its procedures, options...) again") if isinstance(ref, list) else None
        raise RulesetError([smap.diagnostic(
            (EXTENDS,), "'extends' must name a ruleset file, like 'base.yaml'", "extends", hint,
            length=smap.span_length((EXTENDS,)))])
    if len(ref) > MAX_REF_LENGTH or "\x00" in ref or "\n" in ref:
        raise RulesetError([smap.diagnostic(
            (EXTENDS,), "'extends' must name a ruleset file, like 'base.yaml': this is not a file name"
            + (f" (longer than {MAX_REF_LENGTH} characters)" if len(ref) > MAX_REF_LENGTH else ""), "extends",
            length=smap.span_length((EXTENDS,)))])
    here = Path(child_name).parent
    tries = [here / ref]
    if not ref.endswith(YAML_SUFFIXES):
        tries += [here / (ref + suffix) for suffix in YAML_SUFFIXES]
    for candidate in tries:
        if _is_file(candidate):
            return os.path.normpath(str(candidate))
    if find_bundled is not None:
        try:
            found = find_bundled(ref)
        except (OSError, ValueError):
            found = None
        if found is not None and _is_file(Path(found)):
            return str(found)
    hint = _sibling_hint(ref, here, child_name)
    raise RulesetError([smap.diagnostic(
        (EXTENDS,), f"cannot find the ruleset '{ref}' to extend", "extends", hint=hint,
        length=smap.span_length((EXTENDS,)))])


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):     # a name the system refuses (too long, a bad character)
        return False


def _sibling_hint(ref: str, folder: Path, child_name: str) -> str:
    sub = os.path.dirname(ref)              # 'parents/base.yml': look in parents/
    prefix = sub.rstrip("/") + "/" if sub else ""
    folder = folder / sub if sub else folder
    try:
        siblings = sorted(p for p in folder.iterdir()
                          if p.suffix in YAML_SUFFIXES and p.is_file()
                          and p.resolve() != Path(child_name).resolve())
    except OSError:
        siblings = []
    names = [prefix + p.name for p in siblings]
    if not ref.endswith(YAML_SUFFIXES):
        by_stem = {prefix + p.stem: p.stem for p in siblings}
        hint = did_you_mean(ref, by_stem)
    else:
        hint = did_you_mean(ref, names)
    if hint:
        return hint
    if names:
        return ("files in that folder: " if sub else "files next to this one: ") + ", ".join(names[:8])
    return "give a path relative to this file, e.g. 'base.yaml'"
