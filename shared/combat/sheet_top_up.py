"""Filling in what an invented creature that is not a boss has not chosen yet, without
asking the GM again (spec/combat-2 "Opponents nobody wrote").

Owns: `top_up`. For each list whose rows count only once chosen (a `combat.abilities`
source with `onlyWhen`), a row the GM named counts as chosen; then, out of the entries open
to the creature (`sheet_open`) that it can pay for from its own pools, the list is topped
up to a small number of entries for each pool it has, and as many it can use at will.

The number is its competence: the tier's place on the threat scale, from 1 at the bottom,
at most `MOST_PER_POOL`. What it gets leans on its temperament (the proposal's
`temperament`, as the GM wrote it): protective or supportive picks what keeps allies going,
reckless picks damage, methodical or patient picks what holds enemies back; and the more
competent it is, the more a reaction or another entry that changes the turn weighs. The
draw is seeded by the fight's own seed and the creature's name, so the same fight is
always filled in the same way, and it takes no die from the fight's roller.
"""

from __future__ import annotations

import hashlib
from typing import Any

from ..dice.rng import SEED_MAX, SeededRoller
from ..ruleset.package import Ruleset
from ..sheet import SheetView
from .sheet_open import find_entry, is_open
from .plans import helps

#: The "small number" of entries per pool (and at will) the most competent creature gets.
MOST_PER_POOL = 3
#: How much more an entry of the creature's temperament weighs than any other.
LEANING = 3
#: A temperament word (lower case) to the kind of entry it leans toward.
TEMPERAMENTS = {"protective": "support", "supportive": "support", "reckless": "damage",
                "methodical": "control", "patient": "control"}
AT_WILL = ""


def kind_of(mech: Any) -> str:
    """support, damage or control: what an entry does for the side using it."""
    if helps(mech) or mech.targets in ("ally", "self"):
        return "support"
    if mech.amount is not None and mech.kind == "attack":
        return "damage"
    if mech.applies or mech.kind == "debuff":
        return "control"
    return "damage" if mech.amount is not None else "other"


def changes_the_turn(mech: Any) -> bool:
    return mech.reaction is not None or bool(mech.free) or bool(mech.gives)


def _paid_from(view: SheetView, mech: Any) -> str | None:
    """The creature's pool an entry is paid from; AT_WILL without a pool cost; None when it
    cannot pay (a pool it lacks, or one too small for the cost)."""
    costs = [c for c in mech.cost or [] if getattr(c, "pool", None)]
    if not costs:
        return AT_WILL
    pools = view.pools()
    first = None
    for cost in costs:
        amount = cost.amount if isinstance(cost.amount, int) else 1
        info = pools.get(cost.pool)
        if info is None and view.idx.pool_by_id.get(cost.pool) is not None:
            group = view.idx.pool_by_id[cost.pool].group
            # A grouped cost may be paid from a bigger pool of the group (5e's slots).
            ladder = [p.id for p in view.idx.pools if group is not None and p.group == group]
            above = ladder[ladder.index(cost.pool):] if cost.pool in ladder else []
            info = next((pools[p] for p in above if p in pools and pools[p].max >= amount), None)
        if info is None or info.max < amount:
            return None
        first = first or info.key
    return first


def competence(ruleset: Ruleset, tier_id: str) -> int:
    threat = ruleset.combat.threat if ruleset.combat is not None else None
    tiers = [t.id for t in threat.tiers] if threat is not None else []
    return min(MOST_PER_POOL, tiers.index(tier_id) + 1 if tier_id in tiers else 1)


def _weight(mech: Any, leaning: str | None, level: int) -> int:
    weight = 1 + (LEANING if leaning is not None and kind_of(mech) == leaning else 0)
    return weight + (2 * (level - 1) if changes_the_turn(mech) else 0)


def _stream(key: str) -> SeededRoller:
    """The project's own counter-based dice, seeded from `key` (the fight's seed, the
    creature, the list and the pool): the same fight draws the same rows, and no die of the
    battle's own roller is used."""
    digest = hashlib.sha256(key.encode()).digest()
    return SeededRoller(int.from_bytes(digest[:8], "big") & SEED_MAX)


def _draw(rng: SeededRoller, pool: list[tuple[Any, int]], count: int) -> list[Any]:
    """`count` entries without replacement, each as likely as its (whole-number) weight."""
    pool = list(pool)
    out: list[Any] = []
    while pool and len(out) < count:
        pick = rng.die(sum(w for _, w in pool)) - 1
        for i, (entry, weight) in enumerate(pool):
            pick -= weight
            if pick < 0 or i == len(pool) - 1:
                out.append(entry)
                del pool[i]
                break
    return out


def top_up(ruleset: Ruleset, name: str, sheet: dict[str, Any], tier_id: str, temperament: Any,
           seed: int) -> list[str]:
    """Fills `sheet`'s chosen-only lists in place; a sentence per list it changed."""
    notes: list[str] = []
    leaning = TEMPERAMENTS.get(temperament.strip().lower()) if isinstance(temperament, str) else None
    level = competence(ruleset, tier_id)
    lists = {lst.id: lst for lst in ruleset.sheet.lists or []}
    for source in (ruleset.combat.abilities if ruleset.combat is not None else None) or []:
        lst = lists.get(source.list)
        if source.onlyWhen is None or lst is None:
            continue
        rows = sheet.setdefault("lists", {}).setdefault(lst.id, [])
        named = [r for r in rows if isinstance(r.get("_catalog"), str) and r.get(source.onlyWhen) is not True]
        for row in named:
            row[source.onlyWhen] = True
        if named:
            notes.append(f"{name}'s {', '.join(_label(ruleset, r) for r in named)} on {lst.label} "
                         f"{'counts' if len(named) == 1 else 'count'} as chosen.")
        view = SheetView(ruleset, sheet)
        have: dict[str, int] = {}
        on_sheet = set()
        for row in rows:
            found = find_entry(ruleset, row.get("_catalog"))
            if found is not None and found[1].mechanics is not None:
                on_sheet.add(row["_catalog"])
                paid = _paid_from(view, found[1].mechanics)
                if paid is not None:
                    have[paid] = have.get(paid, 0) + 1
        by_pool: dict[str, list[tuple[Any, int]]] = {}
        for cat in ruleset.catalogs or []:
            if lst.id not in (cat.feeds or []):
                continue
            for entry in cat.entries:
                ref = f"{cat.id}/{entry.id}"
                if entry.mechanics is None or ref in on_sheet or not is_open(ruleset, view, cat, entry):
                    continue
                paid = _paid_from(view, entry.mechanics)
                if paid is not None:
                    by_pool.setdefault(paid, []).append(((ref, entry), _weight(entry.mechanics, leaning, level)))
        given: list[str] = []
        order = [p for p in view.pools() if p in by_pool] + ([AT_WILL] if AT_WILL in by_pool else [])
        for pool in order:
            room = lst.maxItems - len(rows)
            wanted = min(room, level - have.get(pool, 0))
            if wanted <= 0:
                continue
            rng = _stream(f"{seed}/{name}/{lst.id}/{pool}")
            picked = _draw(rng, by_pool[pool], wanted)
            for ref, entry in picked:
                values: dict[str, Any] = next((r.values for r in entry.rows or [] if r.list == lst.id), {})
                rows.append({**values, source.onlyWhen: True, "_catalog": ref})
            where = "at will" if pool == AT_WILL else f"paid from {view.pools()[pool].label}"
            given.append(f"{_and([e.label for _, e in picked])} ({where})")
        if given:
            notes.append(f"{name}'s {lst.label} is topped up from the fight's seed: "
                         + "; ".join(given) + ".")
        if not rows:
            del sheet["lists"][lst.id]
    if not sheet.get("lists"):
        sheet.pop("lists", None)
    return notes


def _label(ruleset: Ruleset, row: dict[str, Any]) -> str:
    found = find_entry(ruleset, row.get("_catalog"))
    return found[1].label if found is not None else str(row.get("_catalog"))


def _and(labels: list[str]) -> str:
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]
