"""Loading a package: parse, strict model validation, cross-references, Capability API
gates. Every error of the package is collected; any error refuses the whole package, and
a structural error in one section does not hide the cross-reference errors of the others.

Owns: `validate_package` (data -> Problems), `validate_shipped` and `load_shipped` (a
package read from a folder, a zip or JSON with its assets, `shipped.py`, checked as one
with its asset files named in the problems), `load_package` (data or a path -> Ruleset or
PackageError), `read_json` (any JSON file -> data, with JSON syntax errors as problems) and
the package digest used to identify a stored ruleset.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .checks import run_checks
from .depth import MAX_DEPTH, too_deep
from .errors import PackageError, Problems, from_validation_error
from .gates import check_gates
from .package import Ruleset
from .shipped import MAX_PACKAGE_BYTES, Shipped, read_package

__all__ = ["MAX_PACKAGE_BYTES", "load_package", "load_shipped", "package_digest", "read_json", "read_package",
           "validate_package", "validate_shipped"]


def read_json(path: str | Path) -> Any:
    """Reads a JSON file; a missing file, a size over the limit or bad JSON is a
    PackageError with one `path: message` line."""
    p = Path(path)
    problems = Problems()
    try:
        raw = p.read_bytes()
    except OSError as exc:
        problems.add("(file)", f"cannot be read: {exc.strerror or exc}")
        raise PackageError(problems) from None
    if len(raw) > MAX_PACKAGE_BYTES:
        problems.add("(file)", f"is larger than {MAX_PACKAGE_BYTES // (1024 * 1024)} MiB")
        raise PackageError(problems)
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        problems.add("(file)", f"is not UTF-8 text (byte {exc.start})")
    except json.JSONDecodeError as exc:
        problems.add("(file)", f"is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")
    raise PackageError(problems)


def _parse(data: Any, problems: Problems) -> Ruleset | None:
    if not isinstance(data, dict):
        problems.add("(top level)", "a package is a JSON object")
        return None
    deep = too_deep(data)
    if deep is not None:
        problems.add(deep, f"is nested more than {MAX_DEPTH} levels deep")
        return None
    try:
        return Ruleset.model_validate(data)
    except ValidationError as exc:
        problems.extend(from_validation_error(exc, data))
        return None
    except RecursionError:
        problems.add("(top level)", "is nested too deeply")
        return None


#: What the cross-reference checks of each section read besides the sheet and the
#: resolution (value references read `items`; mechanics read budgets, conditions and
#: damage types from `combat`, and rests; combat reads catalogs; layers take entries out
#: of catalogs). A section whose shape failed hides the cross-references of the sections
#: that read it, since they would be judged against a section that is not there.
READS: dict[str, frozenset[str]] = {
    "sheet": frozenset({"items"}),
    "rests": frozenset({"items"}),
    "catalogs": frozenset({"combat", "items", "rests"}),
    "items": frozenset({"combat", "catalogs"}),
    "battle": frozenset({"combat", "items"}),
    "combat": frozenset({"catalogs", "items"}),
    "layers": frozenset({"catalogs", "items", "combat"}),
    "party": frozenset({"catalogs", "items"}),
}

#: Every cross-reference reads these; with one of them broken nothing can be judged.
_FOUNDATION = frozenset({"(top level)", "schemaVersion", "capabilityApi", "resolution", "sheet"})

#: A required section whose shape failed is read as the smallest one of its kind, so
#: the package can still be built for the other sections' cross-references.
_STAND_INS: dict[str, Any] = {
    "id": "stand-in",
    "version": 1,
    "name": "Stand-in",
    "coverage": {},
    "gm": {"checkGuidance": "Stand-in."},
}


def _head(path: str) -> str:
    return path.split(".", 1)[0].split("[", 1)[0]


def _cross_check_the_rest(data: dict[str, Any], problems: Problems) -> None:
    """After a structural error, the cross-references of every section that neither
    failed nor reads one that did (READS): the package is built again with the broken
    sections left out (a required one read as its stand-in), checked, and only the lines
    about sound sections are kept."""
    broken = {_head(p.path) for p in problems}
    if broken & _FOUNDATION:
        return
    partial = {k: v for k, v in data.items() if k not in broken}
    partial.update({k: v for k, v in _STAND_INS.items() if k in broken})
    try:
        pkg = Ruleset.model_validate(partial)
    except (ValidationError, RecursionError):
        return
    found = Problems()
    _cross_check(pkg, found)
    problems.extend(
        p for p in found if _head(p.path) not in broken and not READS.get(_head(p.path), frozenset()) & broken
    )


def _cross_check(pkg: Ruleset, problems: Problems) -> None:
    run_checks(pkg, problems)
    declared = pkg.capabilityApi.version() if pkg.capabilityApi is not None else None
    check_gates(pkg, pkg.schemaVersion, declared, problems)


def validate_package(data: Any) -> tuple[Ruleset | None, Problems]:
    """The package and every problem found. The package is None when it did not parse;
    its sound sections are still cross-checked (`_cross_check_the_rest`)."""
    problems = Problems()
    pkg = _parse(data, problems)
    if pkg is None:
        if problems and isinstance(data, dict):
            _cross_check_the_rest(data, problems)
        return None, problems
    _cross_check(pkg, problems)
    return pkg, problems


def validate_shipped(shipped: Shipped) -> tuple[Ruleset | None, Problems]:
    """`validate_package` of a package with its assets: the problems inside an asset's
    entries name the asset file (`catalogs/spells.json: entries[3].level: ...`)."""
    pkg, problems = validate_package(shipped.data)
    return pkg, shipped.name_files(problems)


def load_shipped(shipped: Shipped) -> Ruleset:
    """A valid package with its assets, or PackageError listing every problem."""
    pkg, problems = validate_shipped(shipped)
    if problems or pkg is None:
        raise PackageError(problems)
    return pkg


def load_package(data: Any) -> Ruleset:
    """A valid package, or PackageError listing every problem. A path may name a package
    file, a package folder or a zip of one (`read_package`)."""
    if isinstance(data, str | Path):
        return load_shipped(read_package(data))
    pkg, problems = validate_package(data)
    if problems or pkg is None:
        raise PackageError(problems)
    return pkg


def package_digest(data: Any) -> str:
    """Content digest of a package (canonical JSON, sha256): how a stored ruleset is named."""
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()
