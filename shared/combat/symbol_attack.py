"""A to-hit thrown with symbol dice (spec/combat-2 "Combat rolled with symbol dice:
symbol-pool").

Owns: `base_pool` (the attacker's own dice for what strikes: a weapon row's ability and
rank built like a check, an entry's to-hit number as dice, a creature action's `toHit` and
`upgrades`), `attack_pool` (those dice against the target's defense as difficulty dice,
with condition modifiers and the harm penalty as boost and setback dice, one more die for a
leaning roll, and the boost and setback dice spends left on the attacker), `needed`, and
`difficulty` (the target's defense as difficulty dice) and `strike`, which attack_rolls.py hands
every attack roll of a symbol-pool fight to. It throws and logs in the author's terms,

    Juno attacks Dock bruiser with Road axe: 3 dice (Brawn 3) against Defense 1:
    Ability s, Ability sa, Ability a, Difficulty h → 2 successes, 1 advantage, a hit.

holds a hit for a `hit` window before anyone spends (symbol_hold.py), then has both sides
spend what is left (symbol_spends.py; a player who chooses their own spends holds the
fight, symbol_choice.py) and returns (hit, critical). The damage each net
success adds waits in `Fight.resolving.symbol_blow` for the blow (symbol_damage.py). There are no
botches, and nothing doubles the damage roll: a critical is bought with a spend.
"""

from __future__ import annotations

import math
from typing import Any

from ..ruleset.base import key_of

from . import blows as B
from . import numbers as N
from . import symbol_dice as S
from .fight import Fight, SymbolBlow
from .options import attack_votes
from .state import Combatant
from .pool_actions import blow_tags
from . import symbol_hold as SH
from .symbol_choice import spend_all
from .windows import regather
from .rolls import attack_made, finish_attack


def weapon_base(fight: Fight, actor: Combatant, plan: Any) -> S.Pool:
    """A row's number stands for the ability and the skill rank together: the larger is
    thrown, the smaller upgraded (`pool.build`). The row's bonus, proficiency and sheet
    bonus add to the rank; the sheet's `adjust` is boost or setback dice."""
    view = fight.view(actor)
    lst, row = plan.list_def, plan.row
    if view is None or row is None:
        return S.Pool(max(0, plan.to_hit))
    to_hit = lst.toHit
    ability = plan.ability
    trade = view.cell(lst.list, row, to_hit.skill.column) if to_hit is not None and to_hit.skill else None
    why: list[str] = []
    score = math.floor(view.mod(ability)) if ability else 0
    if ability:
        why.append(f"{N.label(fight.ruleset, 'ability', ability)} {score}")
    rank = 0
    if isinstance(trade, str) and view.check("skill", trade) is not None:
        number = view.check_number("skill", trade, with_ability=ability)
        rank = math.floor(number.number or 0) - score
        adjust = math.floor(number.adjust)
        if rank:
            why.append(f"{N.label(fight.ruleset, 'skill', trade)} {rank}")
    else:
        adjust = math.floor(view.check_number("ability", ability=ability).adjust)
    for label, n in plan.to_hit_parts:
        if label in ("proficiency", "bonus", "sheet bonus") and n:
            rank += n
            why.append(f"{label} {n}")
    dice, upgrades = S.build(fight, score, rank)
    return S.Pool(dice, upgrades, boost=max(0, adjust), setback=max(0, -adjust), why=tuple(why))


def base_pool(fight: Fight, actor: Combatant, plan: Any) -> S.Pool:
    """The attacker's own dice for `plan` (a menu plan, or a creature action)."""
    kind = key_of(plan, "kind")
    if kind == "weapon":
        return weapon_base(fight, actor, plan)
    if kind == "entry":
        return S.Pool(max(0, plan.to_hit))
    to_hit = getattr(plan, "toHit", None) or 0
    return S.Pool(max(0, to_hit), min(getattr(plan, "upgrades", None) or 0, max(0, to_hit)))


def attack_pool(fight: Fight, actor: Combatant, target: Combatant, base: S.Pool,
                hit: Any = None) -> tuple[S.Pool, str]:
    """(the whole throw, the words for its difficulty: `Defense 1 (+ 1 Shielded)`); `hit`
    is the kind of attack, which narrowed attacks modifiers read (blows.Hit)."""
    defense, text = S.difficulty(fight, actor, target)
    boost, setback, words = S.modifier_dice(fight, actor, "attacks", hit=hit, target=target)
    lean_boost, lean_setback = S.lean_dice(*attack_votes(fight, actor, target, hit))
    if lean_boost:
        words.append("a roll leaning their way")
    if lean_setback:
        words.append("a roll leaning against them")
    owed_boost, owed_setback = S.pending_dice(actor)
    if owed_boost or owed_setback:
        words.append("dice a spend left them")
    pool = S.Pool(base.dice, base.upgrades, defense, base.boost + boost + lean_boost + owed_boost,
                  base.setback + setback + lean_setback + owed_setback, why=base.why + tuple(words))
    return pool, text


def needed(fight: Fight) -> int:
    return S.resolution(fight.ruleset).success.needed


def _thrown(fight: Fight, actor: Combatant, target: Combatant, what: str, plan: Any) -> dict[str, Any]:
    """Throws a new attack and logs it; the held roll (plain JSON) the spends then use."""

    finish_attack(fight)
    pool, against = attack_pool(fight, actor, target, base_pool(fight, actor, plan), B.hit_of(fight, actor, plan))
    roll, net = S.throw(fight, pool)
    S.use_pending(fight, actor)
    need = needed(fight)
    hit = net.successes >= need
    fight.emit("attack", f"{actor.name} attacks {target.name} with {what}: {pool.words(against)}: "
               f"{S.faces_words(fight, roll)} → {net.words(fight)}, {'a hit' if hit else 'a miss'}.",
               actor=actor.id, target=target.id, hit=hit, successes=net.successes, needed=need,
               symbols=net.spendable(), dice=pool.dice, upgrades=pool.upgrades, difficulty=pool.difficulty,
               boost=pool.boost, setback=pool.setback)
    attack_made(fight, actor, target)
    # `counts` (every symbol thrown) and `against` (each difficulty die's face) let a hit
    # window check the throw again against a defense that changed (symbol_hold.py).
    start = pool.dice + pool.boost
    return {"what": what, "target": target.id, "hit": hit, "successes": net.successes, "needed": need,
            "left": net.spendable(), "side": "attacker", "engine": False, "bought": {}, "damage": 0,
            "critical": False, "spent": [], "counts": dict(roll.counts),
            "against": [list(face) for face in roll.faces[start:start + pool.difficulty]]}


def attack_tags(fight: Fight, plan: Any) -> list[str]:
    """The tags a `remap` reads on this attack (a row's item tags, an entry's or a creature
    damage's `qualities`)."""

    kind = key_of(plan, "kind")
    if kind == "weapon":
        return [*blow_tags(fight, plan.row), *plan.qualities]
    if kind == "entry":
        return list(blow_tags(fight, mech=plan.mechanics))
    return list(blow_tags(fight, action=plan))


def strike(fight: Fight, actor: Combatant, target: Combatant, what: str, plan: Any,
           cursor: dict[str, Any] | None, at: dict[str, Any]) -> tuple[bool, bool]:
    """The attack roll at position `at` (a new throw, or the roll a spend decision held),
    both sides' spends, and what the blow carries into its damage. (hit, critical)."""

    held = None
    if cursor is not None and cursor.get("index", 0) == at.get("index", 0):
        if cursor.get("roll") is not None:
            # A roll a spend decision held: the one-attack conditions it uses are its own again.
            held = cursor.pop("roll")
            regather(fight, actor, target)
        elif cursor.get("held") is not None:
            held = SH.recheck(fight, actor, target, cursor.pop("held"), what)
    if held is None:
        held = _thrown(fight, actor, target, what, plan)
        if held["hit"]:
            # Held before anyone spends: what a hit buys waits until the hit stands.
            SH.offer(fight, actor, target, plan, at, held)
    spend_all(fight, actor, target, held, at)
    if held["hit"]:
        damage = S.symbols_block(fight).damage
        counted = held["successes"] - (held["needed"] if damage.counts == "beyond" else 0)
        fight.resolving.symbol_blow = SymbolBlow(target=target.id, successes=max(0, counted), per=damage.perSuccess,
                                                 spent=[(label, amount) for label, amount in held["spent"]],
                                                 tags=tuple(attack_tags(fight, plan)))
    return held["hit"], held["hit"] and held["critical"]
