"""The `battle` command line.

Owns: argument parsing and output of the offline commands (`validate`, `schema`,
`sheet`). Commands that need the service live in `worker`/`gateway` and are reached
from here lazily, so the pure core never imports them.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Sequence

from .ruleset.errors import PackageError
from .ruleset.load import load_package, read_json, validate_package


def _cmd_validate(args: argparse.Namespace) -> int:
    bad = 0
    for name in args.files:
        try:
            data = read_json(name)
        except PackageError as exc:
            bad += 1
            for line in exc.problems.lines():
                print(f"{name}: {line}")
            continue
        pkg, problems = validate_package(data)
        if problems or pkg is None:
            bad += 1
            for line in problems.lines():
                print(f"{name}: {line}")
        elif not args.quiet:
            print(f"{name}: ok ({pkg.id} version {pkg.version})")
    return 1 if bad else 0


def _cmd_schema(args: argparse.Namespace) -> int:
    from .ruleset.schema import package_json_schema

    json.dump(package_json_schema(), sys.stdout, indent=2 if args.indent else None, sort_keys=False)
    sys.stdout.write("\n")
    return 0


def _cmd_sheet(args: argparse.Namespace) -> int:
    from .sheet import compute_sheet_json, validate_character

    try:
        ruleset = load_package(args.ruleset)
    except PackageError as exc:
        for line in exc.problems.lines():
            print(f"{args.ruleset}: {line}", file=sys.stderr)
        return 1
    try:
        data = read_json(args.character)
    except PackageError as exc:
        for line in exc.problems.lines():
            print(f"{args.character}: {line}", file=sys.stderr)
        return 1
    character, problems = validate_character(ruleset, data)
    if problems or character is None:
        for line in problems.lines():
            print(f"{args.character}: {line}", file=sys.stderr)
        return 1
    json.dump(compute_sheet_json(ruleset, character), sys.stdout, indent=2, sort_keys=False)
    sys.stdout.write("\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="battle",
        description="Resolve tabletop-RPG fights by the rules of Marinara Engine Game Mode rulesets.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser(
        "validate",
        help="validate ruleset packages",
        description="Validate ruleset packages. Exit 0 when every package is valid; otherwise exit 1 "
        "and print one line per error: FILE: path: message.",
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="a ruleset package (JSON)")
    p.add_argument("-q", "--quiet", action="store_true", help="print nothing for valid packages")
    p.set_defaults(func=_cmd_validate)

    p = sub.add_parser(
        "schema",
        help="print the JSON Schema of the package format",
        description="Print the JSON Schema of the ruleset package format, generated from the models "
        "the validator uses. x-capabilityApi marks the Capability API a key needs.",
    )
    p.add_argument("--indent", action="store_true", help="pretty-print")
    p.set_defaults(func=_cmd_schema)

    p = sub.add_parser(
        "sheet",
        help="print a character's computed sheet as JSON",
        description="Validate CHARACTER against the ruleset and print its computed sheet: abilities "
        "(score, mod), skills, saves, fields, derived values, pools (current, max), tracks, conditions.",
    )
    p.add_argument("--ruleset", "-r", required=True, metavar="R", help="the ruleset package (JSON)")
    p.add_argument("character", metavar="CHARACTER.json", help='{"name", "sheet": {...}}')
    p.set_defaults(func=_cmd_sheet)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover - exercised through the console script
    sys.exit(main())
