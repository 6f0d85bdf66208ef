"""The layout shows the pipeline (docs/architecture.md): each package of `interpreter/` belongs to one stage,
and no module imports a module of a stage above its own, not even inside a function. The stages, lowest first:

- base: errors and places, files, diagnostics' formats, the watcher of a load (watch.py);
- runtime: what a match runs on (state, operations, the verb registry), given a model and knowing no stage;
- loader: YAML files and effect texts read into trees (loader/, dsl/);
- check: the schemas, the names, the resolve-and-type pass (check/);
- compile: Python generated from the checked trees, its optimisations (compile/);
- model: a game built from the stages above, as a GameDef (model/);
- play: whoever plays a model: agents, simulations, scenarios, reports, tunings, mutation tests, learning
  environments (agents/, sim/, scenario/, report/, tune/, mutants/, rl/, testing.py);
- project: games and mods found from paths and validated, the library every front end calls (project.py);
- front: the commands, the web page and the language server (cli/, web/, lsp/);
- command: the `meeple` command, which adds the web page's and the language server's commands to the
  terminal's (command.py).

And no class imports the modules that define its subclasses (an agent's base class does not know its agents),
and no import goes round in a cycle: not among modules, not among the packages of one stage (the front ends
each stand on interpreter/project.py, and none imports another).
"""
from __future__ import annotations

import ast
import graphlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "interpreter"

STAGES = [
    ("base", {"errors", "files", "diagnostics", "watch"}),
    ("runtime", {"runtime"}),
    ("loader", {"loader", "dsl"}),
    ("check", {"check"}),
    ("compile", {"compile"}),
    ("model", {"model"}),
    ("play", {"agents", "sim", "scenario", "report", "tune", "mutants", "rl", "testing"}),
    ("project", {"project"}),
    ("front", {"cli", "web", "lsp"}),
    ("command", {"command"}),
]
LEVEL = {part: i for i, (_, parts) in enumerate(STAGES) for part in parts}


def _modules():
    """(dotted name, path) of every module of the package."""
    for path in sorted(ROOT.rglob("*.py")):
        parts = ("interpreter",) + path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        yield ".".join(parts), path


def _imports(name: str, path: Path):
    """(line, module imported) for every import of the package's own modules in a file, wherever it stands."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("interpreter."):
                    yield node.lineno, a.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            elif node.module and node.module.startswith("interpreter"):
                target = node.module
            else:
                continue
            if node.module:
                yield node.lineno, target
            else:  # `from .. import diagnostics`: the modules named
                for a in node.names:
                    yield node.lineno, f"{target}.{a.name}"


def _stage(module: str):
    """The stage of a module of the package (None for the package itself, which gathers its public API)."""
    parts = module.split(".")
    if len(parts) < 2:
        return None
    return LEVEL.get(parts[1])


def test_every_package_has_a_stage():
    missing = sorted({m.split(".")[1] for m, _ in _modules() if "." in m} - set(LEVEL))
    assert not missing, f"give these a stage in tests/test_layout.py and docs/architecture.md: {missing}"


def test_no_module_imports_a_stage_above_its_own():
    wrong = []
    for name, path in _modules():
        mine = _stage(name)
        if mine is None:
            continue
        for line, target in _imports(name, path):
            theirs = _stage(target)
            if theirs is not None and theirs > mine:
                wrong.append(f"{path.relative_to(ROOT.parent)}:{line}: {STAGES[mine][0]} imports "
                             f"{target} ({STAGES[theirs][0]})")
    assert not wrong, "\n".join(wrong)


def _subclasses_imported(modules) -> list:
    """Where a module defining a class imports a module that defines a subclass of it: `modules` is
    (dotted name, path) pairs."""
    classes, imports, bases = {}, {}, []  # class -> modules defining it; module -> its imports; (module, class, base)
    for name, path in modules:
        imports[name] = {t for _, t in _imports(name, path)}
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                classes.setdefault(node.name, set()).add(name)
                bases += [(name, node.name, b.id) for b in node.bases if isinstance(b, ast.Name)]
    return [f"{home} (class {base}) imports {module}, where its subclass {cls} is defined"
            for module, cls, base in bases for home in classes.get(base, ())
            if home != module and module in imports[home]]


def _graph(modules) -> dict:
    """Module -> the modules of the package it imports (a name imported from a module counts as the module)."""
    names = {name for name, _ in modules}

    def module(target: str) -> str | None:
        while target not in names and "." in target:
            target = target.rsplit(".", 1)[0]
        return target if target in names and target != "interpreter" else None

    return {name: {m for _, t in _imports(name, path) if (m := module(t)) not in (None, name)}
            for name, path in modules}


def _cycle(graph: dict) -> list | None:
    """An import cycle of a graph (module -> the modules it imports) as the path that comes back to where it
    starts, or None when there is none."""
    try:
        graphlib.TopologicalSorter(graph).prepare()
    except graphlib.CycleError as e:
        return e.args[1][::-1]  # the sorter walks from the imported to the importer
    return None


def _package(module: str) -> str:
    """The package (or top-level module) of `interpreter/` a module belongs to."""
    return ".".join(module.split(".")[:2])


def test_no_import_cycle_among_modules():
    found = _cycle(_graph(list(_modules())))
    assert found is None, " -> ".join(found)


def test_no_import_cycle_among_packages():
    """Not even inside one stage: the loader's two packages (loader/, dsl/), the three front ends."""
    packages: dict = {}
    for module, imported in _graph(list(_modules())).items():
        packages.setdefault(_package(module), set()).update(_package(m) for m in imported)
    for p, imported in packages.items():
        imported.discard(p)
    found = _cycle(packages)
    assert found is None, " -> ".join(found)


def _front_ends_crossed(graph: dict) -> list:
    """Where a module of one front end imports a module of another (each stands on interpreter/project.py;
    interpreter/command.py, above them, is the one that knows them all)."""
    fronts = STAGES[LEVEL["cli"]][1]

    def front(module: str):
        part = module.split(".")[1] if "." in module else None
        return part if part in fronts else None

    return [f"{m} imports {t}" for m, imported in sorted(graph.items()) for t in sorted(imported)
            if front(m) and front(t) and front(m) != front(t)]


def test_no_front_end_imports_another():
    wrong = _front_ends_crossed(_graph(list(_modules())))
    assert not wrong, "\n".join(wrong)


def test_the_rule_finds_an_import_cycle(tmp_path):
    """The tests can fail: a cycle through an import inside a function is found, among modules and packages."""
    files = {"cli/main.py": "def f():\n    from ..lsp.server import serve\n",
             "lsp/server.py": "from .checking import validate\n",
             "lsp/checking.py": "def validate():\n    from ..cli.main import main\n",
             "web/app.py": "from ..cli.main import main\n"}
    modules = []
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
        modules.append(("interpreter." + rel[:-3].replace("/", "."), tmp_path / rel))
    graph = _graph(modules)
    found = _cycle(graph)
    assert set(found) == {"interpreter.cli.main", "interpreter.lsp.server", "interpreter.lsp.checking"}
    assert found[0] == found[-1] and all(b in graph[a] for a, b in zip(found, found[1:], strict=False))  # the way imports go
    assert set(_cycle({"dsl": {"loader"}, "loader": {"dsl"}, "check": {"dsl", "loader"}})) == {"dsl", "loader"}
    assert _cycle({"check": {"dsl", "loader"}, "loader": {"errors"}, "dsl": {"errors", "loader"}}) is None
    assert _front_ends_crossed(graph) == ["interpreter.cli.main imports interpreter.lsp.server",
                                          "interpreter.lsp.checking imports interpreter.cli.main",
                                          "interpreter.web.app imports interpreter.cli.main"]


def test_no_class_imports_its_subclasses():
    wrong = _subclasses_imported(_modules())
    assert not wrong, "\n".join(wrong)


def test_the_rule_finds_a_wrong_import(tmp_path):
    """The test can fail: a runtime module importing the model is caught."""
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    from ..model.pipeline import load_game\n", encoding="utf-8")
    found = list(_imports("interpreter.runtime.bad", bad))
    assert found == [(2, "interpreter.model.pipeline")]
    assert _stage(found[0][1]) > _stage("interpreter.runtime.bad")


def test_the_rule_finds_a_base_importing_its_subclass(tmp_path):
    (tmp_path / "base.py").write_text("class Agent:\n    def all(self):\n        from .greedy import Greedy\n")
    (tmp_path / "greedy.py").write_text("from .base import Agent\n\n\nclass Greedy(Agent):\n    pass\n")
    found = _subclasses_imported([("interpreter.agents.base", tmp_path / "base.py"),
                                  ("interpreter.agents.greedy", tmp_path / "greedy.py")])
    assert found == ["interpreter.agents.base (class Agent) imports interpreter.agents.greedy, where its "
                     "subclass Greedy is defined"]


def test_code_generation_reports_no_mistake_of_content():
    """Every mistake of content is the checker's (check/): code generation trusts the trees it is given and
    makes no diagnostic, but in `finish`, for code Python itself refuses to compile (a limit of Python's)."""
    made = []
    for name, path in _modules():
        if not name.startswith("interpreter.compile"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for n in ast.walk(fn):
                    callee = getattr(n, "func", None)
                    word = getattr(callee, "id", None) or getattr(callee, "attr", None)
                    if isinstance(n, ast.Call) and word in ("Diagnostic", "error", "warn"):
                        made.append(f"{name}.{fn.name}")
    assert made and set(made) == {"interpreter.compile.generate.finish"}, made


def _diagnostics_made(path: Path) -> list:
    """Lines of a module that make a diagnostic: a call of `Diagnostic`, `error` or `warn`, or a diagnostic's
    code (`"E-..."`, `"W-..."`)."""
    found = []
    for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        callee = getattr(n, "func", None)
        word = getattr(callee, "id", None) or getattr(callee, "attr", None)
        if isinstance(n, ast.Call) and word in ("Diagnostic", "error", "warn"):
            found.append(n.lineno)
        elif isinstance(n, ast.Constant) and isinstance(n.value, str) and re.fullmatch(r"[EW]-[A-Z-]+", n.value):
            found.append(n.lineno)
    return found


def test_the_model_reports_no_mistake_of_content():
    """The model (model/pipeline.py) drives the stages and assembles the GameDef from what the check stage
    checked: every mistake of a declaration, a card or a body is found in check/ or, for where files are, in
    loader/; no module of model/ makes a diagnostic."""
    made = [f"{name}:{line}" for name, path in _modules() if name.startswith("interpreter.model")
            for line in _diagnostics_made(path)]
    assert not made, made


def test_the_rule_finds_a_diagnostic_made(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def f(col, p):\n    col.error(p, 'no', 'E-VALUE')\n\n\nCODE = 'W-UNUSED'\n", encoding="utf-8")
    assert sorted(_diagnostics_made(bad)) == [2, 2, 5]  # the call, its code, a code alone
