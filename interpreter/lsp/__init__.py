"""`meeple lsp`: a Language Server Protocol server for game, card, mod and boss files (docs/editors.md).

checking.py validates a game or mod through interpreter/project.py on the editor's unsaved texts; the check stage's
index (check/index.py) says what the game declares and uses, where, and what each name holds; features.py answers
completion, signature help, hover, definitions, references, rename, the outline and quick fixes from it and the
verb registry; server.py speaks the protocol.
"""
