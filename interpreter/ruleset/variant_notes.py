"""Notes added to the hints of errors that a variant caused in the text of the ruleset it extends.

An error is reported where the faulty text is, often in the parent file: a name a variant removed
(`tricks_won: null`) is unknown at its uses in the parent, an option whose default a variant changed
to a text no longer compares with numbers there.  The designer wrote neither use: the hint then says
which file and line made the change.
"""
from __future__ import annotations

import re

_NAME = re.compile(r"[A-Za-z_]\w*")


def _name_at(d) -> str | None:
    """The name the caret of a diagnostic starts on, if any."""
    if not d.source_line or d.col < 1:
        return None
    match = _NAME.match(d.source_line[d.col - 1:].lstrip("\"'"))      # a quoted key: "name[p]": ...
    return match.group(0) if match else None


def _removal(smap, name):
    for path, pos in smap.removed.items():
        # an entry of a section: a state variable, a zone, a definition (its key may have parameters)...
        if len(path) == 2 and str(path[-1]).split("(")[0].strip() == name:
            return path, pos
    return None


def _at_use(d, smap, name) -> bool:
    """Is the diagnostic at a use of the option (not at its declaration, e.g. a value given with -o)?"""
    if d.message.startswith(f"option '{name}' "):       # about the value given (at its declaration, or
        return False                                    # where a scenario file gives it)
    pos = smap.key_pos(("options", name))
    return pos is None or (pos.file, pos.line, pos.col) != (d.file, d.line, d.col)


def add_variant_notes(diagnostics, data, smap) -> None:
    """Rewrite, in place, the hints of the errors on a use of a name a variant removed, or of an
    option whose value does not fit (naming where its value is set)."""
    if smap is None:
        return
    options = data.get("options") if isinstance(data, dict) else None
    options = options if isinstance(options, dict) else {}
    for d in diagnostics:
        if d.severity != "error":
            continue
        name = _name_at(d)
        if name is None:
            continue
        removed = _removal(smap, name) if d.rule == "unknown-name" else None
        if removed is not None:
            (section, _), pos = removed
            if (pos.file, pos.line) != (d.file, d.line):
                d.hint = (f"'{name}' is removed by {pos.file}:{pos.line}:{pos.col} (set to null under "
                          f"'{section}:'): put it back there, or change this use")
        elif d.rule == "unknown-name" and " of this pack" in d.message and _pack_note(d, smap):
            pass
        elif d.rule == "type" and name in options and _at_use(d, smap, name):
            spec = options[name]
            value = spec.get("default") if isinstance(spec, dict) else spec
            pos = smap.value_pos(("options", name, "default")) if isinstance(spec, dict) else None
            pos = pos or smap.value_pos(("options", name))
            where = f", set at {pos.file}:{pos.line}:{pos.col}" if pos is not None else ""
            note = f"'{name}' is an option; its value is {value!r}{where}"
            d.hint = note if not d.hint else f"{note}; {d.hint}"


_QUOTED = re.compile(r"'([^']+)'")


def _pack_note(d, smap) -> bool:
    """A rank or card the pack no longer has, named in a file that does not give the pack: the variant
    that replaced the ranks or suits left this entry as it was (a mapping merges key by key)."""
    for key in ("ranks", "suits"):
        pos = smap.key_pos(("pack", key))
        if pos is not None and pos.file != d.file:
            quoted = _QUOTED.search(d.message)
            what = quoted.group(1) if quoted else "it"
            d.hint = (f"the pack's {key} are given by {pos.file}:{pos.line}:{pos.col}, but this text, inherited "
                      f"from {d.file}, still names '{what}': take it out in the variant (an entry of a mapping "
                      f"with {what}: null at the same place, a list by writing it again)")
            return True
    return False
