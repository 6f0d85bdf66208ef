"""`meeple lsp`: a Language Server Protocol server for game, card, mod and boss files (docs/editors.md).

checking.py validates a game or mod through interpreter/project.py on the editor's unsaved texts; names.py reads what a game names and where it
uses each name; checked.py asks the checker's resolve-and-type pass what a name holds; features.py answers completion, hover and the outline from them; server.py speaks the protocol.
"""
