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


def test_the_mistake_is_shown_as_actually_printed(tmp_path):
    yaml_text = next(body for lang, body in _blocks() if lang == "yaml")
    yaml_text = "\n".join(line[3:] if line.startswith("   ") else line for line in yaml_text.splitlines())
    (tmp_path / "quick-whist.yaml").write_text(yaml_text.replace("Q: 5", "Q: five"), encoding="utf-8")
    shown = next(body for lang, body in _blocks() if lang == "text" and "Q: five" in body)
    shown = "\n".join(line[3:] for line in shown.splitlines())
    proc = run_cli("validate", "quick-whist.yaml", cwd=tmp_path)
    assert (proc.stdout + proc.stderr).rstrip() == shown.rstrip()


def test_the_list_item_examples_resolve(tmp_path):
    import yaml
    variants = [body for lang, body in _blocks() if lang == "yaml" and "$items" in body]
    assert len(variants) == 2
    merged = []
    for i, body in enumerate(variants):
        (tmp_path / f"v{i}.yaml").write_text(body, encoding="utf-8")
        proc = run_cli("resolve", f"v{i}.yaml", cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        merged.append(yaml.safe_load(proc.stdout))
    assert merged[0]["options"]["trick_values"]["default"] == [1, 1, 2, 3, 5, 8, 21]
    assert merged[1]["hand"][2]["deal"] == {"from": "stock", "to": "hand", "count": "all",
                                            "start": "left_of(dealer)", "packet": 3}
    assert run_cli("validate", "--quick", "v1.yaml", cwd=tmp_path).returncode == 0


def test_the_comparison_of_two_rulesets(tmp_path):
    yaml_text = next(body for lang, body in _blocks() if lang == "yaml")
    yaml_text = "\n".join(line[3:] if line.startswith("   ") else line for line in yaml_text.splitlines())
    (tmp_path / "quick-whist.yaml").write_text(yaml_text, encoding="utf-8")
    command = next(body for lang, body in _blocks() if lang == "sh" and "quick-whist.yaml scotch-whist" in body)
    args = command.split()[1:]
    proc = run_cli(*[("30" if a == "2000" else a) for a in args], cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "compared with Quick Scotch Whist" in proc.stdout
