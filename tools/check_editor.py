"""Open rulesets in yaml-language-server (the YAML support of VS Code, Neovim, Helix...) and print what
an editor would show: the problems it underlines and, with --hover LINE:COL, the help for a key.

    npm install yaml-language-server        # once, anywhere
    python tools/check_editor.py --server node_modules/.bin/yaml-language-server rulesets/**/*.yaml

Each file is read with the schema its first line names.  Exit 1 if any file has a problem.
tests/test_schema.py runs the same check with jsonschema; tests/test_editor.py runs this one when
yaml-language-server is installed.
"""
from __future__ import annotations

import argparse
import json
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

SETTINGS = {"validate": True, "hover": True, "completion": True, "schemaStore": {"enable": False},
            "format": {"enable": False}}


class Session:
    """A yaml-language-server process spoken to over stdio (the Language Server Protocol)."""

    def __init__(self, server: str):
        self.proc = subprocess.Popen([server, "--stdio"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.inbox: queue.Queue = queue.Queue()
        self.diagnostics: dict[str, list] = {}
        self.replies: dict[int, object] = {}
        self.next_id = 1
        threading.Thread(target=self._read, daemon=True).start()
        self.request("initialize", {"processId": None, "rootUri": None, "capabilities": {
            "workspace": {"configuration": True},
            "textDocument": {"hover": {"contentFormat": ["plaintext"]}, "publishDiagnostics": {}}}})
        self.notify("initialized", {})
        self.notify("workspace/didChangeConfiguration", {"settings": {"yaml": SETTINGS}})

    def _read(self):
        out = self.proc.stdout
        while True:
            headers = {}
            while True:
                line = out.readline()
                if not line:
                    return
                line = line.decode().strip()
                if not line:
                    break
                key, value = line.split(":", 1)
                headers[key.lower()] = value.strip()
            self.inbox.put(json.loads(out.read(int(headers["content-length"]))))

    def _send(self, message):
        data = json.dumps(dict(message, jsonrpc="2.0")).encode()
        self.proc.stdin.write(f"Content-Length: {len(data)}\r\n\r\n".encode() + data)
        self.proc.stdin.flush()

    def notify(self, method, params):
        self._send({"method": method, "params": params})

    def request(self, method, params, timeout=20.0):
        ident, self.next_id = self.next_id, self.next_id + 1
        self._send({"id": ident, "method": method, "params": params})
        self.pump(until=lambda: ident in self.replies, timeout=timeout)
        return self.replies.pop(ident, None)

    def pump(self, until=lambda: False, timeout=5.0):
        end = time.time() + timeout
        while time.time() < end and not until():
            try:
                m = self.inbox.get(timeout=0.1)
            except queue.Empty:
                continue
            if m.get("method") == "workspace/configuration":
                self._send({"id": m["id"], "result": [SETTINGS] * len(m["params"]["items"])})
            elif "method" in m and "id" in m:
                self._send({"id": m["id"], "result": None})
            elif m.get("method") == "textDocument/publishDiagnostics":
                self.diagnostics[m["params"]["uri"]] = m["params"]["diagnostics"]
            elif "id" in m:
                self.replies[m["id"]] = m.get("result")

    def open(self, path: Path, text: str | None = None):
        uri = path.resolve().as_uri()
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "yaml", "version": 1,
            "text": path.read_text(encoding="utf-8") if text is None else text}})
        return uri

    def problems(self, uris, timeout=30.0):
        """{uri: ["line:col: message", ...]} once the server has reported on every file."""
        self.pump(until=lambda: all(u in self.diagnostics for u in uris), timeout=timeout)
        self.pump(timeout=0.5)
        return {u: [f"{d['range']['start']['line'] + 1}:{d['range']['start']['character'] + 1}: {d['message']}"
                    for d in self.diagnostics.get(u, [])] for u in uris}

    def hover(self, uri, line, col) -> str:
        result = self.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                     "position": {"line": line - 1, "character": col - 1}})
        contents = (result or {}).get("contents", "")
        return contents.get("value", "") if isinstance(contents, dict) else str(contents)

    def close(self):
        self.proc.kill()
        self.proc.wait()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--server", default="yaml-language-server")
    ap.add_argument("--hover", metavar="LINE:COL", help="Also print the help shown at LINE:COL of the first file.")
    ap.add_argument("files", nargs="+", type=Path)
    args = ap.parse_args(argv)
    session = Session(args.server)
    try:
        uris = [session.open(f) for f in args.files]
        found = session.problems(uris)
        for f, uri in zip(args.files, uris):
            for problem in found[uri]:
                print(f"{f}:{problem}")
        if args.hover:
            line, col = map(int, args.hover.split(":"))
            print(session.hover(uris[0], line, col))
    finally:
        session.close()
    total = sum(len(p) for p in found.values())
    print(f"{len(args.files)} file(s) checked by yaml-language-server: {total} problem(s)", file=sys.stderr)
    return 1 if total else 0


if __name__ == "__main__":
    raise SystemExit(main())
