"""What an editor shows, checked with the real yaml-language-server when it is installed
(`npm install yaml-language-server`, then put it on PATH or set YAML_LANGUAGE_SERVER to its path).
Without it these tests are skipped; tests/test_schema.py checks the same with jsonschema."""
from __future__ import annotations

import os
import shutil
import sys

import pytest

from tests.helpers import ROOT

sys.path.insert(0, str(ROOT / "tools"))
from check_editor import Session  # noqa: E402

SERVER = os.environ.get("YAML_LANGUAGE_SERVER") or shutil.which("yaml-language-server")
pytestmark = pytest.mark.skipif(not SERVER, reason="yaml-language-server is not installed")
BUNDLED = sorted((ROOT / "rulesets").rglob("*.yaml"))


@pytest.fixture(scope="module")
def editor():
    session = Session(SERVER)
    yield session
    session.close()


def test_no_bundled_ruleset_shows_a_problem(editor):
    uris = [editor.open(p) for p in BUNDLED]
    found = editor.problems(uris)
    assert len(found) == len(BUNDLED)
    assert {u: p for u, p in found.items() if p} == {}


def test_a_misspelt_setting_is_underlined_in_a_ruleset_and_in_a_variant(editor):
    whist = ROOT / "rulesets" / "scotch-whist.yaml"
    text = whist.read_text(encoding="utf-8")
    line = next(i for i, t in enumerate(text.splitlines(), 1) if t.strip() == "follow: suit")
    bad = editor.open(ROOT / "rulesets" / "typo-in-ruleset.yaml", text.replace("follow: suit", "folow: suit", 1))
    variant = editor.open(ROOT / "rulesets" / "typo-in-variant.yaml",
                          "# yaml-language-server: $schema=../schemas/ruleset.schema.json\nextends: scotch-whist\n"
                          "players: {default: 5}\nhand:\n  $items:\n    2: {deal: {cuont: 6}}\n")
    found = editor.problems([bad, variant])
    assert found[bad] == [f"{line}:7: Property folow is not allowed."]
    assert found[variant] == ["6:16: Property cuont is not allowed."]


def test_hover_explains_a_step_setting(editor):
    whist = ROOT / "rulesets" / "scotch-whist.yaml"
    line = next(i for i, t in enumerate(whist.read_text(encoding="utf-8").splitlines(), 1) if t.strip() == "follow: suit")
    uri = editor.open(whist)
    editor.problems([uri])
    assert "follow suit if you can" in editor.hover(uri, line, 8)
