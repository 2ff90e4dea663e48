"""The spec index: where each section of the English spec lives in the code.

Owns the reading, checking and rendering of `docs/spec-index.toml` (the mapping, kept as data:
one `[[section]]` per spec heading, in the spec's own order, naming the models that read the
section, the modules that play it, the tests that prove it, and the keys the engine refuses)
into `docs/spec-index.md`.

    python -m tests.spec_index            # rewrite docs/spec-index.md
    python -m tests.spec_index --check    # exit 1 if docs/spec-index.md is stale or a name is wrong

`tests/test_spec_index.py` runs the same checks: every heading of the spec is in the mapping
(when the spec folder is beside the checkout), every model, module and test named exists,
every refused key is one the package model marks unsupported, and the page is up to date.

A model is written as its class name when it is a package-format model reachable from
`Ruleset` (the page then names the file it lives in, so moving a module only needs the page
regenerated), or as `package.module:Class` for anything else (the sheet engine's classes).
A test is `tests/path.py` or `tests/path.py::test_name` (or `::Class::test_name`); test files
are parsed, never imported.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import re
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel

from shared.ruleset.capabilities import capability_table, reachable_models

ROOT = Path(__file__).resolve().parents[1]
MAPPING = ROOT / "docs" / "spec-index.toml"
PAGE = ROOT / "docs" / "spec-index.md"
# The spec is not part of the repository: CI checks out the project with `../shared` beside it;
# a worktree kept one folder deeper sees it at `../../shared`.
SPEC_CANDIDATES = (ROOT.parent / "shared" / "spec", ROOT.parent.parent / "shared" / "spec")
HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")


@dataclass(frozen=True)
class Section:
    file: str
    level: int
    heading: str
    models: tuple[str, ...] = ()
    modules: tuple[str, ...] = ()
    tests: tuple[str, ...] = ()
    refused: tuple[str, ...] = ()
    note: str = ""


@dataclass
class Problems:
    lines: list[str] = field(default_factory=list)

    def add(self, section: Section, message: str) -> None:
        self.lines.append(f"{section.file}: {section.heading}: {message}")


def spec_folder() -> Path | None:
    return next((p for p in SPEC_CANDIDATES if p.is_dir()), None)


def spec_headings(folder: Path) -> list[tuple[str, int, str]]:
    """Every heading of every spec file, in file order then line order (fenced code skipped)."""
    found = []
    for path in sorted(folder.glob("*.md")):
        fenced = False
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.lstrip().startswith("```"):
                fenced = not fenced
                continue
            match = None if fenced else HEADING.match(line)
            if match:
                found.append((path.name, len(match.group(1)), match.group(2)))
    return found


def load(path: Path = MAPPING) -> list[Section]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    sections = []
    for raw in data["section"]:
        sections.append(
            Section(
                file=raw["file"],
                level=raw["level"],
                heading=raw["heading"],
                models=tuple(raw.get("models", ())),
                modules=tuple(raw.get("modules", ())),
                tests=tuple(raw.get("tests", ())),
                refused=tuple(raw.get("refused", ())),
                note=raw.get("note", ""),
            )
        )
    return sections


def package_models() -> dict[str, list[type[BaseModel]]]:
    by_name: dict[str, list[type[BaseModel]]] = {}
    for model in reachable_models():
        by_name.setdefault(model.__name__, []).append(model)
    return by_name


def resolve_model(name: str, by_name: dict[str, list[type[BaseModel]]]) -> type:
    """The class a model reference names; raises LookupError saying why not."""
    if ":" in name:
        module_name, _, attr = name.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ImportError as exc:
            raise LookupError(f"model {name!r}: module {module_name} does not import ({exc})") from exc
        found = getattr(module, attr, None)
        if not isinstance(found, type):
            raise LookupError(f"model {name!r}: {module_name} has no class {attr}")
        return found
    candidates = by_name.get(name, [])
    if len(candidates) != 1:
        how = "no package model is" if not candidates else f"{len(candidates)} package models are"
        raise LookupError(f"model {name!r}: {how} called that (write it as module:Class)")
    return candidates[0]


def model_file(cls: type) -> str:
    """The file defining `cls`, from the repository root (a package's is its __init__.py)."""
    source = sys.modules[cls.__module__].__file__
    assert source is not None
    return Path(source).resolve().relative_to(ROOT).as_posix()


def names_of_tests(path: Path) -> set[str]:
    """`name` for each top-level test function and `Class::name` for each method."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    names.add(f"{node.name}::{item.name}")
    return names


def refused_keys() -> set[str]:
    return {f"{row.model}.{row.key}" for row in capability_table() if row.unsupported}


def check(sections: list[Section], headings: list[tuple[str, int, str]] | None) -> list[str]:
    """Every problem with the mapping, as `file: heading: message` lines (empty when sound)."""
    problems = Problems()
    if headings is not None:
        have = [(s.file, s.level, s.heading) for s in sections]
        for missing in [h for h in headings if h not in have]:
            problems.lines.append(f"{missing[0]}: heading {'#' * missing[1]} {missing[2]!r} is not in the mapping")
        for extra in [h for h in have if h not in headings]:
            problems.lines.append(f"{extra[0]}: mapping names {'#' * extra[1]} {extra[2]!r}, not a spec heading")
        if not problems.lines and have != headings:
            problems.lines.append("the mapping's sections are not in the spec's order")
    by_name = package_models()
    refusable = refused_keys()
    parsed: dict[Path, set[str]] = {}
    for section in sections:
        for name in section.models:
            try:
                resolve_model(name, by_name)
            except LookupError as exc:
                problems.add(section, str(exc))
        for module in section.modules:
            if not (ROOT / module).is_file():
                problems.add(section, f"module {module} does not exist")
        for ref in section.tests:
            file, _, name = ref.partition("::")
            path = ROOT / file
            if not path.is_file():
                problems.add(section, f"test file {file} does not exist")
                continue
            if name:
                if path not in parsed:
                    parsed[path] = names_of_tests(path)
                if name not in parsed[path]:
                    problems.add(section, f"test {ref} does not exist")
        for key in section.refused:
            if key not in refusable:
                problems.add(section, f"refused key {key} is not marked unsupported in the package model")
        if section.refused and not section.tests:
            problems.add(section, "a refused section names the test that proves the refusal")
    return problems.lines


def _cell(items: list[str]) -> str:
    return "<br>".join(items) if items else "—"


def _escape(text: str) -> str:
    return text.replace("|", "\\|")


def render(sections: list[Section]) -> str:
    by_name = package_models()
    out = [
        "# Spec index: where each rule lives",
        "",
        "Generated by `python -m tests.spec_index` from `docs/spec-index.toml`;",
        "`tests/test_spec_index.py` keeps it in step with the spec's headings and the code.",
        "One table per file of the English spec (`../shared/spec/`): each section, the model that",
        "reads its keys (`shared/ruleset/`, or `shared/sheet/` for the sheet engine's own concepts),",
        "the module that plays it, and the tests that prove it. A section whose keys the engine",
        "refuses names the refused keys (see `docs/capabilities.md`) and the test of the refusal.",
        "",
    ]
    current = None
    for number, section in enumerate(sections):
        if section.file != current:
            current = section.file
            out += [f"## {current}", "", "| section | model(s) | module(s) | tests |", "| --- | --- | --- | --- |"]
        heading = ("&nbsp;&nbsp;" * max(section.level - 2, 0)) + _escape(section.heading)
        models = []
        for name in section.models:
            cls = resolve_model(name, by_name)
            models.append(f"[`{cls.__name__}`](../{model_file(cls)})")
        modules = [f"[`{m}`](../{m})" for m in section.modules]
        if section.refused:
            keys = ", ".join(f"`{k}`" for k in section.refused)
            modules.append(f"refused: {keys} ([capabilities](capabilities.md))")
        if section.note:
            modules.append(_escape(section.note))
        tests = []
        for ref in section.tests:
            file, _, name = ref.partition("::")
            label = f"`{name}`" if name else f"`{file}`"
            tests.append(f"[{label}](../{file})" + (f" ({Path(file).name})" if name else ""))
        out.append(f"| {heading} | {_cell(models)} | {_cell(modules)} | {_cell(tests)} |")
        if number + 1 == len(sections) or sections[number + 1].file != current:
            out.append("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the page is stale or a name is wrong")
    args = parser.parse_args(argv)
    sections = load()
    folder = spec_folder()
    problems = check(sections, spec_headings(folder) if folder else None)
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    text = render(sections)
    if args.check:
        if PAGE.read_text(encoding="utf-8") != text:
            print("docs/spec-index.md is stale: run python -m tests.spec_index", file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
