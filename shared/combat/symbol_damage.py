"""A symbol-pool blow's damage (spec/combat-2 "Combat rolled with symbol dice": "Damage is
added up as in an attack-vs-defense fight. Each net success adds `damage.perSuccess` ...
and the target's soak is taken off the whole blow, never going below 0").

Owns: `add_hit` (what the attack roll earned, left in `Fight.resolving.symbol_blow` by
symbol_attack.py: `perSuccess` for each counted success, `all` of them or those `beyond`
`success.needed`, and the `damage` of the spends bought, added to the blow's first part
before the damage a condition changes), `soak` (a creature's own `soak`, else
`symbols.soak`'s value references read on the target; `byKind` wins over `all`) and `deal`,
which blows.deliver hands a symbol-pool blow to once conditions have changed it: soak of
the blow's kind comes off its parts in order, never below 0; the kind of harm (with the
target's `remap`) sets the mark, a track marked `per-blow` fills one box per blow, and a
hit that does more than `combat.daze` allows dazes.

    Road axe (1d6: 4, + 2 for 2 successes, + 2 (Triumphant blow), 2 soaked by Soak = 6)
    deals 6 damage to Dock bruiser.
"""

from __future__ import annotations

import math

from . import condition_ends as CE
from . import daze as D
from . import effects as E
from . import harm_kinds as H
from . import numbers as N
from . import symbol_dice as S
from .fight import Fight
from .hits import Hit, Part
from .state import Combatant


def _more(part: Part, words: str) -> None:
    part.detail = f"{part.detail}, {words}" if part.detail else words


def add_hit(fight: Fight, target: Combatant, parts: list[Part], hit: Hit | None) -> tuple[str, ...]:
    """Adds the attack roll's successes and damage spends to the first part of its blow;
    returns the attack's tags (what a `remap` may match)."""
    blow, fight.resolving.symbol_blow = fight.resolving.symbol_blow, None
    if blow is None or blow.target != target.id or hit is None or not parts:
        return blow.tags if blow is not None and blow.target == target.id else ()
    first = parts[0]
    added = blow.successes * blow.per
    if added:
        n = blow.successes
        first.amount += added
        _more(first, f"+ {added} for {n} success{'es' if n != 1 else ''}")
    for label, damage in blow.spent:
        first.amount += damage
        _more(first, f"+ {damage} ({label})")
    return blow.tags


def soak(fight: Fight, target: Combatant, kind: str | None) -> tuple[int, str]:
    """(what `target` takes off a blow of `kind`, the words for it)."""
    block = S.symbols_block(fight).soak
    if block is None:
        return 0, ""
    own = (target.block or {}).get("soak") if target.sheet is None else None
    if isinstance(own, dict):
        by_kind = own.get("byKind") or {}
        value = by_kind.get(kind) if kind in by_kind else own.get("all")
        return max(0, int(value or 0)), f"{target.name}'s own soak"
    ref = (block.byKind or {}).get(kind) if kind else None
    ref = ref if ref is not None else block.all
    if ref is None:
        return 0, ""
    return max(0, math.floor(H.read_on(fight, target, ref))), N.ref_label(fight.ruleset, ref, "soak")


def deal(fight: Fight, actor: Combatant, target: Combatant, parts: list[Part], critical: bool,
         tags: tuple[str, ...] = ()) -> int:
    """Soaks and deals a blow's parts; returns what landed in all."""
    over = D.threshold(fight, target)
    kinds = [H.kind_for(fight, target, p.type, tags) for p in parts]
    left, label = soak(fight, target, kinds[0][0] if kinds else None)
    for part, (kind, ordinary) in zip(parts, kinds):
        part.amount = max(0, part.amount)
        if left and part.amount:
            took = min(left, part.amount)
            left -= took
            part.amount -= took
            _more(part, f"{took} soaked by {label} = {part.amount}")
        if kind != ordinary:
            _more(part, f"{ordinary or 'harm'} becomes {kind or 'harm'} against {target.name}")
    marks = H.blow_marks(fight, target, [(k, p.amount, p.type) for p, (k, _o) in zip(parts, kinds)])
    landed = 0
    CE.open_blow(fight, target)
    try:
        for part, (kind, _o), mark in zip(parts, kinds, marks):
            if target.out or fight.state.outcome:
                break
            landed += E.deal_damage(fight, actor, target, part.amount, part.type, what=part.what, critical=critical,
                                    kind=kind, marks=mark)
    finally:
        CE.close_blow(fight, target)
    D.after_hit(fight, actor, target, landed, over)
    return landed
