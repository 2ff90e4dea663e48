"""Building a fight's participants: party members from their own sheets, and opponents
in the spec's order (a named bestiary creature, a creature whose label matches the name,
a proposed stat block clamped to its threat tier, a plain creature from the tier's own
numbers).

Owns: `build_combatants`, stable ids (`rust-jackal`, `rust-jackal-2`), and `SetupError`
(a fight the rules refuse to start, naming who and why). The clamp of a proposed stat
block and the plain tier creature are `clamp.py`'s.

A party member's sheet is read as stored (`read_stored_character`): a value the ruleset
no longer offers is used as stored and said in the log, not refused. One opponent the
fight cannot make does not refuse the fight: a creature id the bestiary
does not hold is left out with one `refused` event, and a proposal that cannot be used
(unreadable, using keys the engine refuses, sheet values the package cannot hold) is
dropped with a sentence, the opponent then built by the next source in the spec's order
(the tier's own numbers), or left out like an unknown creature when there is no threat
scale. Only a fight left with nobody to fight, or entries that are not opponents at all,
is refused.
"""

from __future__ import annotations

import copy
import re
from typing import Any, NamedTuple

from pydantic import ValidationError

from ..dice import parse_dice
from ..ruleset.catalogs import CatalogEntry
from ..ruleset.creatures import Creature
from ..ruleset.errors import from_validation_error
from ..ruleset.package import Ruleset
from ..sheet import read_stored_character, rescale
from .clamp import clamp_block, proposal_refusals, tier_block, tier_of
from .fight import Fight
from .proposed_sheet import prepare_sheet
from .tier_hold import hold_built
from .state import Combatant, HeldCondition
from .creature_extras import leave_out_without_health


class SetupError(Exception):
    """The fight cannot start; `problems` are sentences naming who and why."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("; ".join(problems))


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "combatant"


class BestiaryCreature(NamedTuple):
    """One creature the package holds."""

    #: `<catalog>/<entry>`, how a combatant names the entry it was made from.
    ref: str
    entry: CatalogEntry
    #: The entry's `creature`.
    creature: Creature


def bestiary(ruleset: Ruleset) -> list[BestiaryCreature]:
    """Every creature the package holds. A catalog that holds creatures has one in every
    entry (the package format refuses an entry without), so none is skipped."""
    out = []
    for cat in ruleset.catalogs or []:
        if cat.holds == "creatures":
            for entry in cat.entries:
                if entry.creature is not None:
                    out.append(BestiaryCreature(f"{cat.id}/{entry.id}", entry, entry.creature))
    return out


def find_creature(ruleset: Ruleset, key: str) -> BestiaryCreature | None:
    for found in bestiary(ruleset):
        if key in (found.ref, found.entry.id):
            return found
    return None


def find_by_label(ruleset: Ruleset, name: str) -> BestiaryCreature | None:
    wanted = name.strip().lower()
    for found in bestiary(ruleset):
        if found.entry.label.lower() == wanted:
            return found
    return None


class Opponent(NamedTuple):
    """One opponent as it will be built: its name, the bestiary entry it comes from (None for
    a proposal or the tier's own numbers), its stat block's JSON and the setup sentences."""

    name: str
    ref: str | None
    block: dict[str, Any]
    notes: list[str]


# ---------------------------------------------------------------------------
# building
# ---------------------------------------------------------------------------


def _unique(name: str, taken: dict[str, int]) -> tuple[str, str]:
    base = slug(name)
    taken[base] = taken.get(base, 0) + 1
    n = taken[base]
    return (base, name) if n == 1 else (f"{base}-{n}", f"{name} {n}")


def build_combatants(fight: Fight, party: list[dict[str, Any]],
                     foes: list[dict[str, Any]]) -> tuple[list[Combatant], list[Any]]:
    """The combatants, and the foes entries that made someone (the board places them by
    those entries: board/setup.py)."""
    ruleset = fight.ruleset
    problems: list[str] = []
    kept: list[Any] = []
    left_out: list[str] = []
    out: list[Combatant] = []
    taken: dict[str, int] = {}
    for i, member in enumerate(party):
        name = member.get("name") if isinstance(member, dict) else None
        if not isinstance(name, str) or not name.strip():
            problems.append(f"party[{i}]: a party member needs a name")
            continue
        # A member's sheet is the one the game stored: a value the ruleset no longer offers
        # is played as stored (as the sheet engine reads it) and said in the log.
        character, found, flags = read_stored_character(ruleset, {"name": name, "sheet": member.get("sheet")})
        if character is None or found:
            detail = "; ".join(found.lines()) if found else "no sheet"
            problems.append(f"{name} has no valid sheet for {ruleset.name}: {detail}")
            continue
        for line in flags.lines():
            fight.emit("setup", f"{name}'s sheet is used as stored: {line}.", flagged=name)
        cid, cname = _unique(name, taken)
        sheet = copy.deepcopy(member["sheet"])
        c = Combatant(id=cid, name=cname, side="party", controller=member.get("controller", "engine"),
                      player=member.get("player"), kind="sheet", sheet=sheet,
                      own_spends=member.get("ownSpends") is True, surprised=_surprised(member, f"party[{i}]", problems))
        # Conditions the sheet already holds come into the fight as they are: no clock, no
        # source, and they stay on the sheet when the fight ends.
        for cid_held in (sheet.get("live") or {}).get("conditions") or []:
            c.conditions.append(HeldCondition(id=cid_held, tracked=False))
        out.append(c)
    for i, foe in enumerate(foes):
        if not isinstance(foe, dict):
            problems.append(f"foes[{i}]: an opponent is an object")
            kept.append(foe)
            continue
        count = foe.get("count", 1)
        for n in range(count if isinstance(count, int) and 1 <= count <= 20 else 1):
            made = _opponent(fight, foe, i, problems, left_out)
            if made is None:
                break
            if n == 0:
                kept.append(foe)
            name, ref, block, notes = made
            cid, cname = _unique(name, taken)
            for note in notes:
                fight.emit("setup", note)
            c = Combatant(id=cid, name=cname, side="foes", controller=foe.get("controller", "engine"), kind="block",
                          entry=ref, block=block, surprised=_surprised(foe, f"foes[{i}]", problems if n == 0 else []))
            if block.get("sheet") is not None:
                c.kind = "sheet"
                # A creature's sheet enters play here: nobody edited it, so its catalog rows'
                # `scaled` columns are worked out now (a party member's sheet was, when written).
                c.sheet = rescale(ruleset, copy.deepcopy(block["sheet"]))
                if ref is None:  # a proposal, not the author's bestiary: held to its tier once built
                    for note in hold_built(fight, c, tier_of(ruleset, block.get("tier"))):
                        fight.emit("setup", note, target=c.id)
            out.append(c)
    if not problems and left_out and not any(c.side == "foes" for c in out):
        # Leaving out the ones it cannot make is for a fight that still has someone to fight.
        problems = left_out + ["no opponent is left to fight"]
    if problems:
        raise SetupError(problems)
    return out, kept


def _surprised(given: dict[str, Any], where: str, problems: list[str]) -> bool | None:
    """The encounter's `"surprised": true` on a party member or a foe (mechanics-2 1.237)."""
    flag = given.get("surprised")
    if flag is None or flag is False:
        return None
    if flag is not True:
        problems.append(f'{where}: "surprised" is true or false, not {flag!r}')
        return None
    return True


def _leave_out(fight: Fight, left_out: list[str], sentence: str, i: int) -> None:
    """One opponent the fight cannot make: one `refused` event, and the fight goes on."""
    left_out.append(sentence)
    fight.emit("refused", f"{sentence}, so it is left out of the fight.", code="left-out", foe=i)


def _opponent(fight: Fight, foe: dict[str, Any], i: int, problems: list[str],
              left_out: list[str]) -> Opponent | None:
    ruleset = fight.ruleset
    name = foe.get("name")
    if "invent" in foe:
        problems.append(f"foes[{i}]: opponents the GM invents are made by the service before the fight is built "
                        "(POST /v1/battles with a GM model; see docs/gm.md), not by the resolver")
        return None
    if "creature" in foe:
        found = find_creature(ruleset, str(foe["creature"]))
        if found is None:
            _leave_out(fight, left_out, f"foes[{i}]: the bestiary has no creature {foe['creature']!r}", i)
            return None
        return Opponent(name or found.entry.label, found.ref,
                        found.creature.model_dump(mode="json", by_alias=True, exclude_none=True, warnings=False), [])
    if not isinstance(name, str) or not name.strip():
        problems.append(f"foes[{i}]: an opponent needs a creature id or a name")
        return None
    found = find_by_label(ruleset, name)
    if found is not None and "statBlock" not in foe:
        return Opponent(name, found.ref,
                        found.creature.model_dump(mode="json", by_alias=True, exclude_none=True, warnings=False),
                        [f"{name} is the bestiary's {found.entry.label}."])
    dropped: list[str] = []
    if "statBlock" in foe:
        made = _proposed(fight, foe, name, problems, dropped)
        if made is not None or problems:
            return made
        # A proposal that cannot be used is dropped, not the fight: the opponent comes from
        # the next source in the spec's order, the tier's own numbers (at the tier the
        # proposal was written for when it names one).
        said = "; ".join(dropped)
        fight.emit("setup", f"{name}'s proposed stat block cannot be used ({said}), so it is dropped.",
                   dropped="proposal", foe=i)
        if tier_of(ruleset, _proposed_tier(foe)) is None:
            _leave_out(fight, left_out, f"{name}: the proposal is dropped and there is no threat scale to build "
                                        "it from", i)
            return None
    tier = tier_of(ruleset, _proposed_tier(foe))
    if tier is None:
        problems.append(f"{name}: no bestiary entry, no proposal and no threat scale, so no opponent can be built")
        return None
    note = f"{name} is built from the {tier.label} tier's own numbers."
    asked = _proposed_tier(foe)
    if asked and asked != tier.id:
        note = f"{name}'s tier {asked!r} is not declared; " + note
    return Opponent(name, None, tier_block(ruleset, tier), [note])


def _proposed_tier(foe: dict[str, Any]) -> object:
    """The tier a foe entry asks for: its own `tier`, else its proposal's."""
    tier = foe.get("tier")
    if tier is None and isinstance(foe.get("statBlock"), dict):
        tier = foe["statBlock"].get("tier")
    return tier


def _proposed(fight: Fight, foe: dict[str, Any], name: str, problems: list[str],
              dropped: list[str]) -> Opponent | None:
    """A proposed stat block clamped to its tier; None with `dropped` saying why when the
    proposal cannot be used (the caller builds from the tier instead), or with `problems`
    when the ruleset has no threat scale to fit any proposal to."""
    ruleset = fight.ruleset
    try:
        creature = Creature.model_validate(foe["statBlock"])
    except ValidationError as exc:
        dropped.extend(str(p) for p in from_validation_error(exc, foe["statBlock"], ("statBlock",)))
        return None
    refused = proposal_refusals(creature)
    if refused:
        dropped.extend(refused)
        return None
    try:
        block, notes = clamp_block(ruleset, name, creature.model_dump(mode="json", by_alias=True, exclude_none=True,
                                                                      warnings=False))
    except ValueError as exc:
        problems.append(str(exc))
        return None
    if block.get("sheet") is not None:
        said, wrong = prepare_sheet(ruleset, name, block, boss=foe.get("boss") is True,
                                    temperament=foe.get("temperament"), seed=fight.state.dice.seed)
        if wrong:
            dropped.extend(line.removeprefix(f"{name}: ") for line in wrong)
            return None
        notes += said
    return Opponent(name, None, block, notes)


def roll_health(fight: Fight, c: Combatant) -> None:
    """A block creature's health is rolled once when the fight is created; a creature
    written as a sheet with no health at all is left out (creature_extras.py)."""
    c.signature_points = int((c.block or {}).get("signaturePoints") or 0)
    if c.kind != "block":
        leave_out_without_health(fight, c)
        return
    health = (c.block or {}).get("health")
    if isinstance(health, int):
        c.health = c.health_max = health
    elif isinstance(health, dict):
        expr = parse_dice(health.get("dice") or "0")
        expr = expr.with_modifier(health.get("flat") or 0)
        r = fight.roll(expr)
        c.health = c.health_max = max(1, r.total)
        fight.emit("setup", f"{c.name}'s health: {health.get('dice')}"
                   f"{' + ' + str(health['flat']) if health.get('flat') else ''} = {r.describe()}.", target=c.id)
    else:
        c.out = True
        fight.emit("setup", f"{c.name} has no health at all, so it is left out of the fight.", target=c.id)
