"""The `battle` command line, at the top of the import graph.

Owns: argument parsing and output of the offline commands (`validate`, `schema`,
`sheet`, `check`, `use`, `fight`; `catalogs`, `pick` and `refresh` are catalog_commands.py's), of
`rulesets` (the registry on the gateway's Redis store) and the entry points of `worker`,
`serve` and `demo`. It sits above
every other package (nothing imports it): the offline commands call the pure core in
`shared/`, the others start a process from `worker`/`gateway`. Each command imports what
it needs when it runs, so `battle validate` starts without loading the rules engine's
heavier parts, Celery or aiohttp.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Callable, Sequence, TypeVar

from shared.ruleset.errors import PackageError, Problem
from shared.ruleset.layer_choice import choice_problems, with_layers
from shared.ruleset.load import load_package, read_json, read_package, validate_shipped
from shared.ruleset.package import Ruleset

from .catalog_commands import add_commands as add_catalog_commands


#: What `--ruleset R` takes, in every command that reads a package.
RULESET_HELP = "the ruleset package: a JSON file, a package folder, its ruleset.json or a .zip of it"


def _cmd_validate(args: argparse.Namespace) -> int:
    bad = 0
    for name in args.files:
        try:
            shipped = read_package(name)
        except PackageError as exc:
            bad += 1
            for line in exc.problems.lines():
                print(f"{name}: {line}")
            continue
        pkg, problems = validate_shipped(shipped)
        if problems or pkg is None:
            bad += 1
            for line in problems.lines():
                print(f"{name}: {line}")
        elif not args.quiet:
            print(f"{name}: ok ({pkg.id} version {pkg.version})")
    return 1 if bad else 0


def _cmd_schema(args: argparse.Namespace) -> int:
    from shared.ruleset.schema import package_json_schema  # noqa: PLC0415 - only `battle schema` builds the schema

    json.dump(package_json_schema(), sys.stdout, indent=2 if args.indent else None, sort_keys=False)
    sys.stdout.write("\n")
    return 0


def _report(path: str, exc: PackageError) -> int:
    """Prints every problem of a refused file as `FILE: path: message`; answers exit 1."""
    for line in exc.problems.lines():
        print(f"{path}: {line}", file=sys.stderr)
    return 1


def _rules(args: argparse.Namespace) -> Ruleset | int:
    """The package `--ruleset` names with the `--layer`s turned on; exit 1 (printed) when it
    is refused or a layer is unknown or conflicts with another."""
    try:
        ruleset = load_package(args.ruleset)
    except PackageError as exc:
        return _report(args.ruleset, exc)
    wrong = choice_problems(ruleset, args.layers)
    if wrong:
        for line in wrong:
            print(f"--layer: {line}", file=sys.stderr)
        return 1
    return with_layers(ruleset, args.layers)



def _character(args: argparse.Namespace, ruleset: Ruleset) -> tuple[Any, Any] | int:
    """`args.character` read as a stored sheet (for `sheet` and `check`): the character and
    its flags, or the exit status after saying what is wrong. A value the ruleset no longer
    offers is shown as stored and flagged, not refused."""
    from shared.sheet import read_stored_character  # noqa: PLC0415 - `validate` skips the sheet engine

    try:
        data = read_json(args.character)
    except PackageError as exc:
        return _report(args.character, exc)
    character, problems, flags = read_stored_character(ruleset, data)
    if problems or character is None:
        for line in problems.lines():
            print(f"{args.character}: {line}", file=sys.stderr)
        return 1
    return character, flags


def _cmd_sheet(args: argparse.Namespace) -> int:
    from shared.sheet import compute_sheet_json  # noqa: PLC0415 - `validate` skips the sheet engine

    ruleset = _rules(args)
    if isinstance(ruleset, int):
        return ruleset
    read = _character(args, ruleset)
    if isinstance(read, int):
        return read
    character, flags = read
    out = compute_sheet_json(ruleset, character)
    if flags:
        out["flags"] = flags.lines()
        for line in flags.lines():
            print(f"{args.character}: flagged: {line}", file=sys.stderr)
    json.dump(out, sys.stdout, indent=2, sort_keys=False)
    sys.stdout.write("\n")
    return 0


_Run = TypeVar("_Run")


def _with_dice(args: argparse.Namespace, run: Callable[[Any], _Run]) -> _Run | None:
    """`run` with the roller `--dice` scripts or `--seed` seeds (check and use); None, said on
    stderr, when the scripted dice cannot be read."""
    from shared.dice import DiceError, ScriptedRoller, SeededRoller  # noqa: PLC0415

    try:
        return run(ScriptedRoller.parse(args.dice) if args.dice is not None else SeededRoller(args.seed))
    except DiceError as exc:
        print(f"--dice: {exc}", file=sys.stderr)
        return None


def _print_receipt(args: argparse.Namespace, attrs: list[tuple[str, str]],
                   receipt: Callable[[list[tuple[str, str]]], str]) -> None:
    """A check's or a use's attributes: as JSON with --json, else as its receipt tag."""
    if args.json:
        json.dump(dict(attrs), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print(receipt(attrs))


def _cmd_check(args: argparse.Namespace) -> int:
    # Only `battle check` loads the check rules (see the module docstring).
    from shared.games.checks import ask_of, receipt, result_attrs, run_check  # noqa: PLC0415
    from shared.sheet.checks import CheckRecord, CheckUntrained  # noqa: PLC0415

    ruleset = _rules(args)
    if isinstance(ruleset, int):
        return ruleset
    read = _character(args, ruleset)
    if isinstance(read, int):
        return read
    character, _flags = read
    asked = {"skill": args.skill, "dc": args.dc, "difficulty": args.difficulty, "with": args.with_ability,
             "threshold": args.threshold, "bonus": args.bonus, "spend": args.spend, "reroll": args.reroll,
             "explode": args.explode, "double": args.double, "upgrades": args.upgrades, "rolls": args.rolls,
             "mode": "advantage" if args.advantage else "disadvantage" if args.disadvantage else None}
    ask = ask_of({k: str(v) for k, v in asked.items() if v is not None})
    if isinstance(ask, str):
        print(f"check refused: {ask}", file=sys.stderr)
        return 1
    checked = _with_dice(args, lambda roller: run_check(ruleset, [character.as_json()], {}, ask, roller))
    if checked is None:
        return 1
    outcome = checked.outcome
    attrs = result_attrs(outcome)
    _print_receipt(args, attrs, receipt)
    if isinstance(outcome, CheckUntrained):
        print(f"not rolled: {outcome.message}", file=sys.stderr)
        return 1
    if not isinstance(outcome, CheckRecord):
        print(f"check refused: {outcome.message}", file=sys.stderr)
        return 1
    return 0


def _cmd_use(args: argparse.Namespace) -> int:
    # Only `battle use` loads the use rules (see the module docstring).
    from shared.games.uses import ask_of, receipt, result_attrs, run_use  # noqa: PLC0415
    from shared.sheet import Refusal as Refused  # noqa: PLC0415

    ruleset = _rules(args)
    if isinstance(ruleset, int):
        return ruleset
    read = _character(args, ruleset)
    if isinstance(read, int):
        return read
    character, _flags = read
    asked = {"entry": args.entry, "level": args.level, "target": args.target, "charges": args.charges}
    ask = ask_of({k: str(v) for k, v in asked.items() if v is not None})
    if isinstance(ask, str):
        print(f"use refused: {ask}", file=sys.stderr)
        return 1
    run = _with_dice(args, lambda roller: run_use(ruleset, [character.as_json()], {}, ask, roller))
    if run is None:
        return 1
    attrs = result_attrs(run, ask)
    _print_receipt(args, attrs, receipt)
    if isinstance(run.outcome, Refused):
        print(f"use refused: {run.outcome.message}", file=sys.stderr)
        return 1
    if args.out is not None:
        members = run.state.get("members") or {}
        live = next(iter(members.values()), None)
        saved = character.as_json()
        if isinstance(live, dict):
            saved["sheet"] = {**saved["sheet"], "live": live}
        else:
            saved["sheet"] = {k: v for k, v in saved["sheet"].items() if k != "live"}
        with open(args.out, "w", encoding="utf-8") as out:
            json.dump(saved, out, indent=2)
            out.write("\n")
    return 0


def _read_list(path: str, what: str) -> list[Any]:
    data = read_json(path)
    if not isinstance(data, list):
        raise PackageError([Problem("(top level)", f"a {what} file is a JSON list")])
    return data


def _cmd_fight(args: argparse.Namespace) -> int:
    # Only `battle fight` loads the rules engine (see the module docstring).
    from shared.combat import SetupError, advance, decide_for, final_sheets, start_battle  # noqa: PLC0415
    from shared.dice import DiceError, ScriptedRoller  # noqa: PLC0415

    ruleset = _rules(args)
    if isinstance(ruleset, int):
        return ruleset
    inputs = {}
    for key, path, what in (("party", args.party, "party"), ("foes", args.foes, "foes"), ("script", args.script, "script")):
        if path is None:
            continue
        try:
            inputs[key] = _read_list(path, what)
        except PackageError as exc:
            return _report(path, exc)
    board = None
    if args.board is not None:
        try:
            board = read_json(args.board)
        except PackageError as exc:
            return _report(args.board, exc)
    dice = None
    if args.dice is not None:
        try:
            dice = list(ScriptedRoller.parse(args.dice).faces)
        except DiceError as exc:
            print(f"--dice: {exc}", file=sys.stderr)
            return 1
    script = list(inputs.get("script") or [])
    try:
        state, _events = start_battle(ruleset, inputs["party"], inputs["foes"], seed=args.seed, dice=dice,
                                      board=board, style=args.style)
        while state.pending is not None and not state.outcome:
            if script and isinstance(script[0], dict) and script[0].get("actor") == state.pending.actor:
                choice = script.pop(0)
            else:
                choice = decide_for(ruleset, state)
            result = advance(ruleset, state, choice)
            if not isinstance(result, tuple):
                print(f"refused: {result.code}: {result.message} (choice {json.dumps(choice)})", file=sys.stderr)
                return 1
            state, _events = result
    except SetupError as exc:
        for line in exc.problems:
            print(f"fight refused: {line}", file=sys.stderr)
        return 1
    except DiceError as exc:
        print(f"--dice: {exc}", file=sys.stderr)
        return 1
    if script:
        print(f"warning: {len(script)} script step(s) were never reached", file=sys.stderr)
    if args.json:
        out = {
            "outcome": state.outcome,
            "rounds": state.round,
            "log": [e.text for e in state.events],
            "sheets": final_sheets(state),
            "events": [e.model_dump(mode="json") for e in state.events],
        }
        json.dump(out, sys.stdout, indent=2, sort_keys=True)
        sys.stdout.write("\n")
    else:
        for e in state.events:
            print(e.text)
    return 0


def _cmd_worker(args: argparse.Namespace) -> int:
    from worker.cli import run_worker  # noqa: PLC0415 - Celery loads only for `battle worker`

    return run_worker(args.celery_args)


def _cmd_serve(args: argparse.Namespace) -> int:
    from gateway.serve import serve  # noqa: PLC0415 - aiohttp loads only for `battle serve`

    return serve(args.host, args.port, embedded=args.embedded, store_url=args.store)


def _cmd_demo(args: argparse.Namespace) -> int:
    from gateway.demo import run_demo  # noqa: PLC0415 - aiohttp loads only for `battle demo`

    return run_demo(args.ruleset, args.party, args.foes, seed=args.seed, board_path=args.board,
                    open_page=args.open, port=args.port)


def _registry(args: argparse.Namespace) -> Any:
    """The registry on the store `--store`/`--namespace` name (default: the workers' own,
    MARINARA_STORE_URL or REDIS_URL, MARINARA_NAMESPACE), or None, said why, for a memory store."""
    from shared.service.battles import BattleService  # noqa: PLC0415 - only `battle rulesets` opens a store
    from shared.service.rulesets import RulesetRegistry  # noqa: PLC0415
    from shared.service.settings import Settings  # noqa: PLC0415
    from shared.store import open_store  # noqa: PLC0415
    from shared.store.games import game_store_for  # noqa: PLC0415

    settings = Settings.from_env()
    url = args.store or settings.store_url
    if not url.startswith(("redis://", "rediss://", "unix://")):
        print(f"battle rulesets: {url} is not a Redis store: a memory store's registry lives and dies with one "
              "process, so name the Redis store the gateway uses (--store redis://host:port/db)", file=sys.stderr)
        return None
    store = open_store(url, namespace=args.namespace or settings.namespace)
    return RulesetRegistry(BattleService(store), game_store_for(store))


def _refused(result: Any) -> int:
    print(f"battle rulesets: {result.code}: {result.message}", file=sys.stderr)
    return 1


def _cmd_rulesets_list(args: argparse.Namespace) -> int:
    from shared.protocol import RulesetList  # noqa: PLC0415
    from shared.ruleset.registry import read_name  # noqa: PLC0415

    registry = _registry(args)
    if registry is None:
        return 2
    entries = registry.entries()
    if args.name is not None:
        name = read_name(args.name)
        if name is None:
            print(f"battle rulesets: {args.name!r} is not a registry name", file=sys.stderr)
            return 2
        entries = registry.named(name)
    if args.json:
        print(RulesetList(rulesets=entries).model_dump_json())
        return 0
    for e in entries:
        print(f"{e.ref}\t{e.name}\t{e.license or '-'}\t{e.digest}")
    return 0


def _cmd_rulesets_add(args: argparse.Namespace) -> int:
    from shared.service.rulesets import Added  # noqa: PLC0415

    registry = _registry(args)
    if registry is None:
        return 2
    try:
        added = registry.add(read_package(args.package), args.source)
    except PackageError as exc:
        return _report(args.package, exc)
    if not isinstance(added, Added):
        return _refused(added)
    word = "added" if added.new else "already listed, unchanged:"
    print(f"{word} {added.entry.ref} ({added.entry.digest})")
    return 0


def _cmd_rulesets_remove(args: argparse.Namespace) -> int:
    from shared.ruleset.registry import read_name  # noqa: PLC0415
    from shared.service.rulesets import Removed  # noqa: PLC0415

    name = read_name(args.name)
    if name is None:
        print(f"battle rulesets: {args.name!r} is not a registry name such as official/5e-2014 or "
              "community/acme/ember-roads@2", file=sys.stderr)
        return 2
    registry = _registry(args)
    if registry is None:
        return 2
    removed = registry.remove(name, args.force)
    if not isinstance(removed, Removed):
        return _refused(removed)
    for e in removed.entries:
        print(f"removed {e.ref}")
    if removed.games:
        print(f"{removed.games} game(s) still pin it and keep playing it (its text stays under its digest)")
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
        "and print one line per error: FILE: path: message. A package is a single JSON file, a folder "
        "holding ruleset.json and the catalog files its catalogs[].asset keys name, the path of that "
        "ruleset.json, or a .zip of the folder; a problem inside an asset file names it "
        "(FILE: catalogs/spells.json: entries[3].level: message).",
    )
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="a ruleset package: a JSON file, a package folder, its ruleset.json or a .zip of it")
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
    p.add_argument("--ruleset", "-r", required=True, metavar="R",
                   help=RULESET_HELP)
    p.add_argument("character", metavar="CHARACTER.json", help='{"name", "sheet": {...}}')
    p.set_defaults(func=_cmd_sheet)
    p.add_argument("--layer", dest="layers", action="append", default=[], metavar="ID",
                   help="turn on one of the ruleset's layers (repeat for more)")

    p = sub.add_parser(
        "check",
        help="roll a check or a save for a character and print its receipt",
        description="Roll SKILL (a skill, a save or an ability: its id, label or short form) for "
        "CHARACTER by the ruleset's resolution, from its sheet (untrained rules, caps, sheet modifiers "
        "and the harm penalty included), and print the receipt the Game Master's tag would become: "
        '[skill_check: skill="..." dc="..." rolls="..." total="..." result="success"|"failure" ...]. '
        "Exit 0 when it was rolled, 1 when it was refused (an untrained rule of refuse, an unknown "
        "skill, a bad difficulty). Same seed, same dice.",
    )
    p.add_argument("--ruleset", "-r", required=True, metavar="R", help=RULESET_HELP)
    p.add_argument("character", metavar="CHARACTER.json", help='{"name", "sheet": {...}}')
    p.add_argument("skill", metavar="SKILL", help='what is rolled, e.g. "Stealth", "dex_save", "DEX saving throw"')
    p.add_argument("--layer", dest="layers", action="append", default=[], metavar="ID",
                   help="turn on one of the ruleset's layers (repeat for more)")
    hard = p.add_mutually_exclusive_group(required=True)
    hard.add_argument("--dc", type=int, help="the difficulty as a number (a DC; successes on a pool; dice on symbols)")
    hard.add_argument("--difficulty", metavar="STEP", help="the difficulty as a step of the ruleset's ladder")
    p.add_argument("--with", dest="with_ability", metavar="ABILITY",
                   help="roll a skill or save with another ability (on a pool with abilityPlusAbility, add it)")
    lean = p.add_mutually_exclusive_group()
    lean.add_argument("--advantage", action="store_true", help="roll twice, keep the better (where allowed)")
    lean.add_argument("--disadvantage", action="store_true", help="roll twice, keep the worse (where allowed)")
    p.add_argument("--threshold", type=int, help="dice-pool: the per-die target (where it may move)")
    p.add_argument("--bonus", type=int, help="dice-pool: situational dice, clamped into situationalDice")
    p.add_argument("--spend", metavar="POOL[:N]", help="dice-pool: buy a spend N times (at most perCheck)")
    p.add_argument("--reroll", metavar="ID", help="dice-pool: a standing re-throw by its id")
    p.add_argument("--explode", type=int, help="dice-pool: move the explode face (where it has a min)")
    p.add_argument("--double", type=int, help="dice-pool: move the double face (where it has a min)")
    p.add_argument("--upgrades", type=int, help="symbol-pool: difficulty dice upgraded")
    p.add_argument("--rolls", type=int, help="a die rolled first, for a ruleset that rolls a single die")
    p.add_argument("--seed", type=int, default=0, help="the dice seed (default 0)")
    p.add_argument("--dice", metavar="5,3,6,...", help="scripted die faces instead of the seeded roller")
    p.add_argument("--json", action="store_true", help="print the receipt's attributes as a JSON object")
    p.set_defaults(func=_cmd_check)

    p = sub.add_parser(
        "use",
        help="use an ability, feature, spell or carried item for a character and print its receipt",
        description="Use ENTRY (one of CHARACTER's catalog rows: the row's own name or the entry's "
        "label) by the ruleset's rules outside a fight: pay every cost term and one use from each row "
        "pool the entry wrote, all or nothing (a spell slot: the lowest of its level or higher left), "
        "roll its amount, apply healing and protection to the character, and print the receipt the Game "
        'Master\'s tag would become: [use: who="..." entry="..." paid="..." dice="..." amount="..." '
        'did="..." result="used"]. Exit 0 when used, 1 when refused (the reason in the spec\'s words: '
        '"No spell slot of level 3 or higher left", "Last Ember is spent until the next camp"). '
        "An item CHARACTER carries with a use (its stack's name, its entry's label or <catalog>/<entry>; "
        '"Staff of Fire: Burning Hands" for one of its moreUses) is used the same way, one of the stack or '
        'its charges paid first (paid="1 Potion of Healing: 1 left"); one not carried is refused '
        '("the character carries no Potion of Healing"), as is one with slots not worn. '
        "Same seed, same dice.",
    )
    p.add_argument("--ruleset", "-r", required=True, metavar="R", help=RULESET_HELP)
    p.add_argument("character", metavar="CHARACTER.json", help='{"name", "sheet": {...}}')
    p.add_argument("entry", metavar="ENTRY",
                   help='what is used, e.g. "Fireball", "Second Wind", "Potion of Healing"')
    p.add_argument("--layer", dest="layers", action="append", default=[], metavar="ID",
                   help="turn on one of the ruleset's layers (repeat for more)")
    p.add_argument("--level", type=int, help="pay a spell slot of this level or higher (upcasting)")
    p.add_argument("--charges", type=int, metavar="N",
                   help="spend N more charges of the item, each a raised-cost step of its chargeStep (a staff)")
    p.add_argument("--target", metavar="NAME", help="whom it is aimed at (healing another is handed back as numbers)")
    p.add_argument("--seed", type=int, default=0, help="the dice seed (default 0)")
    p.add_argument("--dice", metavar="5,3,6,...", help="scripted die faces instead of the seeded roller")
    p.add_argument("--json", action="store_true", help="print the receipt's attributes as a JSON object")
    p.add_argument("--out", metavar="FILE", help="write the character after the use (its live state) to FILE")
    p.set_defaults(func=_cmd_use)

    p = sub.add_parser(
        "fight",
        help="resolve a whole fight offline and print its log",
        description="Resolve a whole fight offline with every side under the Engine's tactics (or a "
        "--script of choices) and print the log. Same inputs and seed give byte-identical output.",
    )
    p.add_argument("--ruleset", "-r", required=True, metavar="R",
                   help=RULESET_HELP)
    p.add_argument("--party", required=True, metavar="P.json",
                   help='[{"name", "sheet", "controller"?, "player"?, "position"?: [x, y]}]')
    p.add_argument("--foes", required=True, metavar="F.json",
                   help='[{"creature", "name"?, "count"?, "position"?}, {"name", "statBlock"}, {"name", "tier"}]')
    p.add_argument("--board", metavar="BOARD.json",
                   help='a board {"rows", "heights"?, "legend"?} (docs/board.md); the fight is on it when the '
                   "ruleset declares combat.distance (style tactical)")
    p.add_argument("--style", metavar="STYLE",
                   help="the combat style (default: tactical with --board, else classic); combat.styles restricts it")
    p.add_argument("--seed", type=int, default=0, help="the battle's dice seed (default 0)")
    p.add_argument("--layer", dest="layers", action="append", default=[], metavar="ID",
                   help="turn on one of the ruleset's layers (repeat for more)")
    p.add_argument("--json", action="store_true", help="print {outcome, rounds, log, sheets, events}")
    p.add_argument("--script", metavar="CHOICES.json",
                   help='choices [{"actor", "option", "targets"?, "cell"?: [x, y], "toward"?: [x, y], "ring"?: true, '
                   '"side"?: "near"|"far", "copies"?: [[x, y], ...], "wall"?: [x, y]}] used when that actor must decide (a '
                   'wall\'s layout and an area\'s other copies beside the cell, a wall section struck instead of a '
                   'target; in a window: one of its answers or "pass")')
    p.add_argument("--dice", metavar="5,3,6,...",
                   help="scripted die faces instead of the seeded roller; running out is an error")
    p.set_defaults(func=_cmd_fight)

    p = sub.add_parser(
        "rulesets",
        help="list, add or remove rulesets in the registry the gateway serves",
        description="The ruleset registry on the Redis store the gateway and workers share (--store, "
        "default MARINARA_STORE_URL or REDIS_URL; --namespace, default MARINARA_NAMESPACE), with the "
        "gateway's own operations and refusals (GET, POST and DELETE /v1/rulesets). A ruleset is listed as "
        "official/<id>@<version> or community/<source>/<id>@<version>. Exit 1 when refused, 2 when the "
        "command itself is wrong.",
    )
    p.add_argument("--store", metavar="URL", help="the Redis store (redis://host:port/db)")
    p.add_argument("--namespace", metavar="NS", help="the store's key namespace")
    rs = p.add_subparsers(dest="rulesets_command", required=True, metavar="ACTION")
    q = rs.add_parser("list", help="every listed version (official first)")
    q.add_argument("name", nargs="?", metavar="NAME", help="only this name (official/5e-2014, ...@7)")
    q.add_argument("--json", action="store_true", help="print {rulesets: [...]} as GET /v1/rulesets does")
    q.set_defaults(func=_cmd_rulesets_list)
    q = rs.add_parser("add", help="validate, store and list a package",
                      description="Validate PACKAGE, store it by digest and list it under its source's namespace. "
                      "The same package again changes nothing; other content under a listed version is refused: "
                      "raise its version.")
    q.add_argument("package", metavar="PACKAGE", help=RULESET_HELP)
    q.add_argument("--source", default="local",
                   help='"official" for Marinara\'s first-party rulesets, else the community source\'s name '
                   "(default local)")
    q.set_defaults(func=_cmd_rulesets_add)
    q = rs.add_parser("remove", help="take a ruleset (one version, or all) off the list",
                      description="Take NAME off the list (NAME@VERSION: that version only). Refused with the "
                      "count of games that pin it unless --force; those games keep playing it either way.")
    q.add_argument("name", metavar="NAME", help="official/5e-2014, community/acme/ember-roads@2, ...")
    q.add_argument("--force", action="store_true", help="remove it even though games pin it")
    q.set_defaults(func=_cmd_rulesets_remove)

    p = sub.add_parser(
        "worker",
        help="start a Celery worker on the turns, director and llm queues",
        description="Start a Celery worker (celery -A worker.app worker -Q turns,director,llm). "
        "Every further argument goes to Celery, e.g. battle worker --concurrency 4 -n w1@%h. "
        "Redis comes from REDIS_URL; see docs/operations.md.",
    )
    p.set_defaults(func=_cmd_worker, passes_on=True)

    p = sub.add_parser(
        "serve",
        help="run the HTTP/WebSocket gateway",
        description="Run the gateway. --embedded keeps battles in memory and applies choices in this "
        "process (no Redis needed); otherwise choices go to the Celery workers (battle worker) and the "
        "store is --store or the workers' own (REDIS_URL, MARINARA_NAMESPACE).",
    )
    p.add_argument("--embedded", action="store_true", help="in-memory store, in-process executor")
    p.add_argument("--store", metavar="URL", help="battle store URL (redis://host:port/db or memory://)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8080, help="port to listen on (default 8080)")
    p.set_defaults(func=_cmd_serve)

    p = sub.add_parser(
        "demo",
        help="play a whole battle through the embedded server's HTTP/WebSocket API",
        description="Start the embedded gateway on a free loopback port, create a battle and play it "
        "with one scripted client per player over the real API, printing the log as it happens, then "
        "the outcome and the final sheets. With --open the players play from the web viewer instead: it "
        "prints the page's address to watch (the spectator link) and one per player, and serves the page "
        "until interrupted.",
    )
    p.add_argument("--ruleset", "-r", metavar="R",
                   help=RULESET_HELP + " "
                   "(default examples/lantern-marsh.json)")
    p.add_argument("--party", metavar="P.json", help="party file (default examples/party.json)")
    p.add_argument("--foes", metavar="F.json", help="foes file (default examples/foes.json)")
    p.add_argument("--seed", type=int, default=2, help="the battle's dice seed (default 2)")
    p.add_argument("--board", metavar="BOARD.json",
                   help="a board (default: examples/board-marsh.json with the default ruleset)")
    p.add_argument("--open", action="store_true",
                   help="print the battle page's addresses (watch, and play as each player) and let the players "
                   "choose from the page; Ctrl-C stops the server")
    p.add_argument("--port", type=int, default=0, help="the gateway's port (default: a free one)")
    p.set_defaults(func=_cmd_demo)

    add_catalog_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    # `battle worker` hands every argument it does not know to Celery, in order.
    args, unknown = parser.parse_known_args(argv)
    if unknown and not getattr(args, "passes_on", False):
        parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    args.celery_args = unknown
    try:
        return int(args.func(args))
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover - exercised through the console script
    sys.exit(main())
