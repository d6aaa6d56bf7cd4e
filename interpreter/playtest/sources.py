"""Rulesets given as text (typed or uploaded in the workbench): loaded through the same loader as files,
with their diagnostics located in the text.

The text is written to a private temporary folder under the name it came with, so `extends: scala40.yaml`
still finds the bundled parent."""
from __future__ import annotations

import re
import tempfile
from pathlib import Path

from ..ruleset.loader import load_ruleset
from ..resources import bundled_rulesets

MAX_TEXT = 400_000


def bundled() -> list[dict]:
    out = []
    for name, path in bundled_rulesets().items():
        out.append({"name": name, "folder": path.parent.name if path.parent.name != "rulesets" else ""})
    return out


def bundled_text(name: str) -> str | None:
    path = bundled_rulesets().get(str(name))
    return path.read_text(encoding="utf-8") if path is not None else None


def safe_name(name) -> str:
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "-", str(name or "ruleset")).strip(".-") or "ruleset"
    stem = stem[:-5] if stem.endswith(".yaml") else stem
    return stem[:80] + ".yaml"


def load_text(text, name="ruleset", options=None, dry_run=False):
    """(Loaded, diagnostics as dicts); each diagnostic says whether it is in this text (`here`)."""
    if not isinstance(text, str):
        raise ValueError("the ruleset text is missing")
    if len(text) > MAX_TEXT:
        raise ValueError(f"the ruleset is too long ({len(text)} characters; at most {MAX_TEXT})")
    with tempfile.TemporaryDirectory(prefix="rules-") as folder:
        path = Path(folder) / safe_name(name)
        path.write_text(text, encoding="utf-8")
        loaded = load_ruleset(str(path), {str(k): str(v) for k, v in (options or {}).items()}, dry_run=dry_run)
        diags = []
        for d in loaded.diagnostics:
            item = d.to_dict() if hasattr(d, "to_dict") else {}
            here = str(d.file) == str(path)
            item.update(file=path.name if here else Path(str(d.file)).name, here=here, line=d.line, col=d.col,
                        message=d.message, hint=d.hint, severity=d.severity, rule=d.rule,
                        text=d.format().replace(str(path), path.name))
            diags.append(item)
    return loaded, diags


def parse_options(value) -> dict:
    """Options from a mapping or from text such as 'target=21, players=5'."""
    if isinstance(value, dict):
        return {str(k): str(v) for k, v in value.items()}
    out = {}
    for item in re.split(r"[,\s]+", str(value or "").strip()):
        if not item:
            continue
        if "=" not in item:
            raise ValueError(f"option '{item}' should look like NAME=VALUE")
        k, v = item.split("=", 1)
        out[k.strip()] = v.strip()
    return out
