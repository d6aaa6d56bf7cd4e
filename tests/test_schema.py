"""The ruleset schema: up to date, described for editors, referenced by every bundled ruleset."""
import json
import re
import subprocess
import sys

import jsonschema
import pytest

from tests.helpers import ROOT

SCHEMA_PATH = ROOT / "schemas" / "ruleset.schema.json"
BUNDLED = sorted((ROOT / "rulesets").rglob("*.yaml"))


def test_committed_schema_is_generated_from_the_registry():
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "build_schema.py"), "--check"])
    assert proc.returncode == 0, "schemas/ruleset.schema.json is stale: run python tools/build_schema.py"


def test_schema_is_valid_2020_12():
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert schema["$schema"].endswith("2020-12/schema")
    jsonschema.Draft202012Validator.check_schema(schema)


def _properties(node, path=()):
    if isinstance(node, dict):
        for name, sub in (node.get("properties") or {}).items():
            yield path + (name,), sub
        for key, sub in node.items():
            if key != "properties":
                yield from _properties(sub, path + (key,))
        for name, sub in (node.get("properties") or {}).items():
            yield from _properties(sub, path + (name,))
    elif isinstance(node, list):
        for i, sub in enumerate(node):
            yield from _properties(sub, path + (i,))


def test_every_property_has_a_description():
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    missing = sorted({"/".join(map(str, p)) for p, sub in _properties(schema)
                      if isinstance(sub, dict) and not sub.get("description")
                      and not (set(sub) == {"$ref"})})
    assert not missing, f"properties without a description: {missing[:10]}"


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.relative_to(ROOT / "rulesets").as_posix())
def test_bundled_ruleset_names_the_schema(path):
    first = path.read_text(encoding="utf-8").splitlines()[0]
    m = re.match(r"# yaml-language-server: \$schema=(\S+)$", first)
    assert m, f"{path.name} must start with the yaml-language-server $schema line"
    assert (path.parent / m.group(1)).resolve() == SCHEMA_PATH.resolve()


# -- what an editor sees: each file as written, checked with the schema its first line names --------------

def _editor_errors(path, text=None):
    """Schema errors for one file as yaml-language-server checks it: the file alone, not merged."""
    import yaml
    text = path.read_text(encoding="utf-8") if text is None else text
    m = re.match(r"# yaml-language-server: \$schema=(\S+)\n", text)
    schema = json.loads((path.parent / m.group(1)).read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(yaml.safe_load(text))]


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.relative_to(ROOT / "rulesets").as_posix())
def test_bundled_ruleset_has_no_schema_error_in_an_editor(path):
    assert _editor_errors(path) == []


def test_variants_are_checked_as_variants_and_complete_rulesets_completely():
    variants = [p for p in BUNDLED if re.search(r"^extends:", p.read_text(encoding="utf-8"), re.M)]
    assert len(variants) >= 20
    # a variant writes only what changes; without `extends` the same text lacks the required sections
    text = variants[0].read_text(encoding="utf-8")
    without = re.sub(r"^extends:.*\n", "", text, flags=re.M)
    assert any("'pack' is a required property" in e for e in _editor_errors(variants[0], without))


@pytest.mark.parametrize("name", ["scotch-whist.yaml", "scalade/scalade-mobile.yaml"])
def test_a_misspelt_step_setting_is_flagged_in_an_editor(name):
    path = ROOT / "rulesets" / name
    text = path.read_text(encoding="utf-8")
    if "extends:" in text:
        text += "hand:\n  - tricks: {hand: hand, trick: trick, folow: suit}\n"
    else:
        assert "follow: suit" in text
        text = text.replace("follow: suit", "folow: suit", 1)
    errors = _editor_errors(path, text)
    assert errors and all("folow" in e for e in errors), errors


def test_a_variant_may_remove_entries_and_change_list_items():
    path = ROOT / "rulesets" / "scotch-whist.yaml"
    text = ("# yaml-language-server: $schema=schemas/ruleset.schema.json\nextends: scotch-whist\n"
            "zones: {trick: null}\nplayers: {count: {$items: {0: 3}}}\n"
            "hand: {$items: {2: {deal: {count: 6}}}}\n")
    assert _editor_errors(ROOT / "x.yaml", text) == []
    assert _editor_errors(ROOT / "x.yaml", text.replace("count: 6", "cuont: 6"))
    del path


def test_every_step_kind_with_settings_lists_them():
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    kinds = schema["$defs"]["step"]["anyOf"][1]["properties"]
    tricks = kinds["tricks"]
    assert {"follow", "lead", "trumps", "order", "after_trick"} <= set(tricks["properties"])
    assert tricks["additionalProperties"] is False and tricks["required"] == ["hand", "trick"]
    assert "follow suit" in tricks["properties"]["follow"]["description"]
    assert kinds["for_each"]["properties"]["do"]["$ref"] == "#/$defs/steps"
