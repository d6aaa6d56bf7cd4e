import pytest

from interpreter.diagnostics import RulesetError
from interpreter.ruleset.yamlsource import Pos, load_yaml_file, load_yaml_text

TEXT = '''\
name: demo
play:
  tricks:
    winner: highest(trick.cards) + 1
    lead: NO
    version: 1.10
    quoted: "41"
    say: "a\\tb + cc"
    rule: |
      first line
      second + bad
    folded: >
      alpha beta
      gamma delta
scoring:
  - add: 3
  - {add: 5, when: last}
'''


@pytest.fixture
def loaded():
    return load_yaml_text(TEXT, "demo.yaml")


def errors_of(text, name="bad.yaml"):
    with pytest.raises(RulesetError) as info:
        load_yaml_text(text, name)
    return info.value.diagnostics


def test_values_keep_safe_loader_types(loaded):
    data, _ = loaded
    tricks = data["play"]["tricks"]
    assert tricks["lead"] is False
    assert tricks["version"] == 1.1
    assert tricks["quoted"] == "41"
    assert data["scoring"] == [{"add": 3}, {"add": 5, "when": "last"}]


def test_value_and_key_positions(loaded):
    _, smap = loaded
    assert smap.value_pos(("play", "tricks", "winner")) == Pos("demo.yaml", 4, 13, "")
    assert smap.key_pos(("play", "tricks", "winner")) == Pos("demo.yaml", 4, 5, "")
    assert smap.value_pos(("play", "tricks", "quoted")) == Pos("demo.yaml", 7, 13, '"')
    assert smap.value_pos(("play", "tricks", "rule")).style == "|"
    assert smap.value_pos(("scoring", 1, "when")) == Pos("demo.yaml", 17, 20, "")
    assert smap.key_pos(("scoring", 1, "when")) == Pos("demo.yaml", 17, 14, "")
    # list items have a value position; key_pos falls back to it
    assert smap.value_pos(("scoring", 0)) == Pos("demo.yaml", 16, 5, "")
    assert smap.key_pos(("scoring", 0)) == Pos("demo.yaml", 16, 5, "")


def test_unknown_paths_fall_back_to_nearest_ancestor(loaded):
    _, smap = loaded
    assert smap.value_pos(("play", "tricks", "nope", 3)) == smap.value_pos(("play", "tricks"))
    assert smap.key_pos(("play", "nope")) == smap.key_pos(("play",))


def test_scalar_text_is_the_original_spelling(loaded):
    _, smap = loaded
    assert smap.scalar_text(("play", "tricks", "lead")) == "NO"
    assert smap.scalar_text(("play", "tricks", "version")) == "1.10"
    assert smap.scalar_text(("play", "tricks", "quoted")) == '"41"'
    assert smap.scalar_text(("play", "tricks")) is None          # a mapping
    assert smap.key_text(("play", "tricks", "lead")) == "lead"


def test_expr_pos_plain(loaded):
    _, smap = loaded
    # 'highest(trick.cards) + 1': offset 8 is the 't' of 'trick'
    assert smap.expr_pos(("play", "tricks", "winner"), 8) == Pos("demo.yaml", 4, 21, "")


def test_expr_pos_double_quoted_with_escape(loaded):
    _, smap = loaded
    # value 'a<TAB>b + cc': '\t' is written as two characters after the quote
    path = ("play", "tricks", "say")
    assert smap.expr_pos(path, 0) == Pos("demo.yaml", 8, 11, '"')
    assert smap.expr_pos(path, 2) == Pos("demo.yaml", 8, 14, '"')    # 'b'
    assert smap.expr_pos(path, 4) == Pos("demo.yaml", 8, 16, '"')    # '+'


def test_expr_pos_literal_block_second_line(loaded):
    data, smap = loaded
    path = ("play", "tricks", "rule")
    offset = data["play"]["tricks"]["rule"].index("bad")
    assert smap.expr_pos(path, offset) == Pos("demo.yaml", 11, 16, "|")
    assert smap.expr_pos(path, 0) == Pos("demo.yaml", 10, 7, "|")


def test_expr_pos_folded_block_best_effort(loaded):
    data, smap = loaded
    offset = data["play"]["tricks"]["folded"].index("gamma")
    assert smap.expr_pos(("play", "tricks", "folded"), offset) == Pos("demo.yaml", 14, 7, ">")


def test_expr_pos_multiline_and_single_quoted():
    text = "a: 'it''s x'\nb: one\n  two + three\n"
    data, smap = load_yaml_text(text)
    assert smap.expr_pos(("a",), 4) == Pos("<string>", 1, 10, "'")     # the 's'
    off = data["b"].index("+")
    assert smap.expr_pos(("b",), off) == Pos("<string>", 3, 7, "")


def test_diagnostic_at_offset_has_source_line_and_caret(loaded):
    data, smap = loaded
    path = ("play", "tricks", "rule")
    offset = data["play"]["tricks"]["rule"].index("bad")
    d = smap.diagnostic(path, "unknown name 'bad'", "unknown-name", offset=offset, length=3)
    assert (d.file, d.line, d.col, d.length) == ("demo.yaml", 11, 16, 3)
    assert d.format().splitlines()[1:] == ["          second + bad",
                                           "                   ^^^"]


def test_diagnostic_at_key(loaded):
    _, smap = loaded
    d = smap.diagnostic(("play", "tricks", "lead"), "m", "type", "h", key=True, length=4)
    assert (d.line, d.col, d.source_line, d.hint) == (5, 5, "    lead: NO", "h")


def test_two_duplicate_keys_are_both_reported():
    diags = errors_of("a: 1\nb:\n  x: 1\n  x: 2\na: 3\n")
    assert [(d.line, d.col, d.rule) for d in diags] == [(4, 3, "duplicate-key"),
                                                        (5, 1, "duplicate-key")]
    assert diags[0].message == "duplicate key 'x' (first defined on line 3)"
    assert diags[1].message == "duplicate key 'a' (first defined on line 1)"
    assert diags[1].source_line == "a: 3"


def test_duplicate_keys_in_list_items():
    diags = errors_of("s:\n  - {k: 1, k: 2}\n")
    assert [(d.line, d.col) for d in diags] == [(2, 12)]


def test_syntax_error_has_line_and_column():
    (d,) = errors_of("name: x\nplay: a: b\n")
    assert (d.file, d.line, d.col, d.rule) == ("bad.yaml", 2, 8, "yaml-syntax")
    assert d.source_line == "play: a: b"
    assert "unexpected ':'" in d.message


def test_bad_indentation_and_unclosed_quote():
    (d,) = errors_of("a:\n  - x\n - y\n")
    assert (d.line, d.col) == (3, 2) and "indentation" in d.message
    (d,) = errors_of("a: 1\nb: 'oops\n")
    assert (d.line, d.col) == (2, 4) and "never closed" in d.message


def test_tab_and_unknown_tag():
    (d,) = errors_of("a:\n\tb: 1\n")
    assert (d.line, d.col) == (2, 1) and "tab" in d.hint
    (d,) = errors_of("a: !!python/object:os.system x\n")
    assert d.rule == "yaml-syntax" and "unknown tag" in d.message


def test_merge_keys_are_not_duplicates():
    data, smap = load_yaml_text("base: &b {x: 1, y: 2}\nother:\n  <<: *b\n  y: 3\n")
    assert data["other"] == {"x": 1, "y": 3}
    assert smap.value_pos(("other", "y")).line == 4
    assert smap.value_pos(("other", "x")).line == 1


def test_empty_document():
    data, smap = load_yaml_text("# nothing\n", "e.yaml")
    assert data is None and smap.files["e.yaml"] == ["# nothing", ""]


def test_load_file_and_missing_file(tmp_path):
    f = tmp_path / "r.yaml"
    f.write_text("a: 1\r\nb: [x, y]\r\n", encoding="utf-8")
    data, smap = load_yaml_file(f)
    assert data == {"a": 1, "b": ["x", "y"]}
    assert smap.value_pos(("b", 1)) == Pos(str(f), 2, 8, "")
    assert smap.files[str(f)][1] == "b: [x, y]"
    with pytest.raises(RulesetError) as info:
        load_yaml_file(tmp_path / "missing.yaml")
    assert info.value.diagnostics[0].message == "file not found"


@pytest.mark.parametrize("text, at", [
    ("name: x\nplayers: &p {count: [2, *p]}\n", (2, 10)),
    ("name: x\nmetrics: &loop\n  x: *loop\n", (2, 10)),
    ("name: x\nlist: &l\n  - 1\n  - [*l]\n", (2, 7)),
])
def test_an_alias_inside_its_own_anchor_is_an_error_at_the_anchor(text, at):
    # a loop of aliases made data that contained itself: validate ended in a RecursionError
    with pytest.raises(RulesetError) as err:
        load_yaml_text(text, "loop.yaml")
    [d] = err.value.diagnostics
    assert d.rule == "yaml-loop" and (d.line, d.col) == at
    assert "would contain itself" in d.message


def test_an_alias_used_twice_outside_its_anchor_is_fine():
    data, _ = load_yaml_text("a: &x [1, 2]\nb: *x\nc: [*x, *x]\n", "ok.yaml")
    assert data == {"a": [1, 2], "b": [1, 2], "c": [[1, 2], [1, 2]]}
