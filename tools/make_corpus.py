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

# name, file, old text (None: a new file), new text with the marker, code, a fragment of the message, and
# optionally other edits without a marker: (file, old text or None, new text or None to delete the file). A
# folder of a case holding a mod.yaml is given to `meeple validate` as a mod (`--mod`).
CASES = [
    ("yaml-tab", G, "zones:\n", "zones:\n§\tpool2: {}\n", "E-YAML-SYNTAX", "a tab"),
    ("yaml-duplicate-key", G, "name: Mini\n", "name: Mini\n§name: Maxi\n", "E-YAML-DUPLICATE", "duplicate key `name`"),
    ("yaml-python-tag", G, "name: Mini", "name: §!!python/object/apply:os.system [ls]", "E-YAML-TAG", "not allowed"),
    ("yaml-custom-tag", C, "name: Red One", "name: §!shiny Red One", "E-YAML-TAG", "not allowed"),
    ("yaml-number-key", C, "  copies: 2\n", "  copies: 2\n  §3: three\n", "E-YAML-KEY", "must be a string"),
    ("yaml-unclosed-flow", G, "players: {min: 1, max: 4}", "players: {min: 1, max: 4\ncards§: [x]", "E-YAML-SYNTAX", "YAML syntax"),
    ("yaml-huge-number", C, "value: 1\n", "value: §123456789012345\n", "E-YAML-NUMBER", "out of bounds"),
    ("yaml-merge-key", G, "name: Mini\n", "name: Mini\nbase: &b {x: 1}\nextra:\n  §<<: *b\n", "E-YAML-KEY", "merge keys"),
    ("schema-unknown-key", G, "name: Mini\n", "name: Mini\n§playerz: 3\n", "E-SCHEMA", "unknown key `playerz`"),
    ("schema-wrong-type", G, "max: 4}", "max: §four}", "E-SCHEMA", "players.max must be a whole number, got a string (four)"),
    ("schema-bad-visibility", G, "pool: {visibility: public}", "pool: {visibility: §secret}", "E-SCHEMA",
     "zone `pool`: visibility must be one of public, owner, others, hidden, got 'secret'"),
    ("schema-counter-key", G, "coins: {initial: 0, min: 0, max: 20}", "coins: {initial: 0, min: 0, §maximum: 20}",
     "E-SCHEMA", "unknown key `maximum`"),
    ("schema-card-without-kind", C, "- id: blue_two\n  name: Blue Two\n  kind: token\n",
     "- §id: blue_two\n  name: Blue Two\n", "E-SCHEMA", "a card needs a `kind`"),
    ("schema-negative-copies", C, "copies: 2", "copies: §-2", "E-SCHEMA", "card 1 (Red One): copies must be 0 or more, got -2"),
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
    # cards are typed records: every declared field given, unless the kind gives a default
    ("card-missing-field", C, "- id: red_one\n  name: Red One\n  kind: token\n  colour: red\n  value: 1\n",
     "- §id: red_one\n  name: Red One\n  kind: token\n  colour: red\n", "E-MISSING-FIELD", "has no `value`"),
    ("card-missing-list-field", C, "  use: |\n    me.coins += 5\n",
     "  use: |\n    me.coins += 5\n- §id: boss_one\n  name: Boss One\n  kind: boss_card\n", "E-MISSING-FIELD",
     "has no `weak`", [(G, "    expressions: [worth]\n", "    expressions: [worth]\n  boss_card:\n    fields: {weak: \"list[int]\"}\n")]),
    ("card-without-name", C, "- id: red_one\n  name: Red One\n", "- §id: red_one\n", "E-SCHEMA", "a card needs a `name`"),
    ("type-text-into-number-field", G, "gain(p, c.value)", "c.value = §\"free\"\n          gain(p, c.value)", "E-TYPE",
     "`value` holds a number, not a string"),
    ("type-text-plus-number", G, "    do: p.coins += n", "    do: |\n      say(§\"coins: \" + p.coins)", "E-TYPE",
     "a number and a string cannot be added"),
    ("index-past-the-end", G, "    do: p.coins += n", "    do: p.coins += n + [1, 2][§5]", "E-INDEX",
     "index 5 is past the end of a list of 2"),
    ("name-until-event", G, "    do: p.coins += n", "    do: modify(\"prize\", add=n, until=§\"lapp\")", "E-UNKNOWN-EVENT",
     "unknown event `lapp`", [(G, "name: Mini\n", "name: Mini\nvalues:\n  prize: {expr: 1}\n")]),
    ("mod-card-id-of-the-game", "mod/cards/m.yaml", None,
     "- id: §red_one\n  name: Red Won\n  kind: token\n  colour: red\n  value: 3\n", "E-DUPLICATE-ID",
     "the game already has a card `red_one`", [("mod/mod.yaml", None, "mod: more\nextends: mini\ncards: [cards/*.yaml]\n")]),
    ("empty-card-file", "cards/u.yaml", None, "§", "E-EMPTY", "the file is empty"),
    ("empty-boss-file", "bosses/b.yaml", None, "§\n", "E-EMPTY", "the file is empty",
     [(G, "cards: [cards/*.yaml]\n", "cards: [cards/*.yaml]\nincludes:\n  - file: bosses/b.yaml\n")]),
    ("type-winner-is-a-name", G, "trigger_end(\"the deck is empty\")",
     "end_game(\"the deck is empty\", winner=§\"Ann\")", "E-TYPE", "`end_game` wants a player here"),
    ("path-absolute", G, "cards: [cards/*.yaml]", "cards: [cards/*.yaml, §/etc/hostname]", "E-PATH",
     "outside the game's folder"),
    ("path-parent", G, "cards: [cards/*.yaml]", "cards: [cards/*.yaml, §../*/cards/*.yaml]", "E-PATH",
     "outside the game's folder"),
    ("path-mod-parent", "mod/mod.yaml", None, "mod: more\nextends: mini\ncards: [§../cards/*.yaml]\n", "E-PATH",
     "outside the mod's folder"),
    ("empty-mod-file", "mod.yaml", None, "§", "E-EMPTY", "the file is empty", [(G, "", None), (C, "", None)]),
    ("mod-extends-unknown-game", "mod.yaml", None, "mod: more\nextends: §kaiju-ink\n", "E-MOD",
     "which is not a bundled game", [(G, "", None), (C, "", None)]),
    ("include-itself", G, "cards: [cards/*.yaml]\n", "cards: [cards/*.yaml]\nincludes:\n  - file: §game.yaml\n",
     "E-INCLUDE", "circular"),
    ("yaml-unclosed-quote", G, "name: Mini", "name: §\"Mini", "E-YAML-SYNTAX", "a quote opened here is never closed"),
    ("yaml-tab-in-card", C, "  colour: blue\n", "§\tcolour: blue\n", "E-YAML-SYNTAX", "a tab"),
    ("assign-to-constant", G, "    do: p.coins += n", "    do: §top = n", "E-ASSIGN", "`top` is a constant",
     [(G, "name: Mini\n", "name: Mini\nconstants:\n  top: 3\n")]),
    ("dsl-else-if", G, "          gain(p, c.value)\n        }", "          gain(p, c.value)\n        } else §if c == none {\n"
     "          say(\"none left\")\n        }", "E-DSL-SYNTAX", "`elif`"),
    ("option-value-unknown", G, "score: me.coins", "score: me.coins if options.speed == §\"quick\" else 0", "E-OPTION",
     "option `speed` has no value `quick`",
     [(G, "name: Mini\n", "name: Mini\noptions:\n  speed: {values: [slow, fast], default: slow}\n")]),
    ("type-cards-compared", G, "if c != none {", "if c != none and §c > c {", "E-TYPE", "cards cannot be compared"),
    # more mistakes modders make: YAML
    ("yaml-colon-in-plain-value", G, "    do: p.coins += n", "    do: say(\"coins§: {n}\")", "E-YAML-SYNTAX",
     "a `: ` inside a value"),
    ("yaml-list-type-unquoted", G, "value: int}", "value: list§[int]}", "E-YAML-SYNTAX", "a `[` inside `{...}`"),
    ("yaml-card-field-indented", C, "  colour: red\n", "   §colour: red\n", "E-YAML-SYNTAX", "indented deeper"),
    ("yaml-card-missing-dash", C, "- id: blue_two", "  §id: blue_two", "E-YAML-DUPLICATE", "duplicate key `id`"),
    ("yaml-tab-in-game-file", G, "  pool: {visibility: public}\n", "§\tpool: {visibility: public}\n", "E-YAML-SYNTAX",
     "a tab"),
    # the schema
    ("schema-phase-without-name", G, "  - phase: main\n", "  - §name: main\n", "E-SCHEMA", "phase 1 (main) needs a `phase`"),
    ("schema-option-values-numbers", G, "name: Mini\n", "name: Mini\noptions:\n  speed: {values: [§1, 2], default: \"1\"}\n",
     "E-SCHEMA", "option `speed`, value 1 must be a string, got a whole number"),
    ("schema-copies-quoted", C, "copies: 2", "copies: §\"2\"", "E-SCHEMA",
     "card 1 (Red One): copies must be a whole number, got a string (2)"),
    ("schema-mod-without-mod-key", "mod/mod.yaml", None, "§extends: mini\ncards: []\n", "E-SCHEMA",
     "the file needs a `mod`"),
    ("value-players-min-above-max", G, "players: {min: 1, max: 4}", "players: {min: §5, max: 4}", "E-VALUE",
     "min 5 is above max 4"),
    ("value-counter-starts-above-max", G, "coins: {initial: 0, min: 0, max: 20}",
     "coins: {initial: §30, min: 0, max: 20}", "E-VALUE", "starts at 30, outside its bounds"),
    # cards and kinds
    ("card-hook-its-kind-lacks", C, "  use: |\n", "  §play: |\n", "E-UNKNOWN-FIELD", "unknown key `play`"),
    ("card-modifier-unknown-value", C, "  use: |\n", "  modifiers:\n    - {value: §pricee, add: 1}\n  use: |\n",
     "E-UNKNOWN-NAME", "unknown value `pricee`"),
    ("card-handler-unknown-event", C, "  use: |\n", "  on:\n    §lapp: |\n      say(1)\n  use: |\n", "E-UNKNOWN-EVENT",
     "handler for unknown event `lapp`"),
    ("type-enum-value-compared", G, "where c.value > 0", "where c.colour == §\"rde\"", "E-TYPE", "`colour` is never `rde`"),
    # names in effects
    ("name-handler-parameter", G, "    player.laps += 1", "    §value.laps += 1", "E-UNKNOWN-NAME", "unknown name `value`"),
    ("name-emit-parameter", G, "    player.laps += 1\n", "    player.laps += 1\n    emit(\"alarm\", who=§player)\n",
     "E-ARITY", "event `alarm` has no parameter `who`"),
    ("name-field-in-string-hole", G, "prompt \"{p.name}: take a token\"", "prompt \"{p.§nam}: take a token\"",
     "E-UNKNOWN-FIELD", "unknown field `nam`"),
    ("name-player-counter", G, "    do: p.coins += n", "    do: p.§coinz += n", "E-UNKNOWN-FIELD", "unknown field `coinz`"),
    ("name-capital-true", G, "    do: p.coins += n", "    do: |\n      if §True { p.coins += n }", "E-UNKNOWN-NAME",
     "the words are `true`, `false` and `none`"),
    # habits from other languages
    ("dsl-single-equals", G, "if c != none {", "if c §= none {", "E-DSL-SYNTAX", "a comparison is written `==`"),
    ("dsl-ampersands", G, "if c != none {", "if c != none §&& c.value > 0 {", "E-DSL-SYNTAX", "`and` joins two conditions"),
    ("dsl-bang", G, "if c != none {", "if §!(c == none) {", "E-DSL-SYNTAX", "`not` negates a condition"),
    ("dsl-plus-plus", G, "    do: p.coins += n", "    do: p.coins+§+", "E-DSL-SYNTAX", "to add one, write `x += 1`"),
    ("dsl-python-colon", G, "    do: p.coins += n", "    do: |\n      for q in players§:\n        q.coins += n",
     "E-DSL-SYNTAX", "a block is written in braces"),
    ("dsl-single-quotes", G, "    do: p.coins += n", "    do: |\n      say(§'hi')", "E-DSL-SYNTAX",
     "a string is written in double quotes"),
    # includes and mods
    ("include-file-missing", G, "cards: [cards/*.yaml]\n", "cards: [cards/*.yaml]\nincludes:\n  - file: §extra.yaml\n",
     "E-MISSING-FILE", "included file `extra.yaml` not found"),
    ("include-when-value-unknown", G, "cards: [cards/*.yaml]\n", "cards: [cards/*.yaml]\noptions:\n"
     "  extra: {values: [\"on\", \"off\"], default: \"off\"}\nincludes:\n  - file: extra.yaml\n    when: {extra: §\"yes\"}\n",
     "E-OPTION", "option `extra` has no value `yes`", [("extra.yaml", None, "mod: extra\nextends: mini\n")]),
    ("include-hole-without-option", G, "cards: [cards/*.yaml]\n",
     "cards: [cards/*.yaml]\nincludes:\n  - file: §\"bosses/{boss}.yaml\"\n", "E-OPTION", "no option `boss` to fill"),
    ("mod-extends-another-game", "mod/mod.yaml", None, "mod: more\nextends: §maxi\n", "E-MOD",
     "this mod extends `maxi`, not `mini`"),
    ("mod-removes-unknown-card", "mod/mod.yaml", None, "mod: less\nextends: mini\nremove_cards: [§red_on]\n",
     "E-UNKNOWN-CARD", "no card `red_on` to remove"),
    ("mod-count-not-updated", "mod/cards/m.yaml", None,  # the mod's card changed the count: told in the mod
     "- id: §green_three\n  name: Green Three\n  kind: token\n  colour: red\n  value: 3\n", "E-COUNT",
     "with this mod the game has 4 `token` cards, but the game declares 3",
     [(G, "name: Mini\n", "name: Mini\ncounts:\n  token: 3\n"),
      ("mod/mod.yaml", None, "mod: more\nextends: mini\ncards: [cards/*.yaml]\n")]),
    # arguments against what the registry declares
    ("type-player-given-a-card", G, "    player.laps += 1\n",
     "    player.laps += 1\n    emit(\"alarm\", value=1, player=§top(box))\n", "E-TYPE", "`emit` wants a player here, not a card"),
    ("name-modify-parameter", G, "procedures:\n  gain:\n    params: [p, n]\n    do: p.coins += n\n",
     "values:\n  bonus:\n    params: [player]\n    expr: \"1\"\nprocedures:\n  gain:\n    params: [p, n]\n    do: |\n"
     "      modify(\"bonus\", add=1, playr=§p)\n      p.coins += n + bonus(p)\n", "E-ARITY",
     "value `bonus` has no parameter `playr`"),
    ("type-let-keeps-its-type", G, "          gain(p, c.value)", "          let w = p.name\n          p.coins += §w",
     "E-TYPE", "counter `coins` holds a number, not a string"),
    ("type-score-a-zone", G, "score: me.coins", "score: me.§hand", "E-TYPE", "the score is a number, not a zone"),
    ("type-value-a-text", G, "score: me.coins\n", "score: me.coins + title(me)\nvalues:\n  title:\n    params: [p]\n"
     "    expr: \"§\\\"Sir {p.name}\\\"\"\n", "E-TYPE", "value `title` is a number, not a string"),
    ("type-choose-by-a-list", G, "where c.value > 0 by p prompt", "where c.value > 0 by §players prompt", "E-TYPE",
     "a choice is made by a player, not a list of players"),
    ("value-outcome-misspelt", G, 'if deck.size == 0 { trigger_end("the deck is empty") }',
     'if deck.size == 0 { end_game("the deck is empty", outcome=§"win") }', "E-VALUE",
     '`end_game`\'s `outcome` is "won" or "lost", not "win"'),
    ("value-move-at-unknown", G, "          move(c, p.hand)", '          move(c, p.hand, at=§"middle")', "E-VALUE",
     '`move`\'s `at` is "top" or "bottom", not "middle"'),
    ("mod-option-without-default", "mod/mod.yaml", None, "mod: more\nextends: mini\noptions:\n  speed: §{values: [fast, slow]}\n",
     "E-OPTION", "option `speed` needs a `default`"),
    ("value-divide-by-zero", G, "score: me.coins", "score: me.coins / §0", "E-VALUE", "`/` by 0"),
    ("type-card-never-equals-text", G, "        if c != none {", "        if §c != \"red_one\" {", "E-TYPE",
     "a card is never equal to a string"),
    ("counter-threshold-out-of-reach", G, "level: {initial: 0, thresholds: [3, 6], on_threshold: alarm}",
     "level: {initial: 0, max: 5, thresholds: §[3, 6], on_threshold: alarm}", "E-VALUE", "threshold 6 can never be reached"),
    ("counter-wrap-with-max", G, "wheel: {wrap: 4, on_wrap: lap}", "wheel: {wrap: 4, max: §10, on_wrap: lap}", "E-VALUE",
     "a circular track has no `max`"),
    ("counter-thresholds-unsorted", G, "thresholds: [3, 6]", "thresholds: §[6, 3]", "E-VALUE", "in increasing order"),
    ("type-repeat-a-zone", G, "  shuffle(deck)\n", "  shuffle(deck)\n  repeat §deck { say(\"once more\") }\n", "E-TYPE",
     "`repeat` is given a number of times, not a zone"),
    ("type-enum-field-set", G, "          move(c, p.hand)", '          c.colour = §"green"\n          move(c, p.hand)',
     "E-TYPE", "`colour` is never `green`"),
    ("assign-engine-attribute", G, "          move(c, p.hand)", "          c.§owner = p", "E-ASSIGN",
     "`owner` is the engine's own: it cannot be assigned"),
    ("type-enum-default", G, "fields: {colour: colour, value: int}", "fields: {colour: {type: colour, default: §green}, value: int}",
     "E-TYPE", "'green' is not a colour"),
    ("name-emit-without-parameter", G, "    player.laps += 1\n", "    player.laps += 1\n    §emit(\"alarm\")\n", "E-ARITY",
     "event `alarm` is fired without its parameter(s) `value`"),
    ("counter-event-parameters", G, "wheel: {wrap: 4, on_wrap: lap}", "wheel: {wrap: 4, on_wrap: §alarm}", "E-ARITY",
     "counter `wheel` fires `alarm` with `player` only"),
    ("assign-a-zone", G, "  shuffle(deck)\n", "  shuffle(deck)\n  §pool = []\n", "E-ASSIGN", "`pool` is a zone: it cannot be assigned"),
    ("run-an-expression-hook", G, "          move(c, p.hand)", '          run(c, §"worth")\n          move(c, p.hand)', "E-TYPE",
     "`worth` is an expression hook, not an effect hook"),
    ("mod-removes-and-replaces", "mod/mod.yaml", None, "mod: more\nextends: mini\ncards: [cards/*.yaml]\nremove_cards: [§blue_two]\n",
     "E-DUPLICATE-ID", "`blue_two` is also given by this mod's own card files",
     [("mod/cards/m.yaml", None, "- id: blue_two\n  replace: true\n  name: Blue Three\n  kind: token\n  colour: blue\n"
       "  value: 3\n")]),
    ("type-for-over-a-number", G, "  shuffle(deck)\n", "  shuffle(deck)\n  for i in §level { say(\"again\") }\n", "E-TYPE",
     "`for` goes over a list or a zone, not a number"),
    ("type-field-of-a-number", G, "score: me.coins", "score: me.coins.§size", "E-TYPE", "a number has no field `size`"),
    ("type-arithmetic-with-none", G, "    do: p.coins += n", "    do: p.coins += §none + n", "E-TYPE",
     "`+` is not done with none"),
    ("value-min-above-max", G, "score: me.coins\n", "score: me.coins + bonus(me)\nvalues:\n  bonus:\n    params: [player]\n"
     "    expr: \"1\"\n    min: §5\n    max: 1\n", "E-VALUE", "value `bonus`: min 5 is above max 1"),
    ("kind-field-named-owner", G, "fields: {colour: colour, value: int}", "fields: {colour: colour, value: int, §owner: str}",
     "E-RESERVED", "`owner` is a card's own attribute"),
    ("enum-value-none", G, "colour: [red, blue]", "colour: [red, blue, §none]", "E-RESERVED",
     "`none` is a word of the language"),
    ("option-value-twice", G, "name: Mini\n", "name: Mini\noptions:\n  speed: {values: [slow, §slow], default: slow}\n",
     "E-OPTION", "option `speed` lists `slow` twice"),
    ("type-unknown-kind-compared", G, "where c.value > 0 by p", 'where c.kind == §"tokn" by p', "E-TYPE", "no kind `tokn`"),
    ("value-ask-labels-twice", G, "  shuffle(deck)\n", '  shuffle(deck)\n  ask by first_player() "Pick" {\n    "A" { level += 1 }\n'
     '    §"A" { level += 2 }\n  }\n', "E-VALUE", 'two options say "A"'),
    ("name-phase-twice", G, "score: me.coins", "  - phase: §main\n    do: say(\"again\")\nscore: me.coins", "E-DUPLICATE-NAME",
     "two phases are named `main`"),
    ("name-me-in-a-phase", G, '      if deck.size == 0 { trigger_end("the deck is empty") }',
     '      if deck.size == 0 { trigger_end("the deck is empty") }\n      §me.coins += 1', "E-UNKNOWN-NAME", "`me` is none here"),
    ("choice-in-setup-without-by", G, "  shuffle(deck)\n", "  shuffle(deck)\n  let first = §choose c from deck\n",
     "E-UNKNOWN-NAME", "a choice here needs `by`"),
    # the language's sharp edges
    ("name-reserved-word", G, "    do: p.coins += n", "    do: let §up = n", "E-RESERVED", "`up` is a reserved word"),
    ("name-var-reserved-word", G, "vars:\n  alarms: []", "vars:\n  alarms: []\n  §label: 0", "E-RESERVED",
     "`label` is a reserved word of the language and cannot be a global var"),
    ("choose-count-by-its-name", G, "  shuffle(deck)\n", "  shuffle(deck)\n  let k = 2\n"
     "  let two = §choose k from deck by first_player()\n  move(two, pool)\n", "E-TYPE",
     "`k` is already a number here: `choose k from` names each item offered"),
    ("choose-count-a-text", G, "  shuffle(deck)\n", "  shuffle(deck)\n  let two = choose (§\"two\") from deck by "
     "first_player()\n  move(two, pool)\n", "E-TYPE", "a choice of several is given a number of items, not a string"),
    # hostile content
    ("mod-file-a-list", "mod.yaml", None, "§- mod: more\n- extends: mini\n", "E-SCHEMA", "not a mapping of keys",
     [(G, "", None), (C, "", None)]),
    ("cards-past-the-bound", "cards/x.yaml", None, "".join(  # 3 cards, then 1000 copies of each of ten
        f"- {{id: many_{i}, name: Many {i}, kind: token, colour: red, value: 1, copies: {MARK * (i == 9)}1000}}\n"
        for i in range(10)), "E-VALUE",
     "the game's cards come to more than 10000, copies included: 10003 with `many_9`"),
]


def _edit(text: str, old: str, new: str, name: str) -> str:
    assert old in text, f"{name}: {old!r} not found"
    return text.replace(old, new, 1)


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


# The four classes of mistake a modder used to be told badly (issue: mods that last), numbered from 200, each
# message checked word for word: (name, target, old, new with the marker, code, the whole message, its hint,
# other edits; a `¤` in another file marks its second place, "declared here"), then what the case needs
# besides: "only" (no other diagnostic: the base's warnings are not the mod's), "strict", "smoke".
RELATED = "¤"
BOSSES = ("name: Mini\n", "name: Mini\noptions:\n  boss: {values: [plain], default: plain}\nincludes:\n"
          "  - file: ¤\"bosses/{boss}.yaml\"\n")
RECURSIVE = ("procedures:\n", "procedures:\n  again:\n    params: [p]\n    do: |\n      §say(\"again\")\n"
             "      again(p)\n")
MODDER_CASES = [
    # the mod's mistake placed in the mod, the base's line second
    ("mod-removal-changes-count", "mod/mod.yaml", None, "mod: less\nextends: mini\nremove_cards: [§blue_two]\n",
     "E-COUNT", "with this mod the game has 2 `token` cards, but the game declares 3",
     "say the new count in the mod: `counts: {token: 2}`", [(G, "name: Mini\n", "name: Mini\ncounts:\n  token: ¤3\n")], {}),
    ("mod-option-file-missing", "mod/mod.yaml", None,
     "mod: more\nextends: mini\noptions:\n  boss: {values: [zed], default: §zed}\n", "E-MISSING-FILE",
     "option `boss` is `zed` here, so the game includes `bosses/zed.yaml`, which this mod does not bring",
     "add `bosses/zed.yaml` to the mod's folder", [(G, *BOSSES), ("bosses/plain.yaml", None, "mod: plain\nextends: mini\n")],
     {}),
    ("mod-base-warnings-not-shown", "mod/mod.yaml", None, "mod: less\nextends: mini\nremove_cards: [§blu_two]\n",
     "E-UNKNOWN-CARD", "remove_cards: no card `blu_two` to remove", "did you mean `blue_two`?",
     [(G, "procedures:\n", "procedures:\n  idle:\n    do: say(\"unused\")\n")], {"only": True}),
    # in the author's words, not a schema's path
    ("schema-words-negative-copies", C, "copies: 2", "copies: §-3", "E-SCHEMA",
     "card 1 (Red One): copies must be 0 or more, got -3", "", [], {}),
    ("schema-words-id-a-number", C, "- id: blue_two", "- id: §7", "E-SCHEMA",
     "card 2 (Blue Two): id must be a string, got a whole number", "", [], {}),
    ("schema-words-zone-visibility", G, "pool: {visibility: public}", "pool: {visibility: §open}", "E-SCHEMA",
     "zone `pool`: visibility must be one of public, owner, others, hidden, got 'open'", "", [], {}),
    # what was silently accepted
    ("null-card-file", "cards/nothing.yaml", None, "# no cards yet\n§null\n", "E-EMPTY", "the file holds nothing (`null`)",
     "a game or mod file is a mapping of keys, a card file a list of cards", [], {}),
    ("distinct-of-lists", G, "score: me.coins", "score: me.coins + distinct(players, it.§hand)", "W-READING",
     "`distinct` of lists: two lists are one value when they hold the same items in the same order",
     "to count different items, gather them first: `distinct(gather(SOURCE, LIST), it)`", [], {"strict": True}),
    # placed where the mistake is, not a line off
    ("dsl-nesting-at-its-bracket", G, "    do: p.coins += n",
     "    do: |\n      p.coins += n\n      p.coins += " + "(" * 60 + "§(1" + ")" * 61, "E-DSL-DEPTH",
     "brackets nested deeper than 60", "", [], {}),
    ("endless-recursion-at-the-procedure", G, *RECURSIVE, "E-RUNTIME",
     "in play (1 players, seed 0, default options): procedure `again` runs inside itself more than 200 deep "
     "(endless recursion?)", "", [(G, "  shuffle(deck)\n", "  shuffle(deck)\n  again(first_player())\n")],
     {"smoke": 1}),
    # a mod made for other versions of its base: both versions said
    ("mod-requires-another-version", "mod/mod.yaml", None,
     "mod: more\nextends: mini\nrequires: {game: mini, version: §\">=1.0, <2\"}\n", "E-REQUIRES",
     "this mod requires `mini` >=1.0, <2, but the game is version 2.1", "update the mod for version 2.1, then widen "
     "its `requires:`", [(G, "name: Mini\n", "name: Mini\nversion: ¤\"2.1\"\n")], {}),
    # what was silently accepted, found from the calls
    ("text-plus-a-number-parameter", G, "    do: p.coins += n", "    do: |\n      p.coins += n\n      say(§\"gained \" + n)",
     "E-TYPE", "a number and a string cannot be added", "`n` is a number at every call: write it in the text as a hole, "
     "\"{n}\"", [], {}),
]


NOTES = {  # the words of each case's second place
    "mod-removal-changes-count": "the game declares 3 `token` cards here",
    "mod-option-file-missing": "the game includes `bosses/{boss}.yaml` here",
    "mod-requires-another-version": "the game declares version 2.1 here",
}


def write_case(n: int, name: str, base: dict, target: str, old: str | None, new: str | None, code: str,
               fragment: str, more: list | None = None, words: dict | None = None) -> None:
    """One case: `base` with `old` replaced by `new` in `target` (the marker gives the expected place), and the
    `more` edits of other files: (file, old, new), a whole new file when old is None, a removed one when new is."""
    files = dict(base)
    for rel, o, t in more or []:
        files[rel] = t if o is None or t is None else _edit(files[rel], o, t, name)
    files[target] = new if old is None else _edit(files[target], old, new, name)
    text, line, col = place_of_marker(files[target])
    files[target] = text
    related = []
    for rel, body in files.items():  # the second place, "declared here"
        if body is not None and RELATED in body:
            i = body.index(RELATED)
            files[rel] = body.replace(RELATED, "", 1)
            related.append({"file": rel, "line": body.count("\n", 0, i) + 1, "column": i - (body.rfind("\n", 0, i) + 1) + 1})
    folder = OUT / f"{n:02d}-{name}"
    for rel, body in files.items():
        if body is None:
            continue
        p = folder / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(body, encoding="utf-8")
    mods = sorted(str(p.parent.relative_to(folder)) for p in folder.glob("*/**/mod.yaml"))
    expect = {"code": code, "file": target, "line": line, "column": col, "message": fragment}
    if mods:
        expect["mods"] = mods
    if words is not None:  # word for word: the whole message with its hint, and the second place
        hint, notes, extra = words["hint"], words["notes"], words["extra"]
        expect.update(exact=True, message=f"{fragment} ({hint})" if hint else fragment, hint=hint, **extra)
        if related:
            expect["related"] = [{**r, "message": m} for r, m in zip(related, notes, strict=True)]
    (folder / "expect.json").write_text(json.dumps(expect, indent=1) + "\n", encoding="utf-8")


def main() -> int:
    if OUT.exists():
        shutil.rmtree(OUT)
    base = {G: MINI_GAME.lstrip("\n"), C: MINI_CARDS.lstrip("\n")}
    for n, (name, target, old, new, code, fragment, *more) in enumerate(CASES, 1):
        write_case(n, name, base, target, old, new, code, fragment, more[0] if more else None)
    with_scenario = {**base, S: MINI_SCENARIO.lstrip("\n")}
    for n, (name, old, new, code, fragment) in enumerate(SCENARIO_CASES, 150):
        write_case(n, name, with_scenario, S, old, new, code, fragment)
    for n, (name, target, old, new, code, message, hint, more, extra) in enumerate(MODDER_CASES, 200):
        notes = [NOTES[name]] if name in NOTES else []
        write_case(n, name, base, target, old, new, code, message, more,
                   {"hint": hint, "notes": notes, "extra": extra})
    print(f"{len(CASES) + len(SCENARIO_CASES) + len(MODDER_CASES)} cases written to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
