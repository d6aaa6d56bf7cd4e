"""`pip install .` (not only editable) ships every module, the grammar, the schema and the bundled rulesets."""
import shutil
import subprocess
import sys
import zipfile

from tests.helpers import ROOT


def test_wheel_contains_data_files(tmp_path):
    # built from a copy without earlier build output: a stale build/ folder can hold modules that
    # pyproject.toml no longer (or never) lists, and hide them missing from a fresh build
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns("build", "dist", "*.egg-info", "__pycache__",
                                                                ".git", ".pytest_cache", "out"))
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(tmp_path),
                           str(source)], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    wheel = next(tmp_path.glob("*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "interpreter/data/grammar/expressions.lark" in names
    assert "interpreter/data/schemas/ruleset.schema.json" in names
    assert "interpreter/data/rulesets/scotch-whist.yaml" in names
    bundled = sorted(p.relative_to(ROOT / "rulesets").as_posix() for p in (ROOT / "rulesets").rglob("*.yaml"))
    for rel in bundled:
        assert f"interpreter/data/rulesets/{rel}" in names, f"{rel} is not in the wheel"
    assert any(n.endswith("entry_points.txt") for n in names)
    modules = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "interpreter").rglob("*.py"))
    missing = [m for m in modules if m not in names]
    assert not missing, f"modules left out of the wheel (list their packages in pyproject.toml): {missing}"
