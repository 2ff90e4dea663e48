"""Opponents the GM invents for a fight: the asks, what the GM is told, and the settled foes.

Owns: `asks_in` (the foe entries `{"invent": N, "tier": T, "boss"?, "brief"?}`: "let the GM
invent N opponents of tier T"), `gm_numbers` (what the GM is told before it writes a fight:
each tier's numbers and worth, the party's budget, the names the ruleset has) and
`settle`, which turns the GM's proposals into ordinary foe entries for `start_battle`:
each proposal read leniently (`proposals.read_proposal`), missing ones built from the
tier's own numbers, and the fight lowered tier by tier to the encounter budget
(`budget.fit_budget`). Every change is a sentence in the fight's adjustments; the clamp to
the tier happens when the fight is built, like any proposed stat block, and says its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..ruleset.package import Ruleset
from .budget import Counted, fight_worth, fit_budget, party_budget
from .clamp import scale_tier, threat_scale, tier_block
from .fight import combat_block
from .proposals import read_proposal
from .setup import find_by_label, find_creature

#: The most opponents one ask may invent (the foes file's own `count` limit).
MAX_INVENTED = 20
#: Keys of an invent entry that are passed on to every opponent it makes.
PASSED_ON = ("controller", "position")


@dataclass(frozen=True)
class Ask:
    index: int
    count: int
    tier: str
    boss: bool = False
    brief: str | None = None


def asks_in(foes: list[Any]) -> tuple[list[Ask], list[str]]:
    """The invent entries of a foes list, and a sentence for each one that is malformed."""
    asks: list[Ask] = []
    problems: list[str] = []
    for i, foe in enumerate(foes):
        if not isinstance(foe, dict) or "invent" not in foe:
            continue
        count, tier = foe.get("invent"), foe.get("tier")
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_INVENTED:
            problems.append(f"foes[{i}].invent: how many opponents the GM invents, a whole number from 1 to "
                            f"{MAX_INVENTED}")
        elif not isinstance(tier, str) or not tier:
            problems.append(f"foes[{i}].tier: the threat tier the GM invents them at")
        elif foe.get("brief") is not None and not isinstance(foe.get("brief"), str):
            problems.append(f"foes[{i}].brief: a sentence for the GM about who they are")
        else:
            asks.append(Ask(i, count, tier, bool(foe.get("boss")), foe.get("brief")))
    return asks, problems


def _counted_foes(ruleset: Ruleset, foes: list[Any]) -> list[Counted]:
    """The opponents written by a person, as the budget counts them (as they are)."""
    out = []
    for foe in foes:
        if not isinstance(foe, dict) or "invent" in foe:
            continue
        count = foe.get("count", 1) if isinstance(foe.get("count", 1), int) else 1
        found = find_creature(ruleset, str(foe["creature"])) if "creature" in foe else \
            find_by_label(ruleset, str(foe.get("name", ""))) if "statBlock" not in foe else None
        if found is not None:
            tier, name = found.creature.tier, foe.get("name") or found.entry.label
        else:
            block: dict[str, Any] = foe["statBlock"] if isinstance(foe.get("statBlock"), dict) else {}
            tier_id = block.get("tier") or foe.get("tier")
            tier = scale_tier(ruleset, tier_id if isinstance(tier_id, str) else None).id
            name = foe.get("name") or tier
        out += [Counted(str(name), tier, boss=bool(foe.get("boss")))] * max(1, min(count, MAX_INVENTED))
    return out


def gm_numbers(ruleset: Ruleset, party: list[dict[str, Any]], foes: list[Any], asks: list[Ask],
               difficulty: str) -> dict[str, Any]:
    """What the GM is told before it writes the fight, in the ruleset's own terms."""
    combat = combat_block(ruleset)
    threat = threat_scale(ruleset)
    live = ruleset.sheet.live
    out: dict[str, Any] = {
        "tiers": [{"id": t.id, "label": t.label, "health": t.health, "defense": t.defense, "toHit": t.toHit,
                   "damagePerRound": t.damagePerRound, "saveDifficulty": t.saveDifficulty,
                   **({"worth": t.worth} if t.worth is not None else {})} for t in threat.tiers],
        "budgets": [b.id for b in combat.economy.budgets],
        "saves": [s.id for s in ruleset.sheet.saves or []],
        "conditions": [c.id for c in (live.conditions or [])] if live else [],
        "damageTypes": list(combat.damageTypes or []),
        "asks": [{"count": a.count, "tier": scale_tier(ruleset, a.tier).id, "boss": a.boss,
                  **({"brief": a.brief} if a.brief else {})} for a in asks],
    }
    out["sheet"] = sheet_shape(ruleset)
    if threat.budget is not None:
        invented = [Counted("?", scale_tier(ruleset, a.tier).id, True, a.boss) for a in asks for _ in range(a.count)]
        counted = _counted_foes(ruleset, foes) + invented
        allowed = party_budget(ruleset, party, difficulty, boss=any(c.boss for c in counted))
        worth, _plain, times = fight_worth(ruleset, counted, len(party))
        out["budget"] = {"step": allowed.step, "label": allowed.label, "amount": allowed.amount,
                         "asked": worth, "crowdTimes": times}
    return out


def _holds(shape: Any) -> str:
    if shape.type == "number":
        return f"a whole number {shape.min:g} to {shape.max:g}"
    if shape.type == "enum":
        return "one of " + ", ".join(shape.values)
    return {"boolean": "true or false", "dice": "dice such as 1d6"}.get(shape.type, "text")


def sheet_shape(ruleset: Ruleset) -> dict[str, Any]:
    """What an opponent written as a sheet can hold: the sheet's ids and what each holds,
    the lists the fight reads, and the names the catalogs offer for those lists."""
    sheet = ruleset.sheet
    combat = combat_block(ruleset)
    read = [a.list for a in combat.attacks or []] + [a.list for a in combat.abilities or []]
    lists = []
    for lst in sheet.lists or []:
        if lst.id not in read:
            continue
        names = [e.label for cat in ruleset.catalogs or [] if lst.id in (cat.feeds or []) for e in cat.entries]
        lists.append({"id": lst.id, "columns": {c.id: _holds(c) for c in lst.columns}, "catalog": names})
    return {
        "abilities": {a.id: f"a whole number {a.min:g} to {a.max:g}" for a in sheet.abilities or []},
        "skills": [s.id for s in sheet.skills or []], "saves": [s.id for s in sheet.saves or []],
        "fields": {f.id: _holds(f) for f in sheet.fields or []}, "lists": lists,
    }


def settle(ruleset: Ruleset, party: list[dict[str, Any]], foes: list[Any], proposals: list[Any],
           difficulty: str) -> tuple[list[dict[str, Any]], list[str]]:
    """The foes list with every invent entry replaced by the opponents it makes, and the
    fight's adjustments. `proposals` is what the GM wrote, one per opponent, in the order
    the asks make them (`{"name", "statBlock", "temperament"?}`; a temperament is kept for
    a sheet, whose missing choices lean on it when the fight fills them in)."""
    asks, problems = asks_in(foes)
    if problems:
        raise ValueError("; ".join(problems))
    notes: list[str] = []
    made: dict[int, list[dict[str, Any]]] = {}
    invented: list[tuple[dict[str, Any], Counted]] = []
    queue = list(proposals)
    for ask in asks:
        tier = scale_tier(ruleset, ask.tier)
        if tier.id != ask.tier:
            notes.append(f"The asked tier {ask.tier!r} is not declared, so the GM invents at {tier.label}.")
        entries = []
        for n in range(ask.count):
            raw = queue.pop(0) if queue else None
            name: str = raw["name"] if isinstance(raw, dict) and isinstance(raw.get("name"), str) \
                and raw["name"].strip() else f"{tier.label} {n + 1}"
            name = name.strip()[:80]
            block, said = (None, [f"The GM proposed no opponent for {name}."]) if raw is None else \
                read_proposal(ruleset, tier, name, raw.get("statBlock") if isinstance(raw, dict) else raw)
            notes += said
            if block is None:
                notes.append(f"{name} is built from the {tier.label} tier's own numbers.")
                block = tier_block(ruleset, tier)
            entry: dict[str, Any] = {"name": name, "statBlock": block}
            temperament = raw.get("temperament") if isinstance(raw, dict) else None
            if "sheet" in block and isinstance(temperament, str) and temperament.strip():
                entry["temperament"] = temperament.strip()[:40]
            entry.update({k: foes[ask.index][k] for k in PASSED_ON if k in foes[ask.index]})
            if ask.boss:
                entry["boss"] = True
            entries.append(entry)
            invented.append((entry, Counted(name, tier.id, invented=True, boss=ask.boss)))
        made[ask.index] = entries
    if queue:
        notes.append(f"The GM proposed {len(queue)} opponent(s) more than were asked for; they are left out.")
    counted, lowered = fit_budget(ruleset, party, _counted_foes(ruleset, foes) + [c for _, c in invented], difficulty)
    notes += lowered
    for (entry, _was), now in zip(invented, counted[len(counted) - len(invented):]):
        entry["statBlock"]["tier"] = now.tier
    out: list[dict[str, Any]] = []
    for i, foe in enumerate(foes):
        out += made.get(i, [foe])
    return out, notes
