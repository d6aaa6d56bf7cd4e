"""`rules play` (a human seat at the terminal, bots in the others) and `rules serve` (the browser workbench)."""
from __future__ import annotations

import sys

import click

from .app import _load, _options, checked_bot_options, cli


@cli.command()
@click.argument("file")
@click.option("--seat", default=0, show_default=True, type=click.IntRange(0), help="Your seat, from 0.")
@click.option("--players", "-p", type=click.IntRange(1), help="Number of players (default: the ruleset's).")
@click.option("--bots", default="greedy", show_default=True,
              help="Bots for the other seats, comma separated (repeats to fill them): random, greedy, search.")
@click.option("--bot-option", "bot_opts", multiple=True, metavar="NAME=VALUE", help="A bot setting.")
@click.option("--option", "-o", "opts", multiple=True, metavar="NAME=VALUE", help="Set an option.")
@click.option("--seed", "-s", default=0, show_default=True, type=int, help="Seed of the deal; same seed, same game.")
@click.option("--save", "save_stem", metavar="NAME",
              help="At the end write NAME.log (+ .json) and NAME.scenario.yaml.")
def play(file, seat, players, bots, bot_opts, opts, seed, save_stem):
    """Play a ruleset at the terminal against bots (type help in the game for the commands)."""
    from ..playtest.session import Session
    from ..playtest.terminal import Terminal
    options = _options(opts)
    loaded = _load(file, options)
    if not loaded.ok:
        sys.exit(1)
    names = [b.strip() for b in bots.split(",") if b.strip()]
    try:
        session = Session(loaded.rules, players, seed, humans=[seat], bots=names,
                          bot_options=checked_bot_options(bot_opts, names),
                          source=loaded.path, options=options)
    except ValueError as err:
        raise click.BadParameter(str(err))
    from ..engine.game import GameError
    try:
        Terminal(session, seat, ask=_ask, say=click.echo, save_stem=save_stem).run()
    except GameError as err:
        click.echo(f"the game stopped: {err}", err=True)
        sys.exit(1)


def _ask(prompt):
    return input(prompt)


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port.")
def serve(host, port):
    """Start the browser workbench: edit, validate, explain, simulate and play rulesets."""
    try:
        from ..playtest.web import run_server
    except ImportError as err:
        raise click.ClickException(f"the workbench needs the web extra: pip install 'card-rules[web]' ({err})")
    click.echo(f"workbench at http://{host}:{port}/ (Ctrl-C stops it)")
    run_server(host, port)
