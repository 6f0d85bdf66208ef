"""`meeple lsp` driven by a real client library (pytest-lsp), with the capabilities the editors declare: Neovim
0.7 (Debian 12's) and 0.9, VS Code. Completion ranked by the prefix with the game's own names first, snippets
for an editor that takes them, signature help while a call's arguments are typed, and the quick fix of a
did-you-mean diagnostic, on Kaiju Incorporated as an editor holds it (the texts are the editor's, unsaved).
"""
from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest
import pytest_lsp
import yaml
from lsprotocol import types as T
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from interpreter.runtime.verbs import REGISTRY, REQUIRED

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "content" / "kaiju-inc" / "game.yaml"
TEXT = GAME.read_text(encoding="utf-8")
EDITORS = ["neovim@v0.7.0", "neovim@v0.9.1", "visual-studio-code@v1.65.2"]
WAIT = 20  # seconds before a missing answer fails the test


@pytest_lsp.fixture(params=EDITORS, config=ClientServerConfig(
    server_command=[sys.executable, "-m", "interpreter.command", "lsp"]))
async def client(request, lsp_client: LanguageClient):
    await lsp_client.initialize_session(T.InitializeParams(
        capabilities=client_capabilities(request.param), root_uri=ROOT.as_uri()))
    yield
    await lsp_client.shutdown_session()


def _open(client: LanguageClient, text: str, version: int = 1) -> None:
    client.text_document_did_open(T.DidOpenTextDocumentParams(
        text_document=T.TextDocumentItem(uri=GAME.as_uri(), language_id="yaml", version=version, text=text)))


def _typed(after: str, typed: str) -> tuple[str, int, int]:
    """Kaiju's game.yaml with a line `typed` written below the first line that ends with `after` (its
    indentation): (the text, the new line, the column after what was typed)."""
    lines = TEXT.split("\n")
    at = next(i for i, t in enumerate(lines) if t.endswith(after)) + 1
    indent = lines[at - 1][:len(lines[at - 1]) - len(lines[at - 1].lstrip())]
    lines.insert(at, indent + typed)
    return "\n".join(lines), at, len(indent + typed)


async def _completion(client: LanguageClient, text: str, line: int, col: int) -> list[T.CompletionItem]:
    _open(client, text)
    found = await asyncio.wait_for(client.text_document_completion_async(T.CompletionParams(
        text_document=T.TextDocumentIdentifier(uri=GAME.as_uri()), position=T.Position(line=line, character=col))),
        WAIT)
    items = found.items if isinstance(found, T.CompletionList) else found
    return sorted(items, key=lambda i: i.sort_text or i.label)  # as the editor shows them


def _game_names(prefix: str) -> list[str]:
    """The names Kaiju's game.yaml declares that may stand alone in an effect, beginning with `prefix`."""
    data = yaml.safe_load(TEXT)
    names = [k for s in ("procedures", "functions", "values", "zones", "counters", "vars", "constants")
             for k in data.get(s) or {}]
    return sorted(k for k in set(names) if k.startswith(prefix))


@pytest.mark.asyncio
async def test_completion_is_filtered_by_the_prefix_and_ranks_the_games_own_names_first(client: LanguageClient):
    """`dr` typed in a procedure: the game's `draw_building` before the registry's `draw`, then names that hold
    the letters elsewhere; nothing without them."""
    text, line, col = _typed("draw(building_deck, dest, 1)", "dr")
    labels = [i.label for i in await _completion(client, text, line, col)]
    game = _game_names("dr")
    verbs = sorted(k for k in REGISTRY if k.startswith("dr"))
    assert game and verbs
    assert labels[:len(game) + len(verbs)] == game + verbs
    assert all(_spells("dr", label) for label in labels)
    assert "shuffle" not in labels and "me" not in labels  # unfiltered, the builtins and verbs came first


def _spells(prefix: str, label: str) -> bool:
    rest = iter(label)
    return all(ch in rest for ch in prefix)


@pytest.mark.asyncio
async def test_a_verb_and_a_procedure_complete_as_snippets_where_the_editor_takes_them(client: LanguageClient):
    """VS Code takes snippets: `shuffle` completes to its call with a placeholder per argument the registry says
    it needs, a procedure to its parameters; Neovim's built-in client takes none and gets the plain name."""
    text, line, col = _typed("draw(building_deck, dest, 1)", "")
    items = {i.label: i for i in await _completion(client, text, line, col)}
    takes = client.capabilities.text_document.completion.completion_item.snippet_support
    shuffle, draw_building = items["shuffle"], items["draw_building"]
    if takes:
        needed = [p.name for p in REGISTRY["shuffle"].positional if p.default is REQUIRED]
        assert needed == ["zone"]
        assert shuffle.insert_text == "shuffle(${1:zone})$0"
        assert shuffle.insert_text_format == T.InsertTextFormat.Snippet
        params = yaml.safe_load(TEXT)["procedures"]["draw_building"]["params"]
        assert draw_building.insert_text == f"draw_building(${{1:{params[0]}}})$0"
    else:
        assert shuffle.insert_text is None and shuffle.insert_text_format is None
        assert draw_building.insert_text is None


@pytest.mark.asyncio
async def test_signature_help_shows_the_call_being_typed_with_its_argument_active(client: LanguageClient):
    """`draw(building_deck, ` typed: the registry's signature of `draw`, its second parameter active; `pay(me, `:
    the procedure's parameters, the second active."""
    for typed, label, active in (("draw(building_deck, ", REGISTRY["draw"].signature(), 1),
                                 ("pay(me, ", "procedure pay(p, n)", 1), ("pay(", "procedure pay(p, n)", 0)):
        text, line, col = _typed("draw(building_deck, dest, 1)", typed)
        _open(client, text)
        help = await asyncio.wait_for(client.text_document_signature_help_async(T.SignatureHelpParams(
            text_document=T.TextDocumentIdentifier(uri=GAME.as_uri()), position=T.Position(line=line, character=col))),
            WAIT)
        sig = help.signatures[help.active_signature]
        assert (sig.label, help.active_parameter) == (label, active), typed
    shown = [p.label for p in help.signatures[0].parameters]
    assert shown == ["p", "n"]
    text, line, col = _typed("draw(building_deck, dest, 1)", "pay(me, 1) ")  # the call closed: no help
    _open(client, text)
    assert await asyncio.wait_for(client.text_document_signature_help_async(T.SignatureHelpParams(
        text_document=T.TextDocumentIdentifier(uri=GAME.as_uri()), position=T.Position(line=line, character=col))),
        WAIT) is None


@pytest.mark.asyncio
async def test_the_quick_fix_of_a_did_you_mean_diagnostic_mends_the_text(client: LanguageClient):
    """`shufle(` in an effect: its diagnostic says "did you mean `shuffle`?"; the code action offered for it
    writes `shuffle` over `shufle`, and the text so mended has no diagnostic."""
    broken = TEXT.replace("shuffle(", "shufle(", 1)
    _open(client, broken)
    uri = GAME.as_uri()

    async def diagnostics(wanted):
        while not wanted(client.diagnostics.get(uri)):
            await client.wait_for_notification(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        return client.diagnostics[uri]

    found = await asyncio.wait_for(diagnostics(lambda ds: bool(ds)), WAIT)
    meant = [d for d in found if "did you mean `shuffle`?" in d.message]
    assert meant, found
    actions = await asyncio.wait_for(client.text_document_code_action_async(T.CodeActionParams(
        text_document=T.TextDocumentIdentifier(uri=uri), range=meant[0].range,
        context=T.CodeActionContext(diagnostics=meant))), WAIT)
    fix = next(a for a in actions if isinstance(a, T.CodeAction) and a.kind == T.CodeActionKind.QuickFix)
    (edit,) = fix.edit.changes[uri]
    lines = broken.split("\n")
    s, e = edit.range.start, edit.range.end
    assert (s.line, lines[s.line][s.character:e.character], edit.new_text) == (meant[0].range.start.line, "shufle",
                                                                             "shuffle")
    lines[s.line] = lines[s.line][:s.character] + edit.new_text + lines[s.line][e.character:]
    assert "\n".join(lines) == TEXT
    client.text_document_did_change(T.DidChangeTextDocumentParams(
        text_document=T.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[T.TextDocumentContentChangeWholeDocument(text="\n".join(lines))]))
    assert not await asyncio.wait_for(diagnostics(lambda ds: ds is not None and not ds), WAIT)
