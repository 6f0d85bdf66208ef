"""Checking: the JSON Schemas of the YAML files, and the content's names and types."""
