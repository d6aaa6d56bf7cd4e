"""Check ruleset data against a JSON Schema and explain every failure.

jsonschema's own messages are written for programmers ("Additional properties
are not allowed ('folow' was unexpected)").  ``check_schema`` turns every
error into a Diagnostic a card game designer can act on, located at the right
key or value in the right file, with a hint where one helps::

    unknown key 'folow' in 'tricks'             hint: did you mean 'follow'?
    `NO` was read as the boolean false; put it in quotes: "NO"
"""
from __future__ import annotations

import datetime
import re
from collections import defaultdict

from jsonschema import Draft202012Validator

from ..diagnostics import Diagnostic, did_you_mean, sort_diagnostics
from ..expr.errors import written
from .yamlsource import SourceMap

__all__ = ["check_schema"]

_TYPE_WORDS = {
    "string": "text", "integer": "a whole number", "number": "a number",
    "boolean": "true or false", "object": "a mapping of 'key: value' entries",
    "array": "a list", "null": "nothing (null)",
}
_MAX_LISTED = 12


def check_schema(data, smap: SourceMap, schema: dict) -> list[Diagnostic]:
    """Every schema violation in `data`, as sorted, de-duplicated Diagnostics."""
    validator = Draft202012Validator(schema)
    diags: list[Diagnostic] = []
    errors = list(validator.iter_errors(data))
    nested = _entries_left_out(errors)
    for err in errors:
        path = tuple(err.absolute_path)
        if path in nested:
            if err.validator == "required":
                diags.append(_Explainer(data, smap, schema).entries_left_out(path, nested[path], err.instance))
            if err.validator in ("required", "additionalProperties", "unevaluatedProperties"):
                continue
        diags.extend(_Explainer(data, smap, schema).explain(err))
    return sort_diagnostics(diags)


def _entries_left_out(errors) -> dict:
    """{path: the required key} for a mapping that lacks its one required key and holds only keys it
    does not allow: its entries were written without the key they belong under (a point table
    `value: {A: 11, K: 4}` for `value: {values: {A: 11, K: 4}}`).  One error says so, not one per entry."""
    out = {}
    for err in errors:
        if err.validator != "required" or not isinstance(err.instance, dict) or not err.instance:
            continue
        missing = [k for k in err.validator_value if k not in err.instance]
        allowed = set((err.schema.get("properties") or {}))
        if len(missing) == 1 and not any(k in allowed for k in err.instance) and \
                (err.schema.get("properties") or {}).get(missing[0], {}).get("type") == "object":
            out[tuple(err.absolute_path)] = missing[0]
    return out


# -- wording helpers -----------------------------------------------------------

def _where(path: tuple, data=None) -> str:
    """How to name the thing at `path` in a sentence (`data`, the document, tells a list's position
    from a mapping's number key: by_players: {3: ...})."""
    if not path:
        return "the top level"
    last = path[-1]
    if isinstance(last, int) and not isinstance(_at(data, path[:-1]), dict):
        owner = _where(path[:-1], data)
        return f"item {last + 1} of {owner}"
    if isinstance(last, int) and len(path) > 1:
        return f"'{path[-2]}: {last}'"
    return f"'{last}'"


def _at(data, path):
    """The part of the document at `path` (None if it is not there)."""
    for key in path:
        try:
            data = data[key]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _show(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, str):
        return f"'{value}'"
    return str(value)


def _flat(items) -> bool:
    """A list of plain values only (what a list written in YAML can mean as an expression)."""
    return all(v is None or isinstance(v, (str, int, float, bool)) for v in items)


def _describe(value) -> str:
    """'the text 'ten'', 'the number 3', 'the boolean false', ..."""
    if isinstance(value, bool):
        return f"the boolean {_show(value)}"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"the text '{shown}'"
    if value is None:
        return "nothing (an empty value)"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, (datetime.date, datetime.datetime)):
        return f"the date {value}"
    return f"a {type(value).__name__}"


def _listing(values) -> str:
    values = list(values)
    shown = ", ".join(_show(v) for v in values[:_MAX_LISTED])
    return shown + (", ..." if len(values) > _MAX_LISTED else "")


def _is_quoted(text: str | None) -> bool:
    return bool(text) and text[0] in "'\""


def _yaml_surprise(value, text: str | None) -> str | None:
    """If a plain scalar was read as something other than text, say so."""
    if text is None or _is_quoted(text) or isinstance(value, str):
        return None
    written = text.strip()
    fix = f'put it in quotes: "{written}"'
    if isinstance(value, bool):
        return f"`{written}` was read as the boolean {_show(value)}; {fix}"
    if isinstance(value, (int, float)) and written != str(value):
        return f"`{written}` was read as the number {value}; {fix}"
    if isinstance(value, (datetime.date, datetime.datetime)):
        return f"`{written}` was read as a date; {fix}"
    if value is None and written:
        return f"`{written}` was read as 'nothing' (null); {fix}"
    return None


def _unquoted_kind(text: str | None) -> str | None:
    """For a quoted scalar such as "41" or 'true': what it would be unquoted."""
    if not _is_quoted(text):
        return None
    inner = text.strip()[1:-1].strip()
    if re.fullmatch(r"[-+]?\d+", inner):
        return "integer"
    if re.fullmatch(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?", inner):
        return "number"
    if inner.lower() in ("true", "false"):
        return "boolean"
    return None


# -- the explainer ---------------------------------------------------------------

class _Explainer:
    def __init__(self, data, smap: SourceMap, root_schema: dict):
        self.data, self.smap, self.root = data, smap, root_schema

    def diag(self, path, message, rule="schema", hint=None, instance=None, key=None):
        """A diagnostic at the value, or at the key for mappings and lists."""
        if key is None:
            key = (isinstance(instance, (dict, list)) and bool(path)
                   and isinstance(path[-1], str))
        return self.smap.diagnostic(path, message, rule, hint, key=key,
                                    length=self.smap.span_length(path, key=key))

    def explain(self, err) -> list[Diagnostic]:
        path = tuple(err.absolute_path)
        kind = err.validator
        if "propertyNames" in err.relative_schema_path:
            return self.bad_key_name(err, path)
        handler = getattr(self, f"on_{kind}", None) if isinstance(kind, str) else None
        if handler is None:
            return [self.generic(err, path)]
        return handler(err, path)

    # unknown keys
    def on_additionalProperties(self, err, path):
        schema, inst = err.schema, err.instance
        allowed = list(schema.get("properties", {}))
        patterns = list(schema.get("patternProperties", {}))
        extras = [k for k in inst if k not in allowed
                  and not any(re.search(p, str(k)) for p in patterns)]
        return [self.unknown_key(path, k, allowed, inst) for k in extras]

    def on_unevaluatedProperties(self, err, path):
        allowed = self.property_names(err.schema)
        extras = [k for k in err.instance if repr(k) in err.message]
        return [self.unknown_key(path, k, allowed, err.instance) for k in extras]

    def unknown_key(self, path, key, allowed, inst=None) -> Diagnostic:
        hint = did_you_mean(key, allowed)
        empty = [k for k, v in inst.items() if v is None and k != key] if isinstance(inst, dict) else []
        if hint is None and empty:      # `- add:` then `score[p]: 1` not indented under it
            hint = (f"'{empty[0]}' has no value and '{key}' sits beside it: indent '{key}' further, "
                    f"under '{empty[0]}:'")
        if hint is None and allowed:
            hint = "allowed keys here: " + ", ".join(map(str, allowed[:_MAX_LISTED]))
        return self.diag(path + (key,), f"unknown key '{key}' in {_where(path, self.data)}",
                         "unknown-key", hint, key=True)

    def bad_key_name(self, err, path):
        key = err.instance
        return [self.diag(path + (key,), f"the key '{key}' in {_where(path, self.data)} is not "
                          f"allowed: {self.sentence(err, ())}", key=True)]

    def on_required(self, err, path):
        props = err.schema.get("properties", {})
        out = []
        for name in err.validator_value:
            if name in err.instance:
                continue
            sub = props.get(name)
            desc = sub.get("description") if isinstance(sub, dict) else None
            hint = f"add a '{name}:' entry" + (f" ({desc})" if desc else "")
            out.append(self.diag(path, f"{_where(path, self.data)} needs a '{name}' entry",
                                 hint=hint, instance=err.instance))
        return out

    def entries_left_out(self, path, name, instance) -> Diagnostic:
        more = ", ..." if len(instance) > 4 else ""
        keys = ", ".join(str(k) for k in list(instance)[:4]) + more
        pairs = ", ".join(f"{k}: {v}" if isinstance(v, (int, float, str)) else str(k)
                          for k, v in list(instance.items())[:4]) + more
        return self.diag(path, f"{_where(path, self.data)} needs a '{name}' entry: its entries ({keys}) "
                         f"belong under it", hint=f"write {path[-1]}: {{{name}: {{{pairs}}}}}" if path else None,
                         instance=instance)

    def on_type(self, err, path):
        expected = err.validator_value
        expected = [expected] if isinstance(expected, str) else list(expected)
        return [self.type_diag(path, expected, err.instance, err.schema)]

    def type_diag(self, path, expected, value, schema) -> Diagnostic:
        text = self.smap.scalar_text(path)
        words = " or ".join(_TYPE_WORDS.get(t, t) for t in expected)
        message = f"expected {words}, got {_describe(value)}"
        hint = None
        surprise = _yaml_surprise(value, text)
        unquoted = _unquoted_kind(text)
        if "string" in expected and surprise:
            message = surprise
            hint = "YAML reads yes/no/on/off/true/false, numbers and dates by itself"
        elif "string" in expected and not isinstance(value, (dict, list)):
            hint = f'put it in quotes if you mean the text: "{text or _show(value)}"'
        elif isinstance(value, str) and unquoted and (
                unquoted in expected or (unquoted == "integer" and "number" in expected)):
            message = f"expected {words}, got the text {text.strip()} (it is in quotes)"
            hint = f"remove the quotes: {text.strip()[1:-1]}"
        elif value is None and not text and "object" in expected:
            message = f"{_where(path, self.data)} is empty; expected {words}"
            hint = "add its entries on the lines below, indented"
        elif value is None and not text and "array" in expected:
            message = f"{_where(path, self.data)} is empty; expected {words}"
            hint = "add its items below, one '- item' per line"
        elif "boolean" in expected and isinstance(value, str):
            hint = "write true or false (without quotes)"
        elif len(path) == 3 and path[0] in ("zones", "state") and path[2] == "per" and isinstance(value, list):
            # `per: [player, suit]`: one per pair is not a setting, but the layout can be written
            hint = ("a zone is kept per one thing: for one per player and suit, keep one per player and read "
                    "a suit with of_suit(zone[p], s), or make each pair an entry of an object collection (owner "
                    "and suit as its fields) and keep the zone per that collection" if path[0] == "zones" else
                    "a value is kept per one thing: for one per player and suit, make each pair an entry of an "
                    "object collection (owner and suit as its fields) and keep the value per that collection")
        elif ("null" in expected and "boolean" in expected and isinstance(value, list) and _flat(value)
              and str((schema or {}).get("description", "")).startswith("An expression")):
            # `initial: []`, `winners: [0]`: an expression slot takes a list written as an expression
            shown = "[" + ", ".join(map(written, value)) + "]"
            key = path[-1] if path and isinstance(path[-1], str) else "it"
            hint = f'a list here is an expression: put it in quotes, {key}: "{shown}"'
        elif len(path) == 2 and path[0] == "options" and "object" in expected and not isinstance(value, (dict, list)):
            # `target: 70`, as a variant changing an option's value would naturally write it
            shown = text or _show(value)
            hint = f"an option is written with its value under 'default': {path[1]}: {{default: {shown}}}"
        elif "object" in expected and not isinstance(value, dict) and path and isinstance(path[-1], str):
            # `players: 3`: say which entries the mapping takes (here count: 3)
            keys = self.property_names(schema)
            if keys:
                listed = ", ".join(keys[:10]) + (", ..." if len(keys) > 10 else "")
                hint = f"{path[-1]} is a mapping with the entries {listed} (see docs/reference.md)"
        return self.diag(path, message, "type", hint or self.described(schema, path, example=True),
                         instance=value)

    def on_enum(self, err, path):
        return [self.enum_diag(path, err.validator_value, err.instance, err.schema)]

    def enum_diag(self, path, allowed, value, schema) -> Diagnostic:
        text = self.smap.scalar_text(path)
        strings = [str(a) for a in allowed if isinstance(a, str)]
        written = text.strip() if text and not _is_quoted(text) else None
        listing = f"allowed: {_listing(allowed)}"
        surprise = _yaml_surprise(value, text)
        if written in strings and surprise:
            return self.diag(path, surprise, "type",
                             f"{_where(path, self.data)} must be one of: {_listing(allowed)}",
                             instance=value)
        hint = did_you_mean(value if isinstance(value, str) else written, strings)
        objects = self.data.get("objects") if isinstance(self.data, dict) else None
        if isinstance(value, str) and isinstance(objects, dict) and value in objects and len(path) >= 2:
            # `type: piles` for a variable holding one pile: no kind names a collection's entries
            if path[-1] == "type":
                hint = (f"to hold one entry of {value}, declare type: any; {path[-2]}.FIELD then reads "
                        "that entry's fields")
            elif path[-2] == "params":
                hint = (f"an entry of {value} needs no kind: leave {path[-1]} out of params (it takes the "
                        "kind of what is given), or give any")
        message = f"{_show(value)} is not an allowed value for {_where(path, self.data)}; {listing}"
        return self.diag(path, message, hint=hint or self.described(schema, path),
                         instance=value)

    def on_const(self, err, path):
        return [self.enum_diag(path, [err.validator_value], err.instance, err.schema)]

    # oneOf / anyOf: report the branch that came closest
    def on_oneOf(self, err, path):
        if not err.context:
            return [self.diag(path, f"{_where(path, self.data)} matches more than one of the "
                              "allowed forms", hint="make it match exactly one",
                              instance=err.instance)]
        return self.alternatives(err, path)

    def on_anyOf(self, err, path):
        return self.alternatives(err, path)

    def alternatives(self, err, path):
        branches = defaultdict(list)
        for e in err.context:
            branches[e.relative_schema_path[0]].append(e)

        def closeness(errors):
            wrong_kind = any(e.validator == "type" and not e.relative_path for e in errors)
            return (not wrong_kind, max(len(e.relative_path) for e in errors), -len(errors))

        scores = {b: closeness(errs) for b, errs in branches.items()}
        best = max(branches, key=lambda b: scores[b])
        if not scores[best][0]:                 # no branch accepts this kind of value
            expected = []
            for e in err.context:
                if e.validator == "type" and not e.relative_path:
                    vv = e.validator_value
                    expected += [t for t in ([vv] if isinstance(vv, str) else vv)
                                 if t not in expected]
            return [self.type_diag(path, expected, err.instance, err.schema)]
        out = []
        for e in branches[best]:
            if e.validator in ("const", "enum"):
                out.append(self.merged_choices(e, err.context))
            else:
                out.extend(self.explain(e))
        return out

    def merged_choices(self, chosen, all_errors) -> Diagnostic:
        """A discriminator like kind: 'ad' -> list the choices of every branch."""
        target = tuple(chosen.absolute_path)
        allowed = []
        for e in all_errors:
            if e.validator in ("const", "enum") and tuple(e.absolute_path) == target:
                values = [e.validator_value] if e.validator == "const" else e.validator_value
                allowed += [v for v in values if v not in allowed]
        return self.enum_diag(target, allowed, chosen.instance, chosen.schema)

    # everything else
    def generic(self, err, path):
        if err.validator is None or err.schema is False:  # a `false` schema
            return self.forbidden(err, path)
        message = f"{_where(path, self.data)} {self.sentence(err, path)}"
        return self.diag(path, message, hint=self.described(err.schema, path),
                         instance=err.instance)

    def forbidden(self, err, path) -> Diagnostic:
        """`"key": false` in a schema.  jsonschema leaves the key out of the
        error's path, so find the entry holding the offending value."""
        parent = self.data
        for part in path:
            try:
                parent = parent[part]
            except (KeyError, IndexError, TypeError):
                parent = None
                break
        if isinstance(parent, dict):
            keys = [k for k, v in parent.items() if v == err.instance
                    and type(v) is type(err.instance)]
            if len(keys) == 1:
                return self.diag(path + (keys[0],), f"the key '{keys[0]}' is not "
                                 f"allowed in {_where(path, self.data)}", "unknown-key", key=True)
        return self.diag(path, f"{_where(path, self.data)} contains {_describe(err.instance)}, "
                         "which is not allowed there", instance=parent)

    def sentence(self, err, path) -> str:
        v, vv, inst = err.validator, err.validator_value, err.instance
        count = len(inst) if isinstance(inst, (list, dict, str)) else None
        plural = "" if vv == 1 else "s"
        phrases = {
            "minimum": lambda: f"must be at least {vv}, got {inst}",
            "maximum": lambda: f"must be at most {vv}, got {inst}",
            "exclusiveMinimum": lambda: f"must be more than {vv}, got {inst}",
            "exclusiveMaximum": lambda: f"must be less than {vv}, got {inst}",
            "multipleOf": lambda: f"must be a multiple of {vv}, got {inst}",
            "minItems": lambda: f"needs at least {vv} item{plural}, got {count}",
            "maxItems": lambda: f"can have at most {vv} item{plural}, got {count}",
            "minLength": lambda: f"must be at least {vv} character{plural} long",
            "maxLength": lambda: f"must be at most {vv} character{plural} long",
            "minProperties": lambda: f"needs at least {vv} entr{'y' if vv == 1 else 'ies'}",
            "maxProperties": lambda: f"can have at most {vv} entr{'y' if vv == 1 else 'ies'}",
            "pattern": lambda: f"has the wrong form: {_show(inst)} does not match "
                               f"the pattern {vv}",
            "uniqueItems": lambda: "lists the same item more than once",
            "dependentRequired": lambda: "is missing entries that go together: "
                                         + err.message,
            "not": lambda: f"must not be {_describe(inst)} here",
            "contains": lambda: "has no item of the kind it needs",
        }
        phrase = phrases.get(v)
        return phrase() if phrase else f"is not valid: {err.message}"

    def described(self, schema, path, example=False) -> str | None:
        """The schema's description of the entry at `path`; with `example`, and its first example where
        the schema gives one (`teams: [[0, 2], [1, 3]]` is told the shape: {"4": [[0, 2], [1, 3]]})."""
        if not isinstance(schema, dict):
            return None
        desc = schema.get("description") or schema.get("title")
        if not desc:
            return None
        name = path[-1] if path and isinstance(path[-1], str) else None
        said = f"{name}: {desc}" if name else desc
        examples = schema.get("examples") if example else None
        if examples and isinstance(examples, list):
            import json
            said = f"{said.rstrip('.')}, e.g. {name + ': ' if name else ''}{json.dumps(examples[0], ensure_ascii=False)}"
        return said

    def property_names(self, schema, depth=0) -> list:
        """Property names a schema (and its allOf/anyOf/$ref/...) knows about."""
        if not isinstance(schema, dict) or depth > 10:
            return []
        names = list(schema.get("properties", {}))
        subs = [s for kw in ("allOf", "anyOf", "oneOf") for s in schema.get(kw, [])]
        subs += [schema[kw] for kw in ("then", "else") if kw in schema]
        subs += list(schema.get("dependentSchemas", {}).values())
        ref = schema.get("$ref")
        if isinstance(ref, str) and ref.startswith("#"):
            subs.append(self.resolve_pointer(ref))
        for sub in subs:
            names += [n for n in self.property_names(sub, depth + 1) if n not in names]
        return names

    def resolve_pointer(self, ref: str):
        node = self.root
        for part in ref[1:].split("/")[1:]:
            part = part.replace("~1", "/").replace("~0", "~")
            if not isinstance(node, dict) or part not in node:
                return None
            node = node[part]
        return node
