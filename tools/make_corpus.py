"""Writes the broken-content corpus under tests/corpus/: one small game per kind of mistake.

Each case is the test suite's mini game with one mutation. The mutation's text carries a marker `§` where
the diagnostic must point; this script removes the marker and writes its line and column into the case's
expect.json, so the expected place comes from the text itself, not from the engine under test.

    python tools/make_corpus.py      # rewrite tests/corpus/
"""
from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.conftest import MINI_CARDS, MINI_GAME  # noqa: E402

OUT = ROOT / "tests" / "corpus"
MARK = "§"
G, C = "game.yaml", "cards/t.yaml"

# name, file, old text, new text with the marker, code, a fragment of the message
CASES = [
    ("yaml-tab", G, "zones:\n", "zones:\n§\tpool2: {}\n", "E-YAML-SYNTAX", "YAML syntax"),
    ("yaml-duplicate-key", G, "name: Mini\n", "name: Mini\n§name: Maxi\n", "E-YAML-DUPLICATE", "duplicate key `name`"),
    ("yaml-python-tag", G, "name: Mini", "name: §!!python/object/apply:os.system [ls]", "E-YAML-TAG", "not allowed"),
    ("yaml-custom-tag", C, "name: Red One", "name: §!shiny Red One", "E-YAML-TAG", "not allowed"),
    ("yaml-number-key", C, "  copies: 2\n", "  copies: 2\n  §3: three\n", "E-YAML-KEY", "must be a string"),
    ("yaml-unclosed-flow", G, "players: {min: 1, max: 4}", "players: {min: 1, max: 4\ncards§: [x]", "E-YAML-SYNTAX", "YAML syntax"),
    ("yaml-huge-number", C, "value: 1\n", "value: §123456789012345\n", "E-YAML-NUMBER", "out of bounds"),
    ("yaml-merge-key", G, "name: Mini\n", "name: Mini\nbase: &b {x: 1}\nextra:\n  §<<: *b\n", "E-YAML-KEY", "merge keys"),
    ("schema-unknown-key", G, "name: Mini\n", "name: Mini\n§playerz: 3\n", "E-SCHEMA", "unknown key `playerz`"),
    ("schema-wrong-type", G, "max: 4}", "max: §four}", "E-SCHEMA", "expected integer"),
    ("schema-bad-visibility", G, "pool: {visibility: public}", "pool: {visibility: §secret}", "E-SCHEMA", "not one of"),
    ("schema-counter-key", G, "coins: {initial: 0, min: 0, max: 20}", "coins: {initial: 0, min: 0, §maximum: 20}",
     "E-SCHEMA", "unknown key `maximum`"),
    ("schema-card-without-kind", C, "- id: blue_two\n  name: Blue Two\n  kind: token\n",
     "- §id: blue_two\n  name: Blue Two\n", "E-SCHEMA", "'kind' is a required property"),
    ("schema-negative-copies", C, "copies: 2", "copies: §-2", "E-SCHEMA", "minimum"),
    ("schema-bad-id", C, "id: red_one", "id: §Red One", "E-SCHEMA", "not a valid name"),
    ("schema-phase-without-do", G, "  - phase: main\n    do: |", "  - phase: main\n    §doo: |", "E-SCHEMA", "unknown key `doo`"),
    ("option-default", G, "name: Mini\n", "name: Mini\noptions:\n  speed: {values: [slow, fast], default: §medium}\n",
     "E-OPTION", "default 'medium'"),
    ("dsl-dangling-operator", G, "    player.laps += 1", "    player.laps += §", "E-DSL-SYNTAX", "the line ends too early"),
    ("dsl-unexpected-token", G, "    player.laps += 1", "    player.laps += §) 1", "E-DSL-SYNTAX", "unexpected ')'"),
    ("dsl-bad-character", G, "move(box, deck)", "move(box, deck) §$", "E-DSL-SYNTAX", "unexpected character"),
    ("dsl-else-on-new-line", G, "        if c != none {\n          move(c, p.hand)\n          gain(p, c.value)\n        }",
     "        if c != none {\n          move(c, p.hand)\n          gain(p, c.value)\n        }\n        §else { say(\"no\") }",
     "E-DSL-SYNTAX", "unexpected 'else'"),
    ("dsl-assign-to-call", G, "    do: p.coins += n", "    do: §gain(p, 1) = 3", "E-DSL-SYNTAX", "can be assigned"),
    ("dsl-bad-string-hole", G, "prompt \"{p.name}: take a token\"", "prompt §\"{p.name: take a token\"", "E-DSL-SYNTAX",
     "unclosed `{` in a string"),
    ("dsl-break-outside-loop", G, "    do: p.coins += n", "    do: §break", "E-SYNTAX", "`break` outside a loop"),
    ("dsl-statement-without-effect", G, "    do: p.coins += n", "    do: §p.coins + n", "E-NO-EFFECT", "does nothing"),
    ("name-unknown", G, "move(box, deck)", "move(box, §dekc)", "E-UNKNOWN-NAME", "unknown name `dekc`"),
    ("name-unknown-field", G, "gain(p, c.value)", "gain(p, c.§valeu)", "E-UNKNOWN-FIELD", "unknown field `valeu`"),
    ("name-unknown-verb", G, "shuffle(deck)", "§shufle(deck)", "E-UNKNOWN-NAME", "unknown verb or procedure `shufle`"),
    ("name-unknown-event", G, "    player.laps += 1", "    player.laps += 1\n    emit(§\"lapp\")", "E-UNKNOWN-EVENT",
     "unknown event `lapp`"),
    ("name-handler-event", G, "  alarm: |\n    alarms", "  §alrm: |\n    alarms", "E-UNKNOWN-EVENT", "handler for unknown event"),
    ("name-counter-event", G, "wheel: {wrap: 4, on_wrap: lap}", "wheel: {wrap: 4, on_wrap: §lapp}", "E-UNKNOWN-EVENT",
     "fires unknown event `lapp`"),
    ("name-unknown-kind", C, "kind: token\n  colour: red", "kind: §tokken\n  colour: red", "E-UNKNOWN-NAME",
     "unknown card kind `tokken`"),
    ("name-unknown-card-key", C, "  value: 2\n", "  value: 2\n  §valeu: 3\n", "E-UNKNOWN-FIELD", "unknown key `valeu`"),
    ("name-reserved", G, "    do: p.coins += n", "    do: §let me = 1", "E-RESERVED", "reserved name"),
    ("name-unknown-card-id", G, "move(box, deck)", "move(box where it.id == §\"red_two\", deck)", "E-UNKNOWN-CARD",
     "no card has the id `red_two`"),
    ("name-unknown-value", G, "    do: p.coins += n", "    do: modify(§\"prize\", add=1)", "E-UNKNOWN-NAME",
     "unknown value `prize`"),
    ("type-card-field", C, "value: 1", "value: §one", "E-TYPE", "`value` must be int"),
    ("type-enum-value", C, "colour: blue", "colour: §bleu", "E-TYPE", "is not a colour"),
    ("type-zone-expected", G, "shuffle(deck)", "shuffle(§3)", "E-TYPE", "wants a zone"),
    ("type-unknown-field-type", G, "fields: {colour: colour, value: int}", "fields: {colour: colour, value: §integer}",
     "E-TYPE", "unknown type `integer`"),
    ("arity-verb", G, "shuffle(deck)", "§shuffle(deck, deck)", "E-ARITY", "`shuffle` takes 1"),
    ("arity-procedure", G, "gain(p, c.value)", "§gain(p)", "E-ARITY", "missing argument"),
    ("arity-keyword", G, "move(c, p.hand)", "§move(c, p.hand, place=\"top\")", "E-ARITY", "no argument named `place`"),
    ("impure-choice-in-score", G, "score: me.coins", "score: §choose c from deck", "E-IMPURE", "cannot be made here"),
    ("impure-procedure-in-where", G, "where c.value > 0", "where §gain(p, 1) == none", "E-IMPURE",
     "cannot be called here"),
    ("duplicate-card-id", C, "- id: blue_two", "- id: §red_one", "E-DUPLICATE-ID", "duplicate card id `red_one`"),
    ("missing-card-file", G, "cards: [cards/*.yaml]", "cards: [cards/*.yaml, §more/*.yaml]", "E-MISSING-FILE",
     "no card file matches"),
    ("count-mismatch", G, "name: Mini\n", "name: Mini\ncounts:\n  token: §5\n", "E-COUNT", "declares 5"),
    ("name-clash", G, "vars:\n  alarms: []", "vars:\n  alarms: []\n  §level: 0", "E-DUPLICATE-NAME",
     "both a global counter and a global var"),
    ("dsl-loops-too-deep", G, "    do: p.coins += n", "    do: " + "repeat 1 { " * 12 + "§repeat 1 { p.coins += n" + " }" * 13,
     "E-DSL-DEPTH", "loops nested deeper than 12"),
    ("dsl-expression-too-deep", G, "    do: p.coins += n", "    do: p.coins += §" + " + ".join(["n"] * 70), "E-DSL-DEPTH",
     "nested deeper than 60"),
]


def place_of_marker(text: str) -> tuple[str, int, int]:
    i = text.index(MARK)
    line = text.count("\n", 0, i) + 1
    col = i - (text.rfind("\n", 0, i) + 1) + 1
    return text.replace(MARK, "", 1), line, col


# Scenario files (tests/*.yaml beside game.yaml), numbered from 150: the mini game with a scenario file of its
# own, which each case breaks. name, old text, new text with the marker, code, a fragment of the message
S = "tests/s.yaml"
MINI_SCENARIO = """
- name: a token taken pays its value
  rule: MINI-1
  players: [ann, ben]
  position:
    deck: [red_one, blue_two]
  steps:
    - phase: main
    - {by: ann, choose: Blue Two}
    - expect: ann.coins == 2
"""
SCENARIO_CASES = [
    ("scenario-wrong-expression", "expect: ann.coins == 2", "expect: ann.§coinz == 2", "E-UNKNOWN-FIELD",
     "unknown field `coinz`"),
    ("scenario-unknown-seat", "{by: ann, choose: Blue Two}", "{by: §anne, choose: Blue Two}", "E-UNKNOWN-SEAT",
     "unknown seat `anne`"),
    ("scenario-card-in-two-zones", "deck: [red_one, blue_two]\n", "deck: [red_one, blue_two]\n    pool: [§blue_two]\n",
     "E-POSITION", "a card lies in one zone at a time"),
]


def write_case(n: int, name: str, files: dict, target: str, old: str, new: str, code: str, fragment: str) -> None:
    files = dict(files)
    assert old in files[target], f"{name}: {old!r} not found"
    text = files[target].replace(old, new, 1)
    line = col = 0
    if MARK in text:
        text, line, col = place_of_marker(text)
    files[target] = text
    folder = OUT / f"{n:02d}-{name}"
    for rel, body in files.items():
        p = folder / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(body, encoding="utf-8")
    expect = {"code": code, "file": target, "line": line, "column": col, "message": fragment}
    (folder / "expect.json").write_text(json.dumps(expect, indent=1) + "\n", encoding="utf-8")


def main() -> int:
    if OUT.exists():
        shutil.rmtree(OUT)
    base = {G: MINI_GAME.lstrip("\n"), C: MINI_CARDS.lstrip("\n")}
    for n, (name, target, old, new, code, fragment) in enumerate(CASES, 1):
        write_case(n, name, base, target, old, new, code, fragment)
    with_scenario = {**base, S: MINI_SCENARIO.lstrip("\n")}
    for n, (name, old, new, code, fragment) in enumerate(SCENARIO_CASES, 150):
        write_case(n, name, with_scenario, S, old, new, code, fragment)
    print(f"{len(CASES) + len(SCENARIO_CASES)} cases written to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
