"""`rules --version`, `rules list`, shell completion and colour on terminals."""
from __future__ import annotations

import os
import subprocess
import sys

from click.testing import CliRunner

from interpreter.cli.main import cli
from interpreter.cli.style import paint
from tests.helpers import ROOT


def test_version():
    result = CliRunner().invoke(cli, ["--version"])
    assert result.exit_code == 0 and result.output.startswith("rules (card-rules) ")


def test_list_names_every_bundled_game_with_its_players_and_parent():
    result = CliRunner().invoke(cli, ["list"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert any(line.split()[0] == "scotch-whist" and "Scotch Whist - 2, 3, 4, 5, 6, 7 players" in line
               for line in lines if line)
    assert any(line.startswith("scalade-mobile ") and line.endswith("(variant of scalade)") for line in lines)
    assert len([line for line in lines if line and not line.startswith(" ")]) - 1 == len(list((ROOT / "rulesets").rglob("*.yaml")))


def test_list_as_json():
    import json
    games = json.loads(CliRunner().invoke(cli, ["list", "--json"]).output)
    whist = next(g for g in games if g["name"] == "scotch-whist")
    assert {"name": "scotch-whist", "game": "Scotch Whist", "extends": None}.items() <= whist.items()


def _complete(words, env_extra=None):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "_RULES_COMPLETE": "bash_complete", "COMP_WORDS": words,
           "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1))}
    return subprocess.run([sys.executable, "-m", "interpreter"], env=env, capture_output=True, text=True).stdout


def test_shell_completion_of_commands_and_bundled_names():
    assert "plain,validate" in _complete("rules val")
    assert "plain,scalade-mobile" in _complete("rules simulate scalade-m")


def test_colour_only_on_a_terminal_and_never_with_no_color():
    text = "f.yaml:1:2: error: bad (schema)\n  hint: do this"
    assert paint(text) != text and "\x1b[31m" in paint(text)
    # through the command: not a terminal (CliRunner), so no colour codes
    result = CliRunner().invoke(cli, ["validate", str(ROOT / "tests/broken/unknown-name.yaml")])
    assert "\x1b[" not in result.output and "error:" in result.output
    result = CliRunner().invoke(cli, ["validate", str(ROOT / "tests/broken/unknown-name.yaml")], color=True)
    assert "\x1b[31m" in result.output
    result = CliRunner(env={"NO_COLOR": "1"}).invoke(cli, ["validate", str(ROOT / "tests/broken/unknown-name.yaml")],
                                                     color=True)
    assert "\x1b[" not in result.output


def test_schema_command_points_at_the_shipped_schema():
    from pathlib import Path
    path = CliRunner().invoke(cli, ["schema"]).output.strip()
    assert Path(path).is_file() and Path(path).name == "ruleset.schema.json"
    line = CliRunner().invoke(cli, ["schema", "--modeline"]).output.strip()
    assert line == "# yaml-language-server: $schema=" + Path(path).as_uri()
