"""Readable terminal output for simulation summaries."""
from __future__ import annotations

import click


def print_summary(summary: dict) -> None:
    n = summary["games"]
    click.echo(f"{summary.get('ruleset', '')}: {n} games, {summary['players']} players, "
               f"bots {','.join(summary['bots'])}, seed {summary['seed']}")
    click.echo("")
    header = f"{'seat':>4}  {'win rate':>8}  {'95% interval':>15}  {'mean score':>10}  {'sd':>7}"
    click.echo(header)
    click.echo("-" * len(header))
    for seat in summary["seats"]:
        interval = f"{seat['win_low']:.3f}-{seat['win_high']:.3f}"
        click.echo(f"{seat['seat']:>4}  {seat['win_rate']:>8.3f}  {interval:>15}  {seat['score_mean']:>10.2f}  "
                   f"{seat['score_sd']:>7.2f}")
    click.echo("")
    click.echo(f"fair share {summary['fair_share']:.3f}; ties share a win equally")
    click.echo(f"per game: {summary['hands_per_game']:.2f} hands, {summary['tricks_per_game']:.2f} tricks, "
               f"{summary['turns_per_game']:.2f} turns")
    click.echo(f"{summary['games_per_second']:.0f} games per second ({summary['seconds']:.2f} s)")
