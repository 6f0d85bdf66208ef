"""Browser tests (see conftest.py here): a package, so that its conftest does not shadow tests/conftest.py."""
