"""`meeple lsp`: a Language Server Protocol server for game, card, mod and boss files (docs/editors.md).

checking.py runs `meeple validate` on the editor's unsaved texts; names.py reads what a game names and where it
uses each name; features.py answers completion, hover and the outline from them; server.py speaks the protocol.
"""
