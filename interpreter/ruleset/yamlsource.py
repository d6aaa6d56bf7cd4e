"""Load YAML safely and remember where every key and value was written.

``load_yaml_text`` / ``load_yaml_file`` return ``(data, SourceMap)``.  The data
is exactly what ``yaml.safe_load`` would give; the SourceMap answers, for a
path such as ``('play', 'tricks', 'winner')`` or ``('scoring', 2, 'add')``,
where that value (or key) starts in the file, how it was written, and where
character N inside a string value lives (for errors inside expressions).

Problems (syntax errors, duplicate keys) are raised as a RulesetError holding
Diagnostics, never as PyYAML tracebacks.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from pathlib import Path

import yaml
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from ..diagnostics import Diagnostic, RulesetError, sort_diagnostics

__all__ = ["Pos", "SourceMap", "load_yaml_file", "load_yaml_text"]

_MERGE_TAG = "tag:yaml.org,2002:merge"
_MAX_ENTRIES = 200_000          # guard against alias "billion laughs" blow-ups
MAX_YAML_DEPTH = 50             # mappings and lists inside one another (the bundled games use under 20)
MAX_FILE_BYTES = 2_000_000      # a ruleset file larger than this is refused
_ESCAPES = yaml.scanner.Scanner.ESCAPE_REPLACEMENTS
_ESCAPE_CODES = yaml.scanner.Scanner.ESCAPE_CODES


@dataclass(frozen=True)
class Pos:
    file: str
    line: int                   # 1-based
    col: int                    # 1-based
    style: str = ""             # '', "'", '"', '|', '>' ('' for collections)


@dataclass(frozen=True)
class _Span:
    """Where one node was written: character indices into its file's text."""
    file: str
    start: int
    end: int
    line: int                   # 0-based, as PyYAML marks are
    col: int
    style: str = ""
    scalar: str | None = None   # the scalar's string value (None for collections)

    def pos(self) -> Pos:
        return Pos(self.file, self.line + 1, self.col + 1, self.style)


class SourceMap:
    """Positions of keys and values of one or more YAML files, by path."""

    def __init__(self, root_file: str = "<string>"):
        self.root_file = root_file
        self.files: dict[str, list[str]] = {}
        self._texts: dict[str, str] = {}
        self._line_starts: dict[str, list[int]] = {}
        self._values: dict[tuple, _Span] = {}
        self._keys: dict[tuple, _Span] = {}
        # keys a variant removed (set to null), by path: where the null was written (extends.py)
        self.removed: dict[tuple, Pos] = {}
        # lists of mappings (steps) a variant wrote whole in place of its parent's: path -> how many items
        # the parent had; an error inside one says so (a designer often expects lists to merge)
        self.replaced: dict[tuple, int] = {}

    # -- building -------------------------------------------------------
    def _add_file(self, name: str, text: str) -> None:
        self._texts[name] = text
        self.files[name] = text.split("\n")
        starts = [0]
        for i, ch in enumerate(text):
            if ch == "\n":
                starts.append(i + 1)
        self._line_starts[name] = starts

    def _add_files_of(self, other: "SourceMap") -> None:
        for name, text in other._texts.items():
            if name not in self._texts:
                self._texts[name] = text
                self.files[name] = other.files[name]
                self._line_starts[name] = other._line_starts[name]

    def merged(self, other: "SourceMap") -> "SourceMap":
        """A new map with the files and entries of both; `other` wins."""
        out = SourceMap(self.root_file)
        for m in (self, other):
            out._add_files_of(m)
            out._values.update(m._values)
            out._keys.update(m._keys)
            out.removed.update(m.removed)
        return out

    def adopt(self, src: "SourceMap", path: tuple, subtree: bool = True) -> None:
        """Copy the entries of `src` for `path` (and everything below it)."""
        self._add_files_of(src)
        path = tuple(path)
        n = len(path)
        for table, mine in ((src._values, self._values), (src._keys, self._keys)):
            if subtree:
                for p, span in table.items():
                    if p[:n] == path:
                        mine[p] = span
            elif path in table:
                mine[path] = table[path]

    # -- queries --------------------------------------------------------
    def value_pos(self, path) -> Pos | None:
        span = self._nearest(self._values, tuple(path))
        return span.pos() if span else None

    def key_pos(self, path) -> Pos | None:
        path = tuple(path)
        while True:
            if path in self._keys:
                return self._keys[path].pos()
            if path in self._values:          # e.g. a list item: no key
                return self._values[path].pos()
            if not path:
                return None
            path = path[:-1]

    def scalar_text(self, path) -> str | None:
        span = self._values.get(tuple(path))
        if span is None or span.scalar is None:
            return None
        return self._texts[span.file][span.start:span.end]

    def key_text(self, path) -> str | None:
        """The mapping key at `path` exactly as written."""
        span = self._keys.get(tuple(path))
        return None if span is None else self._texts[span.file][span.start:span.end]

    def span_length(self, path, key: bool = False) -> int:
        """How many characters the key/value occupies on its first line (>= 1)."""
        span = (self._keys if key else self._values).get(tuple(path))
        if span is None:
            return 1
        written = self._texts[span.file][span.start:span.end]
        return max(1, len(written.split("\n", 1)[0].rstrip()))

    def expr_pos(self, path, offset: int) -> Pos:
        path = tuple(path)
        span = self._values.get(path)
        if span is None or span.scalar is None:
            return self.value_pos(path) or Pos(self.root_file, 1, 1)
        idx = span.start + _offset_to_index(self._texts[span.file], span, offset)
        starts = self._line_starts[span.file]
        line = bisect.bisect_right(starts, idx) - 1
        return Pos(span.file, line + 1, idx - starts[line] + 1, span.style)

    def diagnostic(self, path, message, rule, hint=None, *, key=False, offset=None,
                   length=1, severity="error") -> Diagnostic:
        path = tuple(path)
        if offset is not None:
            pos = self.expr_pos(path, offset)
        else:
            pos = self.key_pos(path) if key else self.value_pos(path)
        if pos is None:
            pos = Pos(self.root_file, 1, 1)
        lines = self.files.get(pos.file)
        src = lines[pos.line - 1] if lines and 0 < pos.line <= len(lines) else None
        whole = next((p for p in self.replaced if path[:len(p)] == p), None) if severity == "error" else None
        if whole is not None:
            name = ": ".join(str(k) for k in whole)
            note = (f"this list replaces the parent's whole '{name}' ({self.replaced[whole]} items); to change "
                    f"one item, write {name}: {{$items: {{POSITION: ...}}}} (positions from 0)")
            hint = f"{hint}; {note}" if hint else note
        if rule == "unused" and "never used" in message and len(path) == 2 and pos.file != self.root_file and self.root_file in self.files:
            # declared by the ruleset this one extends, unused by this one: removing it there would break
            # the parent (which uses it); this variant leaves it out with null
            note = (f"'{path[1]}' comes from {pos.file.rsplit('/', 1)[-1]}, which this ruleset extends: to leave "
                    f"it out of this one only, write {path[0]}: {{{path[1]}: null}} here")
            hint = f"{hint}; {note}" if hint else note
        return Diagnostic(pos.file, pos.line, pos.col, message, rule, hint=hint,
                          source_line=src, length=length, severity=severity)

    @staticmethod
    def _nearest(table: dict, path: tuple):
        while True:
            if path in table:
                return table[path]
            if not path:
                return None
            path = path[:-1]


# -- offset inside a scalar -> character index in the file ------------------

def _offset_to_index(text: str, span: _Span, offset: int) -> int:
    """Index (relative to span.start) of character `offset` of the scalar."""
    raw = text[span.start:span.end]
    value = span.scalar
    base, idx = 0, None
    if span.style in ("'", '"'):
        raw, base = raw[1:-1], 1
        got, idx = _flow_map(raw, "double" if span.style == '"' else "single")
        if got != value:
            idx = None
    elif span.style in ("|", ">"):
        nl = raw.find("\n")                  # content starts after the header
        if nl < 0:
            return 0
        raw, base = raw[nl + 1:], nl + 1
        if span.style == "|":
            idx = _literal_map(raw, value)
    else:
        got, idx = _flow_map(raw, "plain")
        if got != value:
            idx = None
    if idx is None:                          # folded block, or a surprise
        idx = _greedy_map(raw, value)
    if not idx:
        return base
    offset = max(0, offset)
    if offset < len(idx):
        return base + idx[offset]
    return min(base + idx[-1] + 1 + (offset - len(idx)), base + len(raw))


def _flow_map(raw: str, kind: str) -> tuple[str, list[int]]:
    """Rebuild a plain/quoted scalar's value, remembering each char's index."""
    out: list[tuple[str, int, bool]] = []     # (char, index in raw, escaped)
    i, n = 0, len(raw)
    while i < n:
        ch = raw[i]
        if ch == "\n":                       # line folding
            while out and out[-1][0] in " \t" and not out[-1][2]:
                out.pop()
            breaks, j = [], i
            while j < n and raw[j] in " \t\n":
                if raw[j] == "\n":
                    breaks.append(j)
                j += 1
            if len(breaks) == 1:
                out.append((" ", i, False))
            else:
                out.extend(("\n", b, False) for b in breaks[1:])
            i = j
        elif kind == "single" and ch == "'" and raw[i + 1:i + 2] == "'":
            out.append(("'", i, True))
            i += 2
        elif kind == "double" and ch == "\\" and i + 1 < n:
            nxt = raw[i + 1]
            if nxt == "\n":                  # escaped line break: lines join
                i += 2
                while i < n and raw[i] in " \t":
                    i += 1
            elif nxt in _ESCAPES:
                out.append((_ESCAPES[nxt], i, True))
                i += 2
            elif nxt in _ESCAPE_CODES:
                width = _ESCAPE_CODES[nxt]
                try:
                    out.append((chr(int(raw[i + 2:i + 2 + width], 16)), i, True))
                except ValueError:
                    return "", []
                i += 2 + width
            else:
                return "", []
        else:
            out.append((ch, i, False))
            i += 1
    return "".join(c for c, _, _ in out), [k for _, k, _ in out]


def _literal_map(raw: str, value: str) -> list[int] | None:
    """Indices for a `|` block: each value line is one source line minus indent."""
    src_lines = raw.split("\n")
    idx: list[int] = []
    line_start = 0
    for k, vline in enumerate(value.split("\n")):
        if k >= len(src_lines):
            return None if vline else idx
        sline = src_lines[k]
        indent = len(sline) - len(vline)
        if vline and (indent < 0 or sline[indent:] != vline):
            return None
        idx.extend(line_start + max(indent, 0) + c for c in range(len(vline)))
        idx.append(line_start + len(sline))           # the line's '\n'
        line_start += len(sline) + 1
    return idx[:len(value)]


def _greedy_map(raw: str, value: str) -> list[int]:
    """Best effort: align value chars to raw chars, skipping whitespace."""
    idx, p = [], 0
    for ch in value:
        q = p
        while q < len(raw) and raw[q] != ch and raw[q] in " \t\n":
            q += 1
        if q < len(raw) and raw[q] == ch:
            idx.append(q)
            p = q + 1
            continue
        found = raw.find(ch, p, p + 12)
        if found >= 0:
            idx.append(found)
            p = found + 1
        else:
            idx.append(min(p, max(len(raw) - 1, 0)))
    return idx


# -- loading -----------------------------------------------------------------

class _Loader(yaml.SafeLoader):
    """SafeLoader; a subclass so that nothing global is ever changed."""

    def construct_yaml_int(self, node):
        """A whole number; one with thousands of digits (past what Python reads) is a located error."""
        try:
            return super().construct_yaml_int(node)
        except ValueError:
            raise yaml.constructor.ConstructorError(
                None, None, f"this number has {len(str(node.value))} digits, far more than any ruleset needs",
                node.start_mark) from None


_Loader.add_constructor("tag:yaml.org,2002:int", _Loader.construct_yaml_int)


_REWORDS = [
    # (PyYAML problem text fragment(s), message, hint)
    ("mapping values are not allowed here",
     "unexpected ':' here",
     "a value containing ': ' must be quoted, or the indentation is off"),
    ("found character '\\t' that cannot start any token",
     "a tab character is not allowed here",
     "indent with spaces, not tabs"),
    ("could not find expected ':'",
     "expected a ':' after a key",
     "check the indentation and that every quote is closed"),
    ("found unexpected end of stream",
     "this quoted text is never closed",
     "add the closing quote"),
    (("while parsing a flow sequence", "<stream end>"),
     "this '[' list is never closed",
     "add the closing ']' (and check the commas)"),
    (("while parsing a flow mapping", "<stream end>"),
     "this '{' mapping is never closed",
     "add the closing '}' (and check the commas)"),
    (("while parsing a flow sequence", "but got '}'"),
     "this '}' comes before the ']' that closes a '[' list",
     "close the list with ']' first (and check the commas)"),
    (("while parsing a flow mapping", "but got ']'"),
     "this ']' comes before the '}' that closes a '{' mapping",
     "close the mapping with '}' first (and check the commas)"),
    ("expected <block end>, but found",
     "this line's indentation does not match the lines above it",
     "line up entries of the same mapping or list at the same column"),
    ("expected a single document in the stream",
     "the file contains more than one YAML document",
     "a ruleset is one document; remove the extra '---'"),
    ("found undefined alias",
     "unknown alias (*name) used",
     "define the anchor (&name) before using it"),
]


def _syntax_diagnostic(err: yaml.YAMLError, filename: str, text: str,
                       lines: list[str]) -> Diagnostic:
    line = col = 0
    if isinstance(err, yaml.MarkedYAMLError):
        mark = err.problem_mark or err.context_mark
        if (err.context_mark is not None and mark is not None
                and mark.index >= len(text.rstrip())):
            mark = err.context_mark         # "ended too early": show where it began
        if mark is not None:
            line, col = mark.line, mark.column
        problem = err.problem or err.context or "invalid YAML"
        full = " ".join(x for x in (err.context, err.problem) if x)
        if ((err.context or "").startswith("while parsing a flow") and err.context_mark is not None
                and mark is not None and mark.line != err.context_mark.line):
            line, col = err.context_mark.line, err.context_mark.column   # a [ or { left open
            full += " <stream end>"
    elif isinstance(err, yaml.reader.ReaderError):
        before = text[:max(err.position, 0)]
        line = before.count("\n")
        col = len(before) - (before.rfind("\n") + 1)
        problem = full = f"character {err.character!r} cannot be used in YAML ({err.reason})"
    else:
        problem = full = str(err)
    problem = problem.replace("<stream end>", "the end of the file")
    message, hint, length = f"invalid YAML: {problem}", None, 1
    for fragments, msg, h in _REWORDS:
        if isinstance(fragments, str):
            fragments = (fragments,)
        if all(f in full for f in fragments):
            message, hint = f"invalid YAML: {msg}", h
            break
    flow = _bracket_first(lines[line] if line < len(lines) else "") \
        or _quote_closed_early(lines[line] if line < len(lines) else "", col) \
        or _flow_pitfall(full, lines[line] if line < len(lines) else "", col)
    if flow is not None:
        message, hint, col = flow[:3]
        length = flow[3] if len(flow) > 3 else len(hint.rsplit(": ", 1)[1]) - 2
    if isinstance(err, yaml.constructor.ConstructorError):
        if "constructor for the tag" in (err.problem or ""):
            message = "invalid YAML: " + err.problem.replace(
                "could not determine a constructor for the tag", "unknown tag")
            hint = "YAML tags (!something) are not supported; quote the value"
        else:
            message = f"invalid YAML: {problem}"
    if line >= len(lines):                         # error at end of file
        line = max(len(lines) - 1, 0)
        col = len(lines[line]) if lines else 0
    src = lines[line] if lines else None
    return Diagnostic(filename, line + 1, col + 1, message, "yaml-syntax",
                      hint=hint, source_line=src, length=length)


_OPEN, _CLOSE = "([{", ")]}"

# a key, then a value that starts with [ or { (YAML's own list or mapping when unquoted)
_BRACKET_VALUE = re.compile(r"^(\s*(?:-\s+)?[^\s:#'\"][^:#]*:\s+)([\[{])")


def _bracket_first(line: str):
    """(message, hint, col) for an unquoted expression that starts with a bracket and goes on after it
    closes, `in: [dealer] + others`: YAML reads the bracket as a list or mapping of its own, then stumbles
    on the rest of the line (whatever it then says: indentation, a bracket inside a list...)."""
    m = _BRACKET_VALUE.match(line)
    if m is None:
        return None
    start, depth, quote = m.end(1), 0, None
    for i in range(start, len(line)):
        c = line[i]
        if quote is not None:
            quote = None if c == quote else quote
        elif c in "'\"":
            quote = c
        elif c in _OPEN:
            depth += 1
        elif c in _CLOSE:
            depth -= 1
            if depth == 0:
                rest = line[i + 1:].strip()
                if not rest or rest.startswith("#"):
                    return None              # a YAML list or mapping indeed
                value = line[start:].split(" #")[0].rstrip()
                return (f"invalid YAML: an expression that starts with '{m.group(2)}' must be quoted",
                        f"YAML reads a value starting with [ or {{ as its own list or mapping; put the whole "
                        f"expression in quotes: \"{value}\"", start)
    return None


# a key (or a list item) whose value starts with a quote
_QUOTED_VALUE = re.compile(r"""^(\s*(?:-\s+)?(?:[^\s:#'"][^:#]*:\s+)?)(["'])""")


def _quote_closed_early(line: str, col: int):
    """(message, hint, col) for a quoted value with the same quote inside it, `a: "c.rank == "Q""`:
    the inner quote ends the text and YAML stumbles on what follows; None otherwise."""
    m = _QUOTED_VALUE.match(line)
    if m is None:
        return None
    start, quote = m.end(1), m.group(2)
    i = start + 1
    while i < len(line):
        if quote == '"' and line[i] == "\\":
            i += 2
            continue
        if line[i] == quote:
            if quote == "'" and line[i + 1:i + 2] == "'":      # '' inside '...' is one quote
                i += 2
                continue
            break
        i += 1
    rest = line[i + 1:].strip()
    if i >= len(line) or not rest or rest.startswith("#") or col <= i:
        return None
    other = "'" if quote == '"' else '"'
    value = line[start:].split(" #")[0].rstrip()
    whole = f"put the whole expression in {other} quotes: {other}{value}{other}"
    if len(value) > 2 and value.endswith(quote) and other not in value and quote * 2 not in value[1:-1]:
        # quotes around the whole expression with the same quotes inside, or an expression that starts
        # and ends with a text in quotes: say both
        hint = (f"if the quotes at the ends hold the whole expression, write the ones inside with {other} "
                f"(the expression language reads both): {quote}{value[1:-1].replace(quote, other)}{quote}; "
                f"if it starts with a text in quotes, {whole}")
    elif other not in value:
        hint = whole
    else:
        hint = (f"write the quotes inside the expression with {other} (the expression language reads both) "
                f"and put it all in {quote} quotes, e.g. {quote}c.rank == {other}Q{other}{quote}")
    return (f"invalid YAML: this value starts with a quote, so YAML takes only the text up to the next {quote} "
            "and cannot read what follows", hint, start, i + 1 - start)


def _flow_pitfall(full: str, line: str, col: int):
    """(message, hint, col) when YAML stumbled on an unquoted expression inside a {...} or [...] written
    on one line: its brackets or commas are read as YAML's own."""
    if "<stream end>" in full:
        return None
    suspects = [(start, text) for start, text in _flow_texts(line)
                if any(c in text for c in "[]{},") and start <= col]
    if not suspects:
        return None
    start, written = next(((st, t) for st, t in suspects if col <= st + len(t)), suspects[-1])
    bracket = next((c for c in written if c in "[]{}"), ",")
    inside = "{...} mapping" if _open_bracket(line[:start]) == "{" else "[...] list"
    return (f"invalid YAML: '{bracket}' inside a {inside} written on one line",
            f"in {{...}} or [...] on one line YAML reads [ ] {{ }} and commas itself; put the text in quotes: "
            f"{_quoted(written)}", start)


def _quoted(text: str) -> str:
    """`text` as a quoted YAML value: in double quotes, or in single ones when it holds a double quote
    (a single quote inside single quotes is written twice)."""
    if '"' not in text:
        return f'"{text}"'
    return "'" + text.replace("'", "''") + "'"


def _open_bracket(text: str) -> str:
    """The innermost '[' or '{' of `text` not closed in it (quoted parts skipped), or ''."""
    opened, quote = [], None
    for c in text:
        if quote is not None:
            quote = None if c == quote else quote
        elif c in "'\"":
            quote = c
        elif c in "[{":
            opened.append(c)
        elif c in "]}" and opened:
            opened.pop()
    return opened[-1] if opened else ""


def _flow_texts(line: str):
    """(column, text) of each unquoted key and value of the one-line {...} or [...] on `line`."""
    import re
    m = re.search(r"(?:^|: |- )\s*([\[{])", line)
    if m is None:
        return
    i = m.start(1) + 1
    while i < len(line):
        while i < len(line) and line[i] == " ":
            i += 1
        if i >= len(line) or line[i] in "}]#":
            return
        if line[i] in "'\"":
            close = line.find(line[i], i + 1)
            end = len(line) if close < 0 else close + 1
        else:
            end = _balanced_end(line, i)
            if line[i] not in "[{":
                yield i, line[i:end].rstrip()
        i = max(end, i + 1)
        i += 2 if line[i:i + 2] == ": " else 1


def _balanced_end(text: str, start: int) -> int:
    """Where the text starting at `start` ends if brackets must balance: the first ',' '}' ']' or ': '
    outside brackets (and outside quotes)."""
    depth, quote, i = 0, None, start
    while i < len(text):
        ch = text[i]
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            if depth == 0:
                return i
            depth -= 1
        elif depth == 0 and (ch == "," or text[i:i + 2] == ": " or (ch == ":" and i + 1 == len(text))):
            return i
        i += 1
    return i


class _Walker:
    """Records spans for every node and finds duplicate keys."""

    def __init__(self, loader: _Loader, filename: str, smap: SourceMap):
        self.loader, self.filename, self.smap = loader, filename, smap
        self.duplicates: list[Diagnostic] = []
        self.pitfalls: list[Diagnostic] = []
        self.stack: set[int] = set()
        self.too_deep = False

    def span(self, node, scalar=None) -> _Span:
        style = (node.style or "") if isinstance(node, ScalarNode) else ""
        # line and column from our own line starts: YAML also breaks lines at U+2028, U+2029, U+0085
        start = node.start_mark.index
        starts = self.smap._line_starts[self.filename]
        line = bisect.bisect_right(starts, start) - 1
        return _Span(self.filename, start, node.end_mark.index, line, start - starts[line], style, scalar)

    def walk(self, node, path: tuple) -> None:
        if id(node) in self.stack:
            # an alias (*name) inside the very list or mapping its anchor (&name) marks: a loop, which
            # nothing could read to its end
            self.looped(node)
            return
        if len(self.smap._values) > _MAX_ENTRIES:
            return
        if len(path) > MAX_YAML_DEPTH:
            if not self.too_deep:
                span = self.span(node)
                self.too_deep = True
                self.duplicates.append(Diagnostic(
                    self.filename, span.line + 1, span.col + 1,
                    f"the YAML is nested more than {MAX_YAML_DEPTH} levels deep here", "limit",
                    hint="a ruleset needs far fewer levels: check the indentation and the brackets",
                    source_line=self.smap.files[self.filename][span.line]))
            return
        if isinstance(node, ScalarNode):
            self.smap._values[path] = self.span(node, node.value)
            return
        self.smap._values[path] = self.span(node)
        self.stack.add(id(node))
        if node.flow_style:
            self.check_commas(node)
            if isinstance(node, MappingNode):
                self.check_cut_text(node)
        if isinstance(node, SequenceNode):
            for i, item in enumerate(node.value):
                self.walk(item, path + (i,))
        elif isinstance(node, MappingNode):
            self.check_duplicates(node)
            self.loader.flatten_mapping(node)   # resolve '<<' merge keys
            for key_node, value_node in node.value:
                key = self.key_of(key_node)
                self.check_word_key(key_node, key)
                if key is not None:
                    self.smap._keys[path + (key,)] = self.span(key_node)
                    self.walk(value_node, path + (key,))
        self.stack.discard(id(node))

    def looped(self, node) -> None:
        span = self.span(node)
        if any(d.rule == "yaml-loop" and (d.line, d.col) == (span.line + 1, span.col + 1) for d in self.duplicates):
            return
        anchor = self.smap._texts[self.filename][span.start:span.end].split(None, 1)
        named = anchor[0] if anchor and anchor[0].startswith("&") else "its anchor"
        self.duplicates.append(Diagnostic(
            self.filename, span.line + 1, span.col + 1,
            f"the YAML alias *{named[1:] if named.startswith('&') else '...'} is used inside the part that "
            f"{named} marks: the part would contain itself without end", "yaml-loop",
            hint="write the inner part out in full, or point the alias at a part outside this one",
            source_line=self.smap.files[self.filename][span.line], length=max(1, len(anchor[0]) if anchor else 1)))

    def key_of(self, key_node):
        try:
            key = self.loader.construct_object(key_node, deep=True)
            hash(key)
        except (yaml.YAMLError, TypeError):
            return None
        return key

    def check_word_key(self, key_node, key) -> None:
        """A key written as a plain word that YAML reads as nothing or as yes/no (null, ~, no, yes, on,
        off, true, false): a move, state variable or zone named `null:` or `no:` would be named None or
        False.  Quoted, it is the name."""
        if not isinstance(key_node, ScalarNode) or key_node.style or key_node.tag == _MERGE_TAG:
            return
        if key is not None and key.__class__ is not bool or not key_node.value:
            return
        read = "nothing (null)" if key is None else f"{'true' if key else 'false'} (a yes/no value)"
        span = self.span(key_node)
        self.pitfalls.append(Diagnostic(
            self.filename, span.line + 1, span.col + 1,
            f"YAML reads the key '{key_node.value}' as {read}, not as a name", "yaml-syntax",
            hint=f"put the name in quotes: \"{key_node.value}\":",
            source_line=self.smap.files[self.filename][span.line], length=len(key_node.value)))

    def check_commas(self, node) -> None:
        """A plain value such as max(a, b) inside {...} or [...] is cut at its comma by YAML: find a
        plain scalar with an unclosed '(' or '[' followed by a comma, and say to quote it."""
        text = self.smap._texts[self.filename]
        pairs = node.value if isinstance(node, MappingNode) else [(item, None) for item in node.value]
        for scalar in (n for pair in pairs for n in pair):
            if not isinstance(scalar, ScalarNode) or scalar.style or scalar.start_mark.index == scalar.end_mark.index:
                continue
            value = scalar.value
            if sum(value.count(c) for c in "([") <= sum(value.count(c) for c in ")]"):
                continue
            after = text[scalar.end_mark.index:].lstrip(" ")
            if not after.startswith(","):
                continue
            line_end = text.find("\n", scalar.start_mark.index)
            line_text = text[scalar.start_mark.index:line_end if line_end >= 0 else len(text)]
            written = line_text[:_balanced_end(line_text, 0)].rstrip()
            inside = "{...} mapping" if isinstance(node, MappingNode) else "[...] list"
            hint = f"put the text in quotes: {_quoted(written)}"
            if isinstance(node, SequenceNode) and node.start_mark.line == node.end_mark.line:
                whole = text[node.start_mark.index:node.end_mark.index]
                if '"' in whole and "'" not in whole:
                    whole = whole.replace('"', "'")         # the expression language reads both
                hint += f"; or, where the whole list is one expression (cards to show, say), all of it: {_quoted(whole)}"
            self.pitfalls.append(Diagnostic(
                self.filename, scalar.start_mark.line + 1, scalar.start_mark.column + 1,
                f"YAML cut '{written}' at its comma: inside a {inside} a comma separates entries",
                "yaml-syntax", hint=hint,
                source_line=self.smap.files[self.filename][scalar.start_mark.line], length=len(written)))

    def check_cut_text(self, node: MappingNode) -> None:
        """Plain text with a comma inside {...}, e.g. `{description: the claim, face down}`: YAML
        reads 'face down' as a key of its own (no ':' after it, no value); say to quote the text."""
        text = self.smap._texts[self.filename]
        pairs = node.value
        for (_, before), (key, value) in zip(pairs, pairs[1:]):
            if not (isinstance(before, ScalarNode) and isinstance(key, ScalarNode)
                    and isinstance(value, ScalarNode)) or before.style or key.style or value.value != "":
                continue
            if value.start_mark.index != value.end_mark.index or not before.value:
                continue
            if text[before.end_mark.index:key.start_mark.index].strip() != ",":
                continue
            if text[key.end_mark.index:].lstrip(" ").startswith(":"):
                continue
            written = text[before.start_mark.index:key.end_mark.index]
            at = (self.filename, before.start_mark.line + 1, before.start_mark.column + 1)
            if "\n" in written or any((d.file, d.line, d.col) == at for d in self.pitfalls):
                continue                    # (check_commas said it already, for max(a, b))
            self.pitfalls.append(Diagnostic(
                self.filename, before.start_mark.line + 1, before.start_mark.column + 1,
                f"YAML cut '{written}' at its comma: inside a {{...}} mapping a comma separates entries, "
                f"so '{key.value}' became a key of its own", "yaml-syntax",
                hint=f"put the text in quotes: {_quoted(written)}",
                source_line=self.smap.files[self.filename][before.start_mark.line], length=len(written)))

    def check_duplicates(self, node: MappingNode) -> None:
        seen: dict = {}
        for key_node, _ in node.value:
            if key_node.tag == _MERGE_TAG:
                continue
            key = self.key_of(key_node)
            if key is None:
                continue
            if key in seen:
                first = seen[key].start_mark.line + 1
                span = self.span(key_node)
                written = self.smap._texts[self.filename][span.start:span.end]
                self.duplicates.append(Diagnostic(
                    self.filename, span.line + 1, span.col + 1,
                    f"duplicate key '{key}' (first defined on line {first})",
                    "duplicate-key",
                    hint="remove one of them; only one value per key is allowed",
                    source_line=self.smap.files[self.filename][span.line],
                    length=max(1, len(written.split("\n", 1)[0]))))
            else:
                seen[key] = key_node


def load_yaml_text(text: str, filename: str = "<string>") -> tuple[object, SourceMap]:
    """Parse YAML text safely; return (data, SourceMap) or raise RulesetError."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if text.startswith("\ufeff"):
        text = text[1:]
    smap = SourceMap(filename)
    smap._add_file(filename, text)
    lines = smap.files[filename]
    loader = None
    try:
        loader = _Loader(text)
        node = loader.get_single_node()
        if node is None:
            return None, smap
        walker = _Walker(loader, filename, smap)
        walker.walk(node, ())
        if walker.duplicates or walker.pitfalls:
            raise RulesetError(sort_diagnostics(walker.duplicates + walker.pitfalls))
        data = loader.construct_document(node)
    except yaml.YAMLError as err:
        raise RulesetError([_syntax_diagnostic(err, filename, text, lines)]) from None
    except RecursionError:
        raise RulesetError([Diagnostic(filename, 1, 1, f"the YAML is nested too deeply (the limit is "
                                       f"{MAX_YAML_DEPTH} levels)", "limit",
                                       source_line=lines[0] if lines else None)]) from None
    finally:
        if loader is not None:
            loader.dispose()
    return data, smap


def load_yaml_file(path: str | Path) -> tuple[object, SourceMap]:
    """Read and parse a YAML file; the file name in diagnostics is `path` as given."""
    name = str(path)
    try:
        size = Path(path).stat().st_size
        if size > MAX_FILE_BYTES:
            raise RulesetError([Diagnostic(name, 1, 1, f"the file is too large: {size} bytes, more than the limit of "
                                           f"{MAX_FILE_BYTES}", "limit")])
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RulesetError([Diagnostic(name, 1, 1, "file not found", "file")]) from None
    except UnicodeDecodeError as err:
        raise RulesetError([Diagnostic(name, 1, 1, f"the file is not UTF-8 text ({err.reason})",
                                       "file", hint="save the file as UTF-8")]) from None
    except OSError as err:
        raise RulesetError([Diagnostic(name, 1, 1, f"cannot read the file: {err.strerror}",
                                       "file")]) from None
    return load_yaml_text(text, name)
