"""Several rulesets or option values side by side, compared game by game.

Every variant plays the same seeds as the first one (the baseline), so game i of
a variant and game i of the baseline share their deal and bots' seeds: the
comparison is *paired*.  For each row and variant the per-game differences
d_i = value in the variant − value in the baseline give:

- the effect: the mean difference with its 95% t interval, and `effect_size`
  (mean d / sd d, Cohen's d_z);
- the test: McNemar's exact test when every value is 0 or 1 (a win or not),
  else the paired t-test;
- `detectable`: the smallest difference the run would have found with 80%
  power at the 5% level: (t_0.975 + z_0.8) × sd d / √n;
- `p_adjusted`: Holm's correction over every row and variant of the table, so
  that the chance of any false mark stays below 5%.

`*` marks p_adjusted < 0.05 and `**` p_adjusted < 0.01.  The unpaired tests of
earlier versions (two-proportion z-test, Welch) stay in `p_unpaired`.
Without per-game values (a caller passing summaries only) the rows hold the
unpaired tests alone.
"""
from __future__ import annotations

import math

from .dist import binom_two_sided, holm, normal_quantile, t_quantile, t_sf
from .stats import two_proportion_p, welch_p

FIGURE_ROWS = (("hands", "hands per game"), ("tricks", "tricks per game"), ("turns", "turns per game"),
               ("lead_changes", "lead changes"), ("decided_fraction", "decided after (share of game)"),
               ("side_lead_changes", "lead changes between sides"), ("hand_lead_changes", "lead changes within hands"),
               ("drama", "drama"), ("certain_fraction", "certain after (share of game)"))


def _mark(p):
    return "" if p is None else "**" if p < 0.01 else "*" if p < 0.05 else ""


# with one player the rows comparing sides (leads, drama, the first seat) say nothing: left out
ALONE_ROWS = FIGURE_ROWS[:3]


def game_values(record, first_seat: int, metric_names=None) -> dict:
    """The value of every comparison row in one game record (row name -> number)."""
    out = {}
    winners = record["winners"]
    players = record["players"]
    share = [0.0] * players
    for w in winners:
        share[w] += 1 / len(winners)
    if players == 1:
        out["win rate"] = share[0]
    else:
        out[f"first seat (seat {first_seat}) win rate"] = share[first_seat]
        for p in range(players):
            out[f"seat {p} win rate"] = share[p]
    for key, label in (ALONE_ROWS if players == 1 else FIGURE_ROWS):
        if record.get(key) is not None:
            out[label] = float(record[key])
    for p, score in enumerate(record["scores"]):
        out["final score" if players == 1 else f"seat {p} final score"] = float(score or 0)
    bots = record.get("bots") or []
    for b in set(bots):
        seats = [p for p, name in enumerate(bots) if name == b]
        out[f"{b} win rate (per seat)"] = sum(share[p] for p in seats) / len(seats)
    for name, value in _numbers(record.get("metrics") or {}).items():
        out[f"metric {name}"] = value
    return out


def _numbers(metrics, prefix="") -> dict:
    """Per game, the mean of each numeric ruleset metric (lists averaged, dicts split by key)."""
    out = {}
    for name, v in metrics.items():
        key = f"{prefix}{name}"
        if isinstance(v, dict):
            out.update(_numbers(v, key + "."))
            continue
        items = v if isinstance(v, list) else [v]
        nums = [x for x in items if isinstance(x, (int, float)) and not isinstance(x, bool)]
        if nums and len(nums) == len(items):
            out[key] = sum(nums) / len(nums)
    return out


class PerGame:
    """Collects the row values of every game of one variant (game index -> values)."""

    def __init__(self, first_seat: int):
        self.first_seat = first_seat
        self.values = {}

    def add(self, record):
        if "error" not in record:
            self.values[record["game"]] = game_values(record, self.first_seat)


def paired(base: list, other: list) -> dict:
    """Paired statistics of other − base (lists of equal length)."""
    n = len(base)
    d = [b - a for a, b in zip(base, other)]
    if n == 0:
        return {"pairs": 0}
    mean = sum(d) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1)) if n > 1 else 0.0
    binary = all(v in (0, 1) for v in base) and all(v in (0, 1) for v in other)
    if binary:
        up = sum(1 for x in d if x > 0)
        down = sum(1 for x in d if x < 0)
        test, p = "McNemar (exact)", binom_two_sided(up, up + down)
    else:
        test = "paired t"
        if sd == 0:
            p = 1.0 if mean == 0 else 0.0
        else:
            p = min(1.0, 2 * t_sf(abs(mean) / (sd / math.sqrt(n)), n - 1)) if n > 1 else 1.0
    se = sd / math.sqrt(n) if n > 1 else 0.0
    tq = t_quantile(0.975, n - 1) if n > 1 else math.inf
    return {"pairs": n, "test": test, "p": p, "difference": mean,
            "low": mean - tq * se if se else mean, "high": mean + tq * se if se else mean,
            "effect_size": mean / sd if sd else 0.0,
            "detectable": (tq + normal_quantile(0.8)) * se if n > 1 else None,
            "correlation": _corr(base, other)}


def _corr(x, y):
    n = len(x)
    if n < 2:
        return None
    mx, my = sum(x) / n, sum(y) / n
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y))
    sxx = sum((a - mx) ** 2 for a in x)
    syy = sum((b - my) ** 2 for b in y)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else None


def _rate_row(name, summaries, get):
    raw, ps = [], []
    base = None
    for s in summaries:
        wins, n = get(s)
        raw.append((wins, n))
        if base is None:
            base = (wins, n)
            ps.append(None)
        else:
            ps.append(two_proportion_p(wins, n, base[0], base[1]) if n and base[1] else None)
    text = [f"{w / n:.3f}" if n else "-" for w, n in raw]
    return {"name": name, "test": "two-proportion z", "values": [w / n if n else None for w, n in raw],
            "p": ps, "p_unpaired": list(ps), "text": text}


def _mean_row(name, summaries, get, digits=2):
    raw, ps = [], []
    for s in summaries:
        raw.append(get(s))
    base = raw[0]
    for i, (m, sd, n) in enumerate(raw):
        ps.append(None if i == 0 or base is None or m is None else welch_p(m, sd, n, base[0], base[1], base[2]))
    text = [f"{r[0]:.{digits}f} ± {r[1]:.{digits}f}" if r and r[0] is not None else "-" for r in raw]
    return {"name": name, "test": "Welch (normal approx.)", "values": [r[0] if r else None for r in raw],
            "p": ps, "p_unpaired": list(ps), "text": text}


def _rows(summaries):
    rows = []
    n_players = {s["players"] for s in summaries}
    alone = n_players == {1}            # patiences: one win rate, one score, no sides to compare
    if alone:
        rows.append(_rate_row("win rate", summaries, lambda s: (s["seats"][0]["wins"], s["games"])))
    else:
        first = summaries[0]["first_seat"]["seat"]
        rows.append(_rate_row(f"first seat (seat {first}) win rate", summaries,
                              lambda s: (s["seats"][s["first_seat"]["seat"]]["wins"], s["games"])))
    if len(n_players) == 1 and not alone:
        for p in range(summaries[0]["players"]):
            rows.append(_rate_row(f"seat {p} win rate", summaries, lambda s, p=p: (s["seats"][p]["wins"], s["games"])))
    for key, label in (ALONE_ROWS if alone else FIGURE_ROWS):
        if all(key in s["figures"] for s in summaries):
            rows.append(_mean_row(label, summaries,
                                  lambda s, k=key: (s["figures"][k]["mean"], s["figures"][k]["sd"], s["games"])))
    if alone:
        rows.append(_mean_row("final score", summaries,
                              lambda s: (s["seats"][0]["score_mean"], s["seats"][0]["score_sd"], s["games"])))
    elif len(n_players) == 1:
        for p in range(summaries[0]["players"]):
            rows.append(_mean_row(f"seat {p} final score", summaries,
                                  lambda s, p=p: (s["seats"][p]["score_mean"], s["seats"][p]["score_sd"], s["games"])))
    bot_names = sorted({b for s in summaries for b in s.get("by_bot", {})})
    if len(bot_names) > 1:
        for b in bot_names:
            rows.append(_rate_row(f"{b} win rate (per seat)", summaries,
                                  lambda s, b=b: (s["by_bot"].get(b, {}).get("wins", 0),
                                                  s["by_bot"].get(b, {}).get("seat_games", 0))))
    numeric = sorted({m for s in summaries for m, v in s.get("metrics", {}).items() if v["kind"] == "number"})
    for m in numeric:
        rows.append(_mean_row(f"metric {m}", summaries,
                              lambda s, m=m: ((s["metrics"][m]["mean"], s["metrics"][m]["sd"], s["metrics"][m]["count"])
                                              if m in s.get("metrics", {}) else (None, 0, 0))))
    return rows


def compare(labels, summaries, per_game=None) -> dict:
    """The comparison table; `per_game` (one PerGame per variant) makes every test paired."""
    rows = _rows(summaries)
    paired_mode = per_game is not None and len(per_game) == len(summaries)
    if paired_mode:
        base = per_game[0].values
        for row in rows:
            row["paired"] = [None]
            for other in per_game[1:]:
                games = sorted(g for g in base if g in other.values
                               and row["name"] in base[g] and row["name"] in other.values[g])
                if not games:
                    row["paired"].append(None)
                    continue
                row["paired"].append(paired([base[g][row["name"]] for g in games],
                                            [other.values[g][row["name"]] for g in games]))
            row["p"] = [None] + [st["p"] if st else None for st in row["paired"][1:]]
            tests = {st["test"] for st in row["paired"][1:] if st}
            row["test"] = ", ".join(sorted(tests)) or row["test"]
    flat = [p for row in rows for p in row["p"]]
    adjusted = holm(flat)
    k = 0
    for row in rows:
        row["p_adjusted"] = adjusted[k:k + len(row["p"])]
        k += len(row["p"])
        row["text"] = [t + _mark(p) for t, p in zip(row["text"], row["p_adjusted"])]
        row["significant"] = [p is not None and p < 0.05 for p in row["p_adjusted"]]
    out = {"variants": list(labels), "baseline": labels[0], "rows": rows, "paired": paired_mode,
           "correction": "Holm", "tests": sum(1 for p in flat if p is not None),
           "games": [s["games"] for s in summaries]}
    out["verdicts"] = [verdict(out, i) for i in range(1, len(labels))]
    return out


def _fmt(x):
    return f"{x:+.3f}" if abs(x) < 10 else f"{x:+.1f}"


def verdict(comp, i) -> str:
    """One line: what differs between variant i and the baseline, or how small a change the run could see."""
    label, base = comp["variants"][i], comp["baseline"]
    found = [(r, r["paired"][i]) for r in comp["rows"] if r["significant"][i] and r.get("paired") and r["paired"][i]]
    if found:
        found.sort(key=lambda rs: -abs(rs[1]["effect_size"]))
        shown = "; ".join(f"{r['name']} {_fmt(st['difference'])} ({_fmt(st['low'])} to {_fmt(st['high'])})"
                          for r, st in found[:3])
        more = f" and {len(found) - 3} more" if len(found) > 3 else ""
        return f"{label} vs {base}: {len(found)} of {len(comp['rows'])} figures differ: {shown}{more}"
    if any(r["significant"][i] for r in comp["rows"]):
        names = ", ".join(r["name"] for r in comp["rows"] if r["significant"][i])
        return f"{label} vs {base}: differs in {names} (unpaired tests)"
    sizes = [(r["name"], r["paired"][i]["detectable"]) for r in comp["rows"]
             if r.get("paired") and r["paired"][i] and r["paired"][i].get("detectable")]
    hint = "; ".join(f"{n} by {d:.3g}" for n, d in sizes[:2])
    return (f"{label} vs {base}: no figure differs after correcting for {comp['tests']} tests"
            + (f"; the run would have seen a change of {hint}" if hint else ""))
