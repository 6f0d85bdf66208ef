"""`meeple lsp` driven over stdio with JSON-RPC, as an editor drives it: one real server process for the module.

Diagnostics are `meeple validate --format json`'s for every case of the broken-content corpus; completion,
hover, definitions and rename are checked on the bundled games and on a mod.
"""
from __future__ import annotations

import json
import os
import queue
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import yaml

from interpreter.check.schema import schema
from interpreter.cli.main import main
from interpreter.runtime.verbs import REGISTRY

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"
CORPUS = Path(__file__).resolve().parent / "corpus"
CASES = sorted(p for p in CORPUS.iterdir() if p.is_dir())
WAIT = 20  # seconds before a missing answer fails the test


def uri(path) -> str:
    return Path(path).resolve().as_uri()


class Client:
    """A minimal LSP client: requests wait for their answer; notifications from the server are kept in order."""

    def __init__(self):
        self.proc = subprocess.Popen([sys.executable, "-m", "interpreter.command", "lsp"], cwd=ROOT,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.inbox: queue.Queue = queue.Queue()
        self.diagnostics: dict[str, list] = {}  # uri -> the last diagnostics published for it
        self.seq = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            head = b""
            while not head.endswith(b"\r\n\r\n"):
                ch = out.read(1)
                if not ch:
                    return
                head += ch
            n = int(re.search(rb"Content-Length: (\d+)", head).group(1))
            self.inbox.put(json.loads(out.read(n)))

    def send(self, method: str, params, id=None):
        msg = {"jsonrpc": "2.0", "method": method, "params": params}
        if id is not None:
            msg["id"] = id
        body = json.dumps(msg).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def _take(self, deadline: float):
        m = self.inbox.get(timeout=max(0.01, deadline - time.time()))
        if m.get("method") == "textDocument/publishDiagnostics":
            self.diagnostics[m["params"]["uri"]] = m["params"]["diagnostics"]
        return m

    def request(self, method: str, params):
        self.seq += 1
        self.send(method, params, self.seq)
        deadline = time.time() + WAIT
        while True:
            m = self._take(deadline)
            if m.get("id") == self.seq and "method" not in m:
                assert "error" not in m, m["error"]
                return m["result"]

    def until(self, holds) -> bool:
        """Reads what the server sends until `holds()` is true (False after WAIT seconds)."""
        deadline = time.time() + WAIT
        while not holds():
            try:
                self._take(deadline)
            except queue.Empty:
                return False
        return True

    def open(self, path, text: str | None = None):
        text = Path(path).read_text(encoding="utf-8") if text is None else text
        self.send("textDocument/didOpen", {"textDocument": {"uri": uri(path), "languageId": "yaml", "version": 1,
                                                            "text": text}})

    def change(self, path, text: str, version: int = 2):
        self.send("textDocument/didChange", {"textDocument": {"uri": uri(path), "version": version},
                                             "contentChanges": [{"text": text}]})

    def close(self, path):
        self.send("textDocument/didClose", {"textDocument": {"uri": uri(path)}})

    def at(self, method: str, path, line: int, col: int, **extra):
        return self.request(method, {"textDocument": {"uri": uri(path)},
                                     "position": {"line": line, "character": col}, **extra})


@pytest.fixture(scope="module")
def lsp():
    c = Client()
    c.request("initialize", {"processId": os.getpid(), "rootUri": uri(ROOT), "capabilities": {}})
    c.send("initialized", {})
    yield c
    try:
        c.request("shutdown", None)
        c.send("exit", None)
        c.proc.wait(timeout=5)
    finally:
        if c.proc.poll() is None:
            c.proc.kill()


def validate_json(folder, capsys, mods=()) -> dict[str, list]:
    """`meeple validate FOLDER [--mod MOD]... --format json`, as the protocol's diagnostics by file URI (with a
    mod, the base's own warnings too: the editor shows them in the base's files)."""
    mod_args = [a for m in mods for a in ("--mod", str(m))] + ["--base-warnings"] * bool(mods)
    main(["validate", str(folder), *mod_args, "--format", "json"])
    found: dict[str, list] = {}
    for d in json.loads(capsys.readouterr().out):
        found.setdefault(uri(d["file"]), []).append(
            (max(d["line"] - 1, 0), max(d["column"] - 1, 0), d["code"], d["message"], 1 if d["severity"] == "error" else 2))
    return {k: sorted(v) for k, v in found.items()}


def published(lsp: Client, uris) -> dict[str, list]:
    out = {}
    for u in uris:
        ds = lsp.diagnostics.get(u) or []
        if ds:
            out[u] = sorted((d["range"]["start"]["line"], d["range"]["start"]["character"], d["code"], d["message"],
                             d["severity"]) for d in ds)
    return out


def lines_of(path) -> list[str]:
    return Path(path).read_text(encoding="utf-8").split("\n")


def find(lines: list[str], pattern: str, after: int = 0) -> tuple[int, int]:
    """The line and column of the first match of a regular expression, from line `after` on."""
    for i, text in enumerate(lines[after:], after):
        m = re.search(pattern, text)
        if m:
            return i, m.start()
    raise AssertionError(f"no {pattern!r}")


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_corpus_diagnostics_are_validates(lsp, case, capsys):
    """Every file of the case open in the editor: each gets exactly what `meeple validate --format json` says (with
    the case's mods: a mod lying in a game's folder is checked with that game)."""
    expect = json.loads((case / "expect.json").read_text(encoding="utf-8"))
    if expect.get("smoke"):
        pytest.skip("a mistake only play finds: the editor does not play")
    mods = expect.get("mods", [])
    expected = validate_json(case, capsys, [case / m for m in mods])
    assert expected, "a corpus case has at least one diagnostic"
    files = sorted(case.rglob("*.yaml"))
    for f in files:
        lsp.open(f)
    uris = {uri(f) for f in files} | set(expected)
    done = lsp.until(lambda: published(lsp, uris) == expected)
    for f in files:
        lsp.close(f)
    assert done, f"published {published(lsp, uris)}, validate says {expected}"


def test_unsaved_text_is_checked_and_a_file_made_clean_gets_empty_diagnostics(lsp, tmp_path):
    game = tmp_path / "kaiju-inc"
    shutil.copytree(CONTENT / "kaiju-inc", game)
    path = game / "game.yaml"
    text = path.read_text(encoding="utf-8")
    line, col = find(text.split("\n"), r"\bshuffle\(")
    lsp.open(path)
    lsp.change(path, text.replace("shuffle(", "shufle(", 1))
    assert lsp.until(lambda: any(d["range"]["start"] == {"line": line, "character": col}
                                 for d in lsp.diagnostics.get(uri(path)) or []))
    assert "shuffle(" in path.read_text(encoding="utf-8")  # nothing was saved: the text checked is the editor's
    lsp.change(path, text, 3)
    assert lsp.until(lambda: lsp.diagnostics.get(uri(path)) == [])
    lsp.close(path)


def test_completion_after_p_dot_in_a_kaiju_procedure_offers_player_fields_and_counters(lsp):
    path = CONTENT / "kaiju-inc" / "game.yaml"
    lines = lines_of(path)
    line, col = find(lines, r"do: p\.money -= n")  # procedure `pay`, params [p, n]
    col = lines[line].index("p.") + 2
    lsp.open(path)
    items = lsp.at("textDocument/completion", path, line, col)
    labels = {i["label"] for i in (items["items"] if isinstance(items, dict) else items)}
    lsp.close(path)
    player = yaml.safe_load(path.read_text(encoding="utf-8"))["player"]
    assert set(player["counters"]) <= labels and set(player["zones"]) <= labels and {"left", "right"} <= labels
    assert "cost" not in labels  # a building's field: `p` is a player (the procedure's callers pass `me`)


def test_hover_on_a_verb_shows_its_signature_and_doc(lsp):
    path = CONTENT / "kaiju-inc" / "game.yaml"
    line, col = find(lines_of(path), r"\bshuffle\(")
    lsp.open(path)
    hover = lsp.at("textDocument/hover", path, line, col + 2)
    lsp.close(path)
    text = hover["contents"]["value"]
    assert REGISTRY["shuffle"].signature() in text and REGISTRY["shuffle"].doc in text  # the registry's typed parameters


def test_hover_on_a_counter_shows_its_bounds(lsp):
    path = CONTENT / "kaiju-inc" / "game.yaml"
    line, col = find(lines_of(path), r"do: p\.money -= n")
    col = lines_of(path)[line].index("money")
    lsp.open(path)
    text = lsp.at("textDocument/hover", path, line, col + 1)["contents"]["value"]
    lsp.close(path)
    assert "min 0" in text and "max 11" in text  # money: {initial: 5, min: 0, max: 11}


def test_hover_on_a_built_in_attribute_shows_the_registrys_type_and_doc(lsp):
    from interpreter.runtime import attributes
    path = CONTENT / "kaiju-inc" / "game.yaml"
    line, col = find(lines_of(path), r"building_deck\.size == 0")
    col = lines_of(path)[line].index("size", col)
    lsp.open(path)
    text = lsp.at("textDocument/hover", path, line, col + 1)["contents"]["value"]
    lsp.close(path)
    size = next(a for a in attributes.listed() if a["owner"] == "zone" and a["name"] == "size")
    assert "zone" in text and size["doc"] and size["doc"] in text


def test_definition_of_a_procedure_called_in_a_card_file_is_in_game_yaml(lsp):
    cards = CONTENT / "kaiju-inc" / "cards" / "kaiju.yaml"
    line, col = find(lines_of(cards), r"\bdiscard_building\(")
    game = CONTENT / "kaiju-inc" / "game.yaml"
    want = find(lines_of(game), r"^  discard_building:", find(lines_of(game), r"^procedures:")[0])
    lsp.open(cards)
    found = lsp.at("textDocument/definition", cards, line, col + 3)
    lsp.close(cards)
    assert [(d["uri"], d["range"]["start"]["line"], d["range"]["start"]["character"]) for d in found] \
        == [(uri(game), want[0], 2)]


def test_references_of_a_procedure_are_every_call(lsp):
    game = CONTENT / "kaiju-inc"
    files = [game / "game.yaml", *sorted((game / "cards").glob("*.yaml"))]
    calls = {(uri(f), i) for f in files for i, t in enumerate(lines_of(f)) if re.search(r"\bdiscard_building\(", t)}
    lsp.open(files[0])
    line, _ = find(lines_of(files[0]), r"^  discard_building:")
    found = lsp.at("textDocument/references", files[0], line, 4, context={"includeDeclaration": False})
    lsp.close(files[0])
    assert {(r["uri"], r["range"]["start"]["line"]) for r in found} == calls


def test_rename_of_a_card_id_changes_every_use(lsp, tmp_path, capsys):
    game = tmp_path / "debtzilla"
    shutil.copytree(CONTENT / "debtzilla", game)
    income = game / "cards" / "income.yaml"
    line, col = find(lines_of(income), r"- id: savings$")
    lsp.open(income)
    edit = lsp.at("textDocument/rename", income, line, col + 7, newName="nest_egg")
    lsp.close(income)
    for u, edits in edit["changes"].items():
        path = Path(u.removeprefix("file://"))
        lines = lines_of(path)
        for e in sorted(edits, key=lambda e: (e["range"]["start"]["line"], -e["range"]["start"]["character"])):
            s, t = e["range"]["start"], e["range"]["end"]
            text = lines[s["line"]]
            lines[s["line"]] = text[:s["character"]] + e["newText"] + text[t["character"]:]
        path.write_text("\n".join(lines), encoding="utf-8")
    every = "\n".join(p.read_text(encoding="utf-8") for p in game.rglob("*.yaml"))
    assert '"savings"' not in every and "id: savings\n" not in every
    assert every.count('"nest_egg"') == 4 and "pile_savings" in every
    assert main(["validate", str(game)]) == 0, capsys.readouterr()


def test_a_mod_is_checked_with_its_base_and_its_calls_lead_into_the_base(lsp, tmp_path, capsys):
    mod = tmp_path / "mod"
    mod.mkdir()
    (mod / "mod.yaml").write_text(
        "mod: rich-start\nextends: kaiju-inc\nname: Rich start\nprocedures:\n  bonus:\n    do: |\n"
        "      for p in players { pay(p, 1) }\n      shufle(row)\non:\n  eureka: |\n    bonus()\n",
        encoding="utf-8")
    expected = validate_json(mod, capsys)
    assert expected
    lsp.open(mod / "mod.yaml")
    assert lsp.until(lambda: published(lsp, {uri(mod / "mod.yaml")}) == expected)
    found = lsp.at("textDocument/definition", mod / "mod.yaml", 6, 25)  # `pay`
    base = CONTENT / "kaiju-inc" / "game.yaml"
    assert [(d["uri"], d["range"]["start"]["line"]) for d in found] == [(uri(base), find(lines_of(base), r"^  pay:")[0])]
    lsp.close(mod / "mod.yaml")


def test_outline_lists_phases_procedures_and_cards_by_kind(lsp):
    game = CONTENT / "kaiju-inc" / "game.yaml"
    lsp.open(game)
    groups = {s["name"]: [c["name"] for c in s.get("children", [])]
              for s in lsp.request("textDocument/documentSymbol", {"textDocument": {"uri": uri(game)}})}
    lsp.close(game)
    data = yaml.safe_load(game.read_text(encoding="utf-8"))
    assert groups["phases"] == [p["phase"] for p in data["round"]]
    assert sorted(groups["procedures"]) == sorted(data["procedures"])
    cards = CONTENT / "kaiju-inc" / "cards" / "kaiju.yaml"
    outline = lsp.request("textDocument/documentSymbol", {"textDocument": {"uri": uri(cards)}})
    assert [s["name"] for s in outline] == ["kaiju cards"]
    assert len(outline[0]["children"]) == len(yaml.safe_load(cards.read_text(encoding="utf-8")))


def test_events_are_offered_under_on_and_after_until(lsp, tmp_path):
    """Completion in a mod of Kaiju: an `on:` key being typed offers the base game's events that the prefix
    begins (the mod does not check yet: its game's index answers), and `until="` offers every event."""
    mod = tmp_path / "mod"
    mod.mkdir()
    events = set(yaml.safe_load((CONTENT / "kaiju-inc" / "game.yaml").read_text(encoding="utf-8"))["events"])
    typing = "mod: m\nextends: kaiju-inc\nname: M\non:\n  eu\n"
    calling = "mod: m\nextends: kaiju-inc\nname: M\nprocedures:\n  cheap:\n    do: |\n      modify(\"price\", add=-1, until=\"\n"
    for text, line, offered in ((typing, 4, {e for e in events if e.startswith("eu")}), (calling, 6, events)):
        (mod / "mod.yaml").write_text(text, encoding="utf-8")
        lsp.open(mod / "mod.yaml", text)
        items = lsp.at("textDocument/completion", mod / "mod.yaml", line, len(text.split("\n")[line]))
        lsp.close(mod / "mod.yaml")
        assert {i["label"] for i in items["items"]} == offered, text


def test_hover_on_a_procedure_shows_its_doc_and_on_a_card_id_its_card(lsp):
    game = CONTENT / "debtzilla" / "game.yaml"
    lines = lines_of(game)
    lsp.open(game)
    line, col = find(lines, r'take\("savings"')
    card = lsp.at("textDocument/hover", game, line, col + 7)["contents"]["value"]
    data = yaml.safe_load(game.read_text(encoding="utf-8"))
    called = next(k for k, v in data["procedures"].items() if v.get("doc") and re.search(rf"\b{k}\(", data["setup"]))
    line, col = find(lines, rf"\b{called}\(", find(lines, r"^setup:")[0])
    proc = lsp.at("textDocument/hover", game, line, col + 1)["contents"]["value"]
    lsp.close(game)
    income = yaml.safe_load((CONTENT / "debtzilla" / "cards" / "income.yaml").read_text(encoding="utf-8"))
    savings = next(c for c in income if c["id"] == "savings")
    assert "- id: savings" in card and f"name: {savings['name']}" in card
    assert data["procedures"][called]["doc"].strip() in proc


def test_yaml_keys_are_offered_while_the_key_is_typed(lsp):
    """`pa` typed in a procedure, no colon yet (the file does not read as YAML): the schema's keys of a procedure."""
    path = CONTENT / "kaiju-inc" / "game.yaml"
    lines = lines_of(path)
    line = lines.index("  pay:") + 2
    lines.insert(line, "    pa")
    lsp.open(path, "\n".join(lines))
    items = lsp.at("textDocument/completion", path, line, 6)
    lsp.close(path)
    procedure = set(schema("game")["properties"]["procedures"]["additionalProperties"]["properties"])
    labels = [i["label"] for i in sorted(items["items"], key=lambda i: i["sortText"])]
    assert labels[0] == "params" and set(labels) <= procedure  # ranked by the prefix typed, the schema's keys only


def test_completion_after_it_dot_offers_the_fields_of_what_the_list_holds(lsp):
    """`it` over a player's zone is a card (the kinds' fields), over `players` a player (zones and counters)."""
    path = CONTENT / "kaiju-inc" / "game.yaml"
    lines = lines_of(path)
    line, _ = find(lines, r"let paying = p\.tableau where it\.suit")
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    fields = {f for k in data["kinds"].values() for f in (k.get("fields") or {})}
    player = set(data["player"]["zones"]) | set(data["player"]["counters"])
    offered = []
    for typed in ("p.tableau where it.", "sum(players, it."):
        lines[line] = "      let paying = " + typed
        lsp.open(path, "\n".join(lines))
        items = lsp.at("textDocument/completion", path, line, len(lines[line]))
        lsp.close(path)
        offered.append({i["label"] for i in items["items"]})
    assert fields <= offered[0] and not (player - fields) & offered[0]
    assert player <= offered[1] and not (fields - player) & offered[1]


def _index_and_lines(game: str, texts: dict | None = None):
    from interpreter.lsp.server import _indexed
    target = str((CONTENT / game).resolve())
    path = os.path.join(target, "game.yaml")
    lines = (texts or {}).get(path, Path(path).read_text(encoding="utf-8")).split("\n")
    return _indexed(target, texts or {}), path, lines


def test_hover_on_a_local_says_what_the_checker_types_it():
    """The check stage's index says what a local holds: a `where` over a player's zone gives a list of cards, a
    loop over a zone a card."""
    from interpreter.lsp import features
    idx, path, lines = _index_and_lines("kaiju-inc")
    line, col = find(lines, r"let paying = p\.tableau where")
    col = lines[line].index("paying", col)
    assert features.hover(idx, lambda p: lines, path, line, col + 1) == "`paying`: a local (a list of cards)"
    line, col = find(lines, r"for c in row \{")
    col = lines[line].index("c in row")
    assert features.hover(idx, lambda p: lines, path, line, col) == "`c`: a local (a card)"


def test_completion_after_a_loop_variable_offers_card_fields_by_the_checker():
    """`c.` where `c` goes over a `where` of a zone, as an editor holds it with its bracket closed: the checker
    types `c` a card (the words around do not tell), so a card's fields are offered and no player's zone."""
    from interpreter.lsp import features
    from interpreter.lsp.server import _indexed
    _, path, lines = _index_and_lines("kaiju-inc")
    line, _ = find(lines, r"for c in row \{ move\(c, building_discard\) \}")
    lines = list(lines)
    lines[line] = lines[line].replace("row { move(c, building_discard) }", "(row where it.cost > 1) { say(c.) }")
    texts = {path: "\n".join(lines)}
    col = lines[line].index("c.") + 2
    idx = _indexed(os.path.dirname(path), texts)
    repaired = lines[line][:col - 1] + lines[line][col:]
    items = {i.label for i in features.complete(idx, lambda p: lines, path, line, col, repaired=lambda: _indexed(
        os.path.dirname(path), {path: "\n".join(lines[:line] + [repaired] + lines[line + 1:])}))}
    data = yaml.safe_load((CONTENT / "kaiju-inc" / "game.yaml").read_text(encoding="utf-8"))
    fields = {f for k in data["kinds"].values() for f in (k.get("fields") or {})}
    zones = set(data["player"]["zones"]) - fields
    assert zones and fields <= items and not zones & items


def test_a_quick_fix_mends_a_misspelled_argument_name_placed_at_its_call(lsp, tmp_path):
    """`move(b, p.tableau, att="top")`: the diagnostic stands at the call (`move` has no argument named `att`, did
    you mean `at`?); its quick fix writes `at` over `att`, not over `move`, and the game then checks clean."""
    game = tmp_path / "kaiju-inc"
    shutil.copytree(CONTENT / "kaiju-inc", game)
    path = game / "game.yaml"
    text = path.read_text(encoding="utf-8")
    broken = text.replace("move(b, p.tableau)", 'move(b, p.tableau, att="top")', 1)
    lsp.open(path, broken)
    assert lsp.until(lambda: bool(lsp.diagnostics.get(uri(path))))
    (d,) = lsp.diagnostics[uri(path)]
    assert "did you mean `at`?" in d["message"]
    actions = lsp.request("textDocument/codeAction", {"textDocument": {"uri": uri(path)}, "range": d["range"],
                                                      "context": {"diagnostics": [d]}})
    (edit,) = actions[0]["edit"]["changes"][uri(path)]
    lines = broken.split("\n")
    s, e = edit["range"]["start"], edit["range"]["end"]
    assert lines[s["line"]][s["character"]:e["character"]] == "att" and edit["newText"] == "at"
    lines[s["line"]] = lines[s["line"]][:s["character"]] + "at" + lines[s["line"]][e["character"]:]
    lsp.change(path, "\n".join(lines))
    assert lsp.until(lambda: lsp.diagnostics.get(uri(path)) == [])
    lsp.close(path)


def test_hover_on_a_field_and_a_card_gives_the_authors_notes_the_table_leaves_out(lsp):
    """Issue 49: a field's doc and a card's `note:` are authors' notes: the page's tooltips leave them out, the
    language server's hover gives them whole (as `meeple rules GAME --notes` does)."""
    game = CONTENT / "happy-city" / "game.yaml"
    lines = lines_of(game)
    line, col = find(lines, r"m\.colours = \[m\.coloured_side\]")
    lsp.open(game)
    text = lsp.at("textDocument/hover", game, line, col + 3)["contents"]["value"]
    lsp.close(game)
    assert "[coloured_side] once turned" in text
    heroes = CONTENT / "debtzilla" / "cards" / "heroes.yaml"
    line, col = find(lines_of(heroes), r"^- id: tweetman")
    lsp.open(heroes)
    text = lsp.at("textDocument/hover", heroes, line, col + 8)["contents"]["value"]
    lsp.close(heroes)
    assert "The option tweetman=dice reads Poor and" in text
