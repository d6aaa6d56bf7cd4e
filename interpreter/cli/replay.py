"""`rules replay`: show a game log written by `rules simulate --log` again."""
from __future__ import annotations

import json
import sys

import click

from .app import cli


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--hand", type=click.IntRange(1), help="Show only this hand.")
@click.option("--json", "as_json", is_flag=True, help="Print the events as JSON.")
def replay(file, hand, as_json):
    """Show a game log (the FILE.json written by `simulate --log FILE`) move by move."""
    from ..sim.gamelog import read_log, render
    try:
        doc = read_log(file)
    except (FileNotFoundError, OSError) as err:
        click.echo(f"{file}: {err}", err=True)
        sys.exit(1)
    hands = sorted({e["hand"] for e in doc.get("events", []) if isinstance(e, dict)
                    and isinstance(e.get("hand"), int) and not isinstance(e.get("hand"), bool)})
    if hand is not None and hands and hand not in hands:
        raise click.BadParameter(f"the game of this log has no hand {hand}: its hands are "
                                 f"{hands[0]} to {hands[-1]}" if hands == list(range(hands[0], hands[-1] + 1))
                                 else f"the game of this log has no hand {hand}: its hands are "
                                 + ", ".join(map(str, hands)), param_hint="'--hand'")
    if as_json:
        events = [e for e in doc.get("events", []) if hand is None or e.get("hand") == hand]
        click.echo(json.dumps({**doc, "events": events}, ensure_ascii=False, indent=1))
    else:
        try:
            text = render(doc, hand)
        except (KeyError, TypeError, AttributeError, ValueError, IndexError) as err:   # a log edited by hand
            click.echo(f"{file}: this game log cannot be shown: an event is not as `rules simulate --log` "
                       f"writes it ({type(err).__name__}: {err})", err=True)
            sys.exit(1)
        click.echo(text, nl=False)
