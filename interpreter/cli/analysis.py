"""`rules ladder` (how deep the skill goes) and `rules tune` (option values for the game you want)."""
from __future__ import annotations

from ..diagnostics import players_phrase
import json
import sys

import click

from .app import OutputFile, _load, _options, checked_bot_options, cli


def _rules(path, opts, players):
    loaded = _load(path, _options(opts))
    if not loaded.ok:
        sys.exit(1)
    rules = loaded.rules
    n = players or rules.default_players
    if n not in rules.player_counts:
        raise click.BadParameter(f"{rules.name} is for {players_phrase(rules.player_counts)}",
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
@click.option("--records", type=OutputFile(), help="Write one JSON line per game.")
@click.option("--workers", "-w", default=1, show_default=True, type=click.IntRange(1), help="Processes to use.")
def ladder(file, games, seed, players, opts, budgets, rungs, as_json, records, workers):
    """Skill ladder: random < greedy < search at two budgets, every pair head to head, seats rotating."""
    from ..sim.ladder import Rung, default_rungs, ladder as run_ladder
    loaded, n = _rules(file, opts, players)
    if n == 1:      # bots meet at one table; a one-player game has no opponent to beat
        raise click.UsageError(f"a skill ladder plays bots against each other, and {loaded.rules.name} is played "
                               f"by one player: compare bots one at a time with `rules simulate FILE --bots "
                               f"greedy` (then search, ...)")
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
    from ..bots.base import check_bot_options
    for r in chosen:
        if r.bot not in BOTS:
            raise click.BadParameter(f"unknown bot '{r.bot}'; bots: {', '.join(sorted(BOTS))}", param_hint="--rungs")
        try:
            check_bot_options(r.options, [r.bot])
        except ValueError as err:
            raise click.BadParameter(f"{r.label}: {err}", param_hint="--rungs") from None
    handle = open(records, "w", encoding="utf-8") if records else None
    write = (lambda rec: handle.write(json.dumps(rec) + "\n")) if handle else None
    try:
        out = run_ladder(loaded.rules, chosen, games, n, seed, on_record=write, workers=workers, path=loaded.path,
                         options=_options(opts))
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


@cli.command()
@click.argument("file")
@click.option("--goal", "goal_texts", multiple=True, metavar="FIGURE=VALUE|LOW..HIGH, FIGURE<=V, FIGURE>=V",
              help="A goal, e.g. hands=2, hands=3..5, first_seat_advantage=-0.02..0.02, skill_gap>=0.1 (repeatable).")
@click.option("--goals", "goal_file", type=click.Path(exists=True, dir_okay=False),
              help="Goals in YAML, e.g. {hands: [3, 5], first_seat_advantage: [-0.02, 0.02]}.")
@click.option("--param", "param_texts", multiple=True, metavar="NAME=LOW:HIGH|NAME=V1,V2",
              help="An option to search (besides those with a range in the ruleset).")
@click.option("--option", "-o", "opts", multiple=True, metavar="NAME=VALUE", help="Fix an option.")
@click.option("--games", "-n", default=200, show_default=True, type=click.IntRange(1),
              help="Games per candidate (the same seeds for every candidate).")
@click.option("--trials", default=20, show_default=True, type=click.IntRange(1), help="Candidates to try.")
@click.option("--check-games", type=click.IntRange(1), help="Games of the held-out re-check (default 2 x --games).")
@click.option("--seed", "-s", default=0, show_default=True, type=int, help="Base seed.")
@click.option("--players", "-p", type=click.IntRange(1), help="Number of players (default: the ruleset's).")
@click.option("--bots", default="random", show_default=True, help="Bot per seat, comma separated.")
@click.option("--bot-option", "bot_opts", multiple=True, metavar="NAME=VALUE", help="A bot setting.")
@click.option("--workers", "-w", default=1, show_default=True, type=click.IntRange(1), help="Processes to use.")
@click.option("--search", "method", type=click.Choice(["auto", "optuna", "builtin"]), default="auto",
              show_default=True, help="Optuna's TPE when installed (pip install '.[tune]'), else the built-in search.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
def tune(file, goal_texts, goal_file, param_texts, opts, games, trials, check_games, seed, players, bots, bot_opts,
         workers, method, as_json):
    """Search the ruleset's options (those with a range) for values meeting the goals."""
    import yaml

    from ..sim import tune as T
    loaded, n = _rules(file, opts, players)
    try:
        goals = [T.parse_goal(g) for g in goal_texts]
        if goal_file:
            with open(goal_file, encoding="utf-8") as fh:
                doc = yaml.safe_load(fh) or {}
            goals += T.goals_from_yaml(doc.get("goals", doc) if isinstance(doc, dict) else None)
    except (ValueError, yaml.YAMLError) as err:
        raise click.BadParameter(str(err), param_hint="--goal") from None
    if not goals:
        raise click.UsageError("give at least one --goal (or --goals FILE)")
    try:
        T.check_goals(goals, n)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--goal") from None
    from ..diagnostics import did_you_mean
    metrics = [m.name for m in loaded.rules.metrics]
    for g in goals:
        name = g.figure[len("metric."):] if g.figure.startswith("metric.") else None
        if name is not None and name.split(".")[0] not in metrics:
            hint = did_you_mean(name, metrics)
            raise click.BadParameter(f"{loaded.rules.name} has no metric '{name}'"
                                     + (f" ({hint})" if hint else f"; its metrics: {', '.join(metrics) or 'none'}"),
                                     param_hint="--goal")
    declared = list(((loaded.data or {}).get("options") or {}))
    for name in _options(param_texts):
        if name not in declared:
            hint = did_you_mean(name, declared)
            raise click.BadParameter(f"{loaded.rules.name} has no option '{name}'"
                                     + (f" ({hint})" if hint else f"; its options: {', '.join(declared) or 'none'}"),
                                     param_hint="--param")
    params = T.params_from_rules(loaded.data, _options(param_texts))
    params = [p for p in params if p.name not in _options(opts)]
    if not params:
        raise click.UsageError(f"{loaded.rules.name} declares no option with a range: add `range: [LOW, HIGH]` "
                               "to an option, or give --param NAME=LOW:HIGH")
    if method == "optuna":
        try:
            import optuna  # noqa: F401
        except ImportError:
            raise click.ClickException("--search optuna needs Optuna: pip install 'card-rules[tune]'") from None
    bot_names = [b.strip() for b in bots.split(",") if b.strip()]
    settings = checked_bot_options(bot_opts, bot_names)
    try:
        out = T.tune(loaded.path, params, goals, _options(opts), games, trials, seed, n, bot_names,
                     settings, check_games, workers=workers,
                     use_optuna=None if method == "auto" else method == "optuna")
    except ValueError as err:
        raise click.ClickException(str(err)) from None
    out["ruleset"] = loaded.rules.name
    if as_json:
        click.echo(json.dumps(out, indent=2, default=str))
        return
    print_tune(out)


def print_tune(out):
    click.echo(f"{out['ruleset']}: {out['trials']} candidates by {out['method']}, {out['games']} games each on "
               f"the same seeds; goals: {'; '.join(out['goals'])}")
    click.echo(f"re-checked on {out['check_games']} held-out games (seed {out['check_seed']}):")
    for rank, cand in enumerate(out["candidates"]):
        settings = ", ".join(f"{k}={v}" for k, v in cand["options"].items())
        click.echo(f"{'best' if rank == 0 else '    '}  {settings}  (loss {cand['check_loss']:.2f}; "
                   f"search {cand['search_loss']:.2f})")
        for name, f in cand["figures"].items():
            if f["value"] is None:
                click.echo(f"        {f['goal']}: not measured")
                continue
            verdict = "met" if f["met"] else "within the interval" if f["possible"] else "missed"
            click.echo(f"        {name} {f['value']:.3f} (95% {f['low']:.3f} to {f['high']:.3f}); "
                       f"goal {f['goal']}: {verdict}")
