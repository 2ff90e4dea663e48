"""Riders: one extra damage clause on the first qualifying hit of each period.

Owns: finding the riders a combatant carries (catalog entries of `kind: "rider"` on its
sheet's lists, and a creature block's own `riders`), deciding whether a hit qualifies, and
rolling the clause (`rider_parts`), with its own log line, for the blow to deal with its
other parts (one hit: resisted part by part, judged once for what damage sets off).

A hit qualifies when every test the rider writes holds:
- `sources`: the blow came from one of these lists (an attack list row, or an ability
  list entry); `requires`: this column of the blow's row is true. With neither, every blow
  the holder lands counts. `weapons` (1.70) names the item tags of held weapons
  (item_weapons.py) it fires on, any one being enough: a held weapon is no row, so only
  `weapons` reaches it, and a rider that names only `weapons` fires on no row;
- a block rider's `actions`: the blow is one of the block's own actions (the step's id
  inside a sequence);
- `when` (any one option is enough): `advantage` (the attack roll finally leaned that
  way), `ally-adjacent` (an ally of the attacker is standing and able to act; without a
  board distance is not measured, so anywhere counts), `ally-adjacent-no-disadvantage`
  (that, and the final roll was not at disadvantage);
- `oncePer`: `turn` refreshes at the start of every turn there is (a blow struck on
  somebody else's turn can still carry one), `round` at the start of each round.

The amount grows with the entry's own `scales`, a critical doubles its dice by the
ruleset's rule as every clause's, and `type` defaults to the blow's own damage type.
Riders fire on attack-roll hits and automatic hits that carry damage; a save is no hit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..dice import parse_dice
from . import numbers as N
from .blows import Part
from ..sheet.paying import scaled
from .fight import Fight
from .plan_reading import catalog_entry, row_allowed
from .state import Combatant
from .rolls import roll_damage


@dataclass(frozen=True)
class Blow:
    """What landed: its name and damage type, whether it was critical, and where it came
    from (`list_id` + `row` for a sheet list, `action_id` for a creature block action)."""

    name: str
    dtype: str | None
    critical: bool = False
    list_id: str | None = None
    row: dict[str, Any] | None = None
    action_id: str | None = None
    #: A held weapon's item tags (None for anything else: a row, an entry, an action).
    tags: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Carried:
    key: str
    name: str
    rider: Any
    scales: Any = None
    block: bool = False


# ---------------------------------------------------------------------------
# what a combatant carries
# ---------------------------------------------------------------------------


def carried(fight: Fight, c: Combatant) -> list[Carried]:
    """Every rider `c` carries: catalog rider rows on its sheet's lists (an ability list's
    `onlyWhen`/`alwaysWhen` filter applies), then its block's `riders`, in written order."""
    out: list[Carried] = []
    view = fight.view(c)
    if view is not None:
        filters = {lst.list: lst for lst in fight.combat.abilities or []}
        seen: set[str] = set()
        for lst in fight.ruleset.sheet.lists or []:
            for row in view.rows(lst.id):
                ref = row.get("_catalog")
                if not isinstance(ref, str) or ref in seen:
                    continue
                if lst.id in filters and not row_allowed(view, filters[lst.id], row):
                    continue
                entry = catalog_entry(fight, ref)
                mech = getattr(entry, "mechanics", None)
                if mech is None or mech.kind != "rider" or mech.rider is None:
                    continue
                seen.add(ref)
                out.append(Carried(ref, entry.label, mech.rider, mech.scales))
    for rider in (c.block or {}).get("riders") or []:
        out.append(Carried(f"block:{rider['id']}", rider["name"], rider, None, True))
    return out


def _get(rider: Any, key: str) -> Any:
    return rider.get(key) if isinstance(rider, dict) else getattr(rider, key, None)


# ---------------------------------------------------------------------------
# qualifying
# ---------------------------------------------------------------------------


def _ally_able(fight: Fight, actor: Combatant) -> bool:
    for other in fight.standing(actor.side):
        if other.id != actor.id and "cannot-act" not in N.effects(fight, other):
            return True
    return False


def period_mark(fight: Fight, once: str, key: str) -> str:
    state = fight.state
    return f"round:{key}@{state.round}" if once == "round" else f"turn:{key}@{state.round}.{state.turn}"


def _source_ok(fight: Fight, actor: Combatant, item: Carried, blow: Blow) -> bool:
    rider = item.rider
    if item.block:
        actions = _get(rider, "actions")
        return not actions or (blow.action_id is not None and blow.action_id in actions)
    sources, requires, weapons = _get(rider, "sources"), _get(rider, "requires"), _get(rider, "weapons")
    if blow.tags is not None:
        wanted = (_get(weapons, "tags") if weapons is not None else None) or []
        return any(tag in blow.tags for tag in wanted)
    if sources is None and requires is None:
        return weapons is None
    if sources is not None and blow.list_id not in sources:
        return False
    if requires is not None:
        view = fight.view(actor)
        if view is None or blow.row is None or blow.list_id is None:
            return False
        return view.cell(blow.list_id, blow.row, requires.column) is True
    return True


def _when_ok(fight: Fight, actor: Combatant, when: list[str] | None, mode: str) -> str | None:
    """The option that holds (for the log), "" when the rider names none, None when none holds."""
    if not when:
        return ""
    for option in when:
        if option == "advantage" and mode == "advantage":
            return "with advantage"
        if option == "ally-adjacent" and _ally_able(fight, actor):
            return "with an ally at hand"
        if option == "ally-adjacent-no-disadvantage" and mode != "disadvantage" and _ally_able(fight, actor):
            return "with an ally at hand and no disadvantage"
    return None


def mark_used(fight: Fight, actor: Combatant, mark: str) -> None:
    """Records `mark` (from `period_mark`) as used by `actor`; marks of finished periods are
    dropped so the record stays small. A held weapon's once-a-turn condition (item_hits.py)
    keeps its marks here too."""
    current = {_period_of(period_mark(fight, "turn", "")), _period_of(period_mark(fight, "round", ""))}
    actor.riders_used = [m for m in actor.riders_used if _period_of(m) in current] + [mark]


def _period_of(mark: str) -> str:
    """`turn:feats/sly-strike@3.1` -> `turn@3.1`: which period a mark belongs to."""
    return mark.split(":", 1)[0] + "@" + mark.rsplit("@", 1)[-1]


def last_attack_mode(fight: Fight, actor: Combatant) -> str:
    """Which way `actor`'s latest attack roll finally leaned (normal for an automatic hit)."""
    for event in reversed(fight.new_events):
        if event.kind == "attack" and event.data.get("actor") == actor.id:
            return str(event.data.get("mode", "normal"))
    return "normal"


# ---------------------------------------------------------------------------
# firing
# ---------------------------------------------------------------------------


def rider_parts(fight: Fight, actor: Combatant, target: Combatant, blow: Blow, *, rolled: bool = True) -> list[Part]:
    """The clause each qualifying rider adds to this hit (rolled now, marked used for its
    period), to be dealt with the blow's other parts. `rolled` is False for an automatic
    hit (no roll, so no advantage)."""

    parts: list[Part] = []
    for name, expr, dtype in fired(fight, actor, target, blow, rolled=rolled):
        total, text = roll_damage(fight, expr, blow.critical)
        parts.append(Part(total, dtype, name, text))
    return parts


def fired(fight: Fight, actor: Combatant, target: Combatant, blow: Blow, *,
          rolled: bool = True) -> list[tuple[str, Any, str | None]]:
    """(name, amount, damage type) of each rider that fires on this hit, marked used for its
    period and logged; a pool fight throws each amount as a damage pool of its own."""
    if fight.state.outcome or target.out:
        return []
    mode = last_attack_mode(fight, actor) if rolled else "normal"
    out: list[tuple[str, Any, str | None]] = []
    for item in carried(fight, actor):
        rider = item.rider
        once = _get(rider, "oncePer")
        mark = period_mark(fight, once, item.key)
        if mark in actor.riders_used or not _source_ok(fight, actor, item, blow):
            continue
        reason = _when_ok(fight, actor, _get(rider, "when"), mode)
        if reason is None:
            continue
        out.append(_fire(fight, actor, target, item, blow, mark, once, reason))
    return out


def _fire(fight: Fight, actor: Combatant, target: Combatant, item: Carried, blow: Blow, mark: str,
          once: str, reason: str) -> tuple[str, Any, str | None]:
    mark_used(fight, actor, mark)
    amount = _get(item.rider, "amount")
    dice, flat = _get(amount, "dice"), _get(amount, "flat")
    expr = parse_dice(dice or "0")
    expr = scaled(fight.view(actor), item.scales, expr)
    expr = expr.with_modifier(flat or 0)
    dtype = _get(item.rider, "type") or blow.dtype
    why = f" {reason}" if reason else ""
    fight.emit("rider", f"{item.name} adds {expr} to {actor.name}'s hit on {target.name}{why} "
               f"(once a {once}).", actor=actor.id, target=target.id, rider=item.key)
    return item.name, expr, dtype
