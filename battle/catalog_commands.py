"""The `battle` commands of a ruleset's catalogs, offline: `catalogs` (what the gateway's
`GET /v1/rulesets/{digest}/catalogs[/{catalog}]` answers, for a package file), `pick` (an
entry's rows written onto a character as marked copies) and `refresh` (what "refresh from
ruleset" offers, or with `--take` the character with every offer written).

Owns: those three commands' arguments and output; the rules are `shared.service.catalogs`
and `shared.sheet.picks`. A character goes in as `{"name", "sheet"}` and comes out the same
shape on stdout, so `battle pick ... > juno.json` is the picked character; a refusal is
`CHARACTER: code: message` on stderr and exit 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from shared.ruleset.errors import PackageError, Problem
from shared.ruleset.layer_choice import choice_problems, with_layers
from shared.ruleset.load import load_package, load_shipped, package_digest, read_json, read_package
from shared.ruleset.package import Ruleset

#: Entries a page holds by default (shared.service.catalogs.PAGE_LIMIT, which is not
#: imported here: the command line loads the sheet engine only for the command that runs).
PAGE_LIMIT = 50
RULESET_HELP = "the ruleset package: a JSON file, a package folder, its ruleset.json or a .zip of it"


def _fail(path: str, lines: list[str]) -> int:
    for line in lines:
        print(f"{path}: {line}", file=sys.stderr)
    return 1


def _dump(data: Any) -> int:
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def _character(path: str) -> dict[str, Any]:
    data = read_json(path)
    if not isinstance(data, dict) or not isinstance(data.get("sheet", {}), dict):
        raise PackageError([Problem("(character)", 'is {"name", "sheet": {...}}')])
    return data


def _cmd_catalogs(args: argparse.Namespace) -> int:
    from shared.service.catalogs import catalog_page, list_catalogs  # noqa: PLC0415 - see PAGE_LIMIT
    from shared.sheet.refusal import Refusal  # noqa: PLC0415 - see PAGE_LIMIT

    try:
        shipped = read_package(args.ruleset)
        ruleset = load_shipped(shipped)
    except PackageError as exc:
        return _fail(args.ruleset, exc.problems.lines())
    digest = package_digest(shipped.data)
    wrong = choice_problems(ruleset, args.layers)
    if wrong:
        return _fail("--layer", wrong)
    # The layers a game turned on hide entries from its picker (GET ...?layers= answers alike).
    ruleset = with_layers(ruleset, args.layers)
    result = (list_catalogs(digest, ruleset) if args.catalog is None else
              catalog_page(digest, ruleset, args.catalog, offset=args.offset, limit=args.limit,
                           chosen=dict(f.partition(":")[::2] for f in args.filter)))
    if isinstance(result, Refusal):
        return _fail(args.ruleset, [f"{result.code}: {result.message}"])
    return _dump(result.model_dump(mode="json"))


def _load(args: argparse.Namespace, *names: str) -> tuple[list[Ruleset], dict[str, Any]] | int:
    rulesets = []
    for name in names:
        try:
            rulesets.append(load_package(name))
        except PackageError as exc:
            return _fail(name, exc.problems.lines())
    try:
        return rulesets, _character(args.character)
    except PackageError as exc:
        return _fail(args.character, exc.problems.lines())


def _cmd_pick(args: argparse.Namespace) -> int:
    from shared.sheet.picks import pick  # noqa: PLC0415 - see PAGE_LIMIT
    from shared.sheet.refusal import Refusal  # noqa: PLC0415 - see PAGE_LIMIT

    loaded = _load(args, args.ruleset)
    if isinstance(loaded, int):
        return loaded
    [ruleset], character = loaded
    wrong = choice_problems(ruleset, args.layers)
    if wrong:
        return _fail("--layer", wrong)
    # A game's layers hide entries from its picker: picking one of those is refused alike.
    ruleset = with_layers(ruleset, args.layers)
    sheet = dict(character.get("sheet") or {})
    for ref in args.entries:
        picked = pick(ruleset, sheet, ref)
        if isinstance(picked, Refusal):
            return _fail(args.character, [f"{picked.code}: {picked.message}"])
        sheet = picked
    return _dump({**character, "sheet": sheet})


def _cmd_refresh(args: argparse.Namespace) -> int:
    from shared.sheet.picks import refresh, refresh_offers  # noqa: PLC0415 - see PAGE_LIMIT

    loaded = _load(args, args.ruleset, *([args.since] if args.since else []))
    if isinstance(loaded, int):
        return loaded
    rulesets, character = loaded
    ruleset, since = rulesets[0], (rulesets[1] if len(rulesets) > 1 else None)
    sheet = dict(character.get("sheet") or {})
    offers = refresh_offers(ruleset, sheet, since)
    if args.take:
        return _dump({**character, "sheet": refresh(ruleset, sheet, offers, since)})
    return _dump({"offers": [o.as_dict() for o in offers]})


def add_commands(sub: Any) -> None:
    """Adds `catalogs`, `pick` and `refresh` to the `battle` subcommands."""
    p = sub.add_parser(
        "catalogs", help="list a ruleset's catalogs, or page through one",
        description="Without CATALOG: every catalog of the package with its entry count (entries left "
        "out), as GET /v1/rulesets/{digest}/catalogs answers. With CATALOG: its entries from --offset, "
        "at most --limit, with their filter values.")
    p.add_argument("--ruleset", "-r", required=True, metavar="R", help=RULESET_HELP)
    p.add_argument("catalog", nargs="?", metavar="CATALOG", help="a catalog id")
    p.add_argument("--offset", type=int, default=0, help="the first entry (default 0)")
    p.add_argument("--limit", type=int, default=PAGE_LIMIT, help=f"entries at most (default {PAGE_LIMIT}, up to 200)")
    p.add_argument("--filter", action="append", default=[], metavar="ID:VALUE",
                   help="only entries holding this filter value (repeatable), e.g. classes:Wizard")
    p.add_argument("--layer", dest="layers", action="append", default=[], metavar="ID",
                   help="a layer the game turned on: the entries it hides are left out (repeat for more)")
    p.set_defaults(func=_cmd_catalogs)

    p = sub.add_parser(
        "pick", help="write catalog entries onto a character as marked row copies",
        description="Print CHARACTER with each ENTRY's rows added to their lists as copies marked "
        '"_catalog": "<catalog>/<entry>", their scaled columns worked out from the sheet and fitted to the '
        "column. A refused pick (an unknown entry, one the --layer choice hides from the picker, a full "
        "list) prints CHARACTER: code: message and exits 1.")
    p.add_argument("--ruleset", "-r", required=True, metavar="R", help=RULESET_HELP)
    p.add_argument("character", metavar="CHARACTER.json", help='{"name", "sheet": {...}}')
    p.add_argument("entries", nargs="+", metavar="ENTRY", help="<catalog>/<entry>, e.g. knacks/last-ember")
    p.add_argument("--layer", dest="layers", action="append", default=[], metavar="ID",
                   help="a layer the game turned on: an entry it hides is refused (repeat for more)")
    p.set_defaults(func=_cmd_pick)

    p = sub.add_parser(
        "refresh", help='what "refresh from ruleset" offers a character',
        description="Print the text-like cells of CHARACTER's catalog rows whose text the ruleset now "
        "writes differently ({offers: [{list, row, entry, column, current, offered}]}); with --since, only "
        "those the ruleset changed since that version; with --take, CHARACTER with every offer written.")
    p.add_argument("--ruleset", "-r", required=True, metavar="R", help=RULESET_HELP)
    p.add_argument("--since", metavar="OLD", help="the ruleset version the character was kept under")
    p.add_argument("--take", action="store_true", help="write every offer and print the character")
    p.add_argument("character", metavar="CHARACTER.json", help='{"name", "sheet": {...}}')
    p.set_defaults(func=_cmd_refresh)
