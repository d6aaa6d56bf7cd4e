"""`rules simulate`: play many games with bots and report what the rules do."""
from __future__ import annotations

import json
import sys

import click

from .app import _load, _options, cli
from .output import print_summary


@cli.command()
@click.argument("file")
@click.option("--games", "-n", default=1000, show_default=True, type=click.IntRange(1), help="Games to play.")
@click.option("--seed", "-s", default=0, show_default=True, type=int, help="Base seed; same seed, same games.")
@click.option("--players", "-p", type=click.IntRange(1), help="Number of players (default: the ruleset's).")
@click.option("--option", "-o", "opts", multiple=True, metavar="NAME=VALUE", help="Set an option.")
@click.option("--bots", default="random", show_default=True,
              help="Bot per seat, comma separated (repeats to fill the seats).")
@click.option("--workers", "-w", default=1, show_default=True, type=click.IntRange(1), help="Processes to use.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@click.option("--records", type=click.Path(dir_okay=False, writable=True), help="Write one JSON line per game.")
def simulate(file, games, seed, players, opts, bots, workers, as_json, records):
    """Play many games with bots and report what the rules do."""
    from ..bots.base import BOTS
    from ..sim.runner import run, write_jsonl
    options = _options(opts)
    loaded = _load(file, options)
    if not loaded.ok:
        sys.exit(1)
    rules = loaded.rules
    n = players or rules.default_players
    if n not in rules.player_counts:
        raise click.BadParameter(f"{rules.name} is for {', '.join(map(str, rules.player_counts))} players",
                                 param_hint="--players")
    bot_names = [b.strip() for b in bots.split(",") if b.strip()]
    for b in bot_names:
        if b not in BOTS:
            raise click.BadParameter(f"unknown bot '{b}'; bots: {', '.join(sorted(BOTS))}", param_hint="--bots")
    handle = open(records, "w", encoding="utf-8") if records else None
    bar = None
    if not as_json and sys.stderr.isatty():
        from tqdm import tqdm
        bar = tqdm(total=games, unit="game", file=sys.stderr, leave=False)
    try:
        summary = run(rules, games, seed, n, bot_names, workers, path=loaded.path, options=options,
                      on_record=write_jsonl(handle) if handle else None,
                      progress=bar.update if bar else None)
    finally:
        if bar is not None:
            bar.close()
        if handle is not None:
            handle.close()
    summary["ruleset"] = rules.name
    summary["options"] = rules.options
    if as_json:
        click.echo(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        print_summary(summary)
    if summary["stopped_games"]:
        click.echo(f"{summary['stopped_games']} game(s) stopped with an error, for example:", err=True)
        for e in summary["errors"]:
            click.echo(f"  {e}", err=True)
        sys.exit(1)
    if summary.get("interrupted"):
        click.echo("interrupted: the figures cover the games finished so far", err=True)
        sys.exit(130)
