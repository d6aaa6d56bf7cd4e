"""`pip install .` (not only editable) ships the grammar, the schema and the bundled rulesets."""
import subprocess
import sys
import zipfile

from tests.helpers import ROOT


def test_wheel_contains_data_files(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(tmp_path),
                           str(ROOT)], capture_output=True, text=True, timeout=600)
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
