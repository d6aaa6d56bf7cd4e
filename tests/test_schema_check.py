
from interpreter.ruleset.extends import resolve_ruleset
from interpreter.ruleset.schema_check import check_schema
from interpreter.ruleset.yamlsource import load_yaml_text

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["name", "tricks"],
    "properties": {
        "name": {"type": "string"},
        "version": {"type": "string"},
        "lead": {"type": "string"},
        "players": {"type": "integer", "minimum": 2, "maximum": 8,
                    "description": "how many people play"},
        "pass": {"enum": ["yes", "no"]},
        "deck": {"type": "array", "minItems": 1, "items": {"type": "string"}},
        "tricks": {
            "type": "object",
            "additionalProperties": False,
            "required": ["winner"],
            "properties": {
                "follow": {"enum": ["suit", "any", "trump"]},
                "winner": {"type": "string", "description": "who takes the trick"},
                "count": {"type": "integer"},
            },
        },
        "scoring": {"type": "array", "items": {"oneOf": [
            {"type": "object", "additionalProperties": False,
             "required": ["kind", "amount"],
             "properties": {"kind": {"const": "add"}, "amount": {"type": "integer"}}},
            {"type": "object", "additionalProperties": False,
             "required": ["kind", "factor"],
             "properties": {"kind": {"const": "mul"}, "factor": {"type": "number"}}},
            {"type": "string"},
        ]}},
    },
}

GOOD = "name: ok\ntricks:\n  winner: highest\n"


def check(text, schema=SCHEMA, name="r.yaml"):
    data, smap = load_yaml_text(text, name)
    return check_schema(data, smap, schema)


def one(text, schema=SCHEMA):
    diags = check(text, schema)
    assert len(diags) == 1, [d.format() for d in diags]
    return diags[0]


def test_valid_file_has_no_diagnostics():
    assert check(GOOD) == []


def test_unknown_key_with_did_you_mean():
    d = one(GOOD + "  folow: suit\n")
    assert (d.line, d.col, d.length, d.rule) == (4, 3, 5, "unknown-key")
    assert d.message == "unknown key 'folow' in 'tricks'"
    assert d.hint == "did you mean 'follow'?"


def test_unknown_top_level_key_lists_allowed_keys_when_nothing_is_close():
    d = one(GOOD + "zzzzzz: 1\n")
    assert d.message == "unknown key 'zzzzzz' in the top level"
    assert d.hint.startswith("allowed keys here: name, version")


def test_boolean_surprise_where_text_expected():
    d = one(GOOD + "lead: NO\n")
    assert d.rule == "type"
    assert (d.line, d.col, d.length) == (4, 7, 2)
    assert d.message == '`NO` was read as the boolean false; put it in quotes: "NO"'


def test_number_surprise_where_text_expected():
    d = one(GOOD + "version: 1.10\n")
    assert d.rule == "type"
    assert d.message == '`1.10` was read as the number 1.1; put it in quotes: "1.10"'


def test_plain_number_where_text_expected():
    d = one(GOOD + "version: 41\n")
    assert d.message == "expected text, got the number 41"
    assert d.hint == 'put it in quotes if you mean the text: "41"'


def test_text_where_number_expected():
    d = one(GOOD + "players: ten\n")
    assert d.message == "expected a whole number, got the text 'ten'"
    assert d.hint == "players: how many people play"
    d = one(GOOD + 'players: "4"\n')
    assert d.message == 'expected a whole number, got the text "4" (it is in quotes)'
    assert d.hint == "remove the quotes: 4"


def test_missing_required_entry():
    d = one("name: x\ntricks:\n  follow: suit\n")
    assert d.message == "'tricks' needs a 'winner' entry"
    assert (d.line, d.col) == (2, 1)
    assert d.hint == "add a 'winner:' entry (who takes the trick)"
    d = one(GOOD.replace("name: ok\n", ""))
    assert d.message == "the top level needs a 'name' entry"


def test_enum_with_hint():
    d = one(GOOD + "  follow: suiit\n")
    assert d.message == ("'suiit' is not an allowed value for 'follow'; "
                         "allowed: 'suit', 'any', 'trump'")
    assert d.hint == "did you mean 'suit'?"
    assert (d.line, d.col) == (4, 11)


def test_enum_boolean_surprise():
    d = one(GOOD + "pass: no\n")
    assert d.rule == "type"
    assert d.message == '`no` was read as the boolean false; put it in quotes: "no"'
    assert d.hint == "'pass' must be one of: 'yes', 'no'"


def test_minimum_and_min_items():
    d = one(GOOD + "players: 1\n")
    assert d.message == "'players' must be at least 2, got 1"
    d = one(GOOD + "deck: []\n")
    assert d.message == "'deck' needs at least 1 item, got 0"
    assert (d.line, d.col) == (4, 1)


def test_one_of_picks_the_closest_branch():
    d = one(GOOD + "scoring:\n  - {kind: add, amount: x}\n")
    assert d.message == "expected a whole number, got the text 'x'"
    assert (d.line, d.col) == (5, 25)


def test_one_of_discriminator_lists_all_choices():
    d = one(GOOD + "scoring:\n  - kind: ad\n    amount: 3\n")
    assert d.message == "'ad' is not an allowed value for 'kind'; allowed: 'add', 'mul'"
    assert d.hint == "did you mean 'add'?"
    assert (d.line, d.col) == (5, 11)


def test_one_of_with_no_matching_kind():
    d = one(GOOD + "scoring:\n  - 5\n")
    assert d.message == ("expected a mapping of 'key: value' entries or text, "
                         "got the number 5")
    assert (d.line, d.col) == (5, 5)


def test_all_errors_of_a_file_are_reported_in_order():
    text = ("name: x\nversion: 1.10\nlead: NO\nplayers: 1\ntrcks: 3\ntricks:\n"
            "  folow: suit\n  follow: suiit\n")
    diags = check(text)
    assert [(d.line, d.rule) for d in diags] == [
        (2, "type"), (3, "type"), (4, "schema"), (5, "unknown-key"),
        (6, "schema"), (7, "unknown-key"), (8, "schema")]
    assert all(d.file == "r.yaml" and d.source_line for d in diags)


def test_unevaluated_properties_and_refs():
    schema = {"$defs": {"base": {"properties": {"alpha": {"type": "string"}}}},
              "allOf": [{"$ref": "#/$defs/base"}],
              "properties": {"beta": {"type": "integer"}},
              "unevaluatedProperties": False}
    d = one("alpah: x\nbeta: 2\n", schema)
    assert (d.rule, d.message, d.hint) == ("unknown-key", "unknown key 'alpah' in the top level",
                                           "did you mean 'alpha'?")


def test_false_schema_and_property_names():
    schema = {"properties": {"gone": False,
                             "names": {"propertyNames": {"pattern": "^[a-z]+$"}}}}
    diags = check("gone: 1\nnames:\n  Bad: 1\n", schema)
    assert [(d.line, d.col, d.rule) for d in diags] == [(1, 1, "unknown-key"), (3, 3, "schema")]
    assert diags[0].message == "the key 'gone' is not allowed in the top level"
    assert diags[1].message.startswith("the key 'Bad' in 'names' is not allowed")


def test_date_and_empty_mapping():
    schema = {"properties": {"when": {"type": "string"}, "m": {"type": "object"}}}
    diags = check("when: 2024-01-02\nm:\n", schema)
    assert diags[0].message == ('`2024-01-02` was read as a date; '
                                'put it in quotes: "2024-01-02"')
    assert diags[1].message == "'m' is empty; expected a mapping of 'key: value' entries"


def test_errors_in_inherited_values_name_the_parent(tmp_path):
    (tmp_path / "base.yaml").write_text("name: b\ntricks:\n  winner: w\n  folow: suit\n")
    child = tmp_path / "child.yaml"
    child.write_text("extends: base.yaml\nlead: off\n")
    data, smap = resolve_ruleset(child)
    diags = check_schema(data, smap, SCHEMA)
    assert [(d.file, d.line, d.rule) for d in diags] == [
        (str(tmp_path / "base.yaml"), 4, "unknown-key"),
        (str(child), 2, "type")]
    assert diags[1].message == '`off` was read as the boolean false; put it in quotes: "off"'


def test_a_yaml_list_in_an_expression_slot_is_shown_quoted():
    # `winner: [0, 1]` where an expression (text) is expected: the hint writes the list as one
    expression = {"type": ["string", "number", "boolean", "null"], "description": "An expression, e.g. 3."}
    schema = {**SCHEMA, "properties": {**SCHEMA["properties"], "tricks": {
        **SCHEMA["properties"]["tricks"], "properties": {"winner": expression}}}}
    d = one("name: ok\ntricks:\n  winner: [0, none, clubs]\n", schema)
    assert d.rule == "type" and (d.line, d.col) == (3, 3)
    assert d.hint == 'a list here is an expression: put it in quotes, winner: "[0, none, clubs]"'
    d = one("name: ok\ntricks:\n  winner: []\n", schema)
    assert d.hint.endswith('winner: "[]"')
    # a text slot that is not an expression keeps the schema's own hint
    assert "expression" not in (one("name: ok\nversion: [1]\ntricks:\n  winner: x\n").hint or "")
