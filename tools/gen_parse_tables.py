"""Writes grammar/effects.tables.json, the effect language's parse tables, from grammar/effects.lark (with lark).

    python tools/gen_parse_tables.py          # after a change to the grammar
    python tools/gen_parse_tables.py --check  # exit 1 if the file was not written from the grammar as it is

meeple reads the tables from the file when its grammar hash is the grammar's, and else makes them again with
lark at every start (correct, but an eighth slower to validate): the tests run the check.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from interpreter.dsl import tables  # noqa: E402


def main() -> int:
    grammar = tables.GRAMMAR_PATH.read_text(encoding="utf-8")
    if "--check" in sys.argv:
        if tables.written(grammar) is None:
            print(f"{tables.TABLES_PATH.name} was not written from the grammar as it is; "
                  "run python tools/gen_parse_tables.py")
            return 1
        return 0
    tables.TABLES_PATH.write_text(tables.dumps(tables.from_lark(grammar)), encoding="utf-8")
    print(f"wrote {tables.TABLES_PATH.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
