"""The README's tutorial works as written."""
import re

from tests.helpers import ROOT, run_cli


def _blocks():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```(\w+)\n(.*?)```", text, flags=re.S)


def test_tutorial_variant_validates_and_simulates(tmp_path):
    yaml_text = next(body for lang, body in _blocks() if lang == "yaml")
    yaml_text = "\n".join(line[3:] if line.startswith("   ") else line for line in yaml_text.splitlines())
    variant = tmp_path / "quick-whist.yaml"
    variant.write_text(yaml_text, encoding="utf-8")
    run = lambda *a: run_cli(*a, cwd=tmp_path)
    assert run("validate", "quick-whist.yaml").returncode == 0
    resolved = run("resolve", "quick-whist.yaml")
    assert "Quick Scotch Whist" in resolved.stdout and "Q: 5" in resolved.stdout
    sim = run("simulate", "quick-whist.yaml", "--games", "50", "--players", "5", "--json")
    assert sim.returncode == 0, sim.stderr
    assert '"games": 50' in sim.stdout
    assert run("simulate", "scotch-whist", "--games", "20", "--option", "target=21").returncode == 0


def test_mistake_in_tutorial_is_located(tmp_path):
    yaml_text = next(body for lang, body in _blocks() if lang == "yaml")
    yaml_text = "\n".join(line[3:] if line.startswith("   ") else line for line in yaml_text.splitlines())
    bad = tmp_path / "quick-whist.yaml"
    bad.write_text(yaml_text.replace("Q: 5", "Q: five"), encoding="utf-8")
    proc = run_cli("validate", "quick-whist.yaml", cwd=tmp_path)
    assert proc.returncode == 1
    assert "quick-whist.yaml:8:" in proc.stdout + proc.stderr
