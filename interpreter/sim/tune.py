"""Tuning: search a ruleset's declared options for values that give the game the designer wants.

*Parameters* are options with a `range: [low, high]` (whole numbers when the
default and the bounds are; `step` optional) or `values: [...]` in the
ruleset's `options:`, or given on the command line.  *Goals* are figures of a
run (see FIGURES) with a target, a range or a bound.  Every candidate plays the
same seeds (common random numbers), so differences between candidates are the
options' doing, not the deal's.  Each goal's miss is measured in standard
deviations of its figure (a figure's game-to-game sd, or the binomial sd for a
win rate), squared and summed: the *loss*, 0 when every goal is met.

The search uses Optuna's TPE sampler when Optuna is installed (`pip install
'card-rules[tune]'`), else a small built-in search (an even spread over the
ranges, then a pattern search around the best).  The best few candidates are
then played again on held-out seeds (`check_games` games, other seeds), and the
report gives each goal's figure there with its 95% interval.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

FIGURES = {
    "hands": "hands per game", "tricks": "tricks per game", "turns": "turns per game",
    "lead_changes": "lead changes per game", "side_lead_changes": "lead changes between sides",
    "hand_lead_changes": "lead changes within hands", "drama": "drama", "decided_fraction": "decided fraction",
    "first_seat_advantage": "first seat's win rate less the fair share",
    "max_seat_advantage": "largest seat win rate less the fair share",
    "skill_gap": "a search bot's win rate against random bots less the fair share (seats rotating)",
    "skill_depth": "the skill ladder's depth (rules ladder: random, greedy, search at 20 and 100 playouts)",
    "win_rate": "how often a one-player game is won",
}
# figures that compare sides (seats, leads, bots against each other): nothing to compare with one player
COMPARATIVE = ("lead_changes", "side_lead_changes", "hand_lead_changes", "drama", "decided_fraction",
               "first_seat_advantage", "max_seat_advantage", "skill_gap", "skill_depth")


def check_goals(goals, players: int) -> None:
    """Refuse goals that make no sense at this number of players (ValueError, saying why)."""
    for g in goals:
        if players == 1 and g.figure in COMPARATIVE:
            raise ValueError(f"'{g.figure}' compares sides, and a game for one player has only one: "
                             "use win_rate (how often the game is won), hands, turns or a metric.NAME")
        if players > 1 and g.figure == "win_rate":
            raise ValueError(f"'win_rate' is the win rate of a game for one player; with {players} players use "
                             "first_seat_advantage or max_seat_advantage")


@dataclass
class Goal:
    figure: str
    low: float = -math.inf
    high: float = math.inf

    @property
    def text(self) -> str:
        if self.low == self.high:
            return f"{self.figure} = {self.low:g}"
        if self.low == -math.inf:
            return f"{self.figure} <= {self.high:g}"
        if self.high == math.inf:
            return f"{self.figure} >= {self.low:g}"
        return f"{self.figure} in {self.low:g}..{self.high:g}"


@dataclass
class Param:
    name: str
    low: float = None
    high: float = None
    step: float = None
    values: list = None
    integer: bool = True

    def grid(self) -> list:
        if self.values is not None:
            return list(self.values)
        if self.integer:
            step = int(self.step or 1)
            return list(range(int(self.low), int(self.high) + 1, step))
        return None


def parse_goal(text: str) -> Goal:
    """'hands=2', 'hands=3..5', 'first_seat_advantage=-0.02..0.02', 'skill_gap>=0.1', 'drama<=0.5',
    'metric.NAME=...' (a numeric ruleset metric)."""
    t = text.replace(" ", "")
    for op in ("<=", ">=", "="):
        if op in t:
            name, value = t.split(op, 1)
            break
    else:
        raise ValueError(f"a goal looks like NAME=VALUE, NAME=LOW..HIGH, NAME<=VALUE or NAME>=VALUE, not '{text}'")
    _check_figure(name)
    try:
        if op == "<=":
            return Goal(name, high=float(value))
        if op == ">=":
            return Goal(name, low=float(value))
        if ".." in value:
            lo, hi = value.split("..", 1)
            return Goal(name, float(lo), float(hi))
        return Goal(name, float(value), float(value))
    except ValueError:
        raise ValueError(f"'{text}': the value must be a number") from None


def goals_from_yaml(data) -> list:
    """{hands: 2, first_seat_advantage: [-0.02, 0.02], skill_gap: {min: 0.1}, drama: {max: 0.5}}"""
    out = []
    for name, spec in (data or {}).items():
        _check_figure(name)
        if isinstance(spec, (int, float)):
            out.append(Goal(name, float(spec), float(spec)))
        elif isinstance(spec, list) and len(spec) == 2:
            out.append(Goal(name, float(spec[0]), float(spec[1])))
        elif isinstance(spec, dict):
            out.append(Goal(name, float(spec.get("min", -math.inf)), float(spec.get("max", math.inf))))
        else:
            raise ValueError(f"goal '{name}': give a number, [low, high] or {{min: .., max: ..}}")
    return out


def _check_figure(name):
    if name not in FIGURES and not name.startswith("metric."):
        from difflib import get_close_matches
        close = get_close_matches(name, list(FIGURES), n=1)
        raise ValueError(f"unknown figure '{name}'" + (f" (did you mean '{close[0]}'?)" if close else "")
                         + f"; figures: {', '.join(FIGURES)}, metric.NAME")


def params_from_rules(data: dict, given: dict) -> list:
    """The options with a `range` or `values` in the ruleset, and those given as NAME=LOW:HIGH or NAME=A,B."""
    out = {}
    for name, spec in ((data or {}).get("options") or {}).items():
        if not isinstance(spec, dict):
            continue
        if "values" in spec:
            out[name] = Param(name, values=list(spec["values"]))
        elif "range" in spec:
            lo, hi = spec["range"]
            integer = all(isinstance(v, int) and not isinstance(v, bool) for v in (lo, hi, spec.get("default", 0)))
            out[name] = Param(name, lo, hi, spec.get("step"), integer=integer)
    for name, text in given.items():
        if ":" in text:
            lo, hi = text.split(":", 1)
            integer = _is_int(lo) and _is_int(hi)
            out[name] = Param(name, _num(lo), _num(hi), integer=integer)
        else:
            out[name] = Param(name, values=[_num(v) for v in text.split(",") if v.strip()])
    return list(out.values())


def _is_int(v):
    try:
        int(v)
        return True
    except ValueError:
        return False


def _num(v):
    v = v.strip()
    try:
        return int(v)
    except ValueError:
        try:
            return float(v)
        except ValueError:
            return v


def figure(summary, name, skill=None):
    """(value, sd of one game's contribution) of a figure in a run summary."""
    n = max(1, summary["games"])
    if name == "first_seat_advantage":
        p = summary["first_seat"]["win_rate"]
        return summary["first_seat"]["advantage"], math.sqrt(max(p * (1 - p), 1 / n))
    if name == "win_rate":
        p = summary["seats"][0]["win_rate"]
        return p, math.sqrt(max(p * (1 - p), 1 / n))
    if name == "max_seat_advantage":
        best = max(summary["seats"], key=lambda s: s["win_rate"])
        p = best["win_rate"]
        return p - summary["fair_share"], math.sqrt(max(p * (1 - p), 1 / n))
    if name == "skill_gap":
        b = (skill or {}).get("by_bot", {}).get("search")
        if not b:
            return None, None
        p = b["win_rate"]
        return b["skill_gap"], math.sqrt(max(p * (1 - p), 1 / max(1, b["seat_games"])))
    if name == "skill_depth":
        lad = (skill or {}).get("ladder")
        return (lad["skill_depth"], 0.5) if lad else (None, None)
    if name.startswith("metric."):
        m = summary.get("metrics", {}).get(name[7:])
        if not m or m.get("kind") != "number":
            return None, None
        return m["mean"], m["sd"] or 1e-9
    f = summary["figures"].get(name)
    return (f["mean"], f["sd"] or 1e-9) if f else (None, None)


def interval(summary, name, skill=None):
    value, sd = figure(summary, name, skill)
    if value is None:
        return None, None, None
    if name == "skill_depth":          # a count of rungs: each cell of the ladder has its own interval
        return value, value, value
    n = (skill or summary)["games"] if name == "skill_gap" else summary["games"]
    half = 1.96 * sd / math.sqrt(max(1, n))
    if name == "win_rate":             # a rate stays within 0..1
        return value, max(0.0, value - half), min(1.0, value + half)
    return value, value - half, value + half


def loss(summary, goals, skill=None) -> float:
    """Sum over goals of (miss / sd)²: how far, in the figure's own spread, each goal is missed."""
    total = 0.0
    for g in goals:
        value, sd = figure(summary, g.figure, skill)
        if value is None:
            total += 1e6
            continue
        miss = g.low - value if value < g.low else value - g.high if value > g.high else 0.0
        total += (miss / sd) ** 2
    return total


class Evaluator:
    """Plays a candidate's games (the same seeds for every candidate) and caches the result."""

    def __init__(self, path, fixed, goals, games, seed, players, bots, bot_options, workers=1):
        self.path, self.fixed, self.goals = path, dict(fixed), goals
        self.games, self.seed, self.players, self.bots = games, seed, players, list(bots)
        self.bot_options, self.workers = dict(bot_options or {}), workers
        self.cache, self.history = {}, []

    def run(self, values, games=None, seed=None):
        from ..ruleset.loader import load_ruleset
        from .runner import run
        options = {**self.fixed, **{k: str(v) for k, v in values.items()}}
        loaded = load_ruleset(self.path, options)
        if loaded.rules is None:
            raise ValueError(f"options {values} give an invalid ruleset: "
                             + "; ".join(d.message for d in loaded.diagnostics[:3]))
        rules = loaded.rules
        games, seed = games or self.games, self.seed if seed is None else seed
        summary = run(rules, games, seed, self.players, self.bots, self.workers, path=loaded.path, options=options,
                      bot_options=self.bot_options)
        skill = {}
        n = self.players or rules.default_players
        if any(g.figure == "skill_gap" for g in self.goals):
            skill = run(rules, games, seed, n, ["search"] + ["random"] * (n - 1), self.workers, path=loaded.path,
                        options=options, bot_options=self.bot_options, rotate=True)
        if any(g.figure == "skill_depth" for g in self.goals):
            from .ladder import default_rungs, ladder
            skill["ladder"] = ladder(rules, default_rungs(), games, n, seed, workers=self.workers,
                                     path=loaded.path, options=options)
        return summary, skill

    def __call__(self, values) -> float:
        key = tuple(sorted(values.items()))
        if key not in self.cache:
            summary, skill = self.run(values)
            self.cache[key] = loss(summary, self.goals, skill)
            self.history.append((dict(values), self.cache[key]))
        return self.cache[key]


def search(params, evaluate, trials, seed=0, use_optuna=None):
    """Minimise evaluate(values) over the parameters in about `trials` evaluations."""
    if use_optuna is None:
        try:
            import optuna  # noqa: F401
            use_optuna = True
        except ImportError:
            use_optuna = False
    if use_optuna:
        return _optuna(params, evaluate, trials, seed), "optuna TPE"
    return _builtin(params, evaluate, trials, seed), "built-in (spread, then zoom)"


def _optuna(params, evaluate, trials, seed):
    import optuna
    optuna.logging.set_verbosity(optuna.logging.WARNING)

    def objective(trial):
        values = {}
        for p in params:
            if p.values is not None:
                values[p.name] = trial.suggest_categorical(p.name, p.values)
            elif p.integer:
                values[p.name] = trial.suggest_int(p.name, int(p.low), int(p.high), step=int(p.step or 1))
            else:
                values[p.name] = trial.suggest_float(p.name, p.low, p.high, step=p.step)
        return evaluate(values)

    study = optuna.create_study(sampler=optuna.samplers.TPESampler(seed=seed))
    study.optimize(objective, n_trials=trials)
    return dict(study.best_params)


def _builtin(params, evaluate, trials, seed):
    """A Latin spread over all parameters (when more than one), then, one parameter at a time, a
    zoom: five evenly spaced values, the range narrowed round the best, until the spacing is one
    step (or a hundredth of the range); repeated while trials remain."""
    rng = random.Random(seed)
    grids = [p.grid() for p in params]
    tried = {}

    def value(values):
        key = tuple(sorted(values.items(), key=lambda kv: kv[0]))
        if key not in tried:
            tried[key] = evaluate(values)
        return tried[key]

    size = math.prod(len(g) for g in grids) if all(g is not None for g in grids) else math.inf
    if size <= trials:
        import itertools
        return min((dict(zip([p.name for p in params], combo)) for combo in itertools.product(*grids)), key=value)
    best = {p.name: (g[len(g) // 2] if g is not None else (p.low + p.high) / 2) for p, g in zip(params, grids)}
    if len(params) > 1:
        spread = max(2, trials // 4)
        points = []
        for p, g in zip(params, grids):
            column = [(i + rng.random()) / spread for i in range(spread)]
            rng.shuffle(column)
            points.append([g[min(len(g) - 1, int(c * len(g)))] if g is not None else p.low + c * (p.high - p.low)
                           for c in column])
        best = min(([dict(zip([p.name for p in params], combo)) for combo in zip(*points)]), key=value)
    while len(tried) < trials:
        before = len(tried)
        for p, g in zip(params, grids):
            if g is not None:
                lo, hi = 0, len(g) - 1
                while len(tried) < trials:
                    idx = sorted({round(lo + k * (hi - lo) / 4) for k in range(5)})
                    scored = [(value({**best, p.name: g[i]}), i) for i in idx]
                    b = min(scored)[1]
                    best = {**best, p.name: g[b]}
                    spacing = (hi - lo) / 4
                    if spacing <= 1:
                        break
                    lo, hi = max(lo, math.floor(b - spacing)), min(hi, math.ceil(b + spacing))
            else:
                lo, hi = p.low, p.high
                while len(tried) < trials and hi - lo > (p.high - p.low) / 100:
                    xs = [lo + k * (hi - lo) / 4 for k in range(5)]
                    b = min(xs, key=lambda x: value({**best, p.name: x}))
                    best = {**best, p.name: b}
                    spacing = (hi - lo) / 4
                    lo, hi = max(p.low, b - spacing), min(p.high, b + spacing)
        if len(tried) == before:
            break
    return dict(min(tried, key=tried.get))


def tune(path, params, goals, fixed=None, games=200, trials=20, seed=0, players=None, bots=("random",),
         bot_options=None, check_games=None, keep=3, workers=1, use_optuna=None) -> dict:
    evaluate = Evaluator(path, fixed or {}, goals, games, seed, players, bots, bot_options, workers)
    best, method = search(params, evaluate, trials, seed, use_optuna)
    evaluate(best)
    ranked = sorted(evaluate.history, key=lambda vl: vl[1])
    shortlist, seen = [], set()
    for values, value in ranked:
        key = tuple(sorted(values.items()))
        if key not in seen:
            seen.add(key)
            shortlist.append(values)
        if len(shortlist) >= keep:
            break
    held_seed = seed + 1_000_003           # seeds no candidate was searched on
    check_games = check_games or 2 * games
    checked = []
    for values in shortlist:
        summary, skill = evaluate.run(values, check_games, held_seed)
        figures = {}
        for g in goals:
            value, lo, hi = interval(summary, g.figure, skill)
            point = g.low == g.high
            figures[g.figure] = {"goal": g.text, "value": value, "low": lo, "high": hi,
                                 "met": value is not None and (lo <= g.low <= hi if point else g.low <= value <= g.high),
                                 "possible": value is not None and hi >= g.low and lo <= g.high}
        checked.append({"options": values, "search_loss": evaluate.cache[tuple(sorted(values.items()))],
                        "check_loss": loss(summary, goals, skill), "figures": figures, "games": check_games})
    checked.sort(key=lambda c: c["check_loss"])
    return {"parameters": [p.__dict__ for p in params], "goals": [g.text for g in goals], "method": method,
            "trials": len(evaluate.history), "games": games, "seed": seed, "check_seed": held_seed,
            "check_games": check_games, "best": checked[0] if checked else None, "candidates": checked,
            "history": [{"options": v, "loss": lo} for v, lo in evaluate.history]}
