"""Diagnostics' formats, kept under their former name: interpreter.diagnostics."""
from ..diagnostics import as_json, github, text

__all__ = ["as_json", "github", "text"]
