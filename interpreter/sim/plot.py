"""Pictures of a run (`--plot FILE.png`), with matplotlib (`pip install 'card-rules[plot]'`).

One run: final score histogram, game length histograms (hands and turns), win
rate by seat with 95% intervals and the fair share.  A comparison: first-seat
win rate and hands per game for each variant as bars, and the score and length
histograms of all variants overlaid.  The panel titles are also written into
the PNG's text chunk 'Panels' so tools and tests can check them.
"""
from __future__ import annotations

import math


class PlotUnavailable(Exception):
    pass


def _pyplot():
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise PlotUnavailable("--plot needs matplotlib: pip install 'card-rules[plot]' (or pip install matplotlib)") \
            from None
    return plt


def _hist_xy(hist):
    pairs = []
    for k, v in hist.items():
        try:
            pairs.append((float(k), v))
        except ValueError:
            continue
    pairs.sort()
    return [p[0] for p in pairs], [p[1] for p in pairs]


def _bars(ax, hist, label=None, alpha=0.9):
    xs, ys = _hist_xy(hist)
    total = sum(ys) or 1
    if xs:
        width = min((b - a for a, b in zip(xs, xs[1:])), default=1.0) * 0.9 or 0.9
        ax.bar(xs, [y / total for y in ys], width=width, alpha=alpha, label=label)
    ax.set_ylabel("share of games")


def plot_run(summary, path):
    plt = _pyplot()
    fig, axes = plt.subplots(2, 2, figsize=(11, 8))
    titles = ["final scores", "game length (hands)", "win rate by seat", "game length (turns)"]
    _bars(axes[0][0], summary["histograms"]["score"])
    axes[0][0].set_xlabel("final score (all seats)")
    _bars(axes[0][1], summary["histograms"]["hands"])
    axes[0][1].set_xlabel("hands")
    ax = axes[1][0]
    seats = summary["seats"]
    rates = [s["win_rate"] for s in seats]
    errs = [[r - s["win_low"] for r, s in zip(rates, seats)], [s["win_high"] - r for r, s in zip(rates, seats)]]
    ax.bar([str(s["seat"]) for s in seats], rates, yerr=errs, capsize=4)
    ax.axhline(summary["fair_share"], color="grey", linestyle="--", label="fair share")
    ax.set_xlabel("seat")
    ax.set_ylabel("win rate (95% interval)")
    ax.legend()
    _bars(axes[1][1], summary["histograms"]["turns"])
    axes[1][1].set_xlabel("turns")
    for a, t in zip([axes[0][0], axes[0][1], axes[1][0], axes[1][1]], titles):
        a.set_title(t)
    fig.suptitle(f"{summary.get('ruleset', '')}: {summary['games']} games, bots {','.join(summary['bots'])}")
    _save(fig, plt, path, titles)
    return titles


def plot_compare(labels, summaries, path):
    plt = _pyplot()
    fig, axes = plt.subplots(2, 2, figsize=(12, 8))
    titles = ["first-seat win rate by variant", "hands per game by variant", "final scores by variant",
              "game length (hands) by variant"]
    ax = axes[0][0]
    rates = [s["first_seat"]["win_rate"] for s in summaries]
    errs = [[r - s["first_seat"]["win_low"] for r, s in zip(rates, summaries)],
            [s["first_seat"]["win_high"] - r for r, s in zip(rates, summaries)]]
    ax.bar(labels, rates, yerr=errs, capsize=4)
    for s_i, s in enumerate(summaries):
        ax.hlines(s["fair_share"], s_i - 0.4, s_i + 0.4, colors="grey", linestyles="--")
    ax.set_ylabel("win rate (95% interval); dashes: fair share")
    ax = axes[0][1]
    means = [s["figures"]["hands"]["mean"] for s in summaries]
    ses = [1.96 * s["figures"]["hands"]["sd"] / math.sqrt(max(1, s["games"])) for s in summaries]
    ax.bar(labels, means, yerr=ses, capsize=4)
    ax.set_ylabel("mean hands (95% interval)")
    for label, s in zip(labels, summaries):
        _bars(axes[1][0], s["histograms"]["score"], label=label, alpha=0.5)
        _bars(axes[1][1], s["histograms"]["hands"], label=label, alpha=0.5)
    axes[1][0].set_xlabel("final score (all seats)")
    axes[1][1].set_xlabel("hands")
    axes[1][0].legend()
    axes[1][1].legend()
    for a, t in zip([axes[0][0], axes[0][1], axes[1][0], axes[1][1]], titles):
        a.set_title(t)
        a.tick_params(axis="x", labelrotation=15)
    _save(fig, plt, path, titles)
    return titles


def _save(fig, plt, path, titles):
    fig.tight_layout()
    fig.savefig(path, format="png", dpi=90, metadata={"Panels": "; ".join(titles), "Software": "rules simulate"})
    plt.close(fig)
