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


def _wrap(label, width=14):
    import textwrap
    return "\n".join(textwrap.wrap(str(label), width)) or str(label)


def plot_compare(labels, summaries, path, comparison=None):
    plt = _pyplot()
    rows = [r for r in (comparison or {}).get("rows", []) if r.get("paired")]
    wide = bool(rows)
    fig, axes = plt.subplots(2, 3 if wide else 2, figsize=(17 if wide else 12, 8.5))
    titles = ["first-seat win rate by variant", "hands per game by variant", "final scores by variant",
              "game length (hands) by variant"]
    short = [_wrap(label) for label in labels]
    ax = axes[0][0]
    rates = [s["first_seat"]["win_rate"] for s in summaries]
    errs = [[r - s["first_seat"]["win_low"] for r, s in zip(rates, summaries)],
            [s["first_seat"]["win_high"] - r for r, s in zip(rates, summaries)]]
    ax.bar(short, rates, yerr=errs, capsize=4)
    for s_i, s in enumerate(summaries):
        ax.hlines(s["fair_share"], s_i - 0.4, s_i + 0.4, colors="grey", linestyles="--")
    ax.set_ylabel("win rate (95% interval)\ndashes: fair share")
    ax = axes[0][1]
    means = [s["figures"]["hands"]["mean"] for s in summaries]
    ses = [1.96 * s["figures"]["hands"]["sd"] / math.sqrt(max(1, s["games"])) for s in summaries]
    ax.bar(short, means, yerr=ses, capsize=4)
    ax.set_ylabel("mean hands (95% interval)")
    for label, s in zip(short, summaries):
        _bars(axes[1][0], s["histograms"]["score"], label=label, alpha=0.5)
        _bars(axes[1][1], s["histograms"]["hands"], label=label, alpha=0.5)
    axes[1][0].set_xlabel("final score (all seats)")
    axes[1][1].set_xlabel("hands")
    axes[1][0].legend(fontsize="small")
    axes[1][1].legend(fontsize="small")
    panels = [axes[0][0], axes[0][1], axes[1][0], axes[1][1]]
    for a, t in zip(panels, titles):
        a.set_title(t)
        if len(labels) > 3:
            a.tick_params(axis="x", labelrotation=30, labelsize="small")
    if wide:
        gs = axes[0][2].get_gridspec()
        axes[0][2].remove()
        axes[1][2].remove()
        _effects(fig.add_subplot(gs[:, 2]), comparison, rows)
        titles.append("paired change vs baseline (effect size)")
    fig.suptitle(f"{summaries[0].get('ruleset', '')}: {len(labels)} variants, {summaries[0]['games']} games each, "
                 f"same seeds; baseline {labels[0]}")
    _save(fig, plt, path, titles)
    return titles


def _effects(ax, comparison, rows):
    """Each row's paired effect size (mean difference / sd) with its 95% interval, one line per
    variant; rows that differ after Holm's correction are drawn filled and red."""
    labels = comparison["variants"]
    k = len(labels) - 1
    names = [r["name"] for r in rows]
    for i in range(1, len(labels)):
        ys, xs, lo, hi, sig = [], [], [], [], []
        for y, r in enumerate(rows):
            st = r["paired"][i]
            if not st or not st.get("pairs"):
                continue
            sd = abs(st["difference"] / st["effect_size"]) if st["effect_size"] else 0
            ys.append(y + (i - 1 - (k - 1) / 2) * 0.8 / max(1, k))
            xs.append(st["effect_size"])
            lo.append(st["effect_size"] - (st["low"] / sd if sd else 0))
            hi.append((st["high"] / sd if sd else 0) - st["effect_size"])
            sig.append(r["significant"][i])
        color = f"C{i - 1}"
        ax.errorbar(xs, ys, xerr=[lo, hi], fmt="none", ecolor=color, alpha=0.7)
        ax.scatter([x for x, s in zip(xs, sig) if not s], [y for y, s in zip(ys, sig) if not s],
                   facecolors="white", edgecolors=color, label=f"{_wrap(labels[i], 24)} (open: no change)")
        ax.scatter([x for x, s in zip(xs, sig) if s], [y for y, s in zip(ys, sig) if s],
                   color="red", marker="D", zorder=3, label="differs (Holm 5%)" if i == 1 else None)
    ax.axvline(0, color="grey", linestyle="--")
    ax.set_yticks(range(len(names)))
    ax.set_yticklabels([_wrap(n, 26) for n in names], fontsize="small")
    ax.invert_yaxis()
    ax.set_xlabel(f"effect size vs {labels[0]}\n(mean difference / its sd, 95% interval)")
    ax.set_title("paired change vs baseline (effect size)")
    ax.legend(fontsize="small", loc="best")


def _save(fig, plt, path, titles):
    fig.tight_layout()
    fig.savefig(path, format="png", dpi=90, metadata={"Panels": "; ".join(titles), "Software": "rules simulate"})
    plt.close(fig)
