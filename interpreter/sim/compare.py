"""Several rulesets or option values side by side, with significance marks.

Every variant is compared with the first one (the baseline).  Win rates use
the pooled two-proportion z-test; means (game length, lead changes, how early
the winner is decided, scores, numeric ruleset metrics) use Welch's test with
the normal approximation.  A value is marked * when p < 0.05 and ** when
p < 0.01 (two-sided).  Each row is its own test: with many rows, expect about
one in twenty to be marked * by chance alone.
"""
from __future__ import annotations

from .stats import two_proportion_p, welch_p


def _mark(p):
    return "" if p is None else "**" if p < 0.01 else "*" if p < 0.05 else ""


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
            "p": ps, "text": [t + _mark(p) for t, p in zip(text, ps)]}


def _mean_row(name, summaries, get, digits=2):
    raw, ps = [], []
    for s in summaries:
        raw.append(get(s))
    base = raw[0]
    for i, (m, sd, n) in enumerate(raw):
        ps.append(None if i == 0 or base is None or m is None else welch_p(m, sd, n, base[0], base[1], base[2]))
    text = [f"{r[0]:.{digits}f} ± {r[1]:.{digits}f}" if r and r[0] is not None else "-" for r in raw]
    return {"name": name, "test": "Welch (normal approx.)", "values": [r[0] if r else None for r in raw],
            "p": ps, "text": [t + _mark(p) for t, p in zip(text, ps)]}


def compare(labels, summaries) -> dict:
    rows = []
    n_players = {s["players"] for s in summaries}
    first = summaries[0]["first_seat"]["seat"]
    rows.append(_rate_row(f"first seat (seat {first}) win rate", summaries,
                          lambda s: (s["seats"][s["first_seat"]["seat"]]["wins"], s["games"])))
    if len(n_players) == 1:
        for p in range(summaries[0]["players"]):
            rows.append(_rate_row(f"seat {p} win rate", summaries, lambda s, p=p: (s["seats"][p]["wins"], s["games"])))
    for key, label in (("hands", "hands per game"), ("tricks", "tricks per game"), ("turns", "turns per game"),
                       ("lead_changes", "lead changes"), ("decided_fraction", "decided after (share of game)")):
        rows.append(_mean_row(label, summaries,
                              lambda s, k=key: (s["figures"][k]["mean"], s["figures"][k]["sd"], s["games"])))
    if len(n_players) == 1:
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
    return {"variants": list(labels), "baseline": labels[0], "rows": rows,
            "games": [s["games"] for s in summaries]}
