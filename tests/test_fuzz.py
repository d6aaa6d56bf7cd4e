"""Fuzzing (issue 19): no input may end in an internal error, a hang or a rejection without a location.

Mutated copies of every bundled ruleset (deleted keys, wrong types, typos, unknown keys, broken
expressions, huge numbers, unicode, deep nesting, bad `extends`, damaged YAML text) and
grammar-generated expressions placed in a ruleset are run through `rules validate` and, when valid,
`rules simulate`, in this process (tests/fuzzing.py).  Hypothesis picks the seeds, derandomized, so
every run tries the same cases; the normal run tries a few hundred, `-m soak` thousands.
"""
from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import fuzzing as F

_WS: list = []


def _workspace() -> F.Workspace:
    if not _WS:
        _WS.append(F.Workspace(Path(tempfile.mkdtemp(prefix="rules-fuzz-"))))
    return _WS[0]


def _settings(examples):
    return settings(max_examples=examples, derandomize=True, database=None, deadline=None,
                    suppress_health_check=list(HealthCheck), print_blob=False)


def _check(relative, text, rng, trials, timeout=60.0):
    try:
        outcomes = F.run_case(_workspace(), relative, text, rng, timeout=timeout, trials=trials)
    except F.Hang as err:
        pytest.fail(f"{relative}: {err}\n--- the case ---\n{text[:3000]}")
    bad = F.failures(outcomes)
    if bad:
        outcome, why = bad[0]
        pytest.fail(f"{relative}: {why} in `rules {' '.join(map(str, outcome.args[:-1]))}`\n{outcome.out[-2000:]}"
                    f"\n--- the case ---\n{text[:3000]}")


def _mutant_case(seed, trials_for_slow):
    rng = random.Random(seed)
    relative = F.BUNDLED[seed % len(F.BUNDLED)]       # every bundled ruleset in turn
    text = F.mutant_text(relative, rng)
    # trial games and a short simulation for the quick games; Scala 40's take seconds each
    trials = rng.random() < 0.25 and (trials_for_slow or not relative.startswith("scala40"))
    _check(relative, text, rng, trials)


def _expression_case(seed):
    rng = random.Random(seed)
    text = F.expression_host(F.gen_expression(rng), rng)
    _check("scotch-whist.yaml", text, rng, trials=True)


@_settings(200)
@given(st.integers(0, 2**32 - 1))
def test_mutated_rulesets_never_break_the_tool(seed):
    _mutant_case(seed, trials_for_slow=False)


@_settings(100)
@given(st.integers(0, 2**32 - 1))
def test_generated_expressions_never_break_the_tool(seed):
    _expression_case(seed)


def test_every_bundled_ruleset_is_mutated():
    seeds = range(len(F.BUNDLED))
    assert {F.BUNDLED[s % len(F.BUNDLED)] for s in seeds} == set(F.BUNDLED)


# The 0.01 s alarm may go off inside a garbage-collector callback, where Python prints the exception
# as "ignored"; run_cli still reports the hang (its `fired` check), which is what this test asserts.
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_a_failure_is_seen():
    """The checks can fail: an internal error, a hang and an unlocated rejection are each reported."""
    assert F.Outcome(["validate", "x"], 3, "internal error: boom").problem() == "internal error"
    assert F.Outcome(["validate", "x"], 1, "x.yaml: something is wrong").problem() == "rejected without a location"
    assert F.Outcome(["validate", "x"], 1, "x.yaml:3:4: error: bad (schema)").problem() is None
    with pytest.raises(F.Hang):
        F.run_cli(["validate", "--quick", F.RULESETS / "scala40" / "scala40.yaml"], timeout=0.01)


@pytest.mark.soak
@_settings(3000)
@given(st.integers(0, 2**32 - 1))
def test_soak_mutated_rulesets(seed):
    _mutant_case(seed, trials_for_slow=True)


@pytest.mark.soak
@_settings(3000)
@given(st.integers(0, 2**32 - 1))
def test_soak_generated_expressions(seed):
    _expression_case(seed)
