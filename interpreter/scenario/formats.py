"""A scenario run told to people (text: each failure placed, with its source line and a caret, what was expected
and what found), to programs (JSON) and to GitHub (annotations on the failing lines of a pull request)."""
from __future__ import annotations

import json

from .. import diagnostics
from ..errors import Diagnostic
from .suite import Report

FAILED = "E-EXPECTATION"  # the code a failure is shown with, as a diagnostic


def _label(o) -> str:
    return o.name + (f" [{o.rule}]" if o.rule else "") + (f" (card {o.card})" if o.card else "")


def summary(report: Report) -> str:
    passed = sum(o.passed for o in report.outcomes)
    errors = sum(d.severity == "error" for d in report.diagnostics)
    return (f"{len(report.outcomes)} scenario(s): {passed} passed, {len(report.outcomes) - passed} failed"
            + (f"; {errors} error(s) in the files" if errors else ""))


def text(report: Report) -> str:
    out = [diagnostics.text(sorted(report.diagnostics, key=Diagnostic.sort_key))] if report.diagnostics else []
    for o in report.outcomes:
        out.append(f"{'ok  ' if o.passed else 'FAIL'}  {o.place.path}:{o.place.line}: {_label(o)}")
        for f in o.failures:
            out.append(diagnostics.text([Diagnostic(f.place, f.message, FAILED)]))
            if f.expected or f.found:
                out.append(f"    expected: {f.expected}")
                out.append("    found:    " + f.found.replace("\n", "\n              "))
    return "\n".join(out)


def as_json(report: Report) -> str:
    passed = sum(o.passed for o in report.outcomes)
    return json.dumps({"passed": passed, "failed": len(report.outcomes) - passed,
                       "errors": [d.as_dict() for d in report.diagnostics],
                       "scenarios": [o.as_dict() for o in report.outcomes]}, indent=2, ensure_ascii=False)


def github(report: Report) -> str:
    found = sorted(report.diagnostics, key=Diagnostic.sort_key)
    for o in report.outcomes:
        for f in o.failures:
            detail = f" (expected {f.expected}; found {f.found})" if f.expected or f.found else ""
            found.append(Diagnostic(f.place, f"{_label(o)}: {f.message}{detail}", FAILED))
    return diagnostics.github(found)
