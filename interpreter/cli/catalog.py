"""`rules list`: the bundled games, by the name the other commands accept."""
from __future__ import annotations

import json

import click

from .app import cli


def bundled_games() -> list[dict]:
    """One entry per bundled ruleset: its name, the game's name, player counts and what it extends."""
    from ..diagnostics import RulesetError
    from ..resources import bundled_rulesets, find_bundled
    from ..ruleset.extends import resolve_ruleset
    from ..ruleset.yamlsource import load_yaml_file
    games = []
    for name, path in bundled_rulesets().items():
        try:
            raw, _ = load_yaml_file(path)
            data, _ = resolve_ruleset(str(path), find_bundled=find_bundled)
        except RulesetError:
            continue
        count = (data.get("players") or {}).get("count")
        counts = count if isinstance(count, list) else [count]
        parent = raw.get("extends") if isinstance(raw, dict) else None
        games.append({"name": name, "game": data.get("name", name), "players": counts,
                      "extends": str(parent).removesuffix(".yaml") if parent else None,
                      "path": str(path)})
    return sorted(games, key=lambda g: (g["extends"] is not None and g["extends"] or g["name"], g["extends"] is not None,
                                        g["name"]))


@cli.command(name="list")
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
def list_games(as_json):
    """List the bundled games: give NAME to validate, simulate, explain, ... instead of a file."""
    games = bundled_games()
    if as_json:
        click.echo(json.dumps(games, indent=1, ensure_ascii=False))
        return
    width = max(len(g["name"]) for g in games)
    for g in games:
        players = ", ".join(map(str, g["players"]))
        based = f"  (variant of {g['extends']})" if g["extends"] else ""
        click.echo(f"{g['name']:<{width}}  {g['game']} - {players} players{based}")
    click.echo(f"\n{len(games)} bundled rulesets; use the name in place of a file, e.g. rules explain {games[0]['name']}")


@cli.command()
@click.option("--modeline", is_flag=True, help="Print the whole first line to put in a ruleset file.")
def schema(modeline):
    """Print where the ruleset schema (shipped with the package) is, for editors."""
    from ..resources import schema_path
    path = schema_path().resolve().as_uri() if modeline else str(schema_path().resolve())
    click.echo(f"# yaml-language-server: $schema={path}" if modeline else path)
