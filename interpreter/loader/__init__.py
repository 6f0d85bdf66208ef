"""Loading: YAML files to plain data that remembers where every node stood."""
