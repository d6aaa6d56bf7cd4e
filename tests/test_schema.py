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
