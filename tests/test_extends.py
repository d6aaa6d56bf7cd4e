import re

import pytest

from interpreter.diagnostics import RulesetError
from interpreter.ruleset.extends import deep_merge, resolve_ruleset
from interpreter.ruleset.yamlsource import Pos
from interpreter.ruleset.loader import load_ruleset
from pathlib import Path


def write(folder, name, text):
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def chain(tmp_path):
    write(tmp_path, "base.yaml", """\
name: base
deal:
  hand_size: 13
  deck: standard
scoring:
  - trick: 1
  - bonus: 2
extra: keep
tricks:
  follow: suit
""")
    write(tmp_path, "mid.yaml", """\
extends: base.yaml
deal:
  hand_size: 9
extra: null
""")
    return write(tmp_path, "child.yaml", """\
extends: mid
name: child
scoring:
  - trick: 5
""")


def resolve_errors(path, **kw):
    with pytest.raises(RulesetError) as info:
        resolve_ruleset(path, **kw)
    return info.value.diagnostics


def test_deep_merge_rules():
    base = {"a": 1, "m": {"x": 1, "y": 2, "deep": {"k": 1}}, "l": [1, 2, 3], "gone": 5}
    over = {"m": {"y": None, "z": 3, "deep": {"j": 2}}, "l": [9], "gone": None, "new": "n"}
    assert deep_merge(base, over) == {"a": 1, "m": {"x": 1, "deep": {"k": 1, "j": 2}, "z": 3},
                                      "l": [9], "new": "n"}
    assert base["m"] == {"x": 1, "y": 2, "deep": {"k": 1}}       # inputs untouched
    assert deep_merge({"a": {"b": 1}}, {"a": 7}) == {"a": 7}
    assert deep_merge({"a": 7}, {"a": {"b": 1, "c": None}}) == {"a": {"b": 1}}


def test_deep_merge_result_shares_nothing():
    base = {"l": [1]}
    merged = deep_merge(base, {})
    merged["l"].append(2)
    assert base == {"l": [1]}


def test_chain_override_removal_and_list_replacement(chain):
    data, _ = resolve_ruleset(chain)
    assert data == {
        "name": "child",
        "deal": {"hand_size": 9, "deck": "standard"},
        "scoring": [{"trick": 5}],
        "tricks": {"follow": "suit"},
    }
    assert "extends" not in data and "extra" not in data
    assert list(data) == ["name", "deal", "scoring", "tricks"]      # parent's order


def test_positions_name_the_file_that_supplied_the_value(chain, tmp_path):
    _, smap = resolve_ruleset(chain)
    base, mid, child = (str(tmp_path / n) for n in ("base.yaml", "mid.yaml", "child.yaml"))
    assert smap.value_pos(("name",)) == Pos(child, 2, 7)
    assert smap.value_pos(("deal", "hand_size")) == Pos(mid, 3, 14)
    assert smap.value_pos(("deal", "deck")) == Pos(base, 4, 9)
    assert smap.key_pos(("tricks", "follow")) == Pos(base, 10, 3)
    assert smap.value_pos(("scoring", 0, "trick")) == Pos(child, 4, 12)
    assert smap.scalar_text(("tricks", "follow")) == "suit"
    assert set(smap.files) == {base, mid, child}
    d = smap.diagnostic(("tricks", "follow"), "bad", "schema", length=4)
    assert (d.file, d.line, d.source_line) == (base, 10, "  follow: suit")
    # the replaced list's second item is gone; its path falls back to the child's list
    assert smap.value_pos(("scoring", 1, "bonus")).file == child


def test_expr_pos_in_inherited_value(tmp_path):
    write(tmp_path, "p.yaml", "rules:\n  win: score + bonu\n  keep: 1\n")
    c = write(tmp_path, "c.yaml", "extends: p.yaml\nrules:\n  keep: 2\n")
    _, smap = resolve_ruleset(c)
    assert smap.expr_pos(("rules", "win"), 8) == Pos(str(tmp_path / "p.yaml"), 2, 16)


def test_bundled_parent(tmp_path):
    bundled = tmp_path / "lib"
    bundled.mkdir()
    write(bundled, "scotch-whist.yaml", "name: scotch\nplayers: 4\n")
    c = write(tmp_path, "c.yaml", "extends: scotch-whist\nplayers: 3\n")
    data, smap = resolve_ruleset(c, find_bundled=lambda n: bundled / f"{n}.yaml")
    assert data == {"name": "scotch", "players": 3}
    assert smap.value_pos(("name",)).file == str(bundled / "scotch-whist.yaml")


def test_cycle_is_reported_with_the_chain(tmp_path):
    a = write(tmp_path, "a.yaml", "extends: b.yaml\nx: 1\n")
    write(tmp_path, "b.yaml", "extends: a.yaml\n")
    (d,) = resolve_errors(a)
    assert d.rule == "extends"
    assert (d.file, d.line, d.col) == (str(tmp_path / "b.yaml"), 1, 10)
    assert d.message == (f"'extends' goes round in a circle: {tmp_path / 'a.yaml'} -> "
                         f"{tmp_path / 'b.yaml'} -> {tmp_path / 'a.yaml'}")


def test_self_extension_is_a_cycle(tmp_path):
    a = write(tmp_path, "a.yaml", "extends: a.yaml\n")
    (d,) = resolve_errors(a)
    assert "circle" in d.message and d.rule == "extends"


def test_missing_parent_with_did_you_mean(tmp_path):
    write(tmp_path, "base.yaml", "x: 1\n")
    c = write(tmp_path, "c.yaml", "name: c\nextends: bsae.yaml\n")
    (d,) = resolve_errors(c)
    assert (d.file, d.line, d.col, d.length) == (str(c), 2, 10, 9)
    assert d.message == "cannot find the ruleset 'bsae.yaml' to extend"
    assert d.hint == "did you mean 'base.yaml'?"
    c2 = write(tmp_path, "c2.yaml", "extends: bse\n")
    assert resolve_errors(c2)[0].hint == "did you mean 'base'?"


def test_missing_bundled_name(tmp_path):
    c = write(tmp_path, "c.yaml", "extends: nowhere\n")
    (d,) = resolve_errors(c, find_bundled=lambda n: None)
    assert d.rule == "extends" and "nowhere" in d.message


def test_errors_in_parent_name_the_parent(tmp_path):
    write(tmp_path, "p.yaml", "a: 1\na: 2\nb: 1\nb: 2\n")
    c = write(tmp_path, "c.yaml", "extends: p.yaml\n")
    diags = resolve_errors(c)
    assert [(d.file, d.line, d.rule) for d in diags] == [
        (str(tmp_path / "p.yaml"), 2, "duplicate-key"),
        (str(tmp_path / "p.yaml"), 4, "duplicate-key")]


def test_extends_must_be_text_and_file_must_be_a_mapping(tmp_path):
    c = write(tmp_path, "c.yaml", "extends: [a, b]\n")
    assert resolve_errors(c)[0].rule == "extends"
    l = write(tmp_path, "l.yaml", "- a\n- b\n")
    assert "must be a mapping" in resolve_errors(l)[0].message


# -- $items: change items of an inherited list by position ----------------------------

def test_items_directive_changes_one_item_and_keeps_the_others():
    base = {"sizes": [10, 8, 7, 6], "steps": [{"deal": {"count": 5, "to": "hand"}}, {"shuffle": "stock"}]}
    over = {"sizes": {"$items": {1: 9, -1: 4}}, "steps": {"$items": {0: {"deal": {"count": 6}}}}}
    assert deep_merge(base, over) == {"sizes": [10, 9, 7, 4],
                                      "steps": [{"deal": {"count": 6, "to": "hand"}}, {"shuffle": "stock"}]}
    assert base["sizes"] == [10, 8, 7, 6]


@pytest.mark.parametrize("over, words", [
    ({"sizes": {"$items": {4: 1}}}, "no item at position 4: it has 4 item(s), positions 0 to 3"),
    ({"sizes": {"$items": {"two": 1}}}, "'two' is not a position"),
    ({"sizes": {"$items": {0: None}}}, "cannot be removed"),
    ({"name": {"$items": {0: 1}}}, "the parent has a str here"),
    ({"sizes": {"$items": {0: 1}, "x": 2}}, "must be the only key"),
])
def test_items_directive_misuse(over, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        deep_merge({"sizes": [10, 8, 7, 6], "name": "n"}, over)


def test_items_directive_in_a_variant_file_keeps_positions(tmp_path):
    base = write(tmp_path, "base.yaml", "name: base\nsizes: [10, 8, 7, 6]\nhand:\n  - deal: {count: 5, to: hand}\n")
    c = write(tmp_path, "c.yaml", "extends: base.yaml\nsizes: {$items: {2: 3}}\nhand:\n  $items:\n"
                                  "    0: {deal: {count: 6}}\n")
    data, smap = resolve_ruleset(c)
    assert data == {"name": "base", "sizes": [10, 8, 3, 6], "hand": [{"deal": {"count": 6, "to": "hand"}}]}
    assert smap.value_pos(("sizes", 2)) == Pos(str(c), 2, 21)
    assert smap.value_pos(("sizes", 1)) == Pos(str(base), 2, 13)
    assert smap.value_pos(("hand", 0, "deal", "count")) == Pos(str(c), 5, 23)
    assert smap.value_pos(("hand", 0, "deal", "to")).file == str(base)


def test_items_directive_errors_are_located(tmp_path):
    write(tmp_path, "base.yaml", "sizes: [10, 8]\n")
    c = write(tmp_path, "c.yaml", "extends: base.yaml\nsizes:\n  $items: {5: 1}\n")
    (d,) = resolve_errors(c)
    assert (d.file, d.line, d.col, d.rule) == (str(c), 3, 12, "extends")
    assert "no item at position 5" in d.message and d.hint == "to add items, write {$insert: {POSITION: [...]}}"
    lone = write(tmp_path, "lone.yaml", "sizes:\n  $items: {0: 1}\n")
    (d,) = resolve_errors(lone)
    assert (d.line, d.col) == (2, 3) and "extends nothing" in d.message


# -- $insert and $remove: adding and leaving out items of an inherited list -------------------

def test_insert_and_remove_count_positions_in_the_inherited_list(tmp_path):
    base = write(tmp_path, "base.yaml", "name: base\nsizes: [10, 8, 6]\nhand:\n  - shuffle: stock\n"
                                        "  - deal: {to: hand}\n  - log: bye\n")
    c = write(tmp_path, "c.yaml", "extends: base.yaml\nsizes:\n  $insert: {0: [1], 2: [5, 4], end: [0]}\n"
                                  "  $remove: [1]\n  $items: {-1: 7}\nhand:\n  $insert:\n"
                                  "    1: [{log: hello}]\n  $items: {1: {deal: {count: 6}}}\n")
    data, smap = resolve_ruleset(c)
    assert data["sizes"] == [1, 10, 5, 4, 7, 0]
    assert data["hand"] == [{"shuffle": "stock"}, {"log": "hello"}, {"deal": {"to": "hand", "count": 6}},
                            {"log": "bye"}]
    # every item's position is still that of the file it came from, counted in the merged list
    assert smap.value_pos(("sizes", 0)) == Pos(str(c), 3, 17)
    assert smap.value_pos(("sizes", 1)) == Pos(str(base), 2, 9)
    assert smap.value_pos(("sizes", 4)) == Pos(str(c), 5, 16)
    assert smap.value_pos(("hand", 1, "log")) == Pos(str(c), 8, 15)
    assert smap.value_pos(("hand", 2, "deal", "to")) == Pos(str(base), 5, 16)
    assert smap.value_pos(("hand", 2, "deal", "count")) == Pos(str(c), 9, 30)
    assert smap.value_pos(("hand", 3, "log")) == Pos(str(base), 6, 10)


def test_a_mistake_after_an_inserted_step_is_placed_in_the_file_that_wrote_it(tmp_path):
    root = Path(__file__).resolve().parent.parent
    base = write(tmp_path, "base.yaml", (root / "tests" / "rulesets_procedures" / "offers.yaml").read_text()
                 .replace("  - add: {hands: 1}", "  - add: {hands: oops}"))
    c = write(tmp_path, "c.yaml", "extends: base.yaml\nhand:\n  $insert: {0: [{log: \"'start'\"}, "
                                  "{add: {hands: nope}}]}\n  $remove: [1]\n")
    loaded = load_ruleset(str(c), dry_run=True)
    errors = sorted((d.file, d.line, d.message) for d in loaded.diagnostics if d.severity == "error")
    base_line = next(i for i, line in enumerate(base.read_text().splitlines(), 1) if "oops" in line)
    assert errors == [(str(base), base_line, "unknown name 'oops' in expression 'oops'"),
                      (str(c), 3, "unknown name 'nope' in expression 'nope'")]
    assert [next(iter(step)) for step in loaded.data["hand"]][:3] == ["log", "add", "gather"]


@pytest.mark.parametrize("over, message", [
    ("sizes: {$remove: [3]}", "'3' is not a position in the inherited list: it has 2 item(s)"),
    ("sizes: {$remove: 1}", "'$remove' needs a list of positions"),
    ("sizes: {$insert: {3: [1]}}", "'3' is not a place to add items: the inherited list has 2 item(s)"),
    ("sizes: {$insert: {1: 5}}", "'$insert' gives a list of the items to add at each position"),
    ("sizes: {$insert: [1]}", "'$insert' needs a mapping of positions to lists of new items"),
    ("sizes: {$items: {0: 1}, $remove: [0]}", "the item at position 0 is both changed and removed"),
    ("sizes: {$insert: {0: [1]}, other: 2}", "'$insert' must be the only key of its mapping"),
])
def test_insert_and_remove_misuse_is_explained(tmp_path, over, message):
    write(tmp_path, "base.yaml", "sizes: [10, 8]\n")
    c = write(tmp_path, "c.yaml", "extends: base.yaml\n" + over + "\n")
    (d,) = resolve_errors(c)
    assert d.file == str(c) and d.line == 2 and message in d.message


def test_insert_in_a_file_that_extends_nothing(tmp_path):
    lone = write(tmp_path, "lone.yaml", "sizes:\n  $insert: {0: [1]}\n")
    (d,) = resolve_errors(lone)
    assert (d.line, d.col) == (2, 3) and d.message.startswith("'$insert' changes an inherited list")


def test_explain_says_which_steps_a_variant_adds_and_leaves_out(tmp_path):
    from interpreter.authoring.explain import _changed
    assert _changed("hand", {"$insert": {3: [{}], "end": [{}]}, "$remove": [0], "$items": {5: {}}}) == \
        "`hand` (step 6 changed; steps added before step 4; steps added at the end; step 1 left out)"
    assert _changed("sizes", {"$remove": [1, 0]}) == "`sizes` (items at positions 0, 1, counting from 0 left out)"
