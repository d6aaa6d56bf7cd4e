"""Fuzzing machinery: mutated rulesets and generated expressions, run through the CLI in-process.

Every input must end with exit 0, 1 or 2 and, when it is rejected, a located message
(`file:line:col: error: ...`).  Exit 3 (an internal error), a case running past its time
limit (a hang) or a rejection without a location is a failure.  tests/test_fuzz.py drives
this with hypothesis (seeded); `python -m tests.fuzzing N` runs N cases and prints failures.
"""
from __future__ import annotations

import contextlib
import copy
import io
import random
import re
import shutil
import signal
import sys
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ROOT / "rulesets"
BUNDLED = sorted(p.relative_to(RULESETS).as_posix() for p in RULESETS.rglob("*.yaml"))
LOCATED = re.compile(r"^\S.*:\d+:\d+: (error|warning): ", re.M)


class Hang(BaseException):
    """A case ran past its time limit (a BaseException: the CLI must not catch it)."""


@dataclass
class Outcome:
    args: list
    code: int
    out: str

    def problem(self) -> str | None:
        """Why this outcome is a failure, or None."""
        if self.code == 3 or "internal error" in self.out:
            return "internal error"
        if self.code not in (0, 1, 2):
            return f"exit {self.code}"
        if self.code == 1 and self.args[0] == "validate" and not LOCATED.search(self.out):
            return "rejected without a location"
        return None


def run_cli(args, timeout: float = 30.0) -> Outcome:
    """Run `rules ARGS` in this process; the exit code and everything printed."""
    from interpreter.cli.main import main
    buf = io.StringIO()

    fired = []

    def on_alarm(signum, frame):
        fired.append(True)
        raise Hang(f"rules {' '.join(map(str, args))} ran for more than {timeout} s of processor time")
    # processor time, not the clock: the limit holds on a busy machine too
    old = signal.signal(signal.SIGVTALRM, on_alarm)
    signal.setitimer(signal.ITIMER_VIRTUAL, timeout)
    code = 0
    try:
        with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):
            main([str(a) for a in args])
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.signal(signal.SIGVTALRM, old)
    if fired:   # the Hang was raised where Python swallows exceptions (a gc callback, a __del__): still a hang
        raise Hang(f"rules {' '.join(map(str, args))} ran for more than {timeout} s of processor time")
    return Outcome(list(args), code, buf.getvalue())


# -- mutations of parsed rulesets ---------------------------------------------------------

WRONG_VALUES = [1, -1, 0, "x", True, False, None, [], {}, [1, 2], {"a": 1}, 1.5, "∞", "none", [[]],
                {"x": [1]}, "p => p", 10**30, -10**30, "", " ", "[", "1e999"]
JUNK = "()[]{},.=<>+-*/%\"'!&|#:;@`\\^~$?λ♥♠"
UNICODE = ["é", "日本", "🂡", "\u202e", "\u0301", "♥", "ß", "\ufeff", "Ⅻ", "𝔸", "\u00a0", "x\u200by"]


def _wrong_value(rng):
    """One of WRONG_VALUES, a copy of its own: the lists and mappings there are shared, and a later
    mutation of the case that holds one (a key added to it) must not change it for every case after."""
    return copy.deepcopy(rng.choice(WRONG_VALUES))


def _paths(node, path=()):
    """Every (path, value) below `node` (dict keys and list positions), down to 40 levels."""
    todo = [(path, node)]
    while todo:
        path, node = todo.pop()
        yield path, node
        if len(path) >= 40:
            continue
        if isinstance(node, dict):
            todo.extend((path + (k,), v) for k, v in reversed(list(node.items())))
        elif isinstance(node, list):
            todo.extend((path + (i,), v) for i, v in reversed(list(enumerate(node))))


def _get(node, path):
    for p in path:
        node = node[p]
    return node


def _set(root, path, value):
    if not path:
        return value
    _get(root, path[:-1])[path[-1]] = value
    return root


def _rename_key(d: dict, old, new):
    items = [(new if k == old else k, v) for k, v in d.items()]
    d.clear()
    d.update(items)


def _typo(word: str, rng) -> str:
    if not word:
        return "x"
    i = rng.randrange(len(word))
    kind = rng.randrange(4)
    if kind == 0:
        return word[:i] + word[i + 1:] or "y"
    if kind == 1:
        return word[:i] + rng.choice("abcdefghijklmnopqrstuvwxyz_") + word[i:]
    if kind == 2 and len(word) > 1:
        j = min(i + 1, len(word) - 1)
        return word[:i] + word[j] + word[i] + word[j + 1:]
    return word.upper() if word.islower() else word.lower() + "s"


def _break_text(text: str, rng) -> str:
    kind = rng.randrange(7)
    i = rng.randrange(len(text) + 1)
    if kind == 0 and text:
        return text[:i] + text[i + 1:]
    if kind == 1:
        return text[:i] + rng.choice(JUNK) + text[i:]
    if kind == 2:
        return text[:i]
    if kind == 3:
        return text + text
    if kind == 4:
        return text[:i] + rng.choice(UNICODE) + text[i:]
    if kind == 5:
        return re.sub(r"\d+", lambda m: "1" + "0" * rng.choice([9, 18, 40, 400, 5000]), text) if re.search(
            r"\d", text) else text + " * 99999999999999999999"
    return deep_expression(rng, text)


def deep_expression(rng, inner="1") -> str:
    depth = rng.choice([50, 120, 300, 1000, 3000])
    kind = rng.randrange(6)
    if kind == 0:
        return "(" * depth + inner + ")" * depth
    if kind == 1:
        return "not " * depth + inner
    if kind == 2:
        return "-" * depth + "1"
    if kind == 3:
        return "max(" * depth + "1" + ", 2)" * depth
    if kind == 4:
        return "[" * depth + inner + "]" * depth
    return " + ".join(["1"] * depth)


def _deep_yaml(depth: int, rng):
    node = rng.choice([1, "x", None])
    for _ in range(depth):
        node = [node] if rng.random() < 0.5 else {"k": node}
    return node


def mutate(data, rng, name: str):
    """One random change to the parsed ruleset `data` (changed in place or replaced); returns it."""
    paths = [p for p, _ in _paths(data)]
    path = rng.choice(paths)
    value = _get(data, path) if path else data
    kind = rng.choice(["delete", "wrong_type", "typo", "unknown_key", "expression", "expression", "huge",
                       "unicode", "deep", "extends", "duplicate_list_item"])
    if kind == "delete" and path:
        parent = _get(data, path[:-1])
        del parent[path[-1]]
        return data
    if kind == "wrong_type" and path:
        return _set(data, path, _wrong_value(rng))
    if kind == "typo":
        dict_paths = [p for p in paths if p and isinstance(p[-1], str)]
        if dict_paths:
            p = rng.choice(dict_paths)
            _rename_key(_get(data, p[:-1]), p[-1], _typo(p[-1], rng))
        return data
    if kind == "unknown_key":
        dicts = [p for p in paths if isinstance(_get(data, p) if p else data, dict)]
        target = _get(data, rng.choice(dicts)) if dicts else data
        if isinstance(target, dict):
            target[rng.choice(["zzz", "folow", "Do", "é", "count", "when", "1"])] = _wrong_value(rng)
        return data
    if kind == "expression":
        strings = [p for p in paths if p and isinstance(_get(data, p), str)]
        if strings:
            p = rng.choice(strings)
            _set(data, p, _break_text(_get(data, p), rng))
        return data
    if kind == "huge":
        numbers = [p for p in paths if p and isinstance(_get(data, p), int) and not isinstance(_get(data, p), bool)]
        p = rng.choice(numbers) if numbers else (path or ("players",))
        if p:
            _set(data, p, rng.choice([10**6, 10**9, 10**18, 2**63, 10**400, -10**9, 10**4000 if rng.random() < .2
                                      else 10**100]))
        return data
    if kind == "unicode":
        strings = [p for p in paths if p and isinstance(_get(data, p), str)]
        if strings:
            p = rng.choice(strings)
            _set(data, p, rng.choice(UNICODE) + _get(data, p))
        elif isinstance(data, dict):
            data[rng.choice(UNICODE)] = 1
        return data
    if kind == "deep":
        if path and rng.random() < 0.5:
            return _set(data, path, _deep_yaml(rng.choice([30, 200, 2000]), rng))
        strings = [p for p in paths if p and isinstance(_get(data, p), str)]
        if strings:
            p = rng.choice(strings)
            _set(data, p, deep_expression(rng, _get(data, p)))
        return data
    if kind == "extends" and isinstance(data, dict):
        data["extends"] = rng.choice([
            "x" * rng.choice([10, 300, 5000]), "/", "..", "../../../../etc/passwd", name, Path(name).name,
            "missing.yaml", "scotch-whist", 7, ["a.yaml"], {"a": 1}, "", "\x00", "🂡.yaml", None, True,
            "scala40", "nul/ly.yaml"])
        return data
    if kind == "duplicate_list_item":
        lists = [p for p in paths if isinstance(_get(data, p) if p else data, list) and _get(data, p)]
        if lists:
            target = _get(data, rng.choice(lists))
            target.append(rng.choice(target))
    return data


def mutate_text(text: str, rng) -> str:
    """A change to the YAML text itself: lines dropped, doubled, re-indented, tabs, truncation."""
    lines = text.splitlines(True)
    if not lines:
        return "x"
    i = rng.randrange(len(lines))
    kind = rng.randrange(6)
    if kind == 0:
        del lines[i]
    elif kind == 1:
        lines.insert(i, lines[i])
    elif kind == 2:
        lines[i] = "  " + lines[i]
    elif kind == 3:
        lines[i] = "\t" + lines[i]
    elif kind == 4:
        return "".join(lines[:i]) + lines[i][: rng.randrange(len(lines[i]) + 1)]
    else:
        lines[i] = _break_text(lines[i], rng)
    return "".join(lines)


def dump(data) -> str:
    try:
        return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=10**6)
    except RecursionError:
        return "x: 1\n"


# -- grammar-generated expressions -------------------------------------------------------

NAMES = ["score", "trumps", "dealt", "target", "dealer", "players", "hand", "trick", "won", "stock", "current",
         "p", "x", "zz", "player_count", "led_suit", "winner", "plain", "honour", "suits"]
FUNCS = ["count", "max", "min", "sum", "filter", "any", "all", "argmax", "last", "first", "left_of", "card",
         "owner", "sorted", "range", "len", "abs", "of_suit", "nope", "map", "rank", "suit"]
ATTRS = ["suit", "rank", "x", "value", "length", "cards"]


def gen_expression(rng, depth: int = 0) -> str:
    """A random expression, mostly following the grammar (sometimes not, on purpose)."""
    if depth > 4 or rng.random() < 0.25:
        return rng.choice([
            str(rng.choice([0, 1, 2, 7, 41, 10**6, 10**20, 2**64])), '"hearts"', "'x'", "none", "true", "false",
            rng.choice(NAMES), rng.choice(["A♥", "10♣", "J♠", "♦"]), "[]", "[1, 2]"])
    kind = rng.randrange(11)
    sub = lambda: gen_expression(rng, depth + 1)  # noqa: E731
    if kind == 0:
        return f"{sub()} {rng.choice(['+', '-', '*', '/', '//', '%'])} {sub()}"
    if kind == 1:
        return f"{sub()} {rng.choice(['==', '!=', '<', '<=', '>', '>=', 'in', 'not in'])} {sub()}"
    if kind == 2:
        return f"{sub()} {rng.choice(['and', 'or'])} {sub()}"
    if kind == 3:
        return f"not {sub()}"
    if kind == 4:
        return f"-{sub()}"
    if kind == 5:
        return f"{sub()}.{rng.choice(ATTRS)}"
    if kind == 6:
        return f"{sub()}[{sub()}]"
    if kind == 7:
        args = [sub() for _ in range(rng.randrange(4))]
        if rng.random() < 0.4:
            args.append(f"{rng.choice(['p', 'c', 'x'])} => {sub()}")
        return f"{rng.choice(FUNCS)}({', '.join(args)})"
    if kind == 8:
        return f"({sub()} if {sub()} else {sub()})"
    if kind == 9:
        return f"[{', '.join(sub() for _ in range(rng.randrange(3)))}]"
    return _break_text(sub(), rng) if rng.random() < 0.3 else f"({sub()})"


def expression_host(expr: str, rng) -> str:
    """Scotch Whist with `expr` in a step that runs every hand (a record, a condition, a set, a loop)."""
    data = yaml.safe_load((RULESETS / "scotch-whist.yaml").read_text(encoding="utf-8"))
    where = rng.randrange(5)
    step = [{"record": {"fuzz": expr}}, {"if": expr, "then": [{"set": {"dealt": 1}}]},
            {"set": {"dealt": expr}}, {"for_each": {"in": expr, "as": "q", "do": [{"set": {"dealt": 2}}]}},
            {"add": {"score[dealer]": expr}}][where]
    data["hand"].insert(5, step)
    if rng.random() < 0.3:
        data["end"]["winners"] = expr
    return dump(data)


# -- one case ------------------------------------------------------------------------------

class Workspace:
    """A copy of the bundled rulesets in a temporary folder, so that mutants next to their parents
    resolve `extends:` as the originals do."""

    def __init__(self, tmp: Path):
        self.root = Path(tmp) / "rulesets"
        if not self.root.exists():
            shutil.copytree(RULESETS, self.root)

    def write(self, relative: str, text: str) -> Path:
        target = (self.root / relative).with_name("fuzz-case.yaml")
        target.write_text(text, encoding="utf-8")
        return target


def mutant_text(name: str, rng) -> str:
    text = (RULESETS / name).read_text(encoding="utf-8")
    if rng.random() < 0.2:
        return mutate_text(text, rng)
    data = yaml.safe_load(text)
    for _ in range(rng.choice([1, 1, 2, 3])):
        data = mutate(data, rng, name)
    return dump(data)


def run_case(ws: Workspace, relative: str, text: str, rng, timeout: float = 30.0, trials: bool = True):
    """Validate (quickly, then with trial games) and, when valid, simulate a couple of games.
    Returns the outcomes; the first with a problem tells what failed."""
    path = ws.write(relative, text)
    outcomes = [run_cli(["validate", "--quick", path], timeout)]
    if outcomes[-1].code == 0 and trials:
        outcomes.append(run_cli(["validate", path], timeout))
        if outcomes[-1].code == 0 and "warning" not in outcomes[-1].out:
            outcomes.append(run_cli(["simulate", "-n", "2", "-s", str(rng.randrange(1000)), path], timeout))
    return outcomes


def failures(outcomes):
    return [(o, o.problem()) for o in outcomes if o.problem()]


def main(argv):
    """python -m tests.fuzzing CASES [SEED] [expr|trials]: run cases, print each failure."""
    import tempfile
    import time
    count = int(argv[0]) if argv else 100
    seed = int(argv[1]) if len(argv) > 1 else 0
    exprs = len(argv) > 2 and argv[2] == "expr"
    always = len(argv) > 2 and argv[2] == "trials"        # trial games and a simulation for every valid case
    rng = random.Random(seed)
    bad = 0
    started = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        ws = Workspace(Path(tmp))
        for i in range(count):
            if exprs:
                relative, text = "scotch-whist.yaml", expression_host(gen_expression(rng), rng)
            else:
                relative = rng.choice(BUNDLED)
                text = mutant_text(relative, rng)
            try:
                outs = run_case(ws, relative, text, rng, trials=always or rng.random() < 0.3)
            except Hang as err:
                print(f"case {i} ({relative}): HANG {err}")
                Path(f"/tmp/fuzzfail-{seed}-{i}.yaml").write_text(text, encoding="utf-8")
                bad += 1
                continue
            for o, why in failures(outs):
                bad += 1
                print(f"case {i} ({relative}): {why}: rules {' '.join(map(str, o.args[:-1]))}\n{o.out[-1500:]}")
                Path(f"/tmp/fuzzfail-{seed}-{i}.yaml").write_text(text, encoding="utf-8")
    print(f"{count} cases, {bad} failures, {time.time() - started:.1f} s")


if __name__ == "__main__":
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    main(sys.argv[1:])
