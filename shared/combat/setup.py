"""Building a fight's participants: party members from their own sheets, and opponents
in the spec's order (a named bestiary creature, a creature whose label matches the name,
a proposed stat block clamped to its threat tier, a plain creature from the tier's own
numbers).

Owns: `build_combatants`, the clamp of proposed stat blocks (every change a sentence),
the plain tier creature, stable ids (`rust-jackal`, `rust-jackal-2`), and `SetupError`
(a fight the rules refuse to start, naming who and why).
"""

from __future__ import annotations

import copy
import re
from typing import Any

from pydantic import ValidationError

from ..dice import parse_dice
from ..ruleset.creatures import Creature
from ..ruleset.errors import from_validation_error
from ..ruleset.package import Ruleset
from ..sheet import validate_character
from .fight import Fight
from .state import Combatant, HeldCondition


class SetupError(Exception):
    """The fight cannot start; `problems` are sentences naming who and why."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("; ".join(problems))


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "combatant"


def bestiary(ruleset: Ruleset) -> list[tuple[str, Any]]:
    """(`<catalog>/<entry>`, entry) for every creature the package holds."""
    out = []
    for cat in ruleset.catalogs or []:
        if cat.holds == "creatures":
            for entry in cat.entries:
                out.append((f"{cat.id}/{entry.id}", entry))
    return out


def find_creature(ruleset: Ruleset, key: str) -> tuple[str, Any] | None:
    for ref, entry in bestiary(ruleset):
        if key in (ref, entry.id):
            return ref, entry
    return None


def find_by_label(ruleset: Ruleset, name: str) -> tuple[str, Any] | None:
    wanted = name.strip().lower()
    for ref, entry in bestiary(ruleset):
        if entry.label.lower() == wanted:
            return ref, entry
    return None


def _tier(ruleset: Ruleset, tier_id: str | None) -> Any:
    tiers = ruleset.combat.threat.tiers if ruleset.combat.threat else []
    for tier in tiers:
        if tier.id == tier_id:
            return tier
    return tiers[0] if tiers else None


# ---------------------------------------------------------------------------
# opponents nobody wrote
# ---------------------------------------------------------------------------


def _round_damage(action: dict[str, Any], by_id: dict[str, dict[str, Any]]) -> float:
    def one(a: dict[str, Any]) -> float:
        dmg = a.get("damage") or {}
        try:
            mean = float(parse_dice(dmg.get("dice") or "0").mean) + (dmg.get("flat") or 0)
        except Exception:  # a proposal's text the dice parser refuses deals nothing
            mean = 0.0
        return mean * (a.get("targetCount") or 1 if a.get("save") else 1)

    if action.get("sequence"):
        return sum(one(by_id[s["action"]]) * s.get("times", 1) for s in action["sequence"] if s["action"] in by_id)
    return one(action)


def _drop_unknown_names(ruleset: Ruleset, name: str, block: dict[str, Any], notes: list[str]) -> None:
    """A model wrote the proposal: names the ruleset does not have are dropped, each said."""
    saves = {s.id for s in ruleset.sheet.saves or []}
    live = ruleset.sheet.live
    conditions = {c.id for c in (live.conditions or [])} if live else set()
    types = {t.lower() for t in ruleset.combat.damageTypes or []} if ruleset.combat.damageTypes else None
    budgets = [b.id for b in ruleset.combat.economy.budgets]
    for save in list((block.get("saves") or {})):
        if save not in saves:
            del block["saves"][save]
            notes.append(f"{name}'s save {save!r} is not one of this ruleset's, so it is dropped.")
    for action in block.get("actions") or []:
        label = action.get("name", action.get("id"))
        damage = action.get("damage") or {}
        if types is not None and isinstance(damage.get("type"), str) and damage["type"].lower() not in types:
            notes.append(f"{name}'s {label}: damage type {damage['type']!r} is not one of this ruleset's, so it is dropped.")
            del damage["type"]
        kept = []
        for apply in action.get("applies") or []:
            if apply.get("condition") in conditions:
                kept.append(apply)
            else:
                notes.append(f"{name}'s {label}: condition {apply.get('condition')!r} is not one of this ruleset's, "
                             "so it is dropped.")
        if "applies" in action:
            if kept:
                action["applies"] = kept
            else:
                del action["applies"]
        save = action.get("save")
        if isinstance(save, dict) and save.get("save") not in saves:
            notes.append(f"{name}'s {label}: save {save.get('save')!r} is not one of this ruleset's, so the save is dropped.")
            del action["save"]
        if action.get("budget") not in budgets:
            notes.append(f"{name}'s {label}: budget {action.get('budget')!r} is not one of this ruleset's, so it "
                         f"spends {budgets[0]!r}.")
            action["budget"] = budgets[0]


def clamp_block(ruleset: Ruleset, name: str, block: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Fits a proposed stat block to its tier; returns the block and one sentence per change."""
    notes: list[str] = []
    block = copy.deepcopy(block)
    tier = _tier(ruleset, block.get("tier"))
    if tier is None:
        raise SetupError([f"{name}: the ruleset has no threat scale to fit a proposed creature to"])
    if block.get("tier") != tier.id:
        notes.append(f"{name}'s tier {block.get('tier')!r} is not declared, so it falls back to {tier.label}.")
        block["tier"] = tier.id
    low, high = tier.health
    health = block.get("health")
    if isinstance(health, dict):
        mean = float(parse_dice(health.get("dice") or "0").mean) + (health.get("flat") or 0)
        if not low <= mean <= high:
            block["health"] = int(min(max(mean, low), high))
            notes.append(f"{name}'s health {health.get('dice')} is held to {block['health']} ({tier.label}: {low} to {high}).")
    elif isinstance(health, int) and not low <= health <= high:
        block["health"] = min(max(health, low), high)
        notes.append(f"{name}'s health {health} is held to {block['health']} ({tier.label}: {low} to {high}).")
    for key, cap in (("defense", tier.defense + 2),):
        if isinstance(block.get(key), int) and block[key] > cap:
            notes.append(f"{name}'s {key} {block[key]} is held to {cap} (at most 2 above {tier.label}).")
            block[key] = cap
    _drop_unknown_names(ruleset, name, block, notes)
    actions = block.get("actions") or []
    if len(actions) > 6:
        notes.append(f"{name}'s actions beyond the first six are dropped.")
        actions = block["actions"] = actions[:6]
    for action in actions:
        if isinstance(action.get("toHit"), int) and action["toHit"] > tier.toHit + 2:
            notes.append(f"{name}'s {action.get('name')} to hit {action['toHit']} is held to {tier.toHit + 2}.")
            action["toHit"] = tier.toHit + 2
        save = action.get("save")
        if isinstance(save, dict) and isinstance(save.get("difficulty"), int) and save["difficulty"] > tier.saveDifficulty + 2:
            notes.append(f"{name}'s {action.get('name')} difficulty {save['difficulty']} is held to {tier.saveDifficulty + 2}.")
            save["difficulty"] = tier.saveDifficulty + 2
    # A contest check is held like a chance to hit (spec/combat-3 "Contests").
    checks = block.get("checks") or {}
    for check_id in sorted(checks):
        if isinstance(checks[check_id], int) and checks[check_id] > tier.toHit + 2:
            notes.append(f"{name}'s {check_id} check {checks[check_id]} is held to {tier.toHit + 2}.")
            checks[check_id] = tier.toHit + 2
    by_id = {a.get("id"): a for a in actions}
    top = tier.damagePerRound[1]
    for action in actions:
        steps = 0
        while _round_damage(action, by_id) > top and steps < 50:
            steps += 1
            target = action if not action.get("sequence") else by_id.get(action["sequence"][0]["action"], action)
            dmg = target.get("damage") or {}
            expr = parse_dice(dmg.get("dice") or "0")
            if expr.count > 1:
                dmg["dice"] = f"{expr.count - 1}d{expr.sides}"
            elif dmg.get("flat", 0) > 1:
                dmg["flat"] -= 1
            elif action.get("sequence") and any(s.get("times", 1) > 1 for s in action["sequence"]):
                for s in action["sequence"]:
                    if s.get("times", 1) > 1:
                        s["times"] -= 1
                        break
            elif expr.sides and expr.sides > 2:
                dmg["dice"] = f"1d{max(2, expr.sides - 2)}"
            else:
                break
        if steps:
            notes.append(f"{name}'s {action.get('name')} is scaled down to fit {tier.label}'s damage per round "
                         f"({tier.damagePerRound[0]} to {top}).")
    block.pop("spellcasting", None)
    return block, notes


def tier_block(ruleset: Ruleset, tier: Any) -> dict[str, Any]:
    """A plain creature from the tier's own numbers: middle health, the tier's defense and
    to-hit, one strike worth the middle of its damage per round."""
    low, high = tier.health
    dmg = max(1, round((tier.damagePerRound[0] + tier.damagePerRound[1]) / 2))
    main = ruleset.combat.economy.budgets[0].id
    return {
        "tier": tier.id, "health": (low + high) // 2, "defense": tier.defense, "initiativeModifier": 0,
        "actions": [{"id": "strike", "name": "Strike", "budget": main, "toHit": tier.toHit, "damage": {"flat": dmg}}],
    }


# ---------------------------------------------------------------------------
# building
# ---------------------------------------------------------------------------


def _unique(name: str, taken: dict[str, int]) -> tuple[str, str]:
    base = slug(name)
    taken[base] = taken.get(base, 0) + 1
    n = taken[base]
    return (base, name) if n == 1 else (f"{base}-{n}", f"{name} {n}")


def build_combatants(fight: Fight, party: list[dict[str, Any]], foes: list[dict[str, Any]]) -> list[Combatant]:
    ruleset = fight.ruleset
    problems: list[str] = []
    out: list[Combatant] = []
    taken: dict[str, int] = {}
    for i, member in enumerate(party):
        name = member.get("name") if isinstance(member, dict) else None
        if not isinstance(name, str) or not name.strip():
            problems.append(f"party[{i}]: a party member needs a name")
            continue
        character, found = validate_character(ruleset, {"name": name, "sheet": member.get("sheet")})
        if character is None or found:
            detail = "; ".join(found.lines()) if found else "no sheet"
            problems.append(f"{name} has no valid sheet for {ruleset.name}: {detail}")
            continue
        cid, cname = _unique(name, taken)
        c = Combatant(id=cid, name=cname, side="party", controller=member.get("controller", "engine"),
                      player=member.get("player"), kind="sheet", sheet=copy.deepcopy(member["sheet"]),
                      own_spends=member.get("ownSpends") is True)
        # Conditions the sheet already holds come into the fight as they are: no clock, no
        # source, and they stay on the sheet when the fight ends.
        for cid_held in (c.sheet.get("live") or {}).get("conditions") or []:
            c.conditions.append(HeldCondition(id=cid_held, tracked=False))
        out.append(c)
    for i, foe in enumerate(foes):
        if not isinstance(foe, dict):
            problems.append(f"foes[{i}]: an opponent is an object")
            continue
        count = foe.get("count", 1)
        for n in range(count if isinstance(count, int) and 1 <= count <= 20 else 1):
            made = _opponent(fight, foe, i, problems)
            if made is None:
                break
            name, ref, block, notes = made
            cid, cname = _unique(name, taken)
            for note in notes:
                fight.emit("setup", note)
            c = Combatant(id=cid, name=cname, side="foes", controller=foe.get("controller", "engine"), kind="block",
                          entry=ref, block=block)
            if block.get("sheet") is not None:
                c.kind = "sheet"
                c.sheet = copy.deepcopy(block["sheet"])
            out.append(c)
    if problems:
        raise SetupError(problems)
    return out


def _opponent(fight: Fight, foe: dict[str, Any], i: int, problems: list[str]):
    ruleset = fight.ruleset
    name = foe.get("name")
    if "creature" in foe:
        found = find_creature(ruleset, str(foe["creature"]))
        if found is None:
            problems.append(f"foes[{i}]: the bestiary has no creature {foe['creature']!r}")
            return None
        ref, entry = found
        return name or entry.label, ref, entry.creature.model_dump(mode="json", by_alias=True, exclude_none=True, warnings=False), []
    if not isinstance(name, str) or not name.strip():
        problems.append(f"foes[{i}]: an opponent needs a creature id or a name")
        return None
    found = find_by_label(ruleset, name)
    if found is not None and "statBlock" not in foe:
        ref, entry = found
        return name, ref, entry.creature.model_dump(mode="json", by_alias=True, exclude_none=True, warnings=False), [
            f"{name} is the bestiary's {entry.label}."]
    if "statBlock" in foe:
        try:
            creature = Creature.model_validate(foe["statBlock"])
        except ValidationError as exc:
            lines = [str(p) for p in from_validation_error(exc, foe["statBlock"], ("statBlock",))]
            problems.append(f"{name}: the proposed stat block is not readable: " + "; ".join(lines))
            return None
        block, notes = clamp_block(ruleset, name, creature.model_dump(mode="json", by_alias=True, exclude_none=True, warnings=False))
        return name, None, block, notes
    tier = _tier(ruleset, foe.get("tier"))
    if tier is None:
        problems.append(f"{name}: no bestiary entry, no proposal and no threat scale, so no opponent can be built")
        return None
    note = f"{name} is built from the {tier.label} tier's own numbers."
    if foe.get("tier") and foe.get("tier") != tier.id:
        note = f"{name}'s tier {foe.get('tier')!r} is not declared; " + note
    return name, None, tier_block(ruleset, tier), [note]


def roll_health(fight: Fight, c: Combatant) -> None:
    """A block creature's health is rolled once when the fight is created; a creature
    written as a sheet with no health at all is left out (creature_extras.py)."""
    c.signature_points = int((c.block or {}).get("signaturePoints") or 0)
    if c.kind != "block":
        from .creature_extras import leave_out_without_health

        leave_out_without_health(fight, c)
        return
    health = (c.block or {}).get("health")
    if isinstance(health, int):
        c.health = c.health_max = health
    elif isinstance(health, dict):
        expr = parse_dice(health.get("dice") or "0")
        expr = expr.with_modifier(expr.modifier + (health.get("flat") or 0))
        r = fight.roll(expr)
        c.health = c.health_max = max(1, r.total)
        fight.emit("setup", f"{c.name}'s health: {health.get('dice')}"
                   f"{' + ' + str(health['flat']) if health.get('flat') else ''} = {r.describe()}.", target=c.id)
    else:
        c.out = True
        fight.emit("setup", f"{c.name} has no health at all, so it is left out of the fight.", target=c.id)
