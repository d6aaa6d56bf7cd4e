"""`rules ladder` (how deep the skill goes) and `rules tune` (option values for the game you want)."""
from __future__ import annotations

import json
import sys

import click

from .app import _load, _options, cli


def _rules(path, opts, players):
    loaded = _load(path, _options(opts))
    if not loaded.ok:
        sys.exit(1)
    rules = loaded.rules
    n = players or rules.default_players
    if n not in rules.player_counts:
        raise click.BadParameter(f"{rules.name} is for {', '.join(map(str, rules.player_counts))} players",
                                 param_hint="--players")
    return loaded, n


@cli.command()
@click.argument("file")
@click.option("--games", "-n", default=100, show_default=True, type=click.IntRange(1),
              help="Games per pair of rungs.")
@click.option("--seed", "-s", default=0, show_default=True, type=int, help="Base seed; same seed, same games.")
@click.option("--players", "-p", type=click.IntRange(1), help="Number of players (default: the ruleset's).")
@click.option("--option", "-o", "opts", multiple=True, metavar="NAME=VALUE", help="Set an option.")
@click.option("--budgets", default="20,100", show_default=True,
              help="Playouts of the search rungs, comma separated (one rung each).")
@click.option("--rungs", help="The rungs instead: bots separated by commas, settings after a colon, "
                              "e.g. 'random,greedy,search:playouts=50:worlds=4'.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@click.option("--records", type=click.Path(dir_okay=False, writable=True), help="Write one JSON line per game.")
def ladder(file, games, seed, players, opts, budgets, rungs, as_json, records):
    """Skill ladder: random < greedy < search at two budgets, every pair head to head, seats rotating."""
    from ..sim.ladder import Rung, default_rungs, ladder as run_ladder
    loaded, n = _rules(file, opts, players)
    if rungs:
        chosen = []
        for spec in rungs.split(","):
            name, *settings = spec.strip().split(":")
            chosen.append(Rung(name, _options(settings)))
    else:
        try:
            chosen = default_rungs([int(b) for b in budgets.split(",") if b.strip()])
        except ValueError:
            raise click.BadParameter("give whole numbers, e.g. 20,100", param_hint="--budgets") from None
    from ..bots.base import BOTS, load_bots
    load_bots()
    for r in chosen:
        if r.bot not in BOTS:
            raise click.BadParameter(f"unknown bot '{r.bot}'; bots: {', '.join(sorted(BOTS))}", param_hint="--rungs")
    handle = open(records, "w", encoding="utf-8") if records else None
    write = (lambda rec: handle.write(json.dumps(rec) + "\n")) if handle else None
    try:
        out = run_ladder(loaded.rules, chosen, games, n, seed, on_record=write)
    finally:
        if handle:
            handle.close()
    out["ruleset"] = loaded.rules.name
    if as_json:
        click.echo(json.dumps(out, indent=2))
    else:
        print_ladder(out)
    if out["stopped_games"]:
        click.echo(f"{out['stopped_games']} game(s) stopped with an error", err=True)
        sys.exit(1)


def print_ladder(out):
    labels = out["rungs"]
    w = max(16, *(len(x) for x in labels))
    click.echo(f"{out['ruleset']}: skill ladder, {out['games_per_pair']} games per pair, {out['players']} players, "
               f"seats rotating, seed {out['seed']}")
    click.echo("")
    click.echo(f"{'row beats column':<{w}}  " + "  ".join(f"{x:>{w}}" for x in labels))
    for label, row in zip(labels, out["matrix"]):
        cells = []
        for cell in row:
            if cell is None:
                cells.append(f"{'-':>{w}}")
            else:
                mark = "+" if cell["beats"] else "-" if cell["loses"] else " "
                cells.append(f"{cell['win_rate']:.2f} ({cell['low']:.2f}-{cell['high']:.2f}){mark}".rjust(w))
        click.echo(f"{label:<{w}}  " + "  ".join(cells))
    click.echo("")
    click.echo("share of the wins of the row's bots against the column's (95% interval); + the row is stronger, "
               "- weaker, 0.50 = even")
    click.echo(f"skill depth {out['skill_depth']} of {len(labels)}: {' < '.join(out['chain'])} "
               "(the longest chain up the ladder, each beating the one before)")
