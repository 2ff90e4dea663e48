"""What a held weapon's attack does beyond its own damage (spec/mechanics-1 "What item
attacks hit" 1.187, "Harmful conditions and sworn targets" 1.189, "More item attack
effects" 1.192; spec/combat-2 `resist`/`immune` `except`, 1.55).

Owns:
- `against_bonuses` and `against_votes`: an `against` item adds its `toHit` (a bonus named
  after the weapon on the roll's line) and its `mode` to a roll at a target that passes its
  `is` test and holds its `marked` condition from the wielder (both, when it names both);
- `ignores`: on a board, whether the weapon aimed ignores cover or long range against
  this target (`ignoresCover`, `ignoresLongRange`, read by board/attacks.py);
- `others_votes`: `othersWhileMarked`, the roll mode of every other weapon attack of a
  wielder while the creature they marked with the weapon's condition stands;
- `plus_skips`: why a weapon's `plus` part passes a target by (`not`: a target of those
  types; `blow`: only a melee or only a ranged blow; `marked`: only a target holding that
  condition from the wielder), or None when it counts; `parts_counted`, the parts that do;
- `past_resistance`: `ignoresResistance` of the weapon a hit was made with;
- `blow_tags`: the item tags a blow carries past a guard's `except`.

Which blows: the `Hit` of an attack roll names the held weapon it was made with
(`Hit.item`); a row of the sheet, an entry or a creature action names none, so nothing
here is read for them.
"""

from __future__ import annotations

from typing import Any

from ..ruleset.base import key_of

from . import numbers as N
from . import item_weapons as IW
from .creature_types import describe_test, passes
from .fight import Fight
from .hits import Hit
from .state import Combatant


def marked_by(actor: Combatant, target: Combatant, condition: str) -> bool:
    """`target` holds `condition` put on by `actor` (a sworn enemy)."""
    return any(h.id == condition and h.source == actor.id for h in target.conditions)


def _weapon(fight: Fight, hit: Any) -> tuple[Any, Any] | None:
    """(the item catalog entry, its attack) of the held weapon `hit` was made with."""
    ref = getattr(hit, "item", None)
    if ref is None:
        return None
    entry = IW.item_entry(fight, ref)
    if entry is None or entry.item.attack is None:
        return None
    return entry, entry.item.attack


def _against(fight: Fight, actor: Combatant, target: Combatant, hit: Any) -> list[tuple[str, Any]]:
    """(the weapon's label, the `against` item) for each item that matches `target`."""
    found = _weapon(fight, hit)
    if found is None or not found[1].against:
        return []
    entry, attack = found
    out: list[tuple[str, Any]] = []
    for item in attack.against:
        if item.is_ is not None and not passes(fight, target, item.is_):
            continue
        if item.marked is not None and not marked_by(actor, target, item.marked):
            continue
        out.append((entry.label, item))
    return out


def against_bonuses(fight: Fight, actor: Combatant, target: Combatant, hit: Hit | None) -> list[N.Bonus]:
    """The `toHit` of each `against` item that matches `target`, named after the weapon."""
    return [N.Bonus(label, item.toHit) for label, item in _against(fight, actor, target, hit) if item.toHit]


def against_votes(fight: Fight, actor: Combatant, target: Combatant, hit: Hit | None) -> tuple[int, int]:
    """(advantages, disadvantages) the matching `against` items' `mode` give the roll."""
    adv = dis = 0
    for _label, item in _against(fight, actor, target, hit):
        if item.mode == "advantage":
            adv += 1
        elif item.mode == "disadvantage":
            dis += 1
    return adv, dis


def ignores(fight: Fight, actor: Combatant, target: Combatant, key: str) -> bool:
    """On a board: the option being aimed (`Fight.resolving.aiming`) is a held weapon with a
    matching `against` item whose `key` (`ignoresCover`, `ignoresLongRange`) is set."""
    plan = fight.resolving.aiming
    if getattr(plan, "item", None) is None:
        return False
    return any(getattr(item, key) for _label, item in _against(fight, actor, target, plan))


def others_votes(fight: Fight, actor: Combatant, hit: Hit | None) -> tuple[int, int]:
    """`othersWhileMarked` (1.192): while a creature `actor` put a held weapon's condition on
    stands, every other weapon attack of theirs (only ranged ones with `ranged`) leans the
    weapon's `mode`. Read only for a wielder who holds such a weapon."""
    if hit is None or hit.attacks != "weapon" or actor.sheet is None:
        return 0, 0
    view = fight.view(actor)
    if view is None or not view.held:
        return 0, 0
    adv = dis = 0
    for held, _row in IW.weapon_rows(fight, view):
        rule = held.item.attack.othersWhileMarked
        if rule is None or held.ref == hit.item or (rule.ranged and hit.blow != "ranged"):
            continue
        if not any(marked_by(actor, c, rule.condition) for c in fight.standing() if c.id != actor.id):
            continue
        if rule.mode == "advantage":
            adv += 1
        else:
            dis += 1
    return adv, dis


def plus_skips(fight: Fight, actor: Combatant, target: Combatant, clause: Any, hit: Hit | None) -> str | None:
    """Why a held weapon's `plus` part does not count on this blow at `target` (the log's
    words, after "Part of X "), or None when it counts."""
    skip = key_of(clause, "not_")
    if skip is not None and passes(fight, target, skip):
        return f"skips {describe_test(fight, skip)}"
    blow = key_of(clause, "blow")
    if blow is not None and (hit is None or hit.blow != blow):
        return f"counts only on a {blow} blow"
    marked = key_of(clause, "marked")
    if marked is not None and not marked_by(actor, target, marked):
        return f"reaches only one holding {N.label(fight.ruleset, 'condition', marked)} from {actor.name}"
    return None


def past_resistance(fight: Fight, hit: Any) -> bool:
    """The held weapon `hit` was made with passes resistance to its own type (1.192)."""
    found = _weapon(fight, hit)
    return found is not None and bool(found[1].ignoresResistance)


def parts_counted(fight: Fight, actor: Combatant, target: Combatant, clauses: list[Any], hit: Hit | None,
                  name: str) -> list[Any]:
    """The weapon's `plus` parts (`clauses`) that count on this blow at `target`; the log
    says why each other one passes them by."""
    out: list[Any] = []
    for clause in clauses:
        why = plus_skips(fight, actor, target, clause, hit)
        if why is not None:
            fight.emit("note", f"Part of {name} {why}, so it passes {target.name} by.", target=target.id)
            continue
        out.append(clause)
    return out


def blow_tags(fight: Fight, hit: Any) -> tuple[str, ...]:
    """The item tags of the held weapon a blow is struck with (none for any other blow), and
    the qualities the sheet's `attackRows` rules give its strikes (1.242)."""
    ref = getattr(hit, "item", None)
    own = IW.item_tags(fight, ref) if ref is not None else ()
    return own + getattr(hit, "qualities", ()) if hit is not None else own
