"""Locate the data files (grammar, schema, bundled rulesets).

They live at the top of the source tree (grammar/, schemas/, rulesets/) and are
installed as package data under interpreter/data/.  Both layouts are supported,
so the tool works from a checkout, an editable install and a wheel.
"""
from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
_SOURCE_ROOT = _PACKAGE.parent


def data_dir(name: str) -> Path:
    """Return the folder holding one kind of data file ('grammar', 'schemas', 'rulesets')."""
    for candidate in (_PACKAGE / "data" / name, _SOURCE_ROOT / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"data folder {name!r} is missing from the installation")


def grammar_path() -> Path:
    return data_dir("grammar") / "expressions.lark"


def schema_path() -> Path:
    return data_dir("schemas") / "ruleset.schema.json"


def bundled_rulesets() -> dict[str, Path]:
    """Bundled rulesets by name (file name without .yaml), including sub-folders."""
    root = data_dir("rulesets")
    found = {}
    for path in sorted(root.rglob("*.yaml")):
        found.setdefault(path.stem, path)
    return found


def find_bundled(name: str) -> Path | None:
    name = name[:-5] if name.endswith(".yaml") else name
    return bundled_rulesets().get(name)
