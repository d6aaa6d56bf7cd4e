"""Shared test machinery: golden files, and pytest collection of scenario files.

Golden files hold expected output.  Regenerate them after an intended change:

    UPDATE_GOLDEN=1 python -m pytest -q tests/test_broken_rulesets.py tests/test_explain.py

Scenario files (YAML, see docs/scenarios.md) under tests/scenarios/ are
collected here, one test per scenario; tests/test_scenarios.py runs the
bundled games' files in scenarios/ the same way.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


def check_golden(path: Path, actual: str):
    """Compare `actual` with the golden file; with UPDATE_GOLDEN=1 write it instead."""
    path = Path(path)
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
        return
    if not path.exists():
        pytest.fail(f"the golden file {path.relative_to(ROOT)} is missing; create it with\n"
                    f"    UPDATE_GOLDEN=1 python -m pytest -q {os.environ.get('PYTEST_CURRENT_TEST', '').split('::')[0]}\n"
                    "and check its content before committing it", pytrace=False)
    expected = path.read_text(encoding="utf-8")
    if actual != expected:
        import difflib
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                            str(path.relative_to(ROOT)), "actual output"))
        pytest.fail(f"output differs from {path.relative_to(ROOT)} (UPDATE_GOLDEN=1 rewrites it):\n{diff}",
                    pytrace=False)


@pytest.fixture
def golden():
    return check_golden


# -- scenario files ------------------------------------------------------------------

def pytest_collect_file(parent, file_path):
    if file_path.suffix == ".yaml" and file_path.parent.name == "scenarios":
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self):
        from interpreter.authoring.runner import run_file
        outcomes, problems = run_file(str(self.path))
        if problems:
            yield ScenarioItem.from_parent(self, name="(file)", outcome=None, problems=problems)
        for o in outcomes:
            yield ScenarioItem.from_parent(self, name=o.name, outcome=o, problems=[])


class ScenarioFailed(Exception):
    pass


class ScenarioItem(pytest.Item):
    def __init__(self, *, outcome, problems, **kw):
        super().__init__(**kw)
        self.outcome, self.problems = outcome, problems

    def runtest(self):
        diags = self.problems or (self.outcome.diagnostics if self.outcome else [])
        if diags:
            raise ScenarioFailed("\n".join(d.format() for d in diags))

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, ScenarioFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, f"scenario: {self.name}"
