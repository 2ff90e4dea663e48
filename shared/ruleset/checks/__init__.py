"""Cross-reference checks: every id a block names must exist, with the right type.

Each module here has `check(pkg, problems)` for one part of the package; `run_checks`
runs them all so every error of a file is reported, not just the first.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import TYPE_CHECKING, Callable

from ..errors import Problems
from . import catalogs

if TYPE_CHECKING:
    from ..package import Ruleset

CheckFn = Callable[["Ruleset", Problems], None]


def all_checks() -> list[CheckFn]:
    found: list[CheckFn] = [catalogs.check]
    for info in pkgutil.iter_modules(__path__):
        if info.name == "catalogs":
            continue
        mod = importlib.import_module(f"{__name__}.{info.name}")
        fn = getattr(mod, "check", None)
        if callable(fn):
            found.append(fn)
    return found


def run_checks(pkg: "Ruleset", problems: Problems) -> None:
    for fn in all_checks():
        fn(pkg, problems)
