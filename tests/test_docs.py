"""The docs stay true: the reference is in sync with the registries, the tutorial runs as written.

In docs/tutorial.md a code block right after `<!-- file: PATH -->` is written
to PATH (a later block with the same path replaces it, as the reader edits the
file); each `$ rules ...` line of a console block is run (as python -m
interpreter) in that folder and must exit 0, or the code given by a preceding
`<!-- exit: N -->`; every other line shown in the block must appear in the
output ('...' stands for lines left out).
"""
from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
BLOCK = re.compile(r"(?:<!-- (file|exit): ([^ ]+) -->\n)?```(\w*)\n(.*?)```", re.S)


def test_reference_is_in_sync():
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "build_reference.py"), "--check"])
    assert result.returncode == 0, "docs/reference.md is out of date: run python tools/build_reference.py"


def test_every_builtin_and_step_kind_is_in_the_reference():
    import interpreter.engine  # noqa: F401
    from interpreter.engine.registry import STEPS
    from interpreter.expr.functions import BUILTINS
    text = (DOCS / "reference.md").read_text(encoding="utf-8")
    for name in BUILTINS:
        assert f"`{name}(" in text, name
    for name in STEPS:
        assert f"### `{name}`" in text, name


def _run(tmp_path, command):
    args = shlex.split(command)
    assert args[0] == "rules"
    return subprocess.run([sys.executable, "-m", "interpreter"] + args[1:], cwd=tmp_path, capture_output=True,
                          text=True, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "PYTHONIOENCODING": "utf-8"})


def test_tutorial_runs_as_written(tmp_path):
    text = (DOCS / "tutorial.md").read_text(encoding="utf-8")
    commands = 0
    for marker, value, lang, body in BLOCK.findall(text):
        if marker == "file":
            target = tmp_path / value
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(body, encoding="utf-8")
            continue
        if lang != "console":
            continue
        expected_code = int(value) if marker == "exit" else 0
        current, shown = None, []
        for line in body.splitlines() + ["$ end"]:
            if line.startswith("$ "):
                if current is not None:
                    result = _run(tmp_path, current)
                    output = result.stdout + result.stderr
                    assert result.returncode == expected_code, f"{current}: exit {result.returncode}\n{output}"
                    for want in shown:
                        assert want == "..." or want.rstrip() in output, \
                            f"{current}: the tutorial shows\n  {want}\nbut the output is\n{output}"
                    commands += 1
                current, shown = (line[2:] if line != "$ end" else None), []
            elif line.strip():
                shown.append(line)
    assert commands >= 6


def test_every_rule_id_in_the_broken_examples_is_documented():
    text = (DOCS / "errors.md").read_text(encoding="utf-8")
    ids = set()
    for golden in (ROOT / "tests" / "broken").glob("*.txt"):
        ids |= set(re.findall(r"^\S+:\d+:\d+: (?:error|warning): .* \(([a-z-]+)\)$", golden.read_text("utf-8"), re.M))
    assert ids and all(f"`{i}`" in text for i in ids), sorted(i for i in ids if f"`{i}`" not in text)


def test_every_example_the_patterns_page_names_exists_and_validates():
    from interpreter.ruleset.loader import load_ruleset
    text = (DOCS / "patterns.md").read_text(encoding="utf-8")
    named = sorted(set(re.findall(r"tests/rulesets_review\d*/[\w.-]+\.yaml", text)))
    assert len(named) >= 10
    for path in named:
        assert (ROOT / path).is_file(), path
        errors = [d for d in load_ruleset(str(ROOT / path)).diagnostics if d.severity == "error"]
        assert not errors, (path, errors[:1])


def test_the_patterns_page_list_item_rewrite_is_valid():
    """The page's way to change one item of a list variable validates and does what it says."""
    from interpreter.engine import game as G
    from interpreter.ruleset.loader import load_ruleset
    text = (DOCS / "patterns.md").read_text(encoding="utf-8")
    snippet = re.search(r'`set: \{xs: "(map\(range[^"]+)"\}`', text).group(1)
    ruleset = ROOT / "tests" / "rulesets_review" / "foreach-shapes.yaml"
    body = ruleset.read_text(encoding="utf-8").replace(
        '    - set: {tally: "tally + [who]"}',
        '    - set: {tally: "tally + [who]"}\n'
        f'    - set: {{tally: "{snippet.replace("xs", "tally").replace("v if", "7 if").replace("== k", "== 0")}"}}')
    assert "map(range" in body
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "item.yaml"
        path.write_text(body, encoding="utf-8")
        loaded = load_ruleset(str(path))
        assert not [d for d in loaded.diagnostics if d.severity == "error"]
        s = G.new_game(loaded.rules, 3, 1)
        tally = loaded.rules.vars["tally"].index
        while not s.over and not s.v[tally]:
            G.apply_index(s, 0)
        assert s.v[tally] and s.v[tally][0] == 7
