"""`rules simulate`: play many games with bots and report what the rules do.

One ruleset gives one table; several rulesets, or `--compare-option NAME=V1,V2`,
give one run per variant and a table side by side (sim/compare.py).
"""
from __future__ import annotations

from ..diagnostics import players_phrase
import json
import sys

import click

from .app import OutputFile, _load, _options, checked_bot_options, cli, complete_ruleset
from .output import print_comparison, print_summary


@cli.command()
@click.argument("files", nargs=-1, required=True, shell_complete=complete_ruleset)
@click.option("--games", "-n", default=1000, show_default=True, type=click.IntRange(1), help="Games to play.")
@click.option("--seed", "-s", default=0, show_default=True, type=int, help="Base seed; same seed, same games.")
@click.option("--players", "-p", type=click.IntRange(1), help="Number of players (default: the ruleset's).")
@click.option("--option", "-o", "opts", multiple=True, metavar="NAME=VALUE", help="Set an option.")
@click.option("--bots", default="random", show_default=True,
              help="Bot per seat, comma separated (repeats to fill the seats): random, greedy, search (or mcts).")
@click.option("--bot-option", "bot_opts", multiple=True, metavar="NAME=VALUE",
              help="A bot setting, e.g. playouts=200, worlds=10, horizon=game.")
@click.option("--rotate-seats", is_flag=True, help="Game i shifts the bots i seats, so no bot keeps one seat.")
@click.option("--skill-gap", is_flag=True,
              help="The first bot of --bots (search if none) in one seat, random bots in the others, seats rotating.")
@click.option("--compare-option", "compare_opt", metavar="NAME=V1,V2,...",
              help="Run once per value of an option and compare the runs.")
@click.option("--workers", "-w", default=1, show_default=True, type=click.IntRange(1), help="Processes to use.")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
              help="Where the games run: local processes, or a Ray cluster (pip install '.[ray]').")
@click.option("--address", help="Address of a Ray cluster (default: start a local Ray instance).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@click.option("--records", type=OutputFile(),
              help="Write one record per game: JSON lines, or CSV if the name ends in .csv.")
@click.option("--plot", "plot_path", type=OutputFile(),
              help="Draw histograms and win rates to a PNG (needs matplotlib).")
@click.option("--log", "log_path", type=OutputFile(),
              help="Write every event of one game, as text (FILE) and JSON (FILE.json); see `rules replay`.")
@click.option("--coverage", is_flag=True,
              help="Also report how often each step, condition and move of the ruleset fired, by file:line.")
@click.option("--log-game", default=0, show_default=True, type=click.IntRange(0), help="Which game --log writes.")
@click.option("--check", is_flag=True, help="Check every game against its rules (moves offered, trick winners); "
              "report any violation with seed, hand and trick and exit with status 1.")
def simulate(files, games, seed, players, opts, bots, bot_opts, rotate_seats, skill_gap, compare_opt, workers,
             backend, address, as_json, records, plot_path, log_path, log_game, coverage, check):
    """Play many games with bots and report what the rules do."""
    from ..bots.base import BOTS, load_bots
    options = _options(opts)
    load_bots()
    bot_names = [b.strip() for b in bots.split(",") if b.strip()]
    for b in bot_names:
        if b not in BOTS:
            raise click.BadParameter(f"unknown bot '{b}'; bots: {', '.join(sorted(BOTS))}", param_hint="--bots")
    playing = bot_names + ([next((b for b in bot_names if b != "random"), "search")] if skill_gap else [])
    bot_options = checked_bot_options(bot_opts, playing)
    if plot_path:
        from ..sim.plot import PlotUnavailable, _pyplot
        try:
            _pyplot()
        except PlotUnavailable as err:
            raise click.ClickException(str(err))
    variants = _variants(files, options, compare_opt)
    loaded_all = []
    for label, path, opt in variants:
        loaded = _load(path, opt)
        if not loaded.ok:
            sys.exit(1)
        loaded_all.append((label, loaded, opt))
    labels = _labels([v[0] for v in loaded_all], [v[1].rules.name for v in loaded_all])
    total = games * len(loaded_all)
    bar = None
    if not as_json and sys.stderr.isatty():
        from tqdm import tqdm
        bar = tqdm(total=total, unit="game", file=sys.stderr, leave=False)
    summaries, handle, per_game = [], None, []
    try:
        for (label, loaded, opt), shown in zip(loaded_all, labels):
            rules = loaded.rules
            n = players or rules.default_players
            if n not in rules.player_counts:
                raise click.BadParameter(f"{rules.name} is for {players_phrase(rules.player_counts)}",
                                         param_hint="--players")
            seat_bots, rotate = bot_names, rotate_seats
            if skill_gap:
                strong = next((b for b in bot_names if b != "random"), "search")
                seat_bots, rotate = [strong] + ["random"] * (n - 1), n > 1
            if records and handle is None:
                from ..sim.records import open_records
                handle, writer = open_records(records, rules)
            on_record = None
            if handle is not None:
                on_record = writer if len(loaded_all) == 1 else _tagged(writer, shown)
            if len(loaded_all) > 1:
                from ..sim.compare import PerGame
                per_game.append(PerGame((rules.first_dealer + 1) % n))
                on_record = _also(on_record, per_game[-1].add)
            summary = _run(rules, loaded, opt, games, seed, n, seat_bots, bot_options, rotate, workers, backend,
                           address, on_record, bar, check)
            if skill_gap and n == 1 and not summary.get("interrupted"):
                # nobody to sit beside: the bot's win rate against random play's on the same deals
                base = _run(rules, loaded, opt, games, seed, n, ["random"], bot_options, False, workers, backend,
                            address, None, None, False)
                summary["skill_gap_alone"] = _gap_alone(seat_bots[0], summary, base)
            summary.update(ruleset=rules.name, file=loaded.path, options=dict(rules.options), variant=shown)
            if not _has_decisions(rules.data):
                summary["no_decisions"] = True
            if coverage and not summary.get("interrupted"):
                summary["coverage"] = _coverage(loaded.path, opt, summary["games"] + summary["stopped_games"],
                                                seed, n, seat_bots, bot_options, rotate)
            summaries.append(summary)
            if summary.get("interrupted"):
                break
        if log_path:
            _write_log(log_path, loaded_all[0][1].rules, players, seed, bot_names, bot_options, rotate_seats,
                       log_game, skill_gap, as_json)
    finally:
        if bar is not None:
            bar.close()
        if handle is not None:
            handle.close()
    comparison = None
    if len(summaries) > 1:
        from ..sim.compare import compare
        comparison = compare([s["variant"] for s in summaries], summaries,
                             per_game if len(per_game) == len(summaries) else None)
    if plot_path:
        from ..sim.plot import plot_compare, plot_run
        if comparison:
            plot_compare([s["variant"] for s in summaries], summaries, plot_path, comparison)
        else:
            plot_run(summaries[0], plot_path)
    if as_json:
        out = summaries[0] if comparison is None else {"variants": summaries, "comparison": comparison}
        click.echo(json.dumps(out, indent=2, ensure_ascii=False, default=str))
    else:
        for s in summaries:
            print_summary(s)
            click.echo("")
            if s.get("coverage"):
                from .output import print_coverage
                print_coverage(s["coverage"])
                click.echo("")
            if "check" in s:
                from ..sim.rulecheck import describe
                click.echo("\n".join(describe(s["check"])) + "\n")
        if comparison:
            print_comparison(comparison)
        if plot_path:
            click.echo(f"plot written to {plot_path}")
    _finish(summaries, len(loaded_all))


def _gap_alone(bot, strong, base) -> dict:
    """The skill gap of a game for one player: the bot's win rate less random play's, over the same
    seeds (the two runs play the same deals), with a normal 95% interval of the difference."""
    import math
    p, q = strong["seats"][0]["win_rate"], base["seats"][0]["win_rate"]
    n, m = max(1, strong["games"]), max(1, base["games"])
    half = 1.96 * math.sqrt(p * (1 - p) / n + q * (1 - q) / m)
    return {"bot": bot, "win_rate": p, "random_win_rate": q, "skill_gap": p - q, "low": p - q - half,
            "high": p - q + half, "score_mean": strong["seats"][0]["score_mean"],
            "random_score_mean": base["seats"][0]["score_mean"]}


def _run(rules, loaded, opt, games, seed, n, bots, bot_options, rotate, workers, backend, address, on_record, bar,
         check=False):
    from ..sim.runner import run
    try:
        return run(rules, games, seed, n, bots, workers, path=loaded.path, options=opt, on_record=on_record,
                   progress=bar.update if bar else None, bot_options=bot_options, rotate=rotate, backend=backend,
                   address=address, data=loaded.data, check=check)
    except (RuntimeError, ValueError) as err:
        raise click.ClickException(str(err))


def _coverage(path, opt, games, seed, n, bots, bot_options, rotate):
    """The same games again, with the ruleset loaded with counters (sim/coverage.py)."""
    from ..sim.coverage import load_counted, play_counted
    loaded, cov = load_counted(path, opt)
    return play_counted(loaded.rules, cov, games, seed, n, bots, bot_options, rotate)


def _variants(files, options, compare_opt):
    if not compare_opt:
        return [(None, f, options) for f in files]
    if "=" not in compare_opt:
        raise click.BadParameter("should look like NAME=V1,V2", param_hint="--compare-option")
    name, values = compare_opt.split("=", 1)
    values = [v.strip() for v in values.split(",") if v.strip()]
    if len(values) < 2:
        raise click.BadParameter("give at least two values, e.g. target=31,41", param_hint="--compare-option")
    return [(f"{name.strip()}={v}", f, {**options, name.strip(): v}) for f in files for v in values]


def _labels(given, names):
    """Variant labels: the option value, or the ruleset's name (its file's stem if names repeat)."""
    out = []
    for g, nm in zip(given, names):
        label = nm if g is None else (g if len(set(names)) == 1 else f"{nm} {g}")
        out.append(label)
    seen = {}
    for i, label in enumerate(out):
        seen[label] = seen.get(label, 0) + 1
        if seen[label] > 1:
            out[i] = f"{label} ({seen[label]})"
    return out


def _also(first, second):
    """A record callback calling first (if any), then second."""
    if first is None:
        return second

    def both(record):
        first(record)
        second(record)
    return both


def _tagged(writer, label):
    def write(record):
        record["variant"] = label
        writer(record)
    return write


def _write_log(path, rules, players, seed, bots, bot_options, rotate, index, skill_gap, as_json):
    from ..engine.game import GameError
    from ..sim.gamelog import write_log
    from ..sim.play import game_seed, play_game
    n = players or rules.default_players
    if skill_gap:
        strong = next((b for b in bots if b != "random"), "search")
        bots, rotate = [strong] + ["random"] * (n - 1), True
    game_s = game_seed(seed, index)
    try:
        record = play_game(rules, n, game_s, bots, log=True, bot_options=bot_options, index=index, rotate=rotate)
    except GameError as err:
        click.echo(f"the logged game stopped: {err}", err=True)
        record = getattr(err, "record", None)
        if record is None:
            return
    record["game"] = index
    text_path, json_path = write_log(path, rules, record)
    if not as_json:
        click.echo(f"game {index} logged to {text_path} and {json_path} (show it with: rules replay {json_path})")


def _finish(summaries, planned):
    violations = sum(s["check"]["violation_count"] for s in summaries if "check" in s)
    if violations:
        click.echo(f"rules check: {violations} violation(s) of the rules", err=True)
        sys.exit(1)
    stopped = sum(s["stopped_games"] for s in summaries)
    if stopped:
        click.echo(f"{stopped} game(s) stopped with an error, for example:", err=True)
        replay = None
        for s in summaries:
            games = s.get("error_games") or [None] * len(s["errors"])
            for e, index in zip(s["errors"], games):
                click.echo(f"  game {index}: {e}" if index is not None else f"  {e}", err=True)
                if replay is None and index is not None and s.get("file"):
                    options = "".join(f" --option {k}={v}" for k, v in sorted((s.get("options") or {}).items()))
                    replay = (f"rules simulate {s['file']} --seed {s['seed']} --players {s['players']}{options} "
                              f"--bots {','.join(s['bots'])}{' --rotate-seats' if s.get('rotate') else ''} "
                              f"-n 1 --log game.log --log-game {index}")
        if replay:
            click.echo(f"the log of a game up to where it stopped: {replay}", err=True)
        sys.exit(1)
    if any(s.get("interrupted") for s in summaries) or len(summaries) < planned:
        done = sum(s["games"] for s in summaries)
        click.echo(f"interrupted: the figures cover the {done} game(s) finished so far", err=True)
        sys.exit(130)


DECIDING_STEPS = ("choose", "select", "tricks")


def _has_decisions(data) -> bool:
    """Does the ruleset (its data, after extends) hold a step at which a player decides (choose:, select:,
    a card played to a trick)?  A game without one plays itself: the bots take no part."""
    def walk(value):
        if isinstance(value, dict):
            return any(k in DECIDING_STEPS or walk(v) for k, v in value.items())
        if isinstance(value, list):
            return any(walk(v) for v in value)
        return False
    return any(walk(data.get(section)) for section in ("setup", "hand", "procedures"))
