"""Readable terminal output for simulation summaries and comparisons."""
from __future__ import annotations

import click


def print_summary(summary: dict) -> None:
    n = summary["games"]
    variant = summary.get("variant") or summary.get("ruleset", "")
    rotate = ", seats rotating" if summary.get("rotate") else ""
    click.echo(f"{variant}: {n} games, {summary['players']} player{'' if summary['players'] == 1 else 's'}, "
               f"bots {','.join(summary['bots'])}{rotate}, seed {summary['seed']}")
    click.echo("")
    if summary.get("no_decisions"):
        click.echo("nobody decides anything in this game: the bots play no part, each result is the deal's")
        click.echo("")
    if n == 0 and summary.get("stopped_games"):
        # a table of zeros would read as results: say instead that there are none (the errors follow)
        click.echo(f"no game finished: all {summary['stopped_games']} stopped with an error (see below)")
        return
    fair = summary.get("fairness")
    # one side only (a patience for one player, or every seat in one team): no share to compare with
    alone = len(summary["seats"]) == 1 or bool(fair and fair["df"] < 1)
    header = (f"{'seat':>4}  {'win rate':>8}  {'95% interval':>13}  {'mean score':>10}  {'sd':>7}"
              + ("" if alone else "  vs fair share"))
    click.echo(header)
    click.echo("-" * len(header))
    for seat in summary["seats"]:
        interval = f"{seat['win_low']:.3f}-{seat['win_high']:.3f}"
        click.echo(f"{seat['seat']:>4}  {seat['win_rate']:>8.3f}  {interval:>13}  {seat['score_mean']:>10.2f}  "
                   f"{seat['score_sd']:>7.2f}" + ("" if alone else f"  {_seat_mark(seat, summary)}"))
    click.echo("")
    if alone:
        click.echo("one side only: the win rate is how often the game is won; no other side to compare with")
    else:
        first = summary["first_seat"]
        unwon = summary.get("unwon") or 0
        nobody = f" (nobody won {unwon} of the {n} games)" if unwon else ""
        click.echo(f"fair share {summary['fair_share']:.3f}{nobody}; ties share a win equally")
        if fair:
            click.echo(fairness_line(fair))
        # the seat left of the first dealer (docs/simulation.md), which a game played to the right
        # (Tressette, say) has play last: said, so that it is not read as the first to play
        click.echo(f"first seat (seat {first['seat']}, left of the first dealer): win rate {first['win_rate']:.3f} "
                   f"({first['win_low']:.3f}-{first['win_high']:.3f}), advantage {first['advantage']:+.3f} "
                   f"{_verdict(first['win_low'], first['win_high'], summary['fair_share'])}")
    f = summary["figures"]
    # a game that plays no tricks (a shedding game, Cribbage's pegging) is not told '0.00 tricks'
    # nor is a game whose decisions are all choose: steps (no tricks: or turns: block) told '0.00 turns'
    parts = [f"{f['hands']['mean']:.2f} hands (sd {f['hands']['sd']:.2f})"]
    if f['tricks']['mean']:
        parts.append(f"{f['tricks']['mean']:.2f} tricks")
    if f['turns']['mean'] or f['tricks']['mean']:
        parts.append(f"{f['turns']['mean']:.2f} turns (sd {f['turns']['sd']:.2f})")
    click.echo("per game: " + ", ".join(parts))
    # leads, drama and decisiveness compare sides: with one side they are empty words (always 0 or 100%)
    if not alone:
        # partners share one total, so no seat ever leads alone and the seats' count is always 0: with
        # teams the headline counts the lead changing between sides
        teams = bool(fair and fair.get("by") == "team") and "side_lead_changes" in f
        changes = f["side_lead_changes" if teams else "lead_changes"]["mean"]
        click.echo(f"lead changes per game {changes:.2f}{' (between sides)' if teams else ''}; winner never behind from hand "
                   f"{f['decided_hand']['mean']:.2f} on average ({100 * f['decided_fraction']['mean']:.0f}% of the way)")
    sampling = summary.get("sampling") or {}
    if sampling.get("worlds"):
        click.echo(f"bots' sampled worlds: {sampling['worlds']}, of which {sampling['fallbacks']} drawn without every "
                   "constraint (fallbacks)")
    if "drama" in f and not alone:
        click.echo(f"by side: {f['side_lead_changes']['mean']:.2f} lead changes between hands, "
                   f"{f['hand_lead_changes']['mean']:.2f} within hands; drama {f['drama']['mean']:.2f}")
    dec = summary.get("decisiveness")
    if dec and not alone:
        if dec["threshold"] is None:
            click.echo("decisiveness: no lead short of the end made the result near-certain (95%)")
        else:
            click.echo(f"decisiveness: a lead of {dec['threshold']:.2f} of the game's widest gap won 95% of the time; "
                       f"the result was that certain after {100 * dec['certain_fraction']:.0f}% of the game")
    by_bot = summary.get("by_bot") or {}
    if len(by_bot) > 1:
        click.echo("")
        click.echo(f"{'bot':>8}  {'seat-games':>10}  {'win rate':>8}  {'95% interval':>13}  {'skill gap':>9}")
        for name, b in by_bot.items():
            click.echo(f"{name:>8}  {b['seat_games']:>10}  {b['win_rate']:>8.3f}  "
                       f"{b['win_low']:.3f}-{b['win_high']:.3f}  {b['skill_gap']:>+9.3f} "
                       f"{_verdict(b['win_low'], b['win_high'], b['fair_share'])}")
    gap = summary.get("skill_gap_alone")
    if gap:
        click.echo("")
        click.echo(f"skill gap (one player): {gap['bot']} wins {gap['win_rate']:.3f}, random play "
                   f"{gap['random_win_rate']:.3f} on the same deals: {gap['skill_gap']:+.3f} "
                   f"({gap['low']:+.3f} to {gap['high']:+.3f}); mean score {gap['score_mean']:.2f} against "
                   f"{gap['random_score_mean']:.2f}")
    metrics = summary.get("metrics") or {}
    if metrics:
        click.echo("")
        click.echo("ruleset metrics:")
        for name, m in metrics.items():
            if m["kind"] == "number":
                other = "".join(f", {k} {v}" for k, v in (m.get("other") or {}).items())
                click.echo(f"  {name}: mean {m['mean']:.3f} (sd {m['sd']:.3f}, {m['count']} values{other})")
            else:
                total = m["count"] or 1
                shown = ", ".join(f"{k} {100 * v / total:.1f}%" for k, v in list(m["counts"].items())[:8])
                more = " ..." if len(m["counts"]) > 8 else ""
                click.echo(f"  {name}: {shown}{more} ({m['count']} values)")
    click.echo(f"{summary['games_per_second']:.1f} games per second ({summary['seconds']:.2f} s)")


def _seat_mark(seat, summary) -> str:
    """'above'/'below' when the seat's interval misses the fair share ('!' added when the test over
    all seats is significant too)."""
    fair = summary["fair_share"]
    mark = "above" if seat["win_low"] > fair else "below" if seat["win_high"] < fair else ""
    return f"{mark} !" if mark and (summary.get("fairness") or {}).get("significant") else mark


def fairness_line(fair) -> str:
    sides = "teams " + " ".join("+".join(map(str, s)) for s in fair["sides"]) if fair["by"] == "team" else "seats"
    verdict = ("UNFAIR: some " + ("team" if fair["by"] == "team" else "seat") + " wins more than its share"
               if fair["significant"] else "no evidence that any side is favoured")
    note = "" if fair["reliable"] else " (too few games for the test to be reliable)"
    return (f"all {sides} at once: chi-square {fair['chi_square']:.2f} ({fair['df']} df), p = {fair['p']:.3g}: "
            f"{verdict}{note}")


def _verdict(low, high, fair):
    if low > fair:
        return "(above the fair share)"
    if high < fair:
        return "(below the fair share)"
    return "(not distinguishable from the fair share)"


def print_comparison(comp: dict) -> None:
    labels = comp["variants"]
    width = max(12, *(len(label) for label in labels), *(len(t) for r in comp["rows"] for t in r["text"]))
    name_width = max(len(r["name"]) for r in comp["rows"])
    head = f"{'':<{name_width}}  " + "  ".join(f"{label:>{width}}" for label in labels)
    click.echo(head)
    click.echo("-" * len(head))
    click.echo(f"{'games':<{name_width}}  " + "  ".join(f"{g:>{width}}" for g in comp["games"]))
    for row in comp["rows"]:
        click.echo(f"{row['name']:<{name_width}}  " + "  ".join(f"{t:>{width}}" for t in row["text"]))
    click.echo("")
    if comp.get("paired"):
        for i, label in enumerate(labels[1:], 1):
            click.echo(f"{label} − {comp['baseline']}, game by game (same seeds):")
            sub = f"{'':<{name_width}}  {'difference':>10}  {'95% interval':>19}  {'effect':>6}  " \
                  f"{'p (Holm)':>8}  {'detectable':>10}  test"
            click.echo(sub)
            for row in comp["rows"]:
                st = row["paired"][i]
                if not st or not st.get("pairs"):
                    continue
                interval = f"{st['low']:+.3f} to {st['high']:+.3f}"
                detect = f"{st['detectable']:.3f}" if st.get("detectable") is not None else "-"
                click.echo(f"{row['name']:<{name_width}}  {st['difference']:>+10.3f}  {interval:>19}  "
                           f"{st['effect_size']:>+6.2f}  {row['p_adjusted'][i]:>8.3g}{_mark(row, i)}  "
                           f"{detect:>10}  {st['test']}")
            click.echo("")
        click.echo(f"compared with {comp['baseline']} on the same seeds: * p < 0.05, ** p < 0.01 after Holm's "
                   f"correction for {comp['tests']} tests; McNemar's exact test for win/loss rows, the paired t-test "
                   "otherwise; effect = mean difference / its sd; detectable = the smallest difference this run "
                   "finds with 80% power (the unpaired two-proportion z-test and Welch p are in --json as "
                   "p_unpaired)")
    else:
        click.echo(f"compared with {comp['baseline']}: * p < 0.05, ** p < 0.01 (two-sided, Holm-corrected); "
                   "win rates by the two-proportion z-test, means (± sd) by Welch's test")
    for line in comp.get("verdicts", []):
        click.echo("verdict: " + line)


def _mark(row, i):
    return "**" if row["p_adjusted"][i] < 0.01 else "*" if row["p_adjusted"][i] < 0.05 else "  "


def print_coverage(cov: dict) -> None:
    """Which rules fired, by file:line (sim/coverage.py)."""
    games = cov["games"] or 1
    w = max([len(str(r["where"])) for t in ("steps", "conditions", "moves") for r in cov[t]] or [10])
    click.echo(f"rule coverage over {cov['games']} games (per game: how often it fired; changed: share of "
               "firings that changed the state)")
    for r in cov["steps"]:
        changed = "" if r["changed"] is None else \
            f"  changed {100 * r['changed'] / r['fired']:.0f}%" if r["fired"] else ""
        click.echo(f"  {r['where']:<{w}}  {r['kind']:<10} {r['fired'] / games:>8.2f}{changed}")
    for r in cov["conditions"]:
        click.echo(f"  {r['where']:<{w}}  {r['kind']:<10} true {r['true']}, false {r['false']}")
    for r in cov["moves"]:
        click.echo(f"  {r['where']:<{w}}  move {r['move']}: offered {r['offered']}, chosen {r['chosen']}")
    for o in cov.get("options", []):
        click.echo(f"  option {o['option']} = {o['value']}: read at {', '.join(o['read_at']) or 'no rule'}")
    if cov["never"]:
        click.echo("never fired:")
        for line in cov["never"]:
            click.echo(f"  {line}")
    else:
        click.echo("every rule fired")
    if cov["no_effect"]:
        click.echo("fired but never changed anything:")
        for line in cov["no_effect"]:
            click.echo(f"  {line}")
